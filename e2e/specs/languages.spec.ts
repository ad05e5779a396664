import type { Page } from '@playwright/test';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import en from '../../apps/web/src/lib/i18n/messages/en.json' with { type: 'json' };
import es from '../../apps/web/src/lib/i18n/messages/es.json' with { type: 'json' };
import { apiGet, organizationId } from '../support/directory.ts';
import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import {
  organizationAdminScreens,
  ownOrganizationPath,
  signIn,
  submitCredentials,
} from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * Laurel in Spanish: chosen in Settings and kept on the profile, then every screen of an
 * organization admin and a platform admin in Spanish, light and dark, 390 and 1,440 pixels wide,
 * each checked with axe, for `<html lang="es">`, and for English catalogue texts left on screen
 * (test-results/screenshots/es-<screen>-<mode>-<width>.png).
 */

const MODES = ['light', 'dark'] as const;

/**
 * English sentences that read differently in Spanish and take no arguments: the catalogue's, and
 * the specification's texts in the contract (`MESSAGES`), which a screen might show without the
 * catalogue. None of them may be on a Spanish screen; short ones ("OK", "CSV") are the same in
 * both languages.
 */
const spanish = es as Record<string, string>;
const specified: Array<[string, string]> = [];
for (const [key, text] of Object.entries(MESSAGES) as Array<[string, unknown]>)
  if (typeof text === 'string') specified.push([`messages.${key}`, text]);
const ENGLISH_ONLY: string[] = [
  ...Object.entries(en as Record<string, string>).filter(
    ([key, text]) => spanish[key] !== text && !/[{<]/.test(text),
  ),
  ...specified.filter(([key, text]) => spanish[key] !== text),
]
  .map(([, text]) => text)
  .filter((text) => text.split(' ').length >= 3);

async function englishLeftOn(page: Page): Promise<string[]> {
  const shown = await page.locator('body').innerText();
  return ENGLISH_ONLY.filter((text) => shown.includes(text));
}

/** Checks the screen as it is now, in both modes and at both widths. */
async function checkInSpanish(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      await expectAccessible(page, `${name} in Spanish (${mode}, ${viewport.width} px)`);
      expect(await englishLeftOn(page), `English left on ${name}`).toEqual([]);
      await screenshot(
        page,
        `es-${name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${mode}-${viewport.width}`,
      );
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.wide);
}

/** Chooses Spanish in Settings, the way a person does, and waits for the screen to change. */
async function chooseSpanish(page: Page) {
  await page.goto('/settings');
  const language = page.getByRole('group', { name: en['settings.language'] });
  await language.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('group', { name: es['settings.language'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test.describe('Laurel in Spanish', () => {
  test.setTimeout(600_000);

  test('a browser that prefers Spanish signs in and verifies in Spanish', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    try {
      await page.goto('/auth/password-sign-in');
      await expect(
        page.getByRole('heading', { level: 1, name: es['auth.passwordSignIn.title'] }),
      ).toBeVisible();
      await checkInSpanish(page, 'sign-in');
      await page.goto('/verify');
      await checkInSpanish(page, 'verify');
    } finally {
      await context.close();
    }
  });

  test('an organization admin chooses Spanish, keeps it, and every screen speaks it', async ({
    page,
  }) => {
    // Riverside's: Northwind's contract seats are left to the specs that provision there.
    const admin = await seedUser({
      label: 'es-org-admin',
      roleId: ROLES.ORGANIZATION_ADMIN,
      organizationName: 'Riverside Community College',
    });
    await signIn(page, admin.email, admin.password);
    await chooseSpanish(page);

    // Kept on the profile: another browser signs in in Spanish without choosing.
    const profile = await apiGet<{ language: string | null }>(page, '/api/users/profile');
    expect(profile.body.language).toBe('es');
    const other = await page.context().browser()!.newContext({ locale: 'en-US' });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto('/auth/password-sign-in');
      await submitCredentials(elsewhere, admin.email, admin.password);
      await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'es');
      await expect(
        elsewhere.getByRole('navigation', { name: es['shell.mainNavigation'] }),
      ).toBeVisible();
    } finally {
      await other.close();
    }

    const organization = await ownOrganizationPath(page);
    for (const screen of organizationAdminScreens(organization)) {
      await page.goto(screen);
      await checkInSpanish(page, `organization admin ${screen}`);
    }

    // A form's checks, which the contract writes in English, are said in Spanish.
    await page.goto(`${organization}/users`);
    await page.getByRole('button', { name: es['users.list.invite'] }).click();
    const invite = page.getByRole('dialog');
    await invite.getByRole('button', { name: es['users.invite.submit'] }).click();
    await expect(invite.getByText(es['checks.enterFirstName'])).toBeVisible();
    expect(await englishLeftOn(page), 'English left on the invitation form').toEqual([]);
  });

  test('a platform admin sees every screen of the platform in Spanish', async ({ page }) => {
    const admin = await seedUser({
      label: 'es-platform-admin',
      roleId: ROLES.PLATFORM_ADMIN,
      organizationName: PLATFORM_ORGANIZATION_NAME,
    });
    await signIn(page, admin.email, admin.password);
    await chooseSpanish(page);
    const northwind = await organizationId(NORTHWIND);
    for (const screen of [
      '/',
      '/organizations',
      `/admin/organizations/${northwind}`,
      '/credentials',
      '/users',
      '/contracts',
      '/uploads',
      '/audits',
      '/benchmarks',
    ]) {
      await page.goto(screen);
      await checkInSpanish(page, `platform admin ${screen}`);
    }
  });
});
