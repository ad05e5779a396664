import { readFileSync } from 'node:fs';

import { ROLES } from '@laurel/contract/roles';

import { credentialId, organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { openSignedIn, SIGN_IN_PATH, signIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * The audit trail of an organization admin (orgadmin@northwind.demo): a change they make is
 * listed with who and what, the type filter narrows the list, and the CSV export downloads what
 * the filter selects.
 */

const MECHATRONICS = 'Mechatronics (AAS)';
const CSV_HEADER =
  'time,actor,actor e-mail,organization,impersonating,type,resource,resource id,summary,ip,request id';

test.describe('audit trail', () => {
  test('a change is listed with who and what, the type filter narrows the list, and the CSV export has a header', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    const northwind = await organizationId(NORTHWIND);
    const description = `Audited change ${Date.now()}`;

    // The change: a credential's description.
    await page.goto(`/organizations/${northwind}/credentials/${await credentialId(MECHATRONICS)}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${MECHATRONICS}` });
    await dialog.getByLabel('Description').fill(description);
    await expectAccessible(page, 'credential edit dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Credential saved.' })).toBeVisible();
    await expect(page.getByText(description, { exact: true })).toBeVisible();

    // The audit screen, from the navigation.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit trail' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${northwind}/audits$`));
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Audit trail' })).toBeVisible();
    // The old address of the same list leads to the same place.
    await page.goto('/audits');
    await expect(page).toHaveURL(new RegExp(`/organizations/${northwind}/audits$`));
    const table = page.getByRole('table', { name: 'Audit entries' });
    const rows = table.getByRole('row');
    const entry = rows.filter({ hasText: description });
    await expect(entry).toHaveCount(1);
    // Newest first: the change leads the list.
    await expect(rows.nth(1)).toContainText(description);
    await expectAccessible(page, '/audits');
    await expect(entry).toContainText('Jordan Reyes');
    await expect(entry).toContainText('orgadmin@northwind.demo');
    await expect(entry).toContainText('Updated');
    await expect(entry).toContainText(`Updated credential "${MECHATRONICS}": description: `);
    await expect(entry).toContainText(` → "${description}"`);
    await expect(entry).not.toContainText('Acting in');

    // The type filter narrows: "Updated" keeps the change, "Export" does not.
    const type = page.getByRole('combobox', { name: 'Type' });
    await type.click();
    await page.getByRole('option', { name: 'Updated', exact: true }).click();
    await expect(page).toHaveURL(/typeId=2/);
    await expect(entry).toHaveCount(1);
    // Every row the filtered list shows is an update (once the filtered page has replaced the last).
    const whatColumn = () =>
      rows.evaluateAll((all) =>
        all.slice(1).map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''),
      );
    await expect
      .poll(async () => {
        const whats = await whatColumn();
        return whats.length > 0 && whats.every((what) => what.startsWith('Updated'));
      })
      .toBe(true);

    // The export downloads the filtered entries, under a header line.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audits.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length).toBeGreaterThan(1);
    expect(csv).toContain(description);
    expect(csv).toContain('orgadmin@northwind.demo');
    expect(csv).not.toContain('Riverside');

    await type.click();
    await page.getByRole('option', { name: 'Export', exact: true }).click();
    await expect(page).toHaveURL(/typeId=6/);
    await expect(entry).toHaveCount(0);
    // The export just made is itself recorded.
    await expect(rows.filter({ hasText: 'orgadmin@northwind.demo' }).first()).toContainText(
      'Export',
    );
  });

  test('an organization admin exports a list as CSV, then finds that export and their own sign-in on the audit screen, on a phone too', async ({
    page,
  }) => {
    const admin = await seedUser({
      label: 'exporter',
      roleId: ROLES.ORGANIZATION_ADMIN,
      organizationName: NORTHWIND,
      firstName: 'Ezra',
      lastName: 'Exporter',
    });
    await page.goto(SIGN_IN_PATH);
    await signIn(page, admin.email, admin.password);

    // The export: every credential of the organization, as the list's button gives it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Credentials' })
      .click();
    await expect(page.getByRole('table', { name: 'Credentials' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = csv.trim().split(/\r?\n/).length - 1;
    expect(rows).toBeGreaterThan(0);

    // The audit screen, narrowed to this person with the shared person picker.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit trail' })
      .click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/audits$/);
    const person = page.getByRole('combobox', { name: 'User' });
    await person.fill('Ezra');
    await page.getByRole('option', { name: 'Ezra Exporter' }).click();
    await expect(page).toHaveURL(/userId=\d+/);
    const table = page.getByRole('table', { name: 'Audit entries' });
    const summary = `Exported ${rows} credentials as CSV (organization "${NORTHWIND}")`;
    const exported = table.getByRole('row').filter({ hasText: summary });
    await expect(exported).toHaveCount(1);
    await expect(exported).toContainText('Export');
    await expect(exported).toContainText(admin.email);
    const signedIn = table
      .getByRole('row')
      .filter({ hasText: `${admin.email} signed in with e-mail and password` });
    await expect(signedIn).toHaveCount(1);
    await expect(signedIn).toContainText('Signed in');
    // Only this person's entries: the export and the sign-in.
    await expect(table.getByRole('row')).toHaveCount(3);
    await expectAccessible(page, '/audits filtered by person');

    // On a phone the entry is stacked in one cell: what and its details, no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    const stacked = exported.getByRole('cell').filter({ visible: true });
    await expect(stacked).toHaveCount(1);
    await expect(stacked).toContainText('Export');
    await expect(stacked).toContainText(summary);
    const overflow = await table.evaluate((element) => {
      const container = element.parentElement!;
      return container.scrollWidth - container.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, '/audits on a phone');
  });
});

test.describe('audit table layout', () => {
  test('an organization admin reads at least 12 one-line entries on a 1440 × 900 screen, with no organization column, and opens one for its details', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await page.goto(`/organizations/${await organizationId(NORTHWIND)}/audits`);
    const table = page.getByRole('table', { name: 'Audit entries' });
    const rows = table.locator('tbody tr');
    await expect(rows.nth(12)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Who' })).toBeVisible();
    // The organization is the same on every row of an organization admin's list: no column.
    await expect(table.getByRole('columnheader', { name: 'Organization' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'IP address' })).toHaveCount(0);

    const boxes = await rows.evaluateAll((all) =>
      all.map((row) => {
        const rect = row.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, height: rect.height };
      }),
    );
    const onScreen = boxes.filter((box) => box.bottom <= 900);
    expect(onScreen.length, 'entries fully on a 1440 × 900 screen').toBeGreaterThanOrEqual(12);
    // One line each: every row as high as a line of text and a small chip.
    for (const box of boxes.slice(0, 12)) expect(box.height).toBeLessThanOrEqual(36);

    // An e-mail address is cut short, never broken; its full value shows on hover and on focus.
    const who = rows.first().getByRole('cell').nth(1).locator('[tabindex="0"]');
    await expect(who).toHaveCSS('white-space', 'nowrap');
    await expect(who).toHaveCSS('text-overflow', 'ellipsis');
    const email = (await who.textContent())!.split(' ').at(-1)!;
    expect(email).toContain('@');
    await who.hover();
    await expect(page.getByRole('tooltip')).toContainText(email);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await who.focus();
    await expect(page.getByRole('tooltip')).toContainText(email);

    // The detail on demand: what the row leaves out.
    const toggle = rows.first().getByRole('button', { name: /^Details of / });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(detail).toBeVisible();
    for (const label of ['Summary', 'Resource', 'IP address', 'Request id'])
      await expect(detail.getByText(label, { exact: true })).toBeVisible();
    await expectAccessible(page, 'audit trail with an entry open');
    await toggle.click();
    await expect(detail).toHaveCount(0);
  });

  test('a platform admin sees the organization of each entry', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page.goto('/audits');
    const table = page.getByRole('table', { name: 'Audit entries' });
    await expect(table.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows.nth(12)).toBeVisible();
    const onScreen = await rows.evaluateAll(
      (all) => all.filter((row) => row.getBoundingClientRect().bottom <= 900).length,
    );
    expect(onScreen).toBeGreaterThanOrEqual(12);
  });

  test('on a phone an entry is stacked in one cell, its address whole, its details on demand', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await page.goto(`/organizations/${await organizationId(NORTHWIND)}/audits`);
    const table = page.getByRole('table', { name: 'Audit entries' });
    const first = table.locator('tbody tr').first();
    await expect(first.getByRole('cell').filter({ visible: true })).toHaveCount(1);
    const who = first.locator('span[tabindex="0"]').filter({ visible: true });
    await expect(who).toHaveCount(1);
    await expect(who).toHaveCSS('white-space', 'nowrap');
    await first.getByRole('button', { name: /^Details of / }).click();
    const detail = table.locator('tbody tr').nth(1);
    await expect(detail.getByText('Request id', { exact: true })).toBeVisible();
    const overflow = await table.evaluate((element) => {
      const container = element.parentElement!;
      return container.scrollWidth - container.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'audit trail on a phone with an entry open');
  });
});
