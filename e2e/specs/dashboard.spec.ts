import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { VIEWPORTS, expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, openSignedIn, signIn, SIGN_IN_PATH } from '../support/flows.ts';
import { DEMO_PASSWORD, seedContract, seedUser } from '../support/seed.ts';

/**
 * The dashboards say what needs attention: a platform admin's "Needs attention" links to a
 * contract ending soon and to a failed upload; a member sees their contract's usage; and an
 * organization without the earnings entitlement (Harbor Health) sees one unavailable state
 * wherever insights appear.
 */

const RIVERSIDE = 'Riverside Community College';
const HARBOR = 'Harbor Health Certification Board';

const supportLine = new RegExp(MESSAGES.supportLine.replace(/[.'?]/g, '.'));

async function uploadFile(page: Page, fileName: string, content: string) {
  const file = join(tmpdir(), fileName);
  writeFileSync(file, content);
  await page.getByRole('button', { name: 'Upload awards' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload awards' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
}

test.describe('dashboards', () => {
  test('the platform admin’s Needs attention links to a contract ending soon and a failed upload', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const contract = await seedContract({
      label: 'ending',
      organizationName: RIVERSIDE,
      endsInDays: 20,
    });
    const later = await seedContract({
      label: 'later',
      organizationName: RIVERSIDE,
      endsInDays: 75,
    });

    // Riverside's admin uploads a file whose header is wrong: the upload fails.
    const fileName = `laurel-e2e-bad-header-${Date.now()}.csv`;
    const riverside = await browser.newContext({ baseURL });
    const theirs = await riverside.newPage();
    try {
      await theirs.goto(SIGN_IN_PATH);
      await signIn(theirs, 'orgadmin@riverside.demo', DEMO_PASSWORD);
      await theirs
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Uploads' })
        .click();
      await uploadFile(theirs, fileName, 'name,email\nAna Diaz,ana@example.org\n');
      const details = theirs.getByRole('dialog', { name: fileName });
      await expect(details.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
    } finally {
      await riverside.close();
    }

    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    const attention = page.getByRole('region', { name: 'Needs attention', exact: true });
    const items = attention.getByRole('list', { name: 'Needs attention', exact: true });
    await expect(items).toBeVisible();
    await expect(attention.getByText(/\d+ failed uploads?/)).toBeVisible();
    await expect(attention.getByText(/\d+ contracts? ending soon/)).toBeVisible();
    // Ending in 75 days is not soon.
    await expect(items.getByRole('link', { name: new RegExp(later.number) })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'platform dashboard');

    // The contract ending soon leads to the contract.
    const ending = items.getByRole('link', { name: new RegExp(contract.number) });
    await expect(ending).toContainText(RIVERSIDE);
    await expect(ending).toContainText('in 20 days');
    await ending.click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/organizations/${contract.organizationId}/contracts/${contract.id}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: contract.name })).toBeVisible();

    // The failed upload leads to its details.
    await page.goBack();
    const failed = items.getByRole('link', { name: new RegExp(fileName) });
    await expect(failed).toContainText('Upload failed');
    await expect(failed).toContainText(RIVERSIDE);
    await failed.click();
    await expect(page).toHaveURL(/\/uploads\?upload=\d+$/);
    const details = page.getByRole('dialog', { name: fileName });
    await expect(details.getByText('Failed', { exact: true })).toBeVisible();

    // Every organization at a glance, with Harbor's insights not included.
    await page.goBack();
    const table = page.getByRole('table', { name: 'Organizations at a glance' });
    const harbor = table.getByRole('row').filter({ hasText: HARBOR });
    await expect(harbor).toContainText('Not included');
    await table.getByRole('button', { name: 'Awards' }).click();
    await table.getByRole('button', { name: /^Awards/ }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('Northwind Technical College');
  });

  test('a member sees their contract’s usage beside their bookmarks and uploads', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    const usage = page.getByRole('region', { name: 'Contract usage' });
    await expect(usage.getByRole('link', { name: /^LC-2026-\d+ · Northwind/ })).toBeVisible();
    await expect(
      usage.getByRole('progressbar', {
        name: /^User seats \(active and invited users\): \d+ of \d+ used$/,
      }),
    ).toBeVisible();
    await expect(
      usage.getByRole('progressbar', {
        name: /^Data match through Equifax The Work Number: [\d,]+ of [\d,]+ used$/,
      }),
    ).toBeVisible();

    // Wide: bookmarks and uploads side by side, equally tall.
    await page.setViewportSize(VIEWPORTS.wide);
    const bookmarks = page.getByRole('region', { name: 'Your bookmarks' });
    const uploads = page.getByRole('region', { name: 'Uploads in progress' });
    const [a, b] = [await bookmarks.boundingBox(), await uploads.boundingBox()];
    expect(a && b && Math.abs(a.y - b.y)).toBe(0);
    expect(a && b && Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);

    // Narrow: the three counts share one row, none left alone.
    await page.setViewportSize(VIEWPORTS.narrow);
    const tiles = page.getByRole('region', { name: 'At a glance' }).getByRole('link');
    await expect(tiles).toHaveCount(3);
    const tops = await Promise.all(
      (await tiles.all()).map(async (tile) => (await tile.boundingBox())!.y),
    );
    expect(new Set(tops).size).toBe(1);
  });

  test('Harbor Health, without the earnings entitlement, sees only the unavailable state', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Organizations' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
    await page.getByRole('link', { name: HARBOR, exact: true }).click();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.getByRole('link', { name: 'Certified Medical Assistant' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: /Certified Medical Assistant/ }),
    ).toBeVisible();
    // The credential has awards…
    const awards = page
      .locator('dt', { hasText: /^Awards$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(awards).toHaveText(/^[1-9][\d,]*$/);

    // …and its insights tab says one thing only.
    await page.getByRole('tab', { name: 'Insights' }).click();
    const panel = page.getByRole('tabpanel');
    // A platform admin is told about Harbor and how to change it, not "your organization".
    const notice = panel.getByTestId('insights-unavailable');
    await expect(notice).toContainText(`Earnings insights unavailable for ${HARBOR}`);
    await expect(notice).toContainText('Insights included');
    await expect(notice).not.toContainText(MESSAGES.earningsUnavailable);
    await expect(notice).not.toContainText(supportLine);
    await page.waitForLoadState('networkidle');
    for (const contradiction of [
      /\d+ awards/,
      /matched/i,
      /Upload awards/,
      /Data gaps/i,
      /No awards/,
    ])
      await expect(panel).not.toContainText(contradiction);
    await expect(panel.getByRole('article')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expectAccessible(page, 'Harbor credential insights');

    // The organization's insights tab, the same.
    await page.getByRole('link', { name: HARBOR }).first().click();
    await page.getByRole('tab', { name: 'Insights' }).click();
    await expect(page.getByTestId('insights-unavailable')).toContainText(
      `Earnings insights unavailable for ${HARBOR}`,
    );
    await expect(page.getByRole('article')).toHaveCount(0);

    // Harbor's own people: the dashboard's insights say the same; its contract bills seats only.
    const member = await seedUser({
      label: 'harbor-admin',
      organizationName: HARBOR,
      roleId: ROLES.ORGANIZATION_ADMIN,
      firstName: 'Hana',
    });
    const harbor = await browser.newContext({ baseURL });
    const theirs = await harbor.newPage();
    try {
      await theirs.goto(SIGN_IN_PATH);
      await signIn(theirs, member.email, member.password);
      await expect(theirs.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
      const insights = theirs.getByRole('region', { name: 'Workforce insights' });
      const theirNotice = insights.getByTestId('insights-unavailable');
      await expect(theirNotice).toContainText(MESSAGES.earningsUnavailable);
      await expect(theirNotice).toContainText(MESSAGES.earningsUnavailableDescription);
      await expect(theirNotice).toContainText(supportLine);
      await expect(theirNotice.getByRole('link', { name: /@/ })).toHaveAttribute(
        'href',
        /^mailto:/,
      );
      await expect(insights.getByRole('article')).toHaveCount(0);
      await expect(insights).not.toContainText(/\d+ awards|matched|Upload awards/);
      const usage = theirs.getByRole('region', { name: 'Contract usage' });
      await expect(
        usage.getByRole('progressbar', { name: /^User seats \(active and invited users\)/ }),
      ).toBeVisible();
      await expect(usage).not.toContainText('Data match');
    } finally {
      await harbor.close();
    }
  });
});
