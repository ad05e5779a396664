import { randomUUID } from 'node:crypto';

import type { Browser, Page } from '@playwright/test';

import {
  type CompanyEmployee,
  type CompanyIdp,
  startCompanyIdp,
} from '../../scripts/company-idp.ts';
import { organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, openSignedIn, passwordInput } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * From "Invite user" to a first sign-in, both ways: with a temporary password e-mailed after
 * accepting, and through the organization's company provider (a real OpenID Connect provider,
 * oidc-provider, started here). E-mails are read from the demo mailbox page.
 */

const SUMMIT = 'Summit Skills Academy';
const COMPANY_PASSWORD = 'Company-e2e-2026!';

/** The newest e-mail to `email` with `subject`, as the demo mailbox shows it. */
async function readMail(page: Page, email: string, subject: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    const article = mailbox
      .getByRole('article')
      .filter({ hasText: email })
      .filter({ hasText: subject })
      .first();
    await expect(article).toBeVisible();
    return (await article.locator('pre').textContent()) ?? '';
  } finally {
    await mailbox.close();
  }
}

function invitationLink(text: string): string {
  const link = /(http\S+\/auth\/accept-invitation\?token=\S+)/.exec(text)?.[1];
  expect(link, 'an invitation link in the e-mail').toBeTruthy();
  return link!;
}

async function inviteThroughDialog(
  page: Page,
  person: { email: string; firstName: string; lastName: string; role: string },
) {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail address').fill(person.email);
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: person.role, exact: true }).click();
  await expectAccessible(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Invitation sent to ${person.email}` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe('invitations', () => {
  let idp: CompanyIdp | undefined;
  const employees: CompanyEmployee[] = [];

  test.afterAll(async () => {
    await idp?.close();
  });

  test('a password user: invite, e-mail, accept, temporary password, own password, signed in', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const northwind = await organizationId(NORTHWIND);
    const email = `invitee-${randomUUID().slice(0, 8)}@northwind.demo`;

    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await visit(`/organizations/${northwind}/users`);
    await inviteThroughDialog(page, {
      email,
      firstName: 'Iris',
      lastName: 'Invitee',
      role: 'User',
    });
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Invited' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Invited')).toBeVisible();

    const link = invitationLink(await readMail(page, email, "You're invited to"));
    const invitee = await freshPage(browser, baseURL);
    await invitee.goto(link);
    await expect(
      invitee.getByRole('heading', { level: 1, name: 'Accept your invitation' }),
    ).toBeVisible();
    await expectAccessible(invitee, 'accept invitation');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(invitee).toHaveURL(/\/auth\/password-sign-in\?checkEmail=true$/);
    await expect(invitee.getByText('Check your e-mail for your temporary password')).toBeVisible();
    await expect(invitee.getByLabel('E-mail address')).toHaveValue(email);

    const mail = await readMail(page, email, 'Your temporary Laurel password');
    const temporary = /^\s+(\S+)\s*$/m.exec(mail)?.[1];
    expect(temporary).toBeTruthy();
    await invitee.getByRole('button', { name: 'Continue' }).click();
    await passwordInput(invitee).fill(temporary!);
    await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(invitee).toHaveURL(/\/auth\/set-password/);
    await passwordInput(invitee, 'New password').fill('Iris-chosen-2026!');
    await passwordInput(invitee, 'Repeat the new password').fill('Iris-chosen-2026!');
    await invitee.getByRole('button', { name: 'Set password and continue' }).click();
    // First sign-in: the new user confirms the name the admin typed.
    await invitee.getByRole('dialog').getByRole('button', { name: 'Confirm name' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();

    // The same link does not work twice.
    await invitee.goto(link);
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(
      invitee.getByRole('alert').filter({ hasText: 'already been accepted' }),
    ).toBeVisible();
    await invitee.context().close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test("an invitation withdrawn from the person's page leads back to the users list", async ({
    page,
    visit,
  }) => {
    const northwind = await organizationId(NORTHWIND);
    const email = `withdrawn-${randomUUID().slice(0, 8)}@northwind.demo`;
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await visit(`/organizations/${northwind}/users`);
    await inviteThroughDialog(page, { email, firstName: 'Wren', lastName: 'Later', role: 'User' });
    await page.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wren Later' })).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw invitation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `The invitation of ${email} was withdrawn.` }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/organizations/${northwind}/users$`));
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('a company user: SSO settings, invite, e-mail, accept, company sign-in page, back signed in', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const summit = await organizationId(SUMMIT);
    const email = `sso-${randomUUID().slice(0, 8)}@summit.demo`;
    employees.push({
      id: randomUUID(),
      email,
      password: COMPANY_PASSWORD,
      givenName: 'Sam',
      familyName: 'Summit',
    });
    idp = await startCompanyIdp({
      companyName: 'Summit Skills Academy',
      clientId: 'laurel-e2e',
      clientSecret: 'laurel-e2e-secret',
      redirectUris: [`${baseURL}/identity/oauth2/idpresponse`],
      employees,
    });

    // A platform admin points the organization at its company's provider.
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await visit(`/admin/organizations/${summit}`);
    const card = page.getByRole('region', { name: 'Company sign-in (SSO)' });
    await card.getByRole('button', { name: /Edit settings|Set up company sign-in/ }).click();
    await card.getByLabel('Issuer').fill(idp.issuer);
    await card.getByLabel('Client id').fill('laurel-e2e');
    await card.getByLabel('Client secret').fill('laurel-e2e-secret');
    await card.getByLabel('E-mail domains').fill('summit.demo');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
    await expectAccessible(page, 'SSO settings');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Company sign-in saved.' }),
    ).toBeVisible();
    await expect(card.getByText(idp.issuer)).toBeVisible();

    await visit(`/admin/organizations/${summit}/users`);
    await inviteThroughDialog(page, {
      email,
      firstName: 'Sam',
      lastName: 'Summit',
      role: 'Organization Admin',
    });

    const link = invitationLink(await readMail(page, email, "You're invited to"));
    const invitee = await freshPage(browser, baseURL);
    await invitee.goto(link);
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    // The company's own sign-in page.
    await expect(invitee).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await expect(invitee.getByRole('heading', { name: 'Summit Skills Academy' })).toBeVisible();
    await expect(invitee.getByLabel('Work e-mail')).toHaveValue(email);
    await invitee.getByLabel('Password').fill(COMPANY_PASSWORD);
    await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();

    await invitee.getByRole('dialog').getByRole('button', { name: 'Confirm name' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(new URL(invitee.url()).origin).toBe(new URL(baseURL!).origin);
    await invitee.goto('/profile');
    await expect(invitee.getByText(`Organization Admin · ${SUMMIT}`)).toBeVisible();
    await invitee.context().close();

    // A callback without a valid code and state is refused.
    const stranger = await freshPage(browser, baseURL);
    await stranger.goto('/auth/callback?code=forged&state=forged');
    await expect(stranger.getByRole('alert')).toHaveText('Something went wrong.');
    await stranger.context().close();
  });
});
