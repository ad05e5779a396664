import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { ROLE_LABELS, isPlatformAdmin } from '@laurel/contract/roles';

import { getOrganizationHref, getOrganizationItemHref, paths } from '../../lib/routing/paths';
import { BookmarkList } from '../../components/bookmarks/bookmark-list';
import { PageHeader } from '../../components/layout/page-header';
import { useGetOrganizationQuery } from '../../lib/api/organization-api';
import { useAuth } from '../../lib/auth/use-auth';
import { useCan } from '../../lib/auth/use-can';
import { useBreadcrumbs } from '../../lib/breadcrumbs/use-breadcrumbs';
import { formatNumber } from '../../lib/format/format';
import { useGetPlatformCountsQuery } from '../../features/dashboard/api/dashboard-api';

// Insights and uploads load in their own chunks, after the counts and bookmarks.
const InsightsPanel = lazy(() => import('../../features/insights/components/insights-panel'));
const UploadsInProgress = lazy(
  () => import('../../features/uploads/components/uploads-in-progress'),
);

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

interface Count {
  label: string;
  value: number | undefined;
  href: string;
  icon: ReactNode;
}

function CountCard({ count }: { count: Count }) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={count.href} sx={{ height: '100%' }}>
        <CardContent
          sx={{ p: 5, display: 'flex', alignItems: 'center', gap: 4, '&:last-child': { pb: 5 } }}
        >
          <Box
            aria-hidden="true"
            sx={{
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {count.icon}
          </Box>
          <Box>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
              {count.value === undefined ? <Skeleton width={48} /> : formatNumber(count.value)}
            </Typography>
            <Typography color="text.secondary">{count.label}</Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function PlatformCounts() {
  const { data } = useGetPlatformCountsQuery();
  const counts: Count[] = [
    {
      label: 'Organizations',
      value: data?.organizations,
      href: paths.organizations.getHref(),
      icon: <ApartmentOutlined />,
    },
    {
      label: 'Credentials',
      value: data?.credentials,
      href: paths.credentials.getHref(),
      icon: <WorkspacePremiumOutlined />,
    },
    {
      label: 'Users',
      value: data?.users,
      href: paths.users.getHref(),
      icon: <PeopleAltOutlined />,
    },
    {
      label: 'Contracts',
      value: data?.contracts,
      href: paths.contracts.getHref(),
      icon: <DescriptionOutlined />,
    },
  ];
  return <CountGrid counts={counts} />;
}

function OrganizationCounts({ organizationId }: { organizationId: number }) {
  const { data } = useGetOrganizationQuery(organizationId);
  const href = getOrganizationHref(organizationId);
  const counts: Count[] = [
    {
      label: 'Credentials',
      value: data?.credentialCount,
      href: getOrganizationItemHref(href, 'credentials'),
      icon: <WorkspacePremiumOutlined />,
    },
    {
      label: 'Users',
      value: data?.userCount,
      href: getOrganizationItemHref(href, 'users'),
      icon: <PeopleAltOutlined />,
    },
    {
      label: 'Contracts',
      value: data?.contractCount,
      href: getOrganizationItemHref(href, 'contracts'),
      icon: <DescriptionOutlined />,
    },
  ];
  return <CountGrid counts={counts} />;
}

function CountGrid({ counts }: { counts: Count[] }) {
  return (
    <Box
      component="section"
      aria-label="At a glance"
      sx={{
        display: 'grid',
        gap: 4,
        mb: 5,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${counts.length}, 1fr)` },
      }}
    >
      {counts.map((count) => (
        <CountCard key={count.label} count={count} />
      ))}
    </Box>
  );
}

/**
 * `/`: the organization's (or the platform's) counts, the organization's insights, uploads in
 * progress for admins, and the bookmarks widget.
 */
export default function DashboardRoute() {
  const { user } = useAuth();
  const profile = user?.profile;
  const platformAdmin = isPlatformAdmin(profile);
  const canDo = useCan();
  const seesUploads = canDo('read:upload');
  useBreadcrumbs({ dashboard: { label: 'Dashboard', href: paths.home.getHref() } });

  return (
    <>
      <PageHeader
        overline={
          profile ? `${profile.organizationName} · ${ROLE_LABELS[profile.roleId]}` : undefined
        }
        title={`${greeting(new Date())}${profile?.firstName ? `, ${profile.firstName}` : ''}`}
        subtitle={
          platformAdmin
            ? 'The platform at a glance, uploads in progress, and what you bookmarked.'
            : seesUploads
              ? 'Your organization at a glance: its workforce insights, uploads and bookmarks.'
              : 'Your organization at a glance: its workforce insights and your bookmarks.'
        }
      />
      {platformAdmin ? (
        <PlatformCounts />
      ) : profile ? (
        <OrganizationCounts organizationId={profile.organizationId} />
      ) : null}
      {!platformAdmin &&
      profile &&
      canDo('read:insights', { organizationId: profile.organizationId }) ? (
        <Box sx={{ mb: 6 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <InsightsPanel
              organizationId={profile.organizationId}
              subject={profile.organizationName}
              title="Workforce insights"
            />
          </Suspense>
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 5,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', lg: seesUploads ? '3fr 2fr' : '1fr' },
        }}
      >
        <Card>
          <BookmarkList title="Your bookmarks" />
        </Card>
        {seesUploads ? (
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
            <UploadsInProgress href={paths.uploads.getHref()} />
          </Suspense>
        ) : null}
      </Box>
    </>
  );
}
