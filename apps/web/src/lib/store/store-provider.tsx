import { lazy, type ReactNode } from 'react';

import { once } from '../api/request';
import { loadStore } from './lazy-store';

/** react-redux's provider with the app's store, once both have loaded. */
const loadProvider = once(() =>
  Promise.all([import('react-redux'), loadStore()]).then(([{ Provider }, store]) => ({
    default: function AppStoreProvider({ children }: { children: ReactNode }) {
      return <Provider store={store}>{children}</Provider>;
    },
  })),
);

const LoadedStoreProvider = lazy(loadProvider);

/** Starts loading the store and its provider (a route about to need them). */
export const preloadStoreProvider = (): Promise<unknown> => loadProvider();

/**
 * Gives `children` the store, suspending (the nearest `<Suspense>` shows) until it has loaded:
 * around the screens that read the store, which the sign-in screens do not.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  return <LoadedStoreProvider>{children}</LoadedStoreProvider>;
}
