import { useMemo } from 'react';
import { can, type AccessTarget, type Permission } from '@laurel/contract/permissions';
import type { TProfile } from '@laurel/contract/profile';

import { useAuth } from './use-auth';

export type CanFn = (permission: Permission, target?: AccessTarget) => boolean;

/** Asks the contract's permission table for a profile; nobody signed in may do nothing. */
export function canForProfile(profile: TProfile | null | undefined): CanFn {
  return (permission, target) =>
    profile
      ? can(
          { roleId: profile.roleId, userId: profile.id, organizationId: profile.organizationId },
          permission,
          target,
        )
      : false;
}

/**
 * What the signed-in person may do, from the same table the server checks, so that buttons
 * appear only where they work.
 * @example const canDo = useCan(); canDo('update:user', { organizationId: 2 })
 */
export function useCan(): CanFn {
  const { user } = useAuth();
  const profile = user?.profile;
  return useMemo(() => canForProfile(profile), [profile]);
}
