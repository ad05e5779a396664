import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useAuth } from '../auth/use-auth';
import { selectImpersonatedOrganization } from '../impersonation/impersonation-slice';
import { getItemHref } from './paths';

/**
 * Links to items for the signed-in person: platform admins reach other organizations through the
 * admin routes, except the organization they are acting within.
 */
export function useItemHref() {
  const { user } = useAuth();
  const platformAdmin = isPlatformAdmin(user?.profile);
  const acting = useSelector(selectImpersonatedOrganization);
  return useCallback(
    (
      itemType: Parameters<typeof getItemHref>[0],
      itemId: number,
      organizationId: number,
    ): string => {
      const target = itemType === 'organizations' ? itemId : organizationId;
      const admin = platformAdmin && acting?.id !== target;
      return getItemHref(itemType, itemId, organizationId, { admin });
    },
    [platformAdmin, acting?.id],
  );
}
