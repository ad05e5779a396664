import { memo, Suspense, useDeferredValue, useEffect } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { TProfile } from '@laurel/contract/profile';

import { getOrganizationHref, getOrganizationItemHref, paths } from '../../../lib/routing/paths';
import { BookmarkList } from '../../../components/bookmarks/bookmark-list';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { useCan } from '../../../lib/auth/use-can';
import { nextTask, usePartsInTurn } from '../../../lib/routing/after-paint';
import { preloadable } from '../../../lib/routing/preloadable';
import { ContractUsageCard } from '../../../features/contracts/components/contract-usage-card';
import {
  useGetOrganizationAttentionQuery,
  useGetPlatformDashboardQuery,
} from '../../../features/dashboard/api/dashboard-api';
import { usePrefetchInsights } from '../../../features/insights/components/use-prefetch-insights';
import UploadsInProgress from '../../../features/uploads/components/uploads-in-progress';
import { CountTiles, type Count } from './count-tiles';
import { NeedsAttention } from './needs-attention';
import { OrganizationsTable } from './organizations-table';

// The insight cards and chart load in their own chunk, asked for with the sections (they are
// drawn last); their requests start with the page's. Each section asks for its own data, so
// another one's answer does not draw it again (memo).
const [LazyInsightsPanel, loadInsightsPanel] = preloadable(
  () => import('../../../features/insights/components/insights-panel'),
);
const InsightsPanel = memo(LazyInsightsPanel);

/**
 * The sections are drawn in turn, top to bottom, one more after each paint (`usePartsInTurn`):
 * mounted in one commit, their components' styles, elements and effects held a throttled phone's
 * main thread for about 150 ms. Each part appears below those drawn, so nothing on screen moves.
 */
const SECTION_PARTS = 3;
const ContractUsage = memo(ContractUsageCard);

const stack = { display: 'grid', gap: 5 } as const;

/** Bookmarks and uploads in progress side by side on wide screens, equally tall. */
const BookmarksAndUploads = memo(function BookmarksAndUploads({
  seesUploads,
  uploadsHref = paths.uploads.getHref(),
}: {
  seesUploads: boolean;
  /** "All uploads": every organization's for platform admins, the organization's tab otherwise. */
  uploadsHref?: string;
}) {
  const intl = useIntl();
  const yourBookmarks = intl.formatMessage({ id: 'dashboard.yourBookmarks' });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 5,
        alignItems: 'stretch',
        gridTemplateColumns: { xs: '1fr', lg: seesUploads ? '3fr 2fr' : '1fr' },
      }}
    >
      <Card component="section" aria-label={yourBookmarks}>
        <BookmarkList title={yourBookmarks} />
      </Card>
      {seesUploads ? <UploadsInProgress href={uploadsHref} /> : null}
    </Box>
  );
});

const PlatformOrganizations = memo(OrganizationsTable);

/** Platform admins (never acting within an organization here: `/` clears that). */
function PlatformDashboard() {
  const { data, error } = useGetPlatformDashboardQuery();
  // The answer is drawn in a transition, in slices between which the browser stays responsive:
  // the store's update would otherwise draw every section in one task.
  return <PlatformSections data={useDeferredValue(data)} error={useDeferredValue(error)} />;
}

const PlatformSections = memo(function PlatformSections({
  data,
  error,
}: Pick<ReturnType<typeof useGetPlatformDashboardQuery>, 'data' | 'error'>) {
  const intl = useIntl();
  const counts: Count[] = [
    {
      label: intl.formatMessage({ id: 'dashboard.count.organizations' }),
      value: data?.counts.organizations,
      href: paths.organizations.getHref(),
      icon: <ApartmentOutlined />,
    },
    {
      label: intl.formatMessage({ id: 'dashboard.count.credentials' }),
      value: data?.counts.credentials,
      href: paths.credentials.getHref(),
      icon: <WorkspacePremiumOutlined />,
    },
    {
      label: intl.formatMessage({ id: 'dashboard.count.users' }),
      value: data?.counts.users,
      href: paths.users.getHref(),
      icon: <PeopleAltOutlined />,
    },
    {
      label: intl.formatMessage({ id: 'dashboard.count.contracts' }),
      value: data?.counts.contracts,
      href: paths.contracts.getHref(),
      icon: <DescriptionOutlined />,
    },
  ];
  const parts = usePartsInTurn(SECTION_PARTS);
  return (
    <Box sx={stack}>
      <CountTiles counts={counts} />
      <NeedsAttention attention={data?.attention} error={error} platform />
      {parts >= 2 ? <BookmarksAndUploads seesUploads /> : null}
      {parts >= 3 ? <PlatformOrganizations /> : null}
    </Box>
  );
});

