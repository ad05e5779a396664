import type { Page } from '@playwright/test';

import type { TAuditEntry } from '@laurel/contract/audits';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import type { TPage } from '@laurel/contract/pagination';
import { ROLES } from '@laurel/contract/roles';

import { apiGet, credentialId, organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, SIGN_IN_PATH, signIn, signOut } from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * A platform admin acting within an organization (spec §4, §6): the banner, changes recorded as
 * made while impersonating, and Stop or signing out ending it. The platform admin is a fresh one
 * (the same role as admin@laurel.demo), because signing out revokes the session.
 */

const RIVERSIDE = 'Riverside Community College';
const HVAC = 'HVAC-R Technician Certificate';

function banner(page: Page) {
  return page.getByRole('status').filter({ hasText: /^Acting in / });
}

test.describe('impersonation', () => {
  test('a platform admin acts in an organization, changes a credential there as impersonating, and Stop and sign-out end it', async ({
    page,
    visit,
  }) => {
    test.slow();
    const admin = await seedUser({
      label: 'impersonator',
      roleId: ROLES.PLATFORM_ADMIN,
      organizationName: PLATFORM_ORGANIZATION_NAME,
      firstName: 'Imogen',
      lastName: 'Acting',
    });
    const northwind = await organizationId(NORTHWIND);
    const adminHref = `/admin/organizations/${northwind}`;
    const actingHref = `/organizations/${northwind}`;
    await page.goto(SIGN_IN_PATH);
    await signIn(page, admin.email, admin.password);
    await expect(banner(page)).toHaveCount(0);

    // The platform admin's own view of the organization: no banner, an "Act in" action.
    await visit(adminHref);
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Act in organization' }).click();
    await expect(page).toHaveURL(new RegExp(`${actingHref}$`));
    await expect(banner(page)).toHaveText(`Acting in ${NORTHWIND} — Stop`);
    await expect(banner(page).getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Act in organization' })).toHaveCount(0);
    await expectAccessible(page, 'organization page while acting in it');

    // A change made while acting: a credential's description.
    const description = `Reviewed while acting ${Date.now()}`;
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.getByRole('link', { name: HVAC }).click();
    await expect(page).toHaveURL(
      new RegExp(`${actingHref}/credentials/${await credentialId(HVAC)}$`),
    );
    await expect(banner(page)).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${HVAC}` });
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Credential saved.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(description, { exact: true })).toBeVisible();

    // The organization's audit trail shows who made it, and that it was made while acting.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: NORTHWIND })
      .click();
    await page.getByRole('tab', { name: 'Audit trail' }).click();
    await expect(page).toHaveURL(new RegExp(`${actingHref}/audits$`));
    const entry = page.getByRole('row').filter({ hasText: description });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Imogen Acting');
    await expect(entry).toContainText(admin.email);
    await expect(entry).toContainText('Updated');
    await expect(entry).toContainText(`Acting in ${NORTHWIND}`);
    await expect(entry).toContainText(`Updated credential "${HVAC}"`);
    await expectAccessible(page, 'audit trail with an impersonating entry');

    // The same through the API, with the page's own token.
    const { status, body } = await apiGet<TPage<TAuditEntry>>(
      page,
      `/api/audits?organizationId=${northwind}&pageSize=100`,
    );
    expect(status).toBe(200);
    const recorded = body.items.find((item) => item.summary.includes(description));
    expect(recorded).toMatchObject({
      impersonating: true,
      actorEmail: admin.email,
      organizationName: NORTHWIND,
      resourceType: 'credential',
    });

    // Stop: back to the platform admin's own view, without the banner.
    await banner(page).getByRole('button', { name: 'Stop' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${adminHref}$`));
    await expect(page.getByRole('link', { name: 'Act in organization' })).toBeVisible();

    // Both ends are on the organization's trail, once each, as the platform admin's.
    const ends = async () => {
      const { body } = await apiGet<TPage<TAuditEntry>>(
        page,
        `/api/audits?organizationId=${northwind}&impersonating=true&pageSize=100`,
      );
      return body.items
        .filter((item) => item.actorEmail === admin.email && item.resourceType === 'organization')
        .map((item) => `${item.typeCode}: ${item.summary}`);
    };
    await expect
      .poll(ends)
      .toEqual([
        `IMPERSONATE_STOP: Stopped acting in ${NORTHWIND}`,
        `IMPERSONATE: Started acting in ${NORTHWIND}`,
      ]);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    // Opening an organization route directly acts in it too; signing out ends it.
    const riverside = await organizationId(RIVERSIDE);
    await page.goto(`/organizations/${riverside}`);
    await expect(banner(page)).toHaveText(`Acting in ${RIVERSIDE} — Stop`);
    await expect(page.getByRole('heading', { level: 1, name: RIVERSIDE })).toBeVisible();
    await signOut(page);
    await expect(banner(page)).toHaveCount(0);
    // Signing in again in the same tab starts without an acting organization.
    await signIn(page, admin.email, admin.password);
    await expect(banner(page)).toHaveCount(0);
  });
});
