import type { ReactNode } from 'react';

import { preloadable } from '../routing/preloadable';
import { loadStore } from './lazy-store';

/**
 * react-redux's provider with the app's store, once both have loaded; `preloadStoreProvider`
 * starts loading them (a screen about to need them).
 */
const [LoadedStoreProvider, preloadStoreProvider] = preloadable<{ children: ReactNode }>(() =>
  Promise.all([import('react-redux'), loadStore()]).then(([{ Provider }, store]) => ({
    default: function AppStoreProvider({ children }: { children: ReactNode }) {
      return <Provider store={store}>{children}</Provider>;
    },
  })),
);

export { preloadStoreProvider };

/**
 * Gives `children` the store, suspending (the nearest `<Suspense>` shows) until it has loaded:
 * around the screens that read the store, which the sign-in screens do not (docs/decisions/031).
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  return <LoadedStoreProvider>{children}</LoadedStoreProvider>;
}
