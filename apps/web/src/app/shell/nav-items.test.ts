import { describe, expect, it } from 'vitest';

import { areaOf } from './nav-items';

describe('the sidebar area of a page', () => {
  it.each([
    ['/', 'dashboard'],
    ['/credentials', 'credentials'],
    ['/organizations', 'organizations'],
    ['/organizations/5', 'organizations'],
    ['/organizations/5/insights', 'organizations'],
    ['/admin/organizations/5', 'organizations'],
    ['/admin/organizations/5/credentials', 'organizations'],
    ['/organizations/5/credentials/3', 'credentials'],
    ['/organizations/5/users/9', 'users'],
    ['/organizations/5/contracts', 'contracts'],
    ['/organizations/5/uploads', 'uploads'],
    ['/organizations/5/audits', 'audits'],
    ['/audits', 'audits'],
    ['/insights/methodology', 'help'],
    ['/profile', 'other'],
  ])('%s is in %s', (pathname, area) => {
    expect(areaOf(pathname)).toBe(area);
  });
});
