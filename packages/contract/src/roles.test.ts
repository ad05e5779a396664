import { describe, expect, it } from 'vitest';

import { PLATFORM_ORGANIZATION_NAME } from './constants.ts';
import {
  isMember,
  isOrganizationAdmin,
  isPlatformAdmin,
  isPlatformOrganization,
  isSameOrganization,
  ROLES,
} from './roles.ts';

describe('role helpers', () => {
  const platform = { roleId: ROLES.PLATFORM_ADMIN, organizationId: 1 };
  const admin = { roleId: ROLES.ORGANIZATION_ADMIN, organizationId: '7' };
  const user = { roleId: ROLES.USER, organizationId: 7 };

  it('tells the roles apart', () => {
    expect([isPlatformAdmin(platform), isPlatformAdmin(admin), isPlatformAdmin(null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([isOrganizationAdmin(admin), isOrganizationAdmin(user)]).toEqual([true, false]);
    expect([isMember(admin), isMember(user), isMember(platform)]).toEqual([true, true, false]);
  });

  it('compares organizations numerically', () => {
    expect(isSameOrganization(admin, 7)).toBe(true);
    expect(isSameOrganization(user, '7')).toBe(true);
    expect(isSameOrganization(user, 8)).toBe(false);
    expect(isSameOrganization(user, null)).toBe(false);
  });

  it('recognises the platform organization by name', () => {
    expect(isPlatformOrganization({ name: PLATFORM_ORGANIZATION_NAME })).toBe(true);
    expect(isPlatformOrganization({ organizationName: PLATFORM_ORGANIZATION_NAME })).toBe(true);
    expect(isPlatformOrganization({ name: 'Northwind Technical College' })).toBe(false);
  });
});
