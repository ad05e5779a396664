import type { Page } from '@playwright/test';

import { BILLING_CODE_LABELS } from '@laurel/contract/labels';

import { firstContract, organizationId } from '../support/directory.ts';
import { expect, test } from '../support/fixtures.ts';
import { GREETING, openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * The platform's own business (the CRM link, billing codes) is for platform admins: a college's
 * admin reads each contract line in words, on the screens and in what the API sends the browser.
 */

const SEATS = BILLING_CODE_LABELS.A_ADDL_USER;
const CODES = /A_ADDL_USER|D_MATCH_EQUIFAX_TWN|D_MATCH_PDL_API/;

/** Every API answer the page receives, as text, to look for what must not reach it. */
function recordApiAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    void response.text().then(
      (text) => answers.push(`${response.url()} ${text}`),
      () => undefined,
    );
  });
  return answers;
}

test.describe('vendor-internal details', () => {
  test('an organization admin sees no billing code or Salesforce link on the contract and organization screens, and the API sends none', async ({
    page,
  }) => {
    const answers = recordApiAnswers(page);
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    const northwind = await organizationId(NORTHWIND);
    const contract = await firstContract(NORTHWIND);

    // The dashboard's contract usage: lines in words.
    await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    const usage = page.getByRole('region', { name: 'Contract usage' });
    await expect(usage.getByText(SEATS).first()).toBeVisible();
    await expect(usage).not.toContainText(CODES);

    // The organization page: its overview has no CRM row.
    await page.goto(`/organizations/${northwind}`);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Technical college').first()).toBeVisible();
    await expect(page.getByText('Salesforce')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Salesforce/ })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(CODES);

    // The contracts tab and a contract: each line item by its label, no code beside it.
    await page.goto(`/organizations/${northwind}/contracts`);
    await expect(page.getByRole('table', { name: 'Contracts' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(CODES);
    await page.goto(`/organizations/${northwind}/contracts/${contract.id}`);
    const lines = page.getByRole('table', { name: 'Line items' });
    await expect(lines.getByText(SEATS, { exact: true })).toBeVisible();
    await expect(
      lines.getByText('Data match through Equifax The Work Number', { exact: true }),
    ).toBeVisible();
    await expect(page.locator('body')).not.toContainText(CODES);
    await expect(page.getByText('Salesforce')).toHaveCount(0);

    // Nor did the API send them: no code, no CRM account or address in any answer.
    await page.waitForLoadState('networkidle');
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.filter((answer) => CODES.test(answer))).toEqual([]);
    expect(
      answers.filter((answer) => /salesforceAccountId|force\.com|salesforce-url/i.test(answer)),
    ).toEqual([]);
  });

  test('a platform admin still sees the Salesforce link and the billing codes', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    const northwind = await organizationId(NORTHWIND);
    const contract = await firstContract(NORTHWIND);

    await page.goto(`/admin/organizations/${northwind}`);
    const link = page.getByRole('link', { name: 'Open in Salesforce' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /\/lightning\/r\/Account\/\w+\/view$/);

    await page.goto(`/admin/organizations/${northwind}/contracts/${contract.id}`);
    const lines = page.getByRole('table', { name: 'Line items' });
    await expect(lines.getByText(SEATS, { exact: true })).toBeVisible();
    await expect(lines.getByText('A_ADDL_USER')).toBeVisible();
    await expect(lines.getByText('D_MATCH_EQUIFAX_TWN')).toBeVisible();
  });
});
