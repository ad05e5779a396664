import type { Page } from '@playwright/test';

import { expect, test } from '../support/fixtures.ts';
import {
  openSignedIn,
  organizationAdminScreens,
  openFirstCredential,
  ownOrganizationPath,
  SIGN_IN_PATH,
} from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

/**
 * Target size (WCAG 2.2, 2.5.8, level AA): every control a pointer can hit is at least 24 by 24
 * CSS pixels, or is spaced so that a 24-pixel circle centred on it touches no other control and
 * no other small control's circle. Links inside a sentence are exempt (the criterion's "inline"
 * exception), and so is a control the browser draws itself and the page leaves unstyled.
 */

const ORG_ADMIN = 'orgadmin@northwind.demo';
const PLATFORM_ADMIN = 'admin@laurel.demo';
const MINIMUM = 24;

/** The controls on the page that fail the criterion, described for a reader of the failure. */
async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    // A control inside another control (an icon inside its button) is the same target.
    const elements = Array.from(document.querySelectorAll(selector)).filter(visible);
    const outermost = elements.filter(
      (element) => !elements.some((other) => other !== element && other.contains(element)),
    );
    /** A link that sits in a line of text, with words of the sentence outside it. */
    const inline = (element: Element) => {
      if (element.tagName !== 'A') return false;
      const display = getComputedStyle(element).display;
      if (display !== 'inline') return false;
      const block = element.parentElement;
      if (!block) return false;
      const own = (element.textContent ?? '').trim().length;
      const around = (block.textContent ?? '').trim().length;
      return around > own;
    };
    const boxes = outermost.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const small = boxes.filter(
      ({ element, box }) =>
        (box.width < minimum - 0.5 || box.height < minimum - 0.5) && !inline(element),
    );
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const circleTouchesBox = (point: { x: number; y: number }, box: DOMRect) => {
      const dx = Math.max(box.left - point.x, 0, point.x - box.right);
      const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
      return dx * dx + dy * dy < (minimum / 2) ** 2;
    };
    const describe = (element: Element, box: DOMRect) => {
      const name =
        element.getAttribute('aria-label') ??
        element.getAttribute('title') ??
        (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`;
    };
    const failures: string[] = [];
    for (const target of small) {
      const point = centre(target.box);
      const neighbour = boxes.find(
        (other) => other.element !== target.element && circleTouchesBox(point, other.box),
      );
      const closeSmall = small.find((other) => {
        if (other.element === target.element) return false;
        const theirs = centre(other.box);
        return Math.hypot(theirs.x - point.x, theirs.y - point.y) < minimum;
      });
      const crowded = neighbour ?? closeSmall;
      if (crowded)
        failures.push(
          `${describe(target.element, target.box)} and too close to ${describe(crowded.element, crowded.box)}`,
        );
    }
    return failures;
  }, MINIMUM);
}

async function check(page: Page, path: string, problems: string[]) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0, {
    timeout: 30_000,
  });
  for (const problem of await undersizedTargets(page)) problems.push(`${path}: ${problem}`);
}

for (const width of [390, 1440]) {
  test.describe(`target size at ${width} pixels`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the sign-in screen and the credential check have no target under 24 pixels', async ({
      page,
    }) => {
      const problems: string[] = [];
      await check(page, SIGN_IN_PATH, problems);
      // The check itself finds two 16-pixel buttons side by side, and passes them 30 pixels apart.
      const probe = (gap: number) =>
        page.evaluate((gap) => {
          document.getElementById('target-probe')?.remove();
          const frame = document.createElement('div');
          frame.id = 'target-probe';
          frame.style.cssText = `position:absolute;top:4px;left:4px;display:flex;gap:${gap}px`;
          for (const name of ['First probe', 'Second probe']) {
            const button = document.createElement('button');
            button.setAttribute('aria-label', name);
            button.style.cssText = 'width:16px;height:16px;padding:0;border:0;margin:0';
            frame.append(button);
          }
          document.body.append(frame);
        }, gap);
      await probe(2);
      expect((await undersizedTargets(page)).filter((line) => line.includes('probe'))).toHaveLength(
        2,
      );
      await probe(30);
      expect((await undersizedTargets(page)).filter((line) => line.includes('probe'))).toEqual([]);
      await page.evaluate(() => document.getElementById('target-probe')?.remove());
      await check(page, '/verify', problems);
      expect(problems).toEqual([]);
    });

    test('an organization admin meets no target under 24 pixels', async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
      const organization = await ownOrganizationPath(page);
      const problems: string[] = [];
      for (const path of organizationAdminScreens(organization)) await check(page, path, problems);
      await openFirstCredential(page, organization);
      for (const problem of await undersizedTargets(page)) problems.push(`credential: ${problem}`);
      expect(problems).toEqual([]);
    });

    test('a platform admin meets no target under 24 pixels', async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, PLATFORM_ADMIN, DEMO_PASSWORD);
      const problems: string[] = [];
      for (const path of ['/', '/organizations', '/users', '/audits'])
        await check(page, path, problems);
      expect(problems).toEqual([]);
    });
  });
}
