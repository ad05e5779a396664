import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useAuth } from '../auth/use-auth';
import { getOrganizationHref, getOrganizationItemHref, type OrganizationItemType } from './paths';
import { useOrganizationRoute } from './use-organization-route';

/**
 * A list that is every organization's at `/<items>` (platform admins) and one organization's at
 * `{organization route}/<items>`: anyone else opening the first is sent to their own
 * organization's tab.
 * @example <OrganizationListRoute items="users" render={(organizationId) => <UsersList organizationId={organizationId} />} />
 */
export function OrganizationListRoute({
  items,
  render,
}: {
  items: OrganizationItemType;
  render: (organizationId: number | null) => ReactNode;
}) {
  const { organizationId } = useOrganizationRoute();
  const profile = useAuth().user?.profile;
  if (organizationId === null && profile && !isPlatformAdmin(profile)) {
    const href = getOrganizationItemHref(getOrganizationHref(profile.organizationId), items);
    return <Navigate to={href} replace />;
  }
  return render(organizationId);
}
