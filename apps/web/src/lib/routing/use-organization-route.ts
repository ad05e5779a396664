import { useLocation, useParams } from 'react-router';

import { getOrganizationHref, paths } from './paths';

export interface OrganizationRoute {
  /** The organization in the route, or null outside organization routes. */
  organizationId: number | null;
  /** `/admin/organizations/:id` (a platform admin who is not impersonating). */
  admin: boolean;
  /** `{organization route}` of spec §2, or null outside organization routes. */
  organizationHref: string | null;
}

/** The `{organization route}` the current screen sits under, if any. */
export function useOrganizationRoute(): OrganizationRoute {
  const { organizationId } = useParams();
  const { pathname } = useLocation();
  const admin = pathname.startsWith(paths.adminOrganization.getHref(''));
  const id = Number(organizationId);
  if (!organizationId || !Number.isSafeInteger(id) || id <= 0)
    return { organizationId: null, admin, organizationHref: null };
  return { organizationId: id, admin, organizationHref: getOrganizationHref(id, { admin }) };
}
