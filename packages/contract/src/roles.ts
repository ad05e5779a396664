import { PLATFORM_ORGANIZATION_NAME } from './constants.ts';

/** Roles of spec §6. Lower value means more privilege. */
export const ROLES = {
  PLATFORM_ADMIN: 0,
  ORGANIZATION_ADMIN: 10,
  USER: 100,
} as const;
type RoleKey = keyof typeof ROLES;
export type RoleId = (typeof ROLES)[RoleKey];

export const ROLE_IDS = [ROLES.PLATFORM_ADMIN, ROLES.ORGANIZATION_ADMIN, ROLES.USER] as const;

export const ROLE_LABELS: Record<RoleId, string> = {
  0: 'Platform Admin',
  10: 'Organization Admin',
  100: 'User',
};

/** Colours of the role chips: dark grey-blue, orange, green. */
export const ROLE_COLORS: Record<RoleId, string> = {
  0: '#455a64',
  10: '#ef6c00',
  100: '#2e7d32',
};

export function isRoleId(value: unknown): value is RoleId {
  return value === 0 || value === 10 || value === 100;
}

interface ProfileLike {
  roleId: number;
  organizationId: number | string | null;
}

export const isPlatformAdmin = (profile: ProfileLike | null | undefined): boolean =>
  profile?.roleId === ROLES.PLATFORM_ADMIN;

export const isOrganizationAdmin = (profile: ProfileLike | null | undefined): boolean =>
  profile?.roleId === ROLES.ORGANIZATION_ADMIN;

/** Member of an organization: organization admin or user. */
export const isMember = (profile: ProfileLike | null | undefined): boolean =>
  profile?.roleId === ROLES.ORGANIZATION_ADMIN || profile?.roleId === ROLES.USER;

/** Numeric comparison of the profile's organization with another organization id. */
export const isSameOrganization = (
  profile: ProfileLike | null | undefined,
  organizationId: number | string | null | undefined,
): boolean =>
  profile?.organizationId != null &&
  organizationId != null &&
  Number(profile.organizationId) === Number(organizationId);

/** The platform's own organization is recognised by its name. */
export const isPlatformOrganization = (
  organization: { name?: string | null; organizationName?: string | null } | null | undefined,
): boolean => (organization?.organizationName ?? organization?.name) === PLATFORM_ORGANIZATION_NAME;
