import type { TProfile } from '@laurel/contract/profile';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { contractsApi } from '../../../features/contracts/api/contracts-api';
import { dashboardApi } from '../../../features/dashboard/api/dashboard-api';
import { insightsApi, insightsArgs } from '../../../features/insights/api/insights-api';
import { readInsightsFilter } from '../../../features/insights/components/use-insights-filter';
import { organizationApi } from '../../../lib/api/organization-api';
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
    if (isPlatformAdmin(profile)) {
      void store.dispatch(dashboardApi.util.prefetch('getPlatformDashboard', undefined, {}));
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
