import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { authApi } from '../../../lib/auth/auth-api';
import { profileOf } from '../../../test/auth';
import { jsonResponse } from '../../../test/render';
import { createStore } from '../../store';
import { dashboardDataAnswered, prefetchDashboardData } from './prefetch';

/** Every request answered at once but the bookmarks, answered when the test says so. */
function serveHoldingBookmarks(profile = profileOf(ROLES.ORGANIZATION_ADMIN)) {
  let answerBookmarks: () => void = () => undefined;
  const bookmarksHeld = new Promise<void>((resolve) => {
    answerBookmarks = resolve;
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === API_PATHS.profile) return jsonResponse(profile);
    if (url.pathname === API_PATHS.bookmarks) {
      await bookmarksHeld;
      return jsonResponse([]);
    }
    if (url.pathname === `/api/organizations/${profile.organizationId}`)
      return jsonResponse({ id: profile.organizationId, insightsEntitled: false });
    return jsonResponse({ items: [], total: 0, page: 1, pageSize: 5 });
  });
  return { fetchMock, answerBookmarks };
}

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  // Long enough for every answer that is not held back to have been taken by the store.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the dashboard's data asked for with the page", () => {
  it('is said to have answered once the requests of its cards have, and not before', async () => {
    expect(dashboardDataAnswered()).toBeUndefined();
    const { fetchMock, answerBookmarks } = serveHoldingBookmarks();
    const store = createStore();
    prefetchDashboardData(store);
    const answered = dashboardDataAnswered();
    expect(answered).toBeDefined();
    // The requests wait for the profile.
    expect(fetchMock).not.toHaveBeenCalled();
    await store.dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
    expect(await settledYet(answered!)).toBe(false);
    const asked = fetchMock.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname,
    );
    expect(asked).toEqual(
      expect.arrayContaining([
        API_PATHS.bookmarks,
        '/api/organizations/2',
        '/api/uploads',
        // An organization admin manages its webhooks: what needs attention is asked for too.
        API_PATHS.organizationAttention(2),
      ]),
    );
    answerBookmarks();
    expect(await settledYet(answered!)).toBe(true);
    expect(store.getState().bookmarks.hasLoaded).toBe(true);
  });

  it('is said to have answered when a request failed too', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === API_PATHS.profile)
        return jsonResponse(profileOf(ROLES.PLATFORM_ADMIN, 1));
      return jsonResponse({ message: 'Unavailable' }, 503);
    });
    const store = createStore();
    prefetchDashboardData(store);
    await store.dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
    expect(await settledYet(dashboardDataAnswered()!)).toBe(true);
  });
});
