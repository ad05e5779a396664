import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useAuth } from '../../lib/auth/use-auth';
import {
  getOrganizationHref,
  getOrganizationItemHref,
  type OrganizationItemType,
} from '../../lib/routing/paths';

/**
 * `/credentials`, `/users`, `/contracts`, `/uploads` and `/audits` list every organization's
 * records, for platform admins. Anyone else has one place for them, the tab of their
 * organization's page: the old addresses lead there, query included (`/uploads?upload=7`).
 */
export function PlatformList({
  itemType,
  children,
}: {
  itemType: OrganizationItemType;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const { search, hash } = useLocation();
  const profile = user?.profile;
  if (!profile || isPlatformAdmin(profile)) return children;
  const href = getOrganizationItemHref(getOrganizationHref(profile.organizationId), itemType);
  return <Navigate to={`${href}${search}${hash}`} replace />;
}
