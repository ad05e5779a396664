import type { BrowserContext, Page } from '@playwright/test';

import { expect, expectAccessible } from './fixtures.ts';

/** Steps through the real sign-in screens that every spec shares. */

export const SIGN_IN_PATH = '/auth/password-sign-in';
/** The dashboard's heading, "Good morning, Sam". */
export const GREETING = /^Good (morning|afternoon|evening)\b/;

export function passwordInput(page: Page, label = 'Password') {
  // `exact`: the "Show password" button is labelled too.
  return page.getByLabel(label, { exact: true });
}

/** Fills the e-mail step and then the password step, and submits; does not wait for the result. */
export async function submitCredentials(page: Page, email: string, password: string) {
  if (!page.url().includes(SIGN_IN_PATH)) await page.goto(SIGN_IN_PATH);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await passwordInput(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in with a password and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await submitCredentials(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
const sessions = new Map<string, Cookies>();

/**
 * Opens the dashboard signed in as `email`: through the sign-in screens the first time, then
 * with that sign-in's cookies, which saves a sign-in per test where signing in is not the point.
 * A test that signs out must not use this: signing out revokes the shared session.
 */
export async function openSignedIn(page: Page, email: string, password: string) {
  const cookies = sessions.get(email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    return;
  }
  await page.goto(SIGN_IN_PATH);
  await signIn(page, email, password);
  sessions.set(email, await page.context().cookies());
}

/** Signs out through the account menu and waits for the sign-in screen. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

/** The newest reset code e-mailed to `email`, read from the demo mailbox page. */
export async function readResetCodeFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    await expectAccessible(mailbox, '/dev/mailbox');
    const newest = mailbox
      .getByRole('article')
      .filter({ hasText: email })
      .filter({ hasText: 'Your password reset code' })
      .first();
    const text = (await newest.locator('pre').textContent()) ?? '';
    const code = /reset code is (\d{6})/.exec(text)?.[1];
    expect(code, `a reset code in the mailbox for ${email}`).toBeDefined();
    return code!;
  } finally {
    await mailbox.close();
  }
}

/** The signed-in person's organization's address (`/organizations/2`), from the sidebar. */
export async function ownOrganizationPath(page: Page): Promise<string> {
  const href = await page
    .locator('a[href^="/organizations/"]')
    .first()
    .getAttribute('href', { timeout: 10_000 });
  const path = /\/organizations\/\d+/.exec(href ?? '')?.[0];
  expect(path, 'a link to the organization').toBeDefined();
  return path!;
}

/** An organization admin's main screens, their organization's `organization` among them. */
export function organizationAdminScreens(organization: string): string[] {
  return [
    '/',
    organization,
    `${organization}/credentials`,
    `${organization}/insights`,
    `${organization}/uploads`,
    `${organization}/users`,
    `${organization}/contracts`,
    `${organization}/audits`,
    '/profile',
    '/settings',
    '/insights/methodology',
  ];
}

/** Opens the first credential of `organization`'s list (its address, `/organizations/2`). */
export async function openFirstCredential(page: Page, organization: string) {
  await page.goto(`${organization}/credentials`);
  await page
    .getByRole('link', { name: /Certificate|Degree|License|\(AAS\)/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}
