import { createAction, type Dispatch } from '@reduxjs/toolkit';

import { api } from './api';

/** Returns every slice to its initial state; slices that are not the API cache react to it. */
export const globalReset = createAction('app/globalReset');

/**
 * The global reset of spec §4 (for example on sign-out): clears the API cache with its
 * subscriptions, then every other slice.
 */
export function resetAppState(dispatch: Dispatch): void {
  dispatch(api.util.resetApiState());
  dispatch(globalReset());
}
