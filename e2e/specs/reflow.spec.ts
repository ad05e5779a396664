import type { Page } from '@playwright/test';

import { expect, test } from '../support/fixtures.ts';
import {
  openFirstCredential,
  openSignedIn,
  organizationAdminScreens,
  ownOrganizationPath,
} from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

/**
 * Reflow (WCAG 1.4.10): at 320 CSS pixels wide, what 1,280 pixels zoomed to 400 % leaves, every
 * screen reads without scrolling sideways; only a data table may scroll, inside its own frame.
 * And with `prefers-reduced-motion`, nothing on a screen is animated (2.3.3).
 */

const ORG_ADMIN = 'orgadmin@northwind.demo';

/** What sticks out past the viewport's right edge, outside a scrolling frame of its own. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll|hidden)/.test(style.overflowX) && parent !== document.body)
          return parent.clientWidth <= width;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || inScroller(element)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      found.push(
        `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(box.right)}`,
      );
      if (found.length >= 5) break;
    }
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return found;
  });
}

test.describe('reflow at 320 pixels', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every main screen reads without scrolling sideways', async ({ page }) => {
    test.setTimeout(180_000);
    await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
    const organization = await ownOrganizationPath(page);
    const screens = organizationAdminScreens(organization);
    const problems: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      for (const problem of await overflowing(page)) problems.push(`${path}: ${problem}`);
    }
    // A credential's page, from its list.
    await openFirstCredential(page, organization);
    for (const problem of await overflowing(page)) problems.push(`credential: ${problem}`);
    expect(problems).toEqual([]);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a person who asks for less motion sees no animation or transition', async ({ page }) => {
    await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return `${animation.constructor.name} on ${target?.tagName.toLowerCase()}.${String(target?.className).split(' ')[0]}`;
        }),
    );
    expect(running).toEqual([]);
  });
});
