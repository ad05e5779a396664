/// <reference lib="dom" />
import type { BrowserContext, Page } from '@playwright/test';

import { firstContract, firstCredentialOf, organizationId } from '../support/directory.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIGN_IN_PATH, signIn } from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

const IDENTITY_COOKIE = /^CognitoIdentityServiceProvider\./;

async function identityCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => IDENTITY_COOKIE.test(cookie.name));
}

/**
 * The pages Laurel serves outside the web app work under their own Content-Security-Policy; the
 * fixture fails any test whose console shows a policy violation or another error.
 */
test.describe('content security policy', () => {
  test('the web app is served with a strict policy and its styles apply', async ({ page }) => {
    const response = await page.goto(SIGN_IN_PATH);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // The sign-in screen's stylesheets were let in: the primary button is filled, not a bare
    // <button>.
    const button = page.getByRole('button', { name: 'Continue' });
    await expect(button).toHaveCSS('background-color', /^rgb\((?!0, 0, 0\))/);
    const fontsLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      let loaded = 0;
      document.fonts.forEach((font) => {
        if (font.status === 'loaded') loaded += 1;
      });
      return loaded;
    });
    expect(fontsLoaded).toBeGreaterThan(0);
    // So were the style engine's, on a screen drawn with MUI: its link is not underlined as a bare
    // <a> would be.
    await page.goto('/auth/accept-invitation');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCSS(
      'text-decoration-line',
      'none',
    );
  });

  test('the API documentation renders under its own policy', async ({ page }) => {
    const response = await page.goto('/api/docs/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Laurel API/ })).toBeVisible();
    await expect(page.getByText('/api/organizations', { exact: true }).first()).toBeVisible();
  });

  test('the dev mailbox is styled under its policy', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Laurel · Dev mailbox' }),
    ).toBeVisible();
    await expect(page.locator('.bar')).toHaveCSS('background-color', 'rgb(14, 77, 143)');
  });
});

test.describe('transfer', () => {
  test('the browser receives the web app’s scripts compressed, and the app runs', async ({
    page,
  }) => {
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    await page.goto(SIGN_IN_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    // Every script above the build's 1 KiB threshold arrives as brotli.
    const uncompressed = scripts.filter((script) => script.encoding !== 'br');
    for (const script of uncompressed) {
      const response = await page.request.get(script.url, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect((await response.body()).length, script.url).toBeLessThan(1024);
    }
  });
});

test.describe('identity cookies', () => {
  test('are Secure when the page is https, and sign-in still works on http', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    const plain = await identityCookies(page.context());
    expect(plain.length).toBeGreaterThan(2);
    expect(plain.every((cookie) => !cookie.secure && cookie.sameSite === 'Lax')).toBe(true);

    // The same server as a proxy ending TLS would present it: the browser sees https.
    const secureOrigin = 'https://laurel.test';
    const context = page.context();
    await context.clearCookies();
    await context.route(`${secureOrigin}/**`, async (route) => {
      const url = route.request().url().replace(secureOrigin, baseURL!);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
    await page.goto(`${secureOrigin}${SIGN_IN_PATH}`);
    await signIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    const secure = await identityCookies(context);
    expect(secure.length).toBeGreaterThan(2);
    expect(secure.map((cookie) => [cookie.name, cookie.secure, cookie.sameSite])).toEqual(
      secure.map((cookie) => [cookie.name, true, 'Lax']),
    );
  });
});

/**
 * Every screen of the web app, visited under the policy: the fixture fails the test on any policy
 * violation or console error, so a screen that loads a script, style, font or image from
 * elsewhere, or runs an inline script, shows up here.
 */
test.describe('every screen under the policy', () => {
  async function visitAll(page: Page, paths: string[]) {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
  }

  test('an organization admin’s screens', async ({ page }) => {
    const northwind = await organizationId('Northwind Technical College');
    const contract = await firstContract('Northwind Technical College');
    const organization = `/organizations/${northwind}`;
    const credential = await firstCredentialOf(northwind);
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await visitAll(page, [
      '/',
      organization,
      ...['credentials', 'contracts', 'users', 'uploads', 'audits', 'insights'].map(
        (tab) => `${organization}/${tab}`,
      ),
      `${organization}/credentials/${credential}`,
      `${organization}/contracts/${contract.id}`,
      '/insights/methodology',
      '/profile',
      '/settings',
    ]);
  });

  test('a platform admin’s screens', async ({ page }) => {
    const riverside = await organizationId('Riverside Community College');
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await visitAll(page, [
      '/',
      '/organizations',
      '/credentials',
      '/users',
      '/contracts',
      '/uploads',
      '/audits',
      `/admin/organizations/${riverside}`,
      '/insights/methodology',
    ]);
  });
});
