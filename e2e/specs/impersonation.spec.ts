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

    // The platform admin's own view of the organization: no banner, an "Act in" action, and a
    // label saying whose view it is.
    await visit(adminHref);
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await expect(page.getByText(/^Platform admin view · /)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Act in organization' }).click();
    await expect(page).toHaveURL(new RegExp(`${actingHref}$`));
    await expect(banner(page)).toHaveText(`Acting in ${NORTHWIND}Stop`);
    await expect(banner(page).getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Act in organization' })).toHaveCount(0);
    await expect(page.getByText(/^Platform admin view · /)).toHaveCount(0);
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
    await expect(banner(page)).toHaveText(`Acting in ${RIVERSIDE}Stop`);
    await expect(page.getByRole('heading', { level: 1, name: RIVERSIDE })).toBeVisible();
    await signOut(page);
    await expect(banner(page)).toHaveCount(0);
    // Signing in again in the same tab starts without an acting organization.
    await signIn(page, admin.email, admin.password);
    await expect(banner(page)).toHaveCount(0);
  });

  test('while acting, the sidebar is the organization’s, a link out of it asks first, and Stop returns to the platform view', async ({
    page,
  }) => {
    test.slow();
    const admin = await seedUser({
      label: 'navigator',
      roleId: ROLES.PLATFORM_ADMIN,
      organizationName: PLATFORM_ORGANIZATION_NAME,
      firstName: 'Nadia',
      lastName: 'Acting',
    });
    const riverside = await organizationId(RIVERSIDE);
    const actingHref = `/organizations/${riverside}`;
    const navigation = page.getByRole('navigation', { name: 'Main' });
    const stops = async () => {
      const { body } = await apiGet<TPage<TAuditEntry>>(
        page,
        `/api/audits?organizationId=${riverside}&impersonating=true&pageSize=100`,
      );
      return body.items.filter(
        (item) => item.actorEmail === admin.email && item.typeCode === 'IMPERSONATE_STOP',
      ).length;
    };
    await page.goto(SIGN_IN_PATH);
    await signIn(page, admin.email, admin.password);

    // From the Organizations list to the platform admin's view of the organization, then acting.
    await navigation.getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('link', { name: RIVERSIDE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/organizations/${riverside}$`));
    await expect(page.getByText(/^Platform admin view · /)).toBeVisible();
    await page.getByRole('link', { name: 'Act in organization' }).click();
    await expect(page).toHaveURL(new RegExp(`${actingHref}$`));
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).not.toContainText('—');

    // The sidebar is what an organization admin of it sees, and every item stays inside it.
    const items = await navigation
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => `${link.textContent} ${link.getAttribute('href')}`),
      );
    expect(items).toEqual([
      `Overview ${actingHref}`,
      `Credentials ${actingHref}/credentials`,
      `Users ${actingHref}/users`,
      `Contracts ${actingHref}/contracts`,
      `Insights ${actingHref}/insights`,
      `Uploads ${actingHref}/uploads`,
      `Audit trail ${actingHref}/audits`,
      `API keys ${actingHref}/api-keys`,
      `Webhooks ${actingHref}/webhooks`,
      'Insights methodology /insights/methodology',
    ]);
    await expect(navigation.getByText(RIVERSIDE, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('complementary').getByText('Acting in', { exact: true }),
    ).toBeVisible();
    await navigation.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(new RegExp(`${actingHref}/users$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner(page)).toBeVisible();
    await expectAccessible(page, 'the sidebar while acting');

    // A link out of the organization asks first; staying keeps acting and records nothing.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const leave = page.getByRole('dialog', { name: `Stop acting in ${RIVERSIDE}?` });
    await expect(leave).toBeVisible();
    await expectAccessible(page, 'the question before leaving the organization');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${actingHref}/users$`));
    await expect(banner(page)).toBeVisible();
    expect(await stops()).toBe(0);

    // Leaving after the question stops acting, on the record, and the sidebar is the platform's.
    await page.getByRole('link', { name: 'Laurel home' }).click();
    await leave.getByRole('button', { name: 'Stop acting' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: 'Organizations' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Overview' })).toHaveCount(0);
    await expect.poll(stops).toBe(1);

    // Acting again; the banner's Stop leaves without a question, to the platform admin's view.
    await page.goto(`${actingHref}/credentials`);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/organizations/${riverside}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText(/^Platform admin view · /)).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Organizations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect.poll(stops).toBe(2);
  });
});
