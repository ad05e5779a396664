import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { isPlatformAdmin, isSameOrganization } from '@laurel/contract/roles';

import { NoAccess } from '../../components/feedback/no-access';
import { useGetOrganizationQuery } from '../../lib/api/organization-api';
import { useAuth } from '../../lib/auth/use-auth';
import { selectImpersonatedOrganization } from '../../lib/impersonation/impersonation-slice';
import { useOrganizationRoute } from '../../lib/routing/use-organization-route';

/**
 * Every `{organization route}` screen passes through here: it answers "not found / no access"
 * cleanly for routes the viewer cannot open, and while a platform admin starts acting within an
 * organization it waits, so that every request of the screen carries the acting organization.
 */
export default function OrganizationScope() {
  const intl = useIntl();
  const { organizationId, admin } = useOrganizationRoute();
  const { user } = useAuth();
  const profile = user?.profile;
  const platformAdmin = isPlatformAdmin(profile);
  const acting = useSelector(selectImpersonatedOrganization);
  const ownOrganization = isSameOrganization(profile, organizationId);
  const allowed = organizationId !== null && (platformAdmin || (!admin && ownOrganization));
  const { error, isLoading } = useGetOrganizationQuery(organizationId ?? 0, { skip: !allowed });

  if (!allowed) return <NoAccess />;
  if (error) return <NoAccess />;
  const startingToAct =
    platformAdmin && !admin && !ownOrganization && acting?.id !== organizationId;
  if (isLoading || startingToAct) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'app.loadingOrganization' })} />
      </Box>
    );
  }
  return <Outlet />;
}

/** `{organization route}/{unknown item type}[/…]` falls back to the organization route (spec §2). */
export function OrganizationFallback() {
  const { organizationHref } = useOrganizationRoute();
  return <Navigate to={organizationHref ?? '/'} replace />;
}
