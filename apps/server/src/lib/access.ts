import { type AccessTarget, accessFor, can, type Permission } from '@laurel/contract/permissions';

import type { Principal } from '../plugins/auth.ts';
import type { Actor } from './actor.ts';
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

/**
 * A list's filter as `actor` may read it: every organization's rows when `permission` reaches any
 * organization, else only the actor's own (`scopeOrganizationId`, which the list's definition
 * applies beside the other filters).
 * @example scopedToActor(actor, 'read:contract', query)
 */
export function scopedToActor<Q extends object>(
  actor: Actor,
  permission: Permission,
  query: Q,
): Q & { scopeOrganizationId?: number } {
  return accessFor(actor.principal.roleId, permission) === 'any'
    ? query
    : { ...query, scopeOrganizationId: actor.principal.organizationId };
}

/**
 * A service's reads of one of its lists: a page, and the batches of its CSV export, each only
 * after `requireAccess(principal, permission)`, of the filter `scope` makes of the query (by
 * default `scopedToActor`: the actor's own organization unless the permission reaches any).
 * @example return { ...readsOfList('read:contract', contracts), recordExport, get, … }
 */
export function readsOfList<F extends object, P, S>(
  permission: Permission,
  repository: { list(filter: F): P; stream(filter: F): S },
  scope: (actor: Actor, query: Omit<F, 'scopeOrganizationId'>) => F = (actor, query) =>
    scopedToActor(actor, permission, query) as F,
) {
  return {
    list(actor: Actor, query: Omit<F, 'scopeOrganizationId'>): P {
      requireAccess(actor.principal, permission);
      return repository.list(scope(actor, query));
    },
    stream(actor: Actor, query: Omit<F, 'scopeOrganizationId'>): S {
      requireAccess(actor.principal, permission);
      return repository.stream(scope(actor, query));
    },
  };
}
