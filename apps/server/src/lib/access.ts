import { type AccessTarget, can, type Permission } from '@laurel/contract/permissions';

import type { Principal } from '../plugins/auth.ts';
import { forbidden, notFound } from './http-error.ts';

/**
 * Throws unless the principal may do `permission` on `target`. A target outside the caller's
 * reach answers 404 rather than 403, so ids of other organizations reveal nothing.
 */
export function requireAccess(
  principal: Principal,
  permission: Permission,
  target?: AccessTarget,
): void {
  if (can(principal, permission, target)) return;
  if (target && target.organizationId !== principal.organizationId && can(principal, permission)) {
    throw notFound();
  }
  throw forbidden();
}
