import { randomUUID } from 'node:crypto';

import type { Browser, Page } from '@playwright/test';

import {
  type CompanyEmployee,
  type CompanyIdp,
  startCompanyIdp,
} from '../../scripts/company-idp.ts';
import { idTokenOf, organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, openSignedIn, passwordInput } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * From "Invite user" to a first sign-in, both ways: with the password chosen on the invitation
 * link's page (one e-mail, no password in it), and through the organization's company provider (a
 * real OpenID Connect provider, oidc-provider, started here). E-mails are read from the demo
 * mailbox page. And the warning before an invitation takes a seat beyond the contract.
 */

const SUMMIT = 'Summit Skills Academy';
const KEYSTONE = 'Keystone Trades Apprenticeship';
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

/** Every e-mail to `email` the demo mailbox shows: subject and text. */
async function allMailTo(page: Page, email: string): Promise<string[]> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    return await mailbox.getByRole('article').filter({ hasText: email }).allInnerTexts();
  } finally {
    await mailbox.close();
  }
}

function invitationLink(text: string): string {
  const link = /(http\S+\/auth\/accept-invitation\?token=\S+)/.exec(text)?.[1];
  expect(link, 'an invitation link in the e-mail').toBeDefined();
  return link!;
}

async function inviteThroughDialog(
  page: Page,
  person: { email: string; firstName: string; lastName: string; role: string },
) {
  const seats = page.waitForResponse((response) => response.url().includes('/invitations/seats'));
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await seats;
  await dialog.getByLabel('E-mail address').fill(person.email);
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: person.role, exact: true }).click();
  await expectAccessible(page, 'invite dialog');
  // Other specs invite into the same organizations: past its contract's seats, say yes.
  const approval = dialog.getByRole('checkbox', { name: /^I approve an additional seat/ });
  if (await approval.isVisible()) await approval.check();
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

  test('a password user: invite, one e-mail, the link names who and where, own password, signed in', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const northwind = await organizationId(NORTHWIND);
    const email = `invitee-${randomUUID().slice(0, 8)}@northwind.demo`;
    const chosen = 'Iris-chosen-2026!';

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

    const mail = await readMail(page, email, "You're invited to");
    expect(mail).toContain('invited you to join Northwind Technical College on Laurel as User');
    expect(mail).not.toMatch(/temporary password/i);
    const link = invitationLink(mail);
    const invitee = await freshPage(browser, baseURL);
    await invitee.goto(link);
    await expect(
      invitee.getByRole('heading', { level: 1, name: `Join ${NORTHWIND}` }),
    ).toBeVisible();
    await expect(
      invitee.getByText(
        new RegExp(
          `^[A-Z][a-z]+ [A-Z][a-z]+ invited you to join ${NORTHWIND} on Laurel as User\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(invitee.getByLabel('E-mail address')).toHaveValue(email);
    await expectAccessible(invitee, 'accept invitation');
    await passwordInput(invitee, 'New password').fill(chosen);
    await passwordInput(invitee, 'Repeat the new password').fill(chosen);
    await invitee.getByRole('button', { name: 'Set password and join' }).click();
    // Signed in at once: the new user confirms the name the admin typed.
    await invitee.getByRole('dialog').getByRole('button', { name: 'Confirm name' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    await invitee.goto('/profile');
    await expect(invitee.getByText(`User · ${NORTHWIND}`)).toBeVisible();
    await invitee.context().close();

    // One e-mail, and no password in it or in any other.
    const mails = await allMailTo(page, email);
    expect(mails).toHaveLength(1);
    expect(mails.join('\n')).not.toContain(chosen);

    // The same link does not work twice: its page says so and what to do.
    const again = await freshPage(browser, baseURL);
    await again.goto(link);
    await expect(
      again.getByRole('heading', { level: 1, name: 'Invitation already accepted' }),
    ).toBeVisible();
    await expect(again.getByText('This invitation has already been accepted.')).toBeVisible();
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByLabel('E-mail address')).toHaveValue(email);
    await again.context().close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('warns before a seat beyond the contract and sends once the seat is approved', async ({
    page,
    visit,
  }) => {
    const keystone = await organizationId(KEYSTONE);
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    const authorization = `Bearer ${await idTokenOf(page.context())}`;
    // A contract whose seats are all taken: the next invitation is one more than it includes.
    const seats = (await (
      await page.request.get(`/api/organizations/${keystone}/invitations/seats`, {
        headers: { authorization },
      })
    ).json()) as { lines: { usedSeats: number }[] };
    const used = seats.lines[0]!.usedSeats;
    const number = `LC-E2E-${randomUUID().slice(0, 6)}`;
    const created = await page.request.post('/api/contracts', {
      headers: { authorization },
      data: {
        organization_id: keystone,
        number,
        name: 'Seats for the e2e run',
        status: 'ACTIVE',
        start_date: '2000-01-01',
        end_date: '2099-12-31',
        line_items: [
          {
            billing_code: 'A_ADDL_USER',
            description: 'Seats',
            unit_price: 240,
            included_quantity: used,
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const email = `seat-${randomUUID().slice(0, 8)}@keystone.demo`;
    await visit(`/admin/organizations/${keystone}/users`);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('First name').fill('Sky');
    await dialog.getByLabel('Last name').fill('Seat');
    const warning = dialog.getByRole('region', { name: 'Additional seat' });
    await expect(warning).toContainText(
      `This will be seat ${used + 1} of ${used} under contract ${number} (Seats for the e2e run). Additional seats are billed under the contract at $240.00 each.`,
    );
    await expect(warning).toContainText(
      'Organization admins and platform admins may approve an additional seat.',
    );
    await expectAccessible(page, 'invite dialog with a seat warning');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      dialog.getByText('Approve the additional seat to send this invitation.'),
    ).toBeVisible();
    await expect(dialog).toBeVisible();

    await warning
      .getByRole('checkbox', { name: `I approve an additional seat under ${number}` })
      .check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `Invitation sent to ${email}` }),
    ).toBeVisible();

    // Withdrawn again, so that the contract ends where it started: all its seats taken.
    await page.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Withdraw invitation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `The invitation of ${email} was withdrawn.` }),
    ).toBeVisible();
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
    await expect(
      invitee.getByText(/You sign in with your Summit Skills Academy company account/),
    ).toBeVisible();
    await expect(invitee.getByLabel('New password')).toHaveCount(0);
    await invitee.getByRole('button', { name: 'Continue with company sign-in' }).click();
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
