import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { matchPath, useLocation } from 'react-router';
import { isPlatformAdmin, isSameOrganization } from '@laurel/contract/roles';

import { paths } from '../../../lib/routing/paths';
import type { ApiDispatch } from '../../../lib/api/api';
import { useAuth } from '../../../lib/auth/use-auth';
import {
  startImpersonation,
  stopImpersonation,
} from '../../../lib/impersonation/impersonation-api';
import { selectImpersonatedOrganization } from '../../../lib/impersonation/impersonation-slice';

/** The organization id of `/organizations/:organizationId[/…]`, the route of acting within one. */
export function actingRouteOrganizationId(pathname: string): number | null {
  const match = matchPath({ path: paths.organization.path, end: false }, pathname);
  const id = Number(match?.params.organizationId);
  return match && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Whether a page keeps a platform admin acting within an organization: the organization's own
 * routes, and the insights methodology, which shows no organization's data. Every other page
 * leads out of the organization, which is asked first (`LeaveOrganizationGuard`).
 */
export function staysInOrganization(pathname: string, organizationId: number): boolean {
  return (
    actingRouteOrganizationId(pathname) === organizationId ||
    matchPath(paths.insightsMethodology.path, pathname) !== null
  );
}

/**
 * Spec §4: a platform admin viewing an organization other than the stored one loads it and acts
 * within it (after stopping to act in the previous one); a page outside the organization ends it.
 * Leaving is explicit: the banner's Stop, or links out of the organization, which ask first
 * (`LeaveOrganizationGuard`). The server records each start and stop on the organization's audit
 * trail.
 */
export function useImpersonationSync(): void {
  const { user } = useAuth();
  const profile = user?.profile;
  const platformAdmin = isPlatformAdmin(profile);
  const { pathname } = useLocation();
  const routeId = actingRouteOrganizationId(pathname);
  const targetId = platformAdmin && !isSameOrganization(profile, routeId) ? routeId : null;
  const current = useSelector(selectImpersonatedOrganization);
  const stays = current !== null && staysInOrganization(pathname, current.id);
  const dispatch = useDispatch<ApiDispatch>();

  useEffect(() => {
    if (!platformAdmin) return;
    if (targetId === null) {
      if (current && !stays) void dispatch(stopImpersonation());
      return;
    }
    if (current?.id === targetId) return;
    // Another organization: the stop of the one before is recorded first; this effect then runs
    // again with none and starts the new one.
    if (current) {
      void dispatch(stopImpersonation());
      return;
    }
    // Refused (an unknown organization): the organization page shows "not found".
    void dispatch(startImpersonation(targetId));
  }, [dispatch, platformAdmin, targetId, current, stays]);
}
