import { combineReducers, configureStore } from '@reduxjs/toolkit';

import { chartCardSlice } from '../features/insights/state/chart-card-slice';
import { api } from '../lib/api/api';
import { globalReset } from '../lib/api/reset';
import { bookmarksSlice } from '../lib/bookmarks/bookmarks-slice';
import { breadcrumbsSlice } from '../lib/breadcrumbs/breadcrumbs-slice';
import { impersonationSlice } from '../lib/impersonation/impersonation-slice';

const appReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [bookmarksSlice.name]: bookmarksSlice.reducer,
  [breadcrumbsSlice.name]: breadcrumbsSlice.reducer,
  [chartCardSlice.name]: chartCardSlice.reducer,
  [impersonationSlice.name]: impersonationSlice.reducer,
});

const rootReducer: typeof appReducer = (state, action) =>
  appReducer(globalReset.match(action) ? undefined : state, action);

export function createStore(preloadedState?: Partial<ReturnType<typeof appReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
