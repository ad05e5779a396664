import type { Page } from '@playwright/test';

import { organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  GREETING,
  SIGN_IN_PATH,
  openSignedIn,
  signIn,
  submitCredentials,
} from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * An organization admin manages the people of their organization (spec §3, §6): roles (never
 * Platform Admin) and the active flag, with a confirmation; an inactive user cannot sign in.
 * The changed user is a fresh one, so that no other test depends on them.
 */

function notification(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

test.describe('users administration', () => {
  test('an organization admin promotes a user, deactivates them (who then cannot sign in) and activates them again', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const member = await seedUser({ label: 'managed', firstName: 'Morgan', lastName: 'Managed' });
    const name = 'Morgan Managed';
    const northwind = await organizationId(NORTHWIND);

    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await visit(`/organizations/${northwind}/users`);
    await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
    await page.getByLabel('Search users').fill(member.email);
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(name);
    await expect(row).toContainText('User');
    await expect(row).toContainText('Active');

    // Change the role: Platform Admin is not offered to an organization admin.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog', { name: `Change the role of ${name}` });
    await expect(roleDialog.getByRole('button', { name: 'Save role' })).toBeDisabled();
    await roleDialog.getByRole('combobox', { name: 'Role' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(['Organization Admin', 'User']);
    await expectAccessible(page, 'role choice');
    await page.getByRole('option', { name: 'Organization Admin' }).click();
    await roleDialog.getByRole('button', { name: 'Save role' }).click();
    await expect(notification(page, `${name} is now Organization Admin.`)).toBeVisible();
    await expect(roleDialog).toBeHidden();
    await expect(row).toContainText('Organization Admin');
    // Saved: still there after a reload (the search is kept in the address).
    await page.reload();
    await expect(row).toContainText('Organization Admin');

    // Deactivate, after a confirmation.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await expect(confirm).toContainText(
      `${name} will be signed out and cannot sign in until an administrator activates the account again.`,
    );
    await expectAccessible(page, 'deactivation confirmation');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(notification(page, `${name} is deactivated.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Inactive');
    // The status filter finds them among the inactive.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect(page).toHaveURL(/status=DEACTIVATED/);
    await expect(row).toHaveCount(1);

    // The deactivated user is turned away at sign-in with a clear message.
    const other = await browser.newContext({ baseURL });
    const theirs = await other.newPage();
    try {
      await theirs.goto(SIGN_IN_PATH);
      await submitCredentials(theirs, member.email, member.password);
      await expect(
        theirs.getByText('This account has been disabled. Please contact your administrator.'),
      ).toBeVisible();
      await expect(theirs).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
      await expectAccessible(theirs, 'sign-in refused for a deactivated account');

      // Activated again, they sign in, as an organization admin now.
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Activate' }).click();
      const activate = page.getByRole('dialog', { name: `Activate ${name}?` });
      await expect(activate).toContainText(`${name} will be able to sign in again.`);
      await activate.getByRole('button', { name: 'Activate' }).click();
      await expect(notification(page, `${name} is active again.`)).toBeVisible();
      await expect(row).toHaveCount(0); // no longer among the inactive
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Active', exact: true }).click();
      await expect(row).toContainText('Active');
      await expect(row).not.toContainText('Inactive');

      await theirs.goto(SIGN_IN_PATH);
      await signIn(theirs, member.email, member.password);
      await expect(theirs.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
      await expect(theirs.getByText(`${NORTHWIND} · Organization Admin`)).toBeVisible();
    } finally {
      await other.close();
    }

    // The role change and the deactivation are on the organization's audit trail.
    await visit(`/organizations/${northwind}/audits`);
    await page.getByLabel('Search audit entries').fill(name);
    const entries = page.getByRole('table', { name: 'Audit entries' }).getByRole('row');
    await expect(entries.filter({ hasText: /Organization Admin/ })).not.toHaveCount(0);
  });
});
