import type { Page } from '@playwright/test';

import { MESSAGES } from '@laurel/contract/messages';

import { expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  SIGN_IN_PATH,
  passwordInput,
  readResetCodeFromMailbox,
  signIn,
  signOut,
  submitCredentials,
} from '../support/flows.ts';
import { seedUser } from '../support/seed.ts';
import { freshTotpCode, totpCode, totpStep } from '../support/totp.ts';

const WRONG_CREDENTIALS = 'Incorrect e-mail address or password.';
const WRONG_CODE = 'That code is not correct. Please check it and try again.';
const NEW_PASSWORD = 'Brand-new-Passw0rd';

/** The identity-service actions (`X-Amz-Target`) the page sends, in order. */
function recordIdentityActions(page: Page): string[] {
  const actions: string[] = [];
  page.on('request', (request) => {
    const target = request.headers()['x-amz-target'];
    if (target) actions.push(target.replace(/^.*\./, ''));
  });
  return actions;
}

/** The form's error message; notifications (also alerts) sit outside `main`. */
function errorAlert(page: Page) {
  return page.getByRole('main').getByRole('alert');
}

function notification(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

function requirement(page: Page, text: string) {
  return page
    .getByRole('list', { name: 'Password requirements' })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** Reads the key shown under "Can't scan?" on an authenticator set-up panel. */
async function readTotpSecret(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return secret;
}

function authenticatorSection(page: Page) {
  return page.getByRole('region', { name: 'Two-step verification' });
}

/** A six-digit code that is certainly not the current one. */
function wrongCode(secret: string): string {
  return String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
}

test.describe('sign-in', () => {
  test('the sign-in form checks its fields before sending them', async ({ page, visit }) => {
    const actions = recordIdentityActions(page);
    await visit(SIGN_IN_PATH);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('E-mail address').fill('Someone@Example.TEST');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter your password to continue.')).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expectAccessible(page, 'sign-in with field errors');
    expect(actions).toEqual([]);
  });

  test('a wrong password shows a clear error, and the right one still signs in', async ({
    page,
    visit,
  }) => {
    const user = await seedUser({ label: 'wrong-password' });
    await visit(SIGN_IN_PATH);
    await submitCredentials(page, user.email, 'Not-the-password-1');
    await expect(errorAlert(page)).toHaveText(WRONG_CREDENTIALS);
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
    await expectAccessible(page, 'sign-in with a wrong password');

    // E-mail addresses are lowercased (spec §5), so the same address in capitals works too.
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await submitCredentials(page, user.email.toUpperCase(), user.password);
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
  });

  test('an unknown user gets the same error as a wrong password', async ({ page, visit }) => {
    await visit(SIGN_IN_PATH);
    await submitCredentials(page, 'nobody-here@e2e.test', 'Some-password-123');
    await expect(errorAlert(page)).toHaveText(WRONG_CREDENTIALS);
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
  });

  test('a temporary password leads to choosing a new one, checked before it is sent', async ({
    page,
  }) => {
    const temporaryPassword = 'Temporary-Pass-2026';
    const user = await seedUser({ label: 'temporary', temporaryPassword });
    const actions = recordIdentityActions(page);
    await submitCredentials(page, user.email, temporaryPassword);

    await expect(page).toHaveURL(/\/auth\/set-password$/);
    const sentBeforeNewPassword = actions.length;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await expect(page.getByText(`as ${user.email}`)).toBeVisible();
    await expectAccessible(page, '/auth/set-password');
    const newPassword = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat the new password', { exact: true });
    const submit = page.getByRole('button', { name: 'Set password and continue' });

    // The checklist answers while typing, before anything is sent.
    await newPassword.fill('Short1a');
    await expect(requirement(page, '14 to 64 characters')).toContainText('not met yet');
    await expect(requirement(page, 'A lowercase letter')).toContainText('(met)');
    await expect(requirement(page, 'An uppercase letter')).toContainText('(met)');
    await expect(requirement(page, 'A digit')).toContainText('(met)');
    await repeat.fill('Short1a');
    await submit.click();
    await expect(page.getByText('Use at least 14 characters.')).toBeVisible();

    const tooLong = `Aa1${'x'.repeat(62)}`;
    await newPassword.fill(tooLong);
    await repeat.fill(tooLong);
    await expect(requirement(page, '14 to 64 characters')).toContainText('not met yet');
    await submit.click();
    await expect(page.getByText('Use at most 64 characters.')).toBeVisible();

    await newPassword.fill('only-lowercase-and-1');
    await expect(requirement(page, '14 to 64 characters')).toContainText('(met)');
    await expect(requirement(page, 'An uppercase letter')).toContainText('not met yet');
    await repeat.fill('only-lowercase-and-1');
    await submit.click();
    await expect(page.getByText('Add an uppercase letter.')).toBeVisible();

    await newPassword.fill(NEW_PASSWORD);
    for (const rule of [
      '14 to 64 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A digit',
    ])
      await expect(requirement(page, rule)).toContainText('(met)');
    await repeat.fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await expectAccessible(page, '/auth/set-password with errors');
    expect(actions.slice(sentBeforeNewPassword)).toEqual([]);

    await repeat.fill(NEW_PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
    expect(actions.slice(sentBeforeNewPassword)).toContain('RespondToAuthChallenge');

    await signOut(page);
    await submitCredentials(page, user.email, temporaryPassword);
    await expect(errorAlert(page)).toHaveText(WRONG_CREDENTIALS);
    await passwordInput(page).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
  });
});

test.describe('two-step verification', () => {
  test('a user who must use an authenticator sets it up while signing in, then needs a fresh code', async ({
    page,
  }) => {
    const user = await seedUser({ label: 'mfa-required', mfaRequired: true });
    await submitCredentials(page, user.email, user.password);

    await expect(page).toHaveURL(/\/auth\/setup-mfa$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up two-step verification' }),
    ).toBeVisible();
    const secret = await readTotpSecret(page);
    await expectAccessible(page, '/auth/setup-mfa');

    const code = page.getByLabel('Verification code');
    await code.fill('12');
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    await code.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(errorAlert(page)).toContainText('not correct');
    await expect(page).toHaveURL(/\/auth\/setup-mfa$/);

    const setupStep = totpStep();
    const setupCode = totpCode(secret, setupStep);
    await code.fill(setupCode);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();

    await signOut(page);
    await submitCredentials(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/verify-mfa$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeVisible();
    await expectAccessible(page, '/auth/verify-mfa');

    // The code used for the set-up is refused a second time, even within its 30 seconds.
    await page.getByLabel('Verification code').fill(setupCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(errorAlert(page)).toHaveText(WRONG_CODE);
    await expect(page).toHaveURL(/\/auth\/verify-mfa$/);

    const fresh = await freshTotpCode(secret, setupStep);
    await page.getByLabel('Verification code').fill(fresh.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
  });

  test('an authenticator app set up on the profile is asked for at the next sign-in', async ({
    page,
  }) => {
    const user = await seedUser({ label: 'mfa-profile' });
    await page.goto(SIGN_IN_PATH);
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    const section = authenticatorSection(page);
    await expect(section.getByText('Off', { exact: true })).toBeVisible();

    await section.getByRole('button', { name: 'Set up' }).click();
    const secret = await readTotpSecret(page);
    await expectAccessible(page, '/profile while setting up an authenticator');
    await section.getByLabel('Verification code').fill(wrongCode(secret));
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(section.getByText(/not correct/)).toBeVisible();

    await section.getByLabel('Verification code').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(notification(page, 'Your authenticator app is set up.')).toBeVisible();
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await page.reload();
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Remove' })).toBeVisible();

    await signOut(page);
    await submitCredentials(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/verify-mfa$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeVisible();
  });

  test('an authenticator app removed on the profile is no longer asked for', async ({ page }) => {
    const user = await seedUser({ label: 'mfa-remove' });
    await page.goto(SIGN_IN_PATH);
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    const section = authenticatorSection(page);
    await section.getByRole('button', { name: 'Set up' }).click();
    const secret = await readTotpSecret(page);
    await section.getByLabel('Verification code').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(section.getByText('On', { exact: true })).toBeVisible();

    // Removing it asks for a current code or the password, and the server checks it.
    await section.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await dialog.getByLabel('Code from the app').fill(wrongCode(secret));
    await expectAccessible(page, '/profile removing the authenticator');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByText(MESSAGES.stepUpWrongCode)).toBeVisible();
    await dialog.getByRole('button', { name: 'No access to the app? Use your password' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(notification(page, MESSAGES.authenticatorRemoved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await page.reload();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();

    await signOut(page);
    await signIn(page, user.email, user.password);
  });
});

test.describe('passwords', () => {
  test('a forgotten password is reset with the code from the e-mail', async ({ page, visit }) => {
    const user = await seedUser({ label: 'forgot' });
    await visit(SIGN_IN_PATH);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();

    await expect(page).toHaveURL(/\/auth\/forgot-password\?email=/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveValue(user.email);
    await expectAccessible(page, '/auth/forgot-password');
    await page.getByRole('button', { name: 'Send reset code' }).click();

    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();
    await expectAccessible(page, '/auth/reset-password');
    const code = await readResetCodeFromMailbox(page, user.email);

    await page.getByLabel('Code from the e-mail').fill('123');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Enter the 6-digit code from the e-mail.')).toBeVisible();
    await expect(page.getByText('Use at least 14 characters.')).toBeVisible();

    await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '000001' : '000000');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(errorAlert(page)).toHaveText(WRONG_CODE);

    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
    await expect(
      notification(page, 'Your password has been changed. Sign in with your new password.'),
    ).toBeVisible();

    await submitCredentials(page, user.email, user.password);
    await expect(errorAlert(page)).toHaveText(WRONG_CREDENTIALS);
    await passwordInput(page).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
  });

  test('the password is changed on the profile, not to the same one', async ({ page }) => {
    const user = await seedUser({ label: 'change-password' });
    const actions = recordIdentityActions(page);
    await page.goto(SIGN_IN_PATH);
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expectAccessible(page, '/profile');
    const section = page.getByRole('region', { name: 'Password' });
    const current = section.getByLabel('Current password', { exact: true });
    const next = section.getByLabel('New password', { exact: true });
    const repeat = section.getByLabel('Repeat the new password', { exact: true });
    const submit = section.getByRole('button', { name: 'Change password' });

    await current.fill(user.password);
    await next.fill(user.password);
    await repeat.fill(user.password);
    await submit.click();
    await expect(section.getByText(MESSAGES.passwordUpdateError)).toBeVisible();
    await expect(
      section.getByText('There was an error when updating your password.'),
    ).toBeVisible();
    expect(actions).not.toContain('ChangePassword');

    await current.fill('Not-my-current-password-1');
    await next.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    await submit.click();
    await expect(notification(page, MESSAGES.passwordUpdateError)).toBeVisible();
    await expect(section.getByText('Your current password is not correct.')).toBeVisible();

    await current.fill(user.password);
    await submit.click();
    await expect(notification(page, 'Your password has been changed.')).toBeVisible();
    await expect(current).toHaveValue('');

    await signOut(page);
    await submitCredentials(page, user.email, user.password);
    await expect(errorAlert(page)).toHaveText(WRONG_CREDENTIALS);
    await passwordInput(page).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /, Robin$/ })).toBeVisible();
  });
});
