/// <reference lib="dom" />
import type { BrowserContext } from '@playwright/test';

import { expect, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH, signIn } from '../support/flows.ts';
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
    // The style engine's rules were let in: the primary button is filled, not a bare <button>.
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
