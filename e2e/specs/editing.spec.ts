import type { Locator, Page } from '@playwright/test';

import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * A platform admin creates and edits an organization, a credential and a contract, and a person
 * edits their profile: each saved value is there after a reload, and each change is on the audit
 * trail. Names carry the run's time so that reruns and other tests do not collide.
 */

function notification(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function chooseFirst(page: Page, field: Locator) {
  await field.click();
  await page.getByRole('listbox').getByRole('option').first().click();
}

async function pickOrganization(page: Page, dialog: Locator, name: string) {
  const picker = dialog.getByRole('combobox', { name: 'Organization' });
  await picker.fill(name.slice(0, 9));
  await page.getByRole('option', { name }).click();
  await expect(picker).toHaveValue(name);
}

/**
 * The audit trail holds the entry of this very change: `search` narrows the list to the record,
 * `summary` is the entry's own text (not the "Created …" entry, which names the record too).
 */
async function expectAudited(page: Page, search: string, summary: string | RegExp) {
  await page.goto('/audits');
  await page.getByLabel('Search audit entries').fill(search);
  await expect(
    page
      .getByRole('table', { name: 'Audit entries' })
      .getByRole('row')
      .filter({ hasText: summary }),
  ).toHaveCount(1);
}

test.describe('creating and editing', () => {
  test('a platform admin creates and edits an organization; it is saved and audited', async ({
    page,
  }) => {
    const name = `Lakeside Institute ${Date.now()}`;
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page.goto('/organizations');
    await page.getByRole('button', { name: 'New organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'New organization' });
    await dialog.getByLabel('Name').fill(name);
    await chooseFirst(page, dialog.getByRole('combobox', { name: 'Type' }));
    await chooseFirst(page, dialog.getByRole('combobox', { name: 'Sign-in' }));
    await dialog.getByLabel('City').fill('Duluth');
    await expectAccessible(page, 'new organization dialog');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await expect(notification(page, 'Organization created.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('City').fill('Saint Paul');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Organization saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Saint Paul')).toBeVisible();

    await expectAudited(
      page,
      name,
      `Updated organization "${name}": city: "Duluth" → "Saint Paul"`,
    );
  });

  test('a platform admin creates a credential for an organization chosen by search, then edits it', async ({
    page,
  }) => {
    const name = `Solar Installer Certificate ${Date.now()}`;
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page.goto('/credentials');
    await page.getByRole('button', { name: 'New credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'New credential' });
    await pickOrganization(page, dialog, NORTHWIND);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('textbox', { name: /^Code/ }).fill(`SOLAR-${Date.now() % 100000}`);
    await chooseFirst(page, dialog.getByRole('combobox', { name: 'Type' }));
    await expectAccessible(page, 'new credential dialog');
    await dialog.getByRole('button', { name: 'Create credential' }).click();
    await expect(notification(page, 'Credential created.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Program code (CIP)').fill('15.0503');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Credential saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('15.0503')).toBeVisible();

    await expectAudited(page, name, `Updated credential "${name}": program_code: — → "15.0503"`);
  });

  test('a platform admin creates a contract for an organization chosen by search, then edits it', async ({
    page,
  }) => {
    const number = `C-${Date.now()}`;
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page.goto('/contracts');
    await page.getByRole('button', { name: 'New contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contract' });
    await pickOrganization(page, dialog, NORTHWIND);
    await dialog.getByLabel('Number').fill(number);
    await dialog.getByLabel('Name').fill('Insights subscription');
    await dialog.getByLabel('Starts').fill('2026-01-01');
    await dialog.getByLabel('Ends').fill('2027-12-31');
    await expectAccessible(page, 'new contract dialog');
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await expect(notification(page, 'Contract created.')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: /Insights subscription/ }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${number}` });
    await edit.getByLabel('Name').fill('Insights and matching');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Contract saved.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: /Insights and matching/ }),
    ).toBeVisible();

    await expectAudited(
      page,
      number,
      `Updated contract ${number}: now ${number} "Insights and matching"`,
    );
  });

  test('a person edits their profile; it is saved, shown after a reload, and audited', async ({
    page,
  }) => {
    const title = `Registrar ${Date.now()}`;
    await openSignedIn(page, 'orgadmin@riverside.demo', DEMO_PASSWORD);
    await page.goto('/profile');
    const jobTitle = page.getByLabel('Job title');
    await jobTitle.fill(title);
    // A field left empty says so as soon as it is left, before anything is sent.
    const firstName = page.getByLabel('First name');
    const before = await firstName.inputValue();
    await firstName.fill('');
    await firstName.blur();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await firstName.fill(before);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(notification(page, 'Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Job title')).toHaveValue(title);

    await expectAudited(page, title, `→ "${title}"`);
  });
});
