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
import type { AppStore } from '../../store';

/**
 * The dashboard's data, requested as soon as the signed-in person's profile is known (while the
 * screen's code is still arriving), into the same cache entries its components read.
 */
export function prefetchDashboardData(store: AppStore): void {
  const selectProfile = authApi.endpoints.getProfile.select();
  const start = (profile: TProfile) => {
    // The bookmarks and the uploads in progress too: answered before the sections render, their
    // cards show their contents at once instead of placeholders of another height.
    void store.dispatch(loadBookmarks());
    const prefetchUploads = () => {
      for (const args of uploadsInProgressArgs)
        void store.dispatch(uploadsApi.util.prefetch('listUploads', args, {}));
    };
    if (isPlatformAdmin(profile)) {
      void store.dispatch(dashboardApi.util.prefetch('getPlatformDashboard', undefined, {}));
      prefetchUploads();
      return;
    }
    const organizationId = profile.organizationId;
    // The insight cards' requests too, once the organization is known to be entitled to them
    // (the dashboard asks on the same terms: see usePrefetchInsights).
    void store
      .dispatch(
        organizationApi.endpoints.getOrganization.initiate(organizationId, { subscribe: false }),
      )
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
    void store.dispatch(
      contractsApi.util.prefetch('getCurrentContracts', profile.organizationId, {}),
    );
    if (canForProfile(profile)('read:upload', { organizationId })) prefetchUploads();
  };
  const known = selectProfile(store.getState()).data;
  if (known) return start(known);
  const unsubscribe = store.subscribe(() => {
    const profile = selectProfile(store.getState()).data;
    if (!profile) return;
    unsubscribe();
    start(profile);
  });
  // Nobody signed in after all: stop watching.
  window.setTimeout(unsubscribe, 30_000);
}
