import { useSyncExternalStore } from 'react';
import type { TAppConfig } from '@laurel/contract/config';
import { API_PATHS } from '@laurel/contract/paths';

import { apiRequest, once } from './request';

/**
 * Public facts about the deployment (demo mode, support address), loaded once per visit without
 * the store: the sign-in screens show them and do not load Redux.
 */
let config: TAppConfig | undefined;
let settled = false;
const listeners = new Set<() => void>();

const settle = (next: TAppConfig | undefined) => {
  config = next;
  settled = true;
  for (const listener of listeners) listener();
};

const request = once(() => apiRequest<TAppConfig>(API_PATHS.appConfig));

/** The deployment's facts; the first call sends the request, later ones share its answer. */
export function loadAppConfig(): Promise<TAppConfig> {
  const pending = request();
  pending.then(settle, () => settle(config));
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The deployment's facts for a component: `data` once they have arrived, `isLoading` before. */
export function useAppConfig(): { data: TAppConfig | undefined; isLoading: boolean } {
  if (!settled) void loadAppConfig().catch(() => undefined);
  const data = useSyncExternalStore(subscribe, () => config);
  const done = useSyncExternalStore(subscribe, () => settled);
  return { data, isLoading: !done };
}
