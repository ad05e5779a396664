import type { Store } from '@reduxjs/toolkit';

import type { ApiDispatch } from '../api/api';

/** The app's store as code outside `app/` sees it: RTK Query's thunks can be dispatched. */
export type LazyStore = Store & { dispatch: ApiDispatch };

let loader: (() => Promise<LazyStore>) | null = null;
let pending: Promise<LazyStore> | null = null;
let loaded: LazyStore | null = null;

/**
 * The store (Redux Toolkit, RTK Query, react-redux: about 24 KB compressed) is not part of the
 * sign-in screens (docs/decisions/031): the app says here how to create it, and the first screen
 * that needs it loads it. Called once by the app (and by tests, with their store).
 */
export function setStoreLoader(load: () => Promise<LazyStore>): void {
  loader = load;
  pending = null;
  loaded = null;
}

/** The store, loading its code and creating it on the first call. */
export function loadStore(): Promise<LazyStore> {
  if (!loader) return Promise.reject(new Error('No store loader has been set.'));
  pending ??= loader().then((store) => (loaded = store));
  return pending;
}

/** The store if it has been created, without loading it. */
export function loadedStore(): LazyStore | null {
  return loaded;
}
