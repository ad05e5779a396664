import { ROLES, type RoleId } from './roles.ts';

/**
 * What each role may do, as `action:entity:access` (own = the caller's own record,
 * organization = anything in the caller's organization, any = every organization).
 * Server routes and services check these; the web app asks the same table.
 */
const PERMISSIONS = {
  [ROLES.PLATFORM_ADMIN]: [
    'read:profile:any',
    'update:profile:any',
    'read:organization:any',
    'create:organization:any',
    'update:organization:any',
    'impersonate:organization:any',
    'read:credential:any',
    'create:credential:any',
    'update:credential:any',
    'read:award:any',
    // Signed credentials (docs/credentials.md): whether an organization may issue, and issuing.
    'allow:issuing:any',
    'issue:award:any',
    'read:contract:any',
    'create:contract:any',
    'update:contract:any',
    'read:user:any',
    'update:user:any',
    'invite:user:any',
    'read:audit:any',
    'export:audit:any',
    'read:upload:any',
    'create:upload:any',
    'read:insights:any',
    'import:earnings:any',
    'manage:benchmark:any',
    // Organization API keys (docs/api.md).
    'manage:apikey:any',
    // Organization webhooks (docs/api.md#webhooks).
    'manage:webhook:any',
    // SCIM provisioning: an organization's SCIM tokens (docs/sso.md).
    'manage:scim:any',
    // Company sign-in through SAML 2.0 (docs/sso.md).
    'manage:sso:any',
    'read:platform:any',
    // The platform's own business: CRM links, billing codes (customers read their labels).
    'read:internal:any',
  ],
  [ROLES.ORGANIZATION_ADMIN]: [
    'read:profile:organization',
    'update:profile:organization',
    'read:organization:organization',
    'read:credential:organization',
    'create:credential:organization',
    'update:credential:organization',
    'read:award:organization',
    'issue:award:organization',
    'read:contract:organization',
    'read:user:organization',
    'update:user:organization',
    'invite:user:organization',
    'read:audit:organization',
    'export:audit:organization',
    'read:upload:organization',
    'create:upload:organization',
    'read:insights:organization',
    'manage:apikey:organization',
    'manage:webhook:organization',
    'manage:scim:organization',
    'manage:sso:organization',
  ],
  [ROLES.USER]: [
    'read:profile:own',
    'update:profile:own',
    'read:organization:organization',
    'read:credential:organization',
    'read:award:organization',
    'read:contract:organization',
    'read:user:organization',
    'read:insights:organization',
  ],
} as const satisfies Record<RoleId, readonly string[]>;

type Granted = (typeof PERMISSIONS)[RoleId][number];
type ActionEntity<P> = P extends `${infer A}:${infer E}:${string}` ? `${A}:${E}` : never;
export type Permission = ActionEntity<Granted>;
export type Access = 'own' | 'organization' | 'any';

export interface AccessSubject {
  roleId: RoleId;
  userId: number;
  organizationId: number;
}

export interface AccessTarget {
  organizationId: number;
  /** For records that belong to one person, that person's user id. */
  userId?: number;
}

/** The widest access a role has for a permission, or null. */
export function accessFor(roleId: RoleId, permission: Permission): Access | null {
  const granted: readonly string[] = PERMISSIONS[roleId];
  for (const access of ['any', 'organization', 'own'] as const) {
    if (granted.includes(`${permission}:${access}`)) return access;
  }
  return null;
}

/**
 * Whether `subject` may do `permission` on `target`.
 * @example can(principal, 'update:profile', { organizationId: 3, userId: 12 })
 */
export function can(
  subject: AccessSubject,
  permission: Permission,
  target?: AccessTarget,
): boolean {
  const access = accessFor(subject.roleId, permission);
  if (access === null) return false;
  if (access === 'any' || !target) return true;
  if (access === 'organization') return target.organizationId === subject.organizationId;
  return target.userId === subject.userId;
}
