import { readFileSync } from 'node:fs';

import type { Download, Locator, Page } from '@playwright/test';
import { MESSAGES } from '@laurel/contract/messages';

import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, signIn, SIGN_IN_PATH } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';
import { readPdf } from '../../apps/server/test/helpers/read-pdf.ts';

/**
 * The insights' downloads, as an organization admin (orgadmin@northwind.demo) clicks them: the CSV
 * export on every insights view (dashboard, organization, credential) and the salary chart as
 * PNG, under the app's own Content-Security-Policy (the fixtures fail on any violation); and a
 * visit that prints nothing to the browser console.
 */

const ORG_ADMIN = 'orgadmin@northwind.demo';

/** An insights panel once all its parts are drawn (they arrive one per paint). */
async function drawnPanel(page: Page, name: string): Promise<Locator> {
  const panel = page.getByRole('region', { name, exact: true });
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByTestId('insights-summary')).toBeVisible();
  return panel;
}

/** The signed-in person's organization page, `/organizations/<id>`, as the navigation links it. */
async function organizationHref(page: Page): Promise<string> {
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .locator('a[href^="/organizations/"]')
    .first();
  const href = /^\/organizations\/\d+/.exec((await link.getAttribute('href')) ?? '')?.[0];
  expect(href, 'a link to the organization in the navigation').toBeDefined();
  return href!;
}

