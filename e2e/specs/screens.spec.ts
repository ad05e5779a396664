import type { Page } from '@playwright/test';

import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH, openSignedIn, submitCredentials } from '../support/flows.ts';
import { DEMO_PASSWORD, seedUser } from '../support/seed.ts';

/**
 * Screenshots of every sign-in screen and of the dashboard, profile and settings, in light and
 * dark mode, 390 and 1440 pixels wide (test-results/screenshots/<screen>-<mode>-<width>.png).
 * axe checks every screen dark at 1440 pixels (the other specs check them light at 1280), and
 * light at 390 pixels once per layout: the sign-in frame and the application shell.
 */

const NARROW_CHECKED = new Set([
  'auth-sign-in',
  'dashboard',
  'dashboard-platform',
  'credential-insights-unavailable',
  'profile',
  'settings',
]);

function checkedWithAxe(name: string, mode: string, width: number): boolean {
  if (mode === 'dark') return width === VIEWPORTS.wide.width;
  return width === VIEWPORTS.narrow.width && NARROW_CHECKED.has(name);
}

const MODES = ['light', 'dark'] as const;

/** Shoots the screen as it is now in every mode and width, without reloading it. */
async function shootAllVariants(page: Page, name: string, ready: () => Promise<void>) {
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await ready();
      if (checkedWithAxe(name, mode, viewport.width))
        await expectAccessible(page, `${name} (${mode}, ${viewport.width} px)`);
      const path = await screenshot(page, `${name}-${mode}-${viewport.width}`);
      expect(path).toMatch(new RegExp(`${name}-${mode}-${viewport.width}\\.png$`));
    }
  }
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

test.describe('screenshots', () => {
  test('sign-in, forgotten password and verification screens', async ({ page }) => {
    await page.goto(SIGN_IN_PATH);
    await shootAllVariants(page, 'auth-sign-in', () =>
      expect(heading(page, 'Sign in')).toBeVisible(),
    );

    await page.getByLabel('E-mail address').fill('user@northwind.demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await shootAllVariants(page, 'auth-sign-in-password', () =>
      expect(page.getByLabel('Password', { exact: true })).toBeVisible(),
    );

    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shootAllVariants(page, 'auth-sign-in-error', () =>
      expect(page.getByText('Incorrect e-mail address or password.')).toBeVisible(),
    );

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await shootAllVariants(page, 'auth-forgot-password', () =>
      expect(heading(page, 'Reset your password')).toBeVisible(),
    );

    await page.goto('/auth/reset-password?email=user%40northwind.demo');
    await shootAllVariants(page, 'auth-reset-password', () =>
      expect(heading(page, 'Choose a new password')).toBeVisible(),
    );

    await page.goto('/auth/verify-mfa');
    await shootAllVariants(page, 'auth-verify-mfa', () =>
      expect(heading(page, 'Two-step verification')).toBeVisible(),
    );
  });

  test('new password screen', async ({ page }) => {
    const user = await seedUser({
      label: 'shot-temporary',
      temporaryPassword: 'Temporary-Pass-2026',
    });
    await submitCredentials(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/set-password$/);
    await page.getByLabel('New password', { exact: true }).fill('Half-done');
    await shootAllVariants(page, 'auth-set-password', () =>
      expect(heading(page, 'Choose a new password')).toBeVisible(),
    );
  });

  test('authenticator set-up screen', async ({ page }) => {
    const user = await seedUser({ label: 'shot-mfa', mfaRequired: true });
    await submitCredentials(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/setup-mfa$/);
    await shootAllVariants(page, 'auth-setup-mfa', () =>
      expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible(),
    );
  });

  test('dashboard, profile and settings', async ({ page }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await shootAllVariants(page, 'dashboard', () =>
      expect(heading(page, /, Jordan$/)).toBeVisible(),
    );

    await page.goto('/profile');
    await shootAllVariants(page, 'profile', async () => {
      await expect(heading(page, 'Your profile')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
    });

    await page.goto('/settings');
    await shootAllVariants(page, 'settings', () => expect(heading(page, 'Settings')).toBeVisible());
  });

  test('platform dashboard, and insights of an organization without earnings entitlement', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await shootAllVariants(page, 'dashboard-platform', async () => {
      await expect(page.getByRole('list', { name: 'Needs attention', exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Organizations at a glance' })).toBeVisible();
      await page.waitForLoadState('networkidle');
    });

    await page
      .getByRole('link', { name: 'Harbor Health Certification Board', exact: true })
      .click();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.getByRole('link', { name: 'Certified Medical Assistant' }).click();
    await page.getByRole('tab', { name: 'Insights' }).click();
    await shootAllVariants(page, 'credential-insights-unavailable', () =>
      expect(page.getByTestId('insights-unavailable')).toBeVisible(),
    );
  });
});

test.describe('unsaved changes', () => {
  test('a form with unsaved changes asks before it is left, and a saved one does not', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    // In the app (not a page load), so that the back button stays in the app too.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /profile/i }).click();
    await expect(heading(page, 'Your profile')).toBeVisible();
    const title = page.getByLabel('Job title');
    const original = await title.inputValue();
    await title.fill(`${original} (acting)`);

    // In-app navigation (the sidebar) waits for an answer.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(title).toHaveValue(`${original} (acting)`);

    // A reload or closing the tab: the browser asks (the page cancels `beforeunload`).
    const cancelled = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(cancelled).toBe(true);

    // The back button asks too; discarding leaves.
    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(heading(page, /, Jordan$/)).toBeVisible();

    // Saved changes leave without a question.
    const save = async (value: string) => {
      await page.goto('/profile');
      await title.fill(value);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your profile has been saved.')).toBeVisible();
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await expect(heading(page, /, Jordan$/)).toBeVisible();
      await expect(question).toBeHidden();
    };
    await save(`${original} (acting)`);
    await save(original);
  });
});
