import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { ROLES } from '@laurel/contract/roles';
import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { idTokenOf, organizationId } from '../support/directory.ts';
import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH, openSignedIn, signIn, submitCredentials } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND, seedUser } from '../support/seed.ts';

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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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

  test('e-mailed code and first-factor selection screens', async ({ page }) => {
    const user = await seedUser({ label: 'shot-passwordless' });
    await page.goto(SIGN_IN_PATH);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // No passkey for this account: the identity service offers the other ways.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/auth\/select-method$/);
    await shootAllVariants(page, 'auth-select-method', () =>
      expect(heading(page, 'Choose how to sign in')).toBeVisible(),
    );

    await page.getByRole('button', { name: /^Code by e-mail/ }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email-code$/);
    await page.getByLabel('Code from the e-mail').fill('1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shootAllVariants(page, 'auth-verify-email-code', () =>
      expect(page.getByText('Enter the 8-digit code from the e-mail.')).toBeVisible(),
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

test.describe('uploads', () => {
  test('the uploads list exports what its filters select as CSV; list and dialog shots', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    // A file whose header is wrong fails at once and adds no awards, so other specs see none.
    const fileName = `e2e-export-${Date.now()}.csv`;
    const northwind = await organizationId(NORTHWIND);
    const uploaded = await page.request.post(`/api/organizations/${northwind}/uploads`, {
      headers: { authorization: `Bearer ${await idTokenOf(page.context())}` },
      multipart: {
        file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from('name,year\r\nA,1\r\n') },
      },
    });
    expect(uploaded.status()).toBe(201);

    await page.goto('/uploads');
    await expect(page).toHaveURL(new RegExp(`/organizations/${northwind}/uploads$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Uploads' })).toBeVisible();
    await page.getByLabel('Search uploads').fill(fileName);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect(page).toHaveURL(/status=FAILED/);
    const rows = page.getByRole('table', { name: 'Uploads' }).getByRole('row');
    await expect(rows.filter({ hasText: fileName })).toContainText('Failed', { timeout: 20_000 });
    await expect(rows).toHaveCount(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('uploads.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,organization,file,size (bytes),status,rows,rows kept,rows refused,problem,uploaded by,uploaded,finished',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${NORTHWIND},${fileName},`);
    expect(lines[1]).toContain(',Failed,');

    await page.goto('/uploads');
    await shootAllVariants(page, 'uploads', () =>
      expect(page.getByRole('table', { name: 'Uploads' }).getByText(fileName)).toBeVisible(),
    );
    await page.getByRole('button', { name: 'Upload awards' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload awards' });
    await shootAllVariants(page, 'upload-dialog', async () => {
      await expect(dialog.getByText(UPLOAD_COLUMNS.join(','))).toBeVisible();
      // At 390 px the columns wrap after a comma, never inside a name such as date_of_birth.
      const names = dialog.locator('code span');
      await expect(names).toHaveCount(UPLOAD_COLUMNS.length);
      for (const box of await names.evaluateAll((spans) =>
        spans.map((span) => span.getClientRects().length),
      ))
        expect(box).toBe(1);
      expect(
        await dialog.locator('code').evaluate((code) => code.scrollWidth <= code.clientWidth),
      ).toBe(true);
    });
  });
});

test.describe('document titles', () => {
  /** The title the last page_view carried. */
  const lastViewTitle = (page: Page) =>
    page.evaluate(() => {
      const views = (
        (window as { dataLayer?: Array<Record<string, string>> }).dataLayer ?? []
      ).filter((entry) => entry.event === 'page_view');
      return views.at(-1)?.page_title;
    });

  async function expectTitle(page: Page, title: string) {
    await expect(page).toHaveTitle(title);
    await expect.poll(() => lastViewTitle(page)).toBe(title);
  }

  test('the title names each page as the person moves around, and the page_view carries it', async ({
    page,
  }) => {
    const user = await seedUser({ label: 'titles', roleId: ROLES.ORGANIZATION_ADMIN });
    await page.goto(SIGN_IN_PATH);
    await expectTitle(page, 'Sign in · Laurel');
    await signIn(page, user.email, user.password);
    await expectTitle(page, 'Dashboard · Laurel');

    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('link', { name: 'Credentials' }).click();
    await expectTitle(page, `Credentials · ${NORTHWIND} · Laurel`);
    await page.getByRole('link', { name: 'Welding Technology Certificate' }).click();
    await expect(heading(page, /Welding Technology Certificate/)).toBeVisible();
    await expectTitle(page, `Welding Technology Certificate · ${NORTHWIND} · Laurel`);
    const credentialUrl = page.url();

    await navigation.getByRole('link', { name: 'Overview' }).click();
    await expectTitle(page, `${NORTHWIND} · Laurel`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expectTitle(page, `Users · ${NORTHWIND} · Laurel`);

    await navigation.getByRole('link', { name: 'Uploads' }).click();
    await expectTitle(page, `Uploads · ${NORTHWIND} · Laurel`);
    await page.goBack();
    await expectTitle(page, `Users · ${NORTHWIND} · Laurel`);

    // A page opened directly waits for its record and is named after it.
    await page.goto(credentialUrl);
    await expectTitle(page, `Welding Technology Certificate · ${NORTHWIND} · Laurel`);
    await page.goto('/no/such/page');
    await expectTitle(page, 'Page not found · Laurel');
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