async function download(page: Page, button: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

/**
 * Checks an exported CSV against the panel it came from: the cohort it names, the awards the
 * summary counts, the salary the card shows, and one row per year of the chart.
 */
async function expectCsvOfPanel(file: Download, panel: Locator, cohort: string, fileName: string) {
  expect(file.suggestedFilename()).toBe(fileName);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF'), 'a UTF-8 byte order mark').toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(1).split('\r\n').slice(0, -1);
  expect(lines[0]).toBe(`cohort,"${cohort}, all award years"`);

  const awards = /^([\d,]+) awards/.exec(
    (await panel.getByTestId('insights-summary').textContent()) ?? '',
  )?.[1];
  expect(lines).toContain(`awards,${awards?.replaceAll(',', '')}`);
  expect(lines).toContain('kind,name,value,unit,share,n,suppressed,small sample');

  const salaryCard = panel.getByRole('article', { name: 'Salary', exact: true });
  const shown = (await salaryCard.getByTestId('insight-value').textContent()) ?? '';
  const salaryRow = lines.find((line) => line.startsWith('figure,Salary,'))?.split(',');
  expect(salaryRow, 'the salary figure').toBeDefined();
  if (/^\$[\d,]+$/.test(shown)) expect(salaryRow![2]).toBe(shown.replace(/[$,]/g, ''));
  else expect(salaryRow![2], `the withheld salary (${shown})`).toBe('');

  expect(lines).toContain('view,relative year,median,p25,p75,n,suppressed,small sample');
  const yearRows = lines.filter((line) => line.startsWith('all award years,'));
  expect(yearRows.map((line) => Number(line.split(',')[1]))).toEqual([
    -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5,
  ]);
}

/** The size of a PNG image from its IHDR chunk, after checking the PNG signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)], 'the PNG signature').toEqual([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
  ]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('insights downloads', () => {
  test('Export CSV downloads the figures of the dashboard, the organization and a credential', async ({
    page,
  }) => {
    await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
    const fileName = 'northwind-technical-college-insights.csv';

    // The dashboard's insights.
    const dashboard = await drawnPanel(page, 'Workforce insights');
    await expectCsvOfPanel(
      await download(page, dashboard.getByRole('button', { name: 'Export CSV' })),
      dashboard,
      NORTHWIND,
      fileName,
    );

    // The organization's insights.
    const organizationPage = await organizationHref(page);
    await page.goto(`${organizationPage}/insights`);
    const organization = await drawnPanel(page, 'Insights');
    await expectCsvOfPanel(
      await download(page, organization.getByRole('button', { name: 'Export CSV' })),
      organization,
      NORTHWIND,
      fileName,
    );

    // A credential's insights tab.
    await page.goto(`${organizationPage}/credentials`);
    const firstCredential = page.getByRole('table').getByRole('link').first();
    const credentialName = ((await firstCredential.textContent()) ?? '').trim();
    await firstCredential.click();
    await expect(page.getByRole('heading', { level: 1, name: credentialName })).toBeVisible();
    await page.getByRole('tab', { name: 'Insights' }).click();
    const credential = await drawnPanel(page, 'Workforce insights');
    const credentialFile = `${credentialName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-insights.csv`;
    await expectCsvOfPanel(
      await download(page, credential.getByRole('button', { name: 'Export CSV' })),
      credential,
      credentialName,
      credentialFile,
    );
  });

  test('Download report (PDF) saves a tagged report with the figures the panel shows', async ({
    page,
  }) => {
    await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
    const organizationPage = await organizationHref(page);
    await page.goto(`${organizationPage}/insights`);
    const organization = await drawnPanel(page, 'Insights');
    const orgFile = await download(
      page,
      organization.getByRole('button', { name: 'Download report (PDF)' }),
    );
    expect(orgFile.suggestedFilename()).toBe('northwind-technical-college-insights-report.pdf');
    const orgReport = await readPdf(readFileSync(await orgFile.path()));
    expect(orgReport.title).toBe(`${NORTHWIND}: outcomes by credential`);
    expect(orgReport.language).toBe('en-US');
    const awards = /^([\d,]+) awards/.exec(
      (await organization.getByTestId('insights-summary').textContent()) ?? '',
    )?.[1];
    expect(orgReport.text).toMatch(new RegExp(`^All credentials ${awards} `, 'm'));

    // A credential's insights tab: its salary card's figure is in the report.
    await page.goto(`${organizationPage}/credentials`);
    const firstCredential = page.getByRole('table').getByRole('link').first();
    const credentialName = ((await firstCredential.textContent()) ?? '').trim();
    await firstCredential.click();
    await page.getByRole('tab', { name: 'Insights' }).click();
    const credential = await drawnPanel(page, 'Workforce insights');
    const salary = await credential
      .getByRole('article', { name: 'Salary', exact: true })
      .getByTestId('insight-value')
      .textContent();
    const file = await download(
      page,
      credential.getByRole('button', { name: 'Download report (PDF)' }),
    );
    expect(file.suggestedFilename()).toMatch(/-insights-report\.pdf$/);
    const report = await readPdf(readFileSync(await file.path()));
    expect(report.title!.startsWith(`${credentialName} (`)).toBe(true);
    expect(report.title!.endsWith('): earnings and employment outcomes')).toBe(true);
    if (/^\$[\d,]+$/.test(salary ?? '')) expect(report.text).toContain(`Salary ${salary} `);
    expect(report.figureAlts).toHaveLength(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Download PNG saves the salary chart as a PNG under the strict policy', async ({ page }) => {
    await openSignedIn(page, ORG_ADMIN, DEMO_PASSWORD);
    const panel = await drawnPanel(page, 'Workforce insights');
    const chart = panel.getByRole('region', { name: MESSAGES.salaryChartTitle });
    // The drawing, not the buttons' icons; its width once it has measured its box.
    const drawing = chart.locator('svg:not(.MuiSvgIcon-root)');
    await expect(drawing).toHaveAttribute('width', /^\d+(\.\d+)?$/);
    const svgWidth = Number(await drawing.getAttribute('width'));
    const svgHeight = Number(await drawing.getAttribute('height'));

    const file = await download(page, chart.getByRole('button', { name: 'Download PNG' }));
    expect(file.suggestedFilename()).toBe('northwind-technical-college-salary-growth.png');
    const bytes = readFileSync(await file.path());
    // Drawn at twice its size, with a title line of 40 px above the chart.
    expect(pngSize(bytes)).toEqual({
      width: Math.trunc(svgWidth * 2),
      height: Math.trunc((svgHeight + 40) * 2),
    });
    expect(bytes.length, 'a drawn chart, not an empty canvas').toBeGreaterThan(20_000);
    // No error was shown instead ("The source image cannot be decoded").
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('signing in and opening the dashboard and the insights print nothing to the console', async ({
    page,
  }) => {
    const printed: string[] = [];
    page.on('console', (message) => printed.push(`${message.type()}: ${message.text()}`));

    await page.goto(SIGN_IN_PATH);
    await signIn(page, ORG_ADMIN, DEMO_PASSWORD);
    await drawnPanel(page, 'Workforce insights');
    await page.waitForLoadState('networkidle');

    await page.goto(`${await organizationHref(page)}/insights`);
    const insights = await drawnPanel(page, 'Insights');
    await expect(insights.getByRole('heading', { name: MESSAGES.salaryChartTitle })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(printed).toEqual([]);
  });
});
