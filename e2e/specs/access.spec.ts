import type { Page } from '@playwright/test';

import { credentialId, firstContract, organizationId } from '../support/directory.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * What an ordinary user (user@northwind.demo, role User) can open (spec §2, §6): other
 * organizations' pages and the platform admin routes answer one clean "not found or no access"
 * screen that shows nothing of the other organization, and admin actions are not offered.
 */

const RIVERSIDE = 'Riverside Community College';
const EMT = 'Emergency Medical Technician';
const NO_ACCESS = 'Not found or no access';

/** Fails the test on any uncaught error in the page, the sign of a crash. */
function watchForCrashes(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectNoAccess(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test.describe('access of an ordinary user', () => {
  test('another organization, the admin routes and unknown records answer "not found or no access", showing none of their data', async ({
    page,
    visit,
  }) => {
    const crashes = watchForCrashes(page);
    await openSignedIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    const northwind = await organizationId(NORTHWIND);
    const riverside = await organizationId(RIVERSIDE);
    const emt = await credentialId(EMT);
    const riversideContract = await firstContract(RIVERSIDE);

    await visit(`/admin/organizations/${northwind}`);
    await expectNoAccess(page);
    await expect(page.getByRole('link', { name: 'Act in organization' })).toHaveCount(0);

    const foreign = [
      `/organizations/${riverside}`,
      `/organizations/${riverside}/credentials/${emt}`,
      // A Riverside record under the user's own organization route.
      `/organizations/${northwind}/credentials/${emt}`,
      `/organizations/${northwind}/contracts/${riversideContract.id}`,
      // A record that does not exist, and an id that is not a number.
      `/organizations/${northwind}/credentials/999999`,
      `/organizations/${northwind}/users/abc`,
    ];
    for (const path of foreign) {
      await page.goto(path);
      await expectNoAccess(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const main = page.getByRole('main');
      await expect(main).not.toContainText('Riverside');
      await expect(main).not.toContainText(EMT);
      await expect(main).not.toContainText(riversideContract.label);
    }

    // "Go to the dashboard" leads home.
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(crashes).toEqual([]);
  });

  test('a user sees no admin actions, and an unknown item type falls back to the organization route', async ({
    page,
    visit,
  }) => {
    const crashes = watchForCrashes(page);
    await openSignedIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    const northwind = await organizationId(NORTHWIND);
    const organizationHref = `/organizations/${northwind}`;
    const heading = page.getByRole('heading', { level: 1, name: NORTHWIND });

    // Unknown item types, with and without an id, fall back to the organization route.
    for (const path of [`${organizationHref}/nonsense`, `${organizationHref}/nonsense/5`]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${organizationHref}$`));
      await expect(heading).toBeVisible();
    }

    // The organization page: no Edit, no audit trail, no "Act in".
    await visit(organizationHref);
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Act in organization' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Audit trail' })).toHaveCount(0);

    // Credentials: no "New credential"; a credential page offers no Edit or Archive.
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByRole('table', { name: 'Credentials' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New credential' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Welding Technology Certificate' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welding Technology Certificate' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Bookmark Welding Technology Certificate' }),
    ).toBeVisible();
    for (const action of ['Edit', 'Archive', 'Restore'])
      await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);

    // Users: listed, without the row actions.
    await page.goto(`${organizationHref}/users`);
    const users = page.getByRole('table', { name: 'Users' });
    await expect(
      users.getByRole('row').filter({ hasText: 'orgadmin@northwind.demo' }),
    ).toBeVisible();
    await expect(users.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

    // The audit trail is not in the navigation, and its address answers "no access".
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audits' }),
    ).toHaveCount(0);
    await page.goto('/audits');
    await expectNoAccess(page);
    await page.goto(`${organizationHref}/audits`);
    await expectNoAccess(page);
    expect(crashes).toEqual([]);
  });
});
