import { describe, expect, it } from 'vitest';

import { accessFor, can } from './permissions.ts';
import { ROLES } from './roles.ts';

const platformAdmin = { roleId: ROLES.PLATFORM_ADMIN, userId: 1, organizationId: 1 } as const;
const orgAdmin = { roleId: ROLES.ORGANIZATION_ADMIN, userId: 2, organizationId: 5 } as const;
const user = { roleId: ROLES.USER, userId: 3, organizationId: 5 } as const;

describe('permissions', () => {
  it('gives each role its widest access', () => {
    expect(accessFor(ROLES.PLATFORM_ADMIN, 'update:profile')).toBe('any');
    expect(accessFor(ROLES.ORGANIZATION_ADMIN, 'update:profile')).toBe('organization');
    expect(accessFor(ROLES.USER, 'update:profile')).toBe('own');
    expect(accessFor(ROLES.USER, 'impersonate:organization')).toBeNull();
    expect(accessFor(ROLES.ORGANIZATION_ADMIN, 'update:organization')).toBeNull();
    expect(accessFor(ROLES.USER, 'update:user')).toBeNull();
  });

  it('shows the platform dashboard to platform admins only', () => {
    expect(can(platformAdmin, 'read:platform')).toBe(true);
    expect(can(orgAdmin, 'read:platform')).toBe(false);
    expect(can(user, 'read:platform')).toBe(false);
  });

  it("keeps the platform's own business (CRM links, billing codes) to platform admins", () => {
    expect(can(platformAdmin, 'read:internal')).toBe(true);
    expect(can(platformAdmin, 'read:internal', { organizationId: 5 })).toBe(true);
    expect(can(orgAdmin, 'read:internal')).toBe(false);
    expect(can(orgAdmin, 'read:internal', { organizationId: 5 })).toBe(false);
    expect(can(user, 'read:internal')).toBe(false);
  });

  it('limits organization access to the same organization', () => {
    expect(can(orgAdmin, 'update:profile', { organizationId: 5, userId: 9 })).toBe(true);
    expect(can(orgAdmin, 'update:profile', { organizationId: 6, userId: 9 })).toBe(false);
  });

  it('limits own access to the same person', () => {
    expect(can(user, 'update:profile', { organizationId: 5, userId: 3 })).toBe(true);
    expect(can(user, 'update:profile', { organizationId: 5, userId: 4 })).toBe(false);
  });

  it('lets a platform admin act anywhere', () => {
    expect(can(platformAdmin, 'update:profile', { organizationId: 99, userId: 42 })).toBe(true);
    expect(can(platformAdmin, 'impersonate:organization')).toBe(true);
    expect(can(user, 'impersonate:organization')).toBe(false);
  });

  it('lets organization admins issue and revoke signed credentials in their organization only', () => {
    expect(can(orgAdmin, 'issue:award', { organizationId: 5 })).toBe(true);
    expect(can(orgAdmin, 'issue:award', { organizationId: 6 })).toBe(false);
    expect(can(user, 'issue:award', { organizationId: 5 })).toBe(false);
    expect(can(platformAdmin, 'issue:award', { organizationId: 99 })).toBe(true);
    expect(can(orgAdmin, 'allow:issuing', { organizationId: 5 })).toBe(false);
    expect(can(platformAdmin, 'allow:issuing', { organizationId: 5 })).toBe(true);
  });

  it("lets organization admins manage their organization's SCIM provisioning only", () => {
    expect(can(orgAdmin, 'manage:scim', { organizationId: 5 })).toBe(true);
    expect(can(orgAdmin, 'manage:scim', { organizationId: 6 })).toBe(false);
    expect(can(user, 'manage:scim', { organizationId: 5 })).toBe(false);
    expect(can(platformAdmin, 'manage:scim', { organizationId: 99 })).toBe(true);
  });
});
