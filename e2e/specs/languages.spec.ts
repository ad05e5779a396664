import type { Page } from '@playwright/test';
import { ROLES } from '@laurel/contract/roles';

import { VIEWPORTS, expect, expectAccessible, test } from '../support/fixtures.ts';
import { ownOrganizationPath, SIGN_IN_PATH, signIn } from '../support/flows.ts';
import { DEMO_PASSWORD, seedUser } from '../support/seed.ts';

/**
 * Laurel in Spanish: chosen in Settings, applied at once, kept for the next visit and in the
 * profile (the next sign-in in another browser speaks it too); then every main screen in Spanish
 * passes axe in both themes at 390 and 1,440 pixels. People of their own, so that the profile's
 * language never reaches the other specs' demo accounts.
 */

const MODES = ['light', 'dark'] as const;

async function checkEveryVariant(page: Page, name: string) {
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page, `${name} in Spanish (${mode}, ${viewport.width} px)`);
    }
  }
}

async function openInSpanish(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: /Cargando|Loading/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  await checkEveryVariant(page, name);
}

test.describe('Laurel in Spanish', () => {
  test('chosen in Settings, kept, and every organization admin screen passes axe in it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const admin = await seedUser({ label: 'es-admin', roleId: ROLES.ORGANIZATION_ADMIN });
    await page.goto(SIGN_IN_PATH);
    await signIn(page, admin.email, DEMO_PASSWORD);

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Español' }).click();
    // At once: the page, its navigation and the document's language.
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panel', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
    // Kept for the next visit.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();

    // Kept in the profile: a browser that never chose signs in and speaks Spanish.
    const elsewhere = await browser.newContext({ baseURL, locale: 'en-US' });
    const other = await elsewhere.newPage();
    await other.goto(SIGN_IN_PATH);
    await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await other.getByLabel('E-mail address').fill(admin.email);
    await other.getByRole('button', { name: 'Continue' }).click();
    await other.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other.getByRole('heading', { level: 1, name: /^Buen(os|as) / })).toBeVisible();
    await elsewhere.close();

    const organization = await ownOrganizationPath(page);
    for (const [path, name] of [
      ['/', 'dashboard'],
      [organization!, 'organization'],
      [`${organization}/credentials`, 'credentials'],
      [`${organization}/users`, 'users'],
      [`${organization}/contracts`, 'contracts'],
      [`${organization}/insights`, 'insights'],
      [`${organization}/uploads`, 'uploads'],
      [`${organization}/audits`, 'audit trail'],
      [`${organization}/api-keys`, 'API keys'],
      [`${organization}/webhooks`, 'webhooks'],
      ['/profile', 'profile'],
      ['/settings', 'settings'],
      ['/insights/methodology', 'methodology'],
    ] as const)
      await openInSpanish(page, path, name);

    // And back to English, for whoever uses this browser next.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en\b/);
  });

  test('the sign-in screens and the platform admin screens pass axe in Spanish', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(420_000);
    const context = await browser.newContext({ baseURL, locale: 'es-MX' });
    const page = await context.newPage();
    // A browser that prefers Spanish gets it before anyone signs in.
    await page.goto(SIGN_IN_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
    await checkEveryVariant(page, 'sign-in');

    const platformAdmin = await seedUser({ label: 'es-platform', roleId: ROLES.PLATFORM_ADMIN });
    await page.getByLabel('Correo electrónico').fill(platformAdmin.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Buen(os|as) / })).toBeVisible();
    for (const [path, name] of [
      ['/', 'platform dashboard'],
      ['/organizations', 'organizations'],
      ['/credentials', 'all credentials'],
      ['/users', 'all users'],
      ['/contracts', 'all contracts'],
      ['/uploads', 'all uploads'],
      ['/audits', 'all audits'],
      ['/benchmarks', 'benchmarks'],
    ] as const)
      await openInSpanish(page, path, name);
    await context.close();
  });
});
