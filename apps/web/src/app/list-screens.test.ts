import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { getOrganizationHref, getOrganizationItemHref, paths } from '../lib/routing/paths';
import { profileOf } from '../test/auth';
import { getNavSections } from './shell/nav-items';

// A list is done when a person can reach it: the API's list (with its CSV export) has a screen
// built with `ListScreen`, the router mounts that screen, and the sidebar links to where it is
// mounted (docs/ARCHITECTURE.md, "Where to change what": a new list). These are the steps a new
// list forgets, so this test reads the sources the way a reviewer would and names the step.

/** The web app's sources (tests aside), by their path below `src/`. */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, '').replace(/^\.\//, 'app/'), text]),
);

/** Every file that builds a list screen, by the export its `ListScreen` offers. */
const screens = Object.entries(SOURCES).flatMap(([file, text]) => {
  if (!text.includes('<ListScreen') || file === 'components/data-table/list-screen.tsx') return [];
  const exportKey = /exportPath=\{API_PATHS\.(\w+)\}/.exec(text)?.[1];
  return [{ file, exportKey }];
});
const router = SOURCES['app/router.tsx'] ?? '';

/** The API's lists: every path with a CSV export beside it. */
const listExports = Object.keys(API_PATHS).filter((key) => key.endsWith('Export'));

/** The sidebar's addresses for a platform admin and for an organization admin of organization 2. */
const navHrefs = [ROLES.PLATFORM_ADMIN, ROLES.ORGANIZATION_ADMIN].flatMap((roleId) =>
  getNavSections(profileOf(roleId, roleId === ROLES.PLATFORM_ADMIN ? 1 : 2)).flatMap((section) =>
    section.items.map((item) => item.href),
  ),
);

/** The addresses the router mounts a lazily loaded screen at, by the `paths` entries it uses. */
function mountedAt(file: string): string[] {
  const module = `../${file.replace(/\.tsx$/, '')}`;
  const name = new RegExp(`const (\\w+) = lazy\\(\\(\\) => import\\('${module}'\\)\\)`).exec(
    router,
  )?.[1];
  if (!name) return [];
  return router
    .split('<Route')
    .filter((route) => route.includes(`<${name} />`))
    .flatMap((route) => {
      const key = /path=\{paths\.(\w+)\.path\}/.exec(route)?.[1];
      const path = (paths as Record<string, { path?: string }>)[key ?? '']?.path;
      if (!path) return [];
      // Paths inside an organization route are relative to it.
      return path.startsWith('/')
        ? [path]
        : [getOrganizationItemHref(getOrganizationHref(2), path as 'users')];
    });
}

describe('every list', () => {
  it('has a screen built with ListScreen', () => {
    expect(listExports.length).toBeGreaterThan(0);
    for (const key of listExports) {
      const built = screens.filter((screen) => screen.exportKey === key);
      expect(
        built.map((screen) => screen.file),
        `API_PATHS.${key}: its list screen`,
      ).toHaveLength(1);
    }
  });

  it('is mounted by the router and in the sidebar where it is mounted', () => {
    const routed = screens.filter((screen) => screen.file.startsWith('features/'));
    expect(routed.length).toBeGreaterThanOrEqual(6);
    for (const { file } of routed) {
      const addresses = mountedAt(file);
      expect(addresses, `${file}: a <Route> in app/router.tsx`).not.toEqual([]);
      for (const address of addresses)
        expect(navHrefs, `${file} at ${address}: an item in app/shell/nav-items.tsx`).toContain(
          address,
        );
    }
  });

  it('outside a feature, is a part of a screen the router mounts', () => {
    for (const { file } of screens.filter((screen) => !screen.file.startsWith('features/'))) {
      const name = file
        .split('/')
        .pop()!
        .replace(/\.tsx$/, '');
      const importers = Object.values(SOURCES).filter((text) => text.includes(`/${name}'`));
      expect(importers.length, `${file}: imported by the screen that shows it`).toBeGreaterThan(0);
    }
  });
});
