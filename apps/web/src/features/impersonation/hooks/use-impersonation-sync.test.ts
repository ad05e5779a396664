import { describe, expect, it } from 'vitest';

import { actingRouteOrganizationId, staysInOrganization } from './use-impersonation-sync';

describe('the pages that keep a platform admin acting within organization 5', () => {
  it.each([
    ['/organizations/5', true],
    ['/organizations/5/credentials', true],
    ['/organizations/5/credentials/31', true],
    ['/organizations/5/audits', true],
    ['/insights/methodology', true],
    ['/', false],
    ['/organizations', false],
    ['/organizations/6', false],
    ['/organizations/51', false],
    ['/admin/organizations/5', false],
    ['/credentials', false],
    ['/profile', false],
  ])('%s: %s', (pathname, stays) => {
    expect(staysInOrganization(pathname, 5)).toBe(stays);
  });

  it('reads the organization of an acting route only', () => {
    expect(actingRouteOrganizationId('/organizations/5/users/2')).toBe(5);
    expect(actingRouteOrganizationId('/admin/organizations/5')).toBeNull();
    expect(actingRouteOrganizationId('/organizations/abc')).toBeNull();
  });
});
