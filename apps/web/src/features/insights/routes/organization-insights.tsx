import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import Skeleton from '@mui/material/Skeleton';

import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { NoAccess } from '../../../components/feedback/no-access';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { useCan } from '../../../lib/auth/use-can';

const InsightsPanel = lazy(() => import('../components/insights-panel'));

/** `{organization route}/insights`: the organization's insights, filterable by credential. */
export default function OrganizationInsightsRoute() {
  const intl = useIntl();
  const { organizationId } = useOrganizationRoute();
  const canDo = useCan();
  const { data: organization } = useGetOrganizationQuery(organizationId ?? 0, {
    skip: !organizationId,
  });
  if (!organizationId || !canDo('read:insights', { organizationId })) return <NoAccess />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
      <InsightsPanel
        organizationId={organizationId}
        subject={
          organization?.name ?? intl.formatMessage({ id: 'insights.organizationInsights.subject' })
        }
        title={intl.formatMessage({ id: 'insights.organizationInsights.title' })}
      />
    </Suspense>
  );
}
