import type { TProfile } from '@laurel/contract/profile';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { contractsApi } from '../../../features/contracts/api/contracts-api';
import { dashboardApi } from '../../../features/dashboard/api/dashboard-api';
import { insightsApi, insightsArgs } from '../../../features/insights/api/insights-api';
import { readInsightsFilter } from '../../../features/insights/components/use-insights-filter';
import { uploadsApi, uploadsInProgressArgs } from '../../../features/uploads/api/uploads-api';
import { organizationApi } from '../../../lib/api/organization-api';
import { loadBookmarks } from '../../../lib/bookmarks/load-bookmarks';
import { canForProfile } from '../../../lib/auth/use-can';
import { authApi } from '../../../lib/auth/auth-api';
import { nextTask } from '../../../lib/routing/after-paint';
import type { AppStore } from '../../store';

/** Settles once the requests of the sections' cards that `prefetchDashboardData` started have. */
let cardsAnswered: Promise<unknown> | undefined;

/**
 * Whether the dashboard's data asked for with the page has answered: undefined when none was
 * asked for (a visit that did not start on the dashboard). The sections wait for it a moment
 * (see `DashboardRoute`), so that their cards are drawn with their contents rather than as
 * placeholders of another height that the contents then push away.
 */
export function dashboardDataAnswered(): Promise<unknown> | undefined {
  return cardsAnswered;
}

/**
 * The dashboard's data, requested as soon as the signed-in person's profile is known (while the
 * screen's code is still arriving), into the same cache entries its components read.
 */
export function prefetchDashboardData(store: AppStore): void {
  const selectProfile = authApi.endpoints.getProfile.select();
  let answered: (value: unknown) => void = () => undefined;
  cardsAnswered = new Promise((resolve) => {
    answered = resolve;
  });
  const start = (profile: TProfile) => {
    // The cards' own requests; the insights panel, last on the page, moves nothing when it fills.
    // Each is dispatched in a task of its own: a dispatch (its cookie read, its request, the store's
    // subscribers drawn again) took 10–15 ms of a throttled phone's main thread, and all of them
    // together one long task.
    const cards: Promise<unknown>[] = [];
    const ask = (request: () => unknown) => void cards.push(nextTask().then(request));
    const settle = () => void Promise.allSettled(cards).then(answered);
    // The bookmarks and the uploads in progress too: answered before the sections render, their
    // cards show their contents at once instead of placeholders of another height.
    ask(() => store.dispatch(loadBookmarks()));
    const prefetchUploads = () => {
      for (const args of uploadsInProgressArgs)
        ask(() =>
          store.dispatch(uploadsApi.endpoints.listUploads.initiate(args, { subscribe: false })),
        );
    };
    if (isPlatformAdmin(profile)) {
      ask(() =>
        store.dispatch(
          dashboardApi.endpoints.getPlatformDashboard.initiate(undefined, { subscribe: false }),
        ),
      );
      prefetchUploads();
      settle();
      return;
    }
    const organizationId = profile.organizationId;
    ask(() => {
      const organizationRequest = store.dispatch(
        organizationApi.endpoints.getOrganization.initiate(organizationId, { subscribe: false }),
      );
      // The insight cards' requests too, once the organization is known to be entitled to them
      // (the dashboard asks on the same terms: see usePrefetchInsights).
      void organizationRequest
        .unwrap()
        .then((organization) => {
          if (organization.insightsEntitled === false) return;
          if (!canForProfile(profile)('read:insights', { organizationId })) return;
          const filter = readInsightsFilter(new URLSearchParams(window.location.search));
          void store.dispatch(insightsApi.util.prefetch('getInsightsLookups', undefined, {}));
          void store.dispatch(
            insightsApi.util.prefetch('getInsightsData', insightsArgs(organizationId, filter), {}),
          );
        })
        .catch(() => undefined);
      return organizationRequest;
    });
    ask(() =>
      store.dispatch(
        contractsApi.endpoints.getCurrentContracts.initiate(organizationId, { subscribe: false }),
      ),
    );
    // What needs attention sits above the counts: answered first, it moves nothing when drawn.
    if (canForProfile(profile)('manage:webhook', { organizationId }))
      ask(() =>
        store.dispatch(
          dashboardApi.endpoints.getOrganizationAttention.initiate(organizationId, {
            subscribe: false,
          }),
        ),
      );
    if (canForProfile(profile)('read:upload', { organizationId })) prefetchUploads();
    settle();
  };
  const known = selectProfile(store.getState()).data;
  if (known) return start(known);
  const unsubscribe = store.subscribe(() => {
    const profile = selectProfile(store.getState()).data;
    if (!profile) return;
    unsubscribe();
    // The requests start in tasks of their own (see `ask`), not in this one: the store tells its
    // subscribers in the frame's callback, where the screens that read the profile draw again.
    start(profile);
  });
  // Nobody signed in after all: stop watching.
  window.setTimeout(unsubscribe, 30_000);
}
