import { describe, expect, it } from 'vitest';
import { ROLES } from '@laurel/contract/roles';

import { profileOf } from '../../test/auth';
import { areaOf, getNavSections, type NavSection } from './nav-items';

/** The sidebar as read: section headings and, under each, "label → address". */
function outline(sections: NavSection[]) {
  return sections.map((section) => ({
    title: section.title ?? null,
    items: section.items.map((item) => `${item.label} → ${item.href}`),
  }));
}

describe('the sidebar area of a page', () => {
  it.each([
    ['/', 'dashboard'],
    ['/credentials', 'credentials'],
    ['/organizations', 'organizations'],
    ['/organizations/5', 'organizations'],
    ['/organizations/5/insights', 'insights'],
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

describe('the sidebar of each role', () => {
  it('gives a platform admin every organization’s lists and the platform’s administration', () => {
    expect(outline(getNavSections(profileOf(ROLES.PLATFORM_ADMIN, 1)))).toEqual([
      { title: null, items: ['Dashboard → /'] },
      {
        title: 'Manage',
        items: [
          'Credentials → /credentials',
          'Organizations → /organizations',
          'Users → /users',
          'Contracts → /contracts',
        ],
      },
      {
        title: 'Administration',
        items: ['Uploads → /uploads', 'Audits → /audits', 'Benchmarks → /benchmarks'],
      },
      { title: 'Help', items: ['Insights methodology → /insights/methodology'] },
    ]);
  });

  it('gives an organization admin one section, their organization, named as its page’s tabs', () => {
    expect(outline(getNavSections(profileOf(ROLES.ORGANIZATION_ADMIN, 2)))).toEqual([
      { title: null, items: ['Dashboard → /'] },
      {
        title: 'Your organization',
        items: [
          'Overview → /organizations/2',
          'Credentials → /organizations/2/credentials',
          'Users → /organizations/2/users',
          'Contracts → /organizations/2/contracts',
          'Insights → /organizations/2/insights',
          'Uploads → /organizations/2/uploads',
          'Audit trail → /organizations/2/audits',
          'API keys → /organizations/2/api-keys',
          'Webhooks → /organizations/2/webhooks',
        ],
      },
      { title: 'Help', items: ['Insights methodology → /insights/methodology'] },
    ]);
  });

  it('gives a user their organization’s pages they may read, under no "Manage" heading', () => {
    const sections = getNavSections(profileOf(ROLES.USER, 2));
    expect(outline(sections)).toEqual([
      { title: null, items: ['Dashboard → /'] },
      {
        title: 'Your organization',
        items: [
          'Overview → /organizations/2',
          'Credentials → /organizations/2/credentials',
          'Users → /organizations/2/users',
          'Contracts → /organizations/2/contracts',
          'Insights → /organizations/2/insights',
        ],
      },
      { title: 'Help', items: ['Insights methodology → /insights/methodology'] },
    ]);
    expect(sections.map((section) => section.title)).not.toContain('Manage');
    expect(sections.map((section) => section.title)).not.toContain('Administration');
  });

  it('gives a platform admin acting within an organization what its organization admins see, without the platform’s items', () => {
    const sections = getNavSections(profileOf(ROLES.PLATFORM_ADMIN, 1), {
      id: 5,
      name: 'Riverside Community College',
    });
    expect(outline(sections)).toEqual([
      {
        title: 'Riverside Community College',
        items: [
          'Overview → /organizations/5',
          'Credentials → /organizations/5/credentials',
          'Users → /organizations/5/users',
          'Contracts → /organizations/5/contracts',
          'Insights → /organizations/5/insights',
          'Uploads → /organizations/5/uploads',
          'Audit trail → /organizations/5/audits',
          'API keys → /organizations/5/api-keys',
          'Webhooks → /organizations/5/webhooks',
        ],
      },
      { title: 'Help', items: ['Insights methodology → /insights/methodology'] },
    ]);
  });

  it('is empty for nobody signed in', () => {
    expect(getNavSections(null)).toEqual([]);
  });
});