/** What needs the organization's attention, for those who manage its webhooks; nothing when none. */
const OrganizationAttention = memo(function OrganizationAttention({
  organizationId,
}: {
  organizationId: number;
}) {
  const { data } = useGetOrganizationAttentionQuery(organizationId);
  if (!data || data.attention.total === 0) return null;
  return <NeedsAttention attention={data.attention} error={undefined} platform={false} />;
});

/** Organization admins and users: their organization's contract usage, uploads and insights. */
function MemberDashboard({
  organizationId,
  organizationName,
}: {
  organizationId: number;
  organizationName: string;
}) {
  const intl = useIntl();
  const canDo = useCan();
  const target = { organizationId };
  const seesInsights = canDo('read:insights', target);
  const { data } = useGetOrganizationQuery(organizationId);
  usePrefetchInsights(organizationId, seesInsights && data?.insightsEntitled !== false);
  const parts = usePartsInTurn(SECTION_PARTS);
  // The panel, drawn last, starts downloading now (a failure shows where it is drawn), in a task
  // of its own: asking for a chunk adds a preload link for each of its imports not yet asked for.
  useEffect(() => {
    if (seesInsights)
      void nextTask()
        .then(loadInsightsPanel)
        .catch(() => undefined);
  }, [seesInsights]);
  const href = getOrganizationHref(organizationId);
  const counts: Count[] = [
    {
      label: intl.formatMessage({ id: 'dashboard.count.credentials' }),
      value: data?.credentialCount,
      href: getOrganizationItemHref(href, 'credentials'),
      icon: <WorkspacePremiumOutlined />,
    },
    {
      label: intl.formatMessage({ id: 'dashboard.count.users' }),
      value: data?.userCount,
      href: getOrganizationItemHref(href, 'users'),
      icon: <PeopleAltOutlined />,
    },
    {
      label: intl.formatMessage({ id: 'dashboard.count.contracts' }),
      value: data?.contractCount,
      href: getOrganizationItemHref(href, 'contracts'),
      icon: <DescriptionOutlined />,
    },
  ];
  return (
    <Box sx={stack}>
      {canDo('manage:webhook', target) ? (
        <OrganizationAttention organizationId={organizationId} />
      ) : null}
      <CountTiles counts={counts} />
      {canDo('read:contract', target) ? <ContractUsage organizationId={organizationId} /> : null}
      {parts >= 2 ? (
        <BookmarksAndUploads
          seesUploads={canDo('read:upload', target)}
          uploadsHref={getOrganizationItemHref(href, 'uploads')}
        />
      ) : null}
      {parts >= 3 && seesInsights ? (
        <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
          <InsightsPanel
            organizationId={organizationId}
            subject={organizationName}
            title={intl.formatMessage({ id: 'dashboard.workforceInsights' })}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

/**
 * The dashboard below its greeting: a module of its own, so that the greeting (the largest text
 * of the first screen) shows without waiting for the sections' code (docs/decisions/031).
 */
export default memo(function DashboardSections({
  platformAdmin,
  profile,
}: {
  platformAdmin: boolean;
  profile: TProfile | null | undefined;
}) {
  if (platformAdmin) return <PlatformDashboard />;
  if (!profile) return null;
  return (
    <MemberDashboard
      organizationId={profile.organizationId}
      organizationName={profile.organizationName}
    />
  );
});
