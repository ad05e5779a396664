import type { ComponentType, ReactNode } from 'react';
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
function OrganizationListRoute({
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

/**
 * The route of such a list, from the screen that shows it for one organization (`organizationId`)
 * or for every organization (null).
 * @example export default organizationListRoute('users', UsersList);
 */
export function organizationListRoute(
  items: OrganizationItemType,
  List: ComponentType<{ organizationId: number | null }>,
) {
  return function OrganizationListScreen() {
    return (
      <OrganizationListRoute
        items={items}
        render={(organizationId) => <List organizationId={organizationId} />}
      />
    );
  };
}
