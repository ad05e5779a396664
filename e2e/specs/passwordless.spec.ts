import type { BrowserContext, Page } from '@playwright/test';

import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, passwordInput } from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { totpCode } from '../support/totp.ts';

/**
 * Signing in without the password: a code e-mailed to the person, a passkey (Chromium's virtual
 * authenticator, driven through the DevTools protocol), and first-factor selection when the
 * passkey asked for does not exist. A passkey belongs to a domain, never to an IP address, so
 * these tests run against a server of their own reached as `localhost`.
 */

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const webDist = process.env.E2E_WEB_DIST_COPY;
  server = await startServer(webDist ? { WEB_DIST: webDist } : {}, { hostname: 'localhost' });
});

test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.url}${path}`;

/** A platform authenticator with user verification, as a phone or laptop with a fingerprint. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The e-mail step of the sign-in screen; the password step follows with the other ways. */
async function enterEmail(page: Page, email: string) {
  await page.goto(at('/auth/password-sign-in'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(passwordInput(page)).toBeVisible();
}

/** The newest sign-in code e-mailed to `email`, read from the demo mailbox page. */
async function readSignInCode(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage();
  try {
    await mailbox.goto(at('/dev/mailbox'));
    const newest = mailbox
      .getByRole('article')
      .filter({ hasText: email })
      .filter({ hasText: 'Your sign-in code' })
      .first();
    const text = (await newest.locator('pre').textContent()) ?? '';
    const code = /sign-in code is (\d{8})/.exec(text)?.[1];
    expect(code, `a sign-in code in the mailbox for ${email}`).toBeDefined();
    return code!;
  } finally {
    await mailbox.close();
  }
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(at('/'));
  await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/password-sign-in$/);
}

/** The app has decided whether to offer a passkey after this sign-in (it forgets the sign-in). */
async function offerDecided(page: Page) {
  await page.waitForFunction(() => !sessionStorage.getItem('laurel.passkeyOffer.passwordSignIn'));
}

function passkeysSection(page: Page) {
  return page.getByRole('region', { name: 'Passkeys' });
}

test.describe('signing in without the password', () => {
  // Each test signs in two or three times and runs axe on several screens.
  test.describe.configure({ timeout: 180_000 });

  test('a code e-mailed to the person signs them in; a wrong or short code is explained', async ({
    page,
  }) => {
    const email = 'user@northwind.demo';
    await enterEmail(page, email);
    await expectAccessible(page, 'sign-in with the other ways');
    await page.getByRole('button', { name: 'E-mail me a code' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-email-code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(/We e-mailed an 8-digit code to u\S*@n\S*\./)).toBeVisible();
    const field = page.getByLabel('Code from the e-mail');
    await field.fill('1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter the 8-digit code from the e-mail.')).toBeVisible();
    await expectAccessible(page, 'e-mailed code with an error');

    const code = await readSignInCode(page.context(), email);
    const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, '0');
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page.getByText('That code is not correct. Please check it and try again.'),
    ).toBeVisible();

    await field.fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
    // Not a password sign-in: no offer to add a passkey.
    await offerDecided(page);
    await expect(page.getByText('Sign in faster with a passkey')).toHaveCount(0);
  });

  test('a passkey is added on the profile, signs the person in, and is removed; without it the other ways are offered', async ({
    page,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const email = 'orgadmin@riverside.demo';

    // Signed in with a code first (the password sign-in would offer a passkey of its own).
    await enterEmail(page, email);
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Code from the e-mail').fill(await readSignInCode(page.context(), email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);

    await page.goto(at('/profile'));
    const section = passkeysSection(page);
    await expect(section.getByText(/^No passkeys yet\./)).toBeVisible();
    await expectAccessible(page, 'profile without passkeys');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your passkey has been added.' }),
    ).toBeVisible();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
    await expect(list.getByRole('listitem')).toContainText('Never used');
    expect(await authenticator.credentials()).toHaveLength(1);
    await expectAccessible(page, 'profile with a passkey');

    await signOut(page);
    await enterEmail(page, email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectDashboard(page);

    await page.goto(at('/profile'));
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    await expect(
      passkeysSection(page).getByRole('list', { name: 'Your passkeys' }).getByRole('listitem'),
    ).toContainText(`Last used ${today}`);
    await passkeysSection(page)
      .getByRole('button', { name: /^Remove passkey / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'removing a passkey');
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(passkeysSection(page).getByText(/^No passkeys yet\./)).toBeVisible();

    // The passkey asked for no longer exists: the sign-in offers what the account still has.
    await signOut(page);
    await enterEmail(page, email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/auth\/select-method$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose how to sign in' }),
    ).toBeVisible();
    const ways = page.getByRole('list', { name: 'Ways to sign in' });
    await expect(ways.getByRole('button')).toHaveText([/^Code by e-mail/, /^Password/]);
    await expectAccessible(page, 'first-factor selection');
    await ways.getByRole('button', { name: /^Code by e-mail/ }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email-code$/);
    await page.getByLabel('Code from the e-mail').fill(await readSignInCode(page.context(), email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
  });

  test('first-factor selection also takes the password', async ({ page }) => {
    await enterEmail(page, 'user@northwind.demo');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/auth\/select-method$/);
    await page.getByRole('button', { name: /^Password/ }).click();
    await expect(page).toHaveURL(/\/auth\/select-method\?with=password$/);
    await expectAccessible(page, 'password after first-factor selection');
    await passwordInput(page).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Incorrect e-mail address or password.',
    );
    // A refused password ends that sign-in: the screen says to start again.
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await enterEmail(page, 'user@northwind.demo');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: /^Password/ }).click();
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
  });

  test('after a password sign-in, someone without a passkey is offered one once', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    const offer = page.getByRole('region', { name: 'Sign in faster with a passkey' });

    // "Not now" is remembered for this person.
    await enterEmail(page, 'orgadmin@northwind.demo');
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
    await expect(offer).toBeVisible();
    await expectAccessible(page, 'the offer of a passkey');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
    await signOut(page);
    await enterEmail(page, 'orgadmin@northwind.demo');
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);
    await offerDecided(page);
    await expect(offer).toHaveCount(0);

    // Another person on the same browser is asked, and adds one from the offer.
    await signOut(page);
    await enterEmail(page, 'admin@laurel.demo');
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(at('/'));
    await offer.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your passkey has been added.' }),
    ).toBeVisible();
    await expect(offer).toBeHidden();
    await page.goto(at('/profile'));
    await expect(
      passkeysSection(page).getByRole('list', { name: 'Your passkeys' }).getByRole('listitem'),
    ).toHaveCount(1);
  });

  // Last: it gives this person a second step, which the tests above do not expect.
  test('MFA selection offers the authenticator app and an e-mailed code', async ({ page }) => {
    const email = 'orgadmin@riverside.demo';
    await enterEmail(page, email);
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page);

    // The authenticator app, set up on the profile as people do.
    await page.goto(at('/profile'));
    const authenticator = page.getByRole('region', { name: 'Two-step verification' });
    await authenticator.getByRole('button', { name: 'Set up' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel('Verification code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(authenticator.getByText('On', { exact: true })).toBeVisible();
    // E-mailed codes as a second step too, neither preferred (the identity service's own call;
    // the profile does not offer it).
    const answer = await page.evaluate(async () => {
      const cookie = document.cookie
        .split('; ')
        .find((part) => decodeURIComponent(part.split('=')[0] ?? '').endsWith('.accessToken'));
      const response = await fetch('/identity', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.SetUserMFAPreference',
        },
        body: JSON.stringify({
          AccessToken: decodeURIComponent(cookie?.split('=')[1] ?? ''),
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
          EmailMfaSettings: { Enabled: true, PreferredMfa: false },
        }),
      });
      return response.status;
    });
    expect(answer).toBe(200);

    await signOut(page);
    await enterEmail(page, email);
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/select-mfa$/);
    const ways = page.getByRole('list', { name: 'Ways to confirm it is you' });
    await expect(ways.getByRole('button')).toHaveText([/^Authenticator app/, /^Code by e-mail/]);
    await expectAccessible(page, 'MFA selection');
    await ways.getByRole('button', { name: /^Code by e-mail/ }).click();

    await expect(page).toHaveURL(/\/auth\/verify-email-code$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
    await page.getByLabel('Code from the e-mail').fill(await readSignInCode(page.context(), email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page);
  });
});
