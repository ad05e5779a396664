import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots', import.meta.url),
);

export const VIEWPORTS = {
  narrow: { width: 390, height: 844 },
  wide: { width: 1440, height: 900 },
} as const;

/**
 * Runs axe-core on the page once its transitions have finished (a dialog fading in has too little
 * contrast halfway) and fails on serious or critical violations, listing them.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** Chromium's console line for a response with an error status, which the page handles itself. */
const CLIENT_ERROR_RESPONSE =
  /^Failed to load resource: the server responded with a status of 4\d\d/;

export const test = base.extend<{
  visit: (path: string) => Promise<void>;
  consoleIsClean: void;
}>({
  /**
   * Every test fails on an uncaught page error, a Content-Security-Policy violation, any other
   * console error or any console warning (normal use prints nothing); a 4xx answer the screen
   * shows to the user (a wrong password, a refused page) is expected and allowed.
   */
  consoleIsClean: [
    async ({ page }, use) => {
      const problems: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
          );
        });
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'warning')
          problems.push(`console warning on ${page.url()}: ${message.text()}`);
        if (message.type() !== 'error' || CLIENT_ERROR_RESPONSE.test(message.text())) return;
        problems.push(`console error on ${page.url()}: ${message.text()}`);
      });
      await use();
      expect(problems, 'the browser console shows errors or warnings').toEqual([]);
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts');
    await use(url);
  },
  /** Opens a path, waits for the app to settle, and checks the screen with axe-core. */
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
    });
  },
});

export { expect };
