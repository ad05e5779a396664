import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MESSAGES } from '@laurel/contract/messages';
import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { DEMO_ORGANIZATIONS } from '../../apps/server/src/seed/demo-data.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * Insights and uploads for an organization admin (orgadmin@northwind.demo): the dashboard shows
 * the six insight cards and the salary chart; an upload of awards with two bad rows runs to the
 * end with a live progress bar, its errors download as CSV, and the insights then count the new
 * awards.
 */

const CARDS = [
  'Salary',
  'Salary growth',
  'Salary increase',
  'Employment rate',
  'Top industry',
  'Top job role',
];
const GOOD_ROWS = 60;

function northwindCodes(): string[] {
  const northwind = DEMO_ORGANIZATIONS.find((organization) => organization.name === NORTHWIND);
  if (!northwind) throw new Error(`${NORTHWIND} is not in the demo data`);
  return northwind.credentials.map(([code]) => code);
}

/** A CSV of awards: `GOOD_ROWS` good rows for Northwind's credentials and two bad ones. */
function awardsCsv(): string {
  const codes = northwindCodes();
  const run = Date.now();
  const rows: string[][] = [[...UPLOAD_COLUMNS]];
  for (let index = 0; index < GOOD_ROWS; index++) {
    rows.push([
      codes[index % codes.length]!,
      `E2E-${run}-${index}`,
      `Avery${index}`,
      `Tester${index}`,
      `avery${index}.${run}@example.org`,
      '1996-04-17',
      `20${16 + (index % 4)}-06-15`,
    ]);
  }
  rows.push(['NOT-A-CODE', `E2E-${run}-bad-1`, 'Bad', 'Code', '', '', '2018-06-15']);
  rows.push([codes[0]!, `E2E-${run}-bad-2`, 'Bad', 'Date', '', '', '2018-13-45']);
  return `${rows.map((row) => row.join(',')).join('\n')}\n`;
}

const awardsInSummary = async (text: Promise<string | null>) =>
  Number(/^([\d,]+) awards/.exec((await text) ?? '')?.[1]?.replaceAll(',', '') ?? NaN);

test.describe('insights and uploads', () => {
  test('the dashboard shows the insight cards and chart; an upload runs to the end and the insights count it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);

    // The dashboard: six cards, each with a way to its definition, and the chart.
    const insights = page.getByRole('region', { name: 'Workforce insights' });
    for (const name of CARDS) {
      const card = insights.getByRole('article', { name, exact: true });
      await expect(card).toBeVisible();
      await expect(
        card.getByRole('link', { name: `How it’s measured (${name})`, exact: true }),
      ).toBeVisible();
    }
    await expect(
      insights.getByRole('heading', { name: MESSAGES.salaryChartTitle, exact: true }),
    ).toBeVisible();
    await expect(insights.getByText(MESSAGES.salaryFooter)).toBeVisible();
    const summary = insights.getByTestId('insights-summary');
    await expect(summary).toContainText(/^[\d,]+ awards, ([\d,]+|Fewer than 10|Withheld) matched/);
    const awardsBefore = await awardsInSummary(summary.textContent());
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'dashboard');

    // Uploads, from the navigation.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Uploads' })
      .click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/uploads$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Uploads' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/uploads');

    await page.getByRole('button', { name: 'Upload awards' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload awards' });
    await expect(dialog.getByText(UPLOAD_COLUMNS.join(','))).toBeVisible();
    await expectAccessible(page, 'upload dialog');

    // The template names the columns in order.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    const templateCsv = readFileSync(await template.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(templateCsv.split(/\r?\n/)[0]).toBe(UPLOAD_COLUMNS.join(','));

    // The upload: its progress is followed live until it has read every row.
    const fileName = `laurel-e2e-awards-${Date.now()}.csv`;
    const file = join(tmpdir(), fileName);
    writeFileSync(file, awardsCsv());
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(dialog.getByText(`${fileName} · `)).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const details = page.getByRole('dialog', { name: fileName, exact: true });
    const total = GOOD_ROWS + 2;
    const progress = details.getByRole('progressbar');
    await expect(progress).toHaveAttribute('aria-label', `${total} of ${total} rows`, {
      timeout: 60_000,
    });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(details.getByText('Completed with errors', { exact: true })).toBeVisible();
    const counts = details.getByRole('definition');
    await expect(counts.nth(1)).toHaveText(String(GOOD_ROWS));
    await expect(counts.nth(2)).toHaveText('2');
    await expectAccessible(page, 'upload details');

    // The rows that failed, with their reasons.
    const [errors] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: 'Download errors (CSV)' }).click(),
    ]);
    expect(errors.suggestedFilename()).toBe(fileName.replace(/\.csv$/, '-errors.csv'));
    const errorsCsv = readFileSync(await errors.path(), 'utf8').replace(/^\uFEFF/, '');
    const errorLines = errorsCsv.trim().split(/\r?\n/);
    expect(errorLines).toHaveLength(3);
    expect(errorsCsv).toContain('NOT-A-CODE');
    expect(errorsCsv).toContain('2018-13-45');

    await details.getByRole('button', { name: 'Close' }).click();
    // Only this run's upload: a retry finds the first attempt's row too.
    const row = page.getByRole('row').filter({ hasText: fileName });
    await expect(row).toContainText(`${GOOD_ROWS} ok`);
    await expect(row).toContainText('2 failed');

    // Back on the dashboard, the insights follow once the new awards are matched and counted
    // (the first build may also count awards that were there before).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect
      .poll(() => awardsInSummary(summary.textContent()), { timeout: 90_000 })
      .toBeGreaterThanOrEqual(awardsBefore + GOOD_ROWS);
    await expect(
      insights.getByRole('article', { name: 'Salary', exact: true }).getByTestId('insight-value'),
    ).toHaveText(/^\$\d{1,3}(,\d{3})*$/, { timeout: 30_000 });
    await expect(
      insights
        .getByRole('article', { name: 'Employment rate', exact: true })
        .getByTestId('insight-value'),
    ).toHaveText(/^\d{1,3}%$/);
    await expect(insights.getByRole('group', { name: /^Salary Growth/ })).toBeVisible();
  });
});
