import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

import { BENCHMARK_COLUMNS } from '@laurel/contract/benchmarks';

import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

/**
 * A platform admin imports a benchmark file under Administration → Benchmarks: a file with an
 * error is refused with its row and column named, a good one is listed with its source, and the
 * credential it covers (Northwind's welding certificate, in Oregon) shows the benchmark as a line
 * on its chart and on its salary card; deleting the data set takes them away again.
 */

const SOURCE = `E2E state wage records ${Date.now()}`;
// A later year than the demo file's, so that this row is the one that applies.
const GOOD = [
  BENCHMARK_COLUMNS.join(','),
  `OR,48.0508,,median_earnings,2025,39000,${SOURCE}`,
  `OR,,,hs_earnings_threshold,2025,30000,${SOURCE}`,
].join('\n');
const BAD = [BENCHMARK_COLUMNS.join(','), `OR,48.0508,,median_earnings,2025,lots,${SOURCE}`].join(
  '\n',
);

function csvFile(name: string, content: string): string {
  const path = join(tmpdir(), name);
  writeFileSync(path, `${content}\n`);
  return path;
}

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await ready();
      await screenshot(page, `${name}-${mode}-${viewport.width}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.wide);
}

test.describe('earnings benchmarks', () => {
  test('a platform admin imports a benchmark file and a credential shows it on its chart and salary card', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(VIEWPORTS.wide);
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('link', { name: 'Benchmarks' }).click();
    await expect(page).toHaveURL(/\/benchmarks$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Earnings benchmarks' }),
    ).toBeVisible();
    // The demo world's file says it is fictional.
    await expect(
      page
        .getByRole('article', { name: 'demo-benchmarks.csv' })
        .getByText(/Fictional demo benchmark/),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/benchmarks');

    // A file with an error is refused whole, the row and column named.
    const chooser = page.locator('input[type=file]').first();
    await chooser.setInputFiles(csvFile(`benchmarks-bad-${Date.now()}.csv`, BAD));
    const refusal = page.getByTestId('benchmark-refusal');
    await expect(refusal).toContainText('The file was not imported');
    await expect(refusal).toContainText('1 row has errors');
    await expect(refusal).toContainText('Line 2, value: must be an amount in dollars above 0');

    const fileName = `benchmarks-e2e-${Date.now()}.csv`;
    await chooser.setInputFiles(csvFile(fileName, GOOD));
    await expect(page.getByText(`Imported 2 benchmark rows from ${fileName}`)).toBeVisible();
    await expect(refusal).toBeHidden();
    const card = page.getByRole('article', { name: fileName });
    await expect(card).toContainText('2 rows · 1 place · 2025');
    await expect(card).toContainText(SOURCE);
    await shoot(page, 'benchmarks', () => expect(card).toBeVisible());

    // The welding certificate's insights: the benchmark on the salary card and as a line.
    await navigation.getByRole('link', { name: 'Credentials' }).click();
    // Every organization's credentials: found by name rather than by their place on a page.
    await page.getByRole('searchbox', { name: 'Search credentials' }).fill('Welding Technology');
    await page.getByRole('link', { name: 'Welding Technology Certificate' }).click();
    await page.getByRole('tab', { name: 'Insights' }).click();
    const salary = page.getByRole('article', { name: 'Salary', exact: true });
    const line = salary.getByTestId('salary-benchmark');
    await expect(line).toContainText(/^(\+\$[\d,]+ above|\$[\d,]+ below|At) the benchmark/, {
      timeout: 30_000,
    });
    await expect(line).toContainText(
      `CIP 48.0508 in OR, 2025; source: ${SOURCE}; data set: ${fileName}`,
    );
    await expect(page.getByTestId('benchmark-line')).toHaveCount(1);
    const legend = page.getByTestId('benchmark-legend');
    await expect(legend).toContainText(`Source: ${SOURCE}.`);
    await expect(page.getByTestId('earnings-premium')).toContainText(
      /Earnings premium [+−]\$[\d,]+ over the high-school earnings threshold of \$[\d,]+ \(high-school graduates in OR, 2025\)/,
    );
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'credential insights with a benchmark');
    await shoot(page, 'credential-benchmark', () =>
      expect(page.getByTestId('benchmark-line')).toBeVisible(),
    );

    // Deleted, the data set no longer applies: the demo file's figure does again.
    await navigation.getByRole('link', { name: 'Benchmarks' }).click();
    await page.getByRole('button', { name: `Delete ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this data set?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: fileName })).toBeHidden();
    await page.goBack();
    await expect(line).not.toContainText(SOURCE);
  });

  test('a replacement asks first with both row counts, cancel keeps the old rows, and the previous version can be restored', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(VIEWPORTS.wide);
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Benchmarks' })
      .click();
    const stamp = Date.now();
    const source = `E2E replacement ${stamp}`;
    const original = `replace-original-${stamp}.csv`;
    const replacement = `replace-new-${stamp}.csv`;
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles(
        csvFile(
          original,
          [
            BENCHMARK_COLUMNS.join(','),
            `WA,51.3801,,median_earnings,2022,70000,${source}`,
            `WA,,,hs_earnings_threshold,2022,31000,${source}`,
            `US,,29-2061,median_earnings,2022,50000,${source}`,
          ].join('\n'),
        ),
      );
    const card = page.getByRole('article', { name: original });
    await expect(card).toContainText('3 rows');
    // The data set imported last is used first where rows overlap; the demo file after it.
    await expect(card.getByText('Used first for overlapping rows')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'demo-benchmarks.csv' }).getByText(/^Used after \d+ other/),
    ).toBeVisible();
    await expect(page.getByTestId('benchmark-precedence')).toContainText(
      'the one higher in this list is used',
    );

    const replaceInput = card.locator('input[type=file]');
    const newFile = csvFile(
      replacement,
      [BENCHMARK_COLUMNS.join(','), `WA,51.3801,,median_earnings,2023,72000,${source}`].join('\n'),
    );
    await replaceInput.setInputFiles(newFile);
    const question = page.getByRole('dialog', { name: 'Replace this data set?' });
    await expect(question.getByTestId('replace-counts')).toHaveText(
      `${original} (3 rows) → ${replacement} (1 row)`,
    );
    await expectAccessible(page, 'replace confirmation');
    await shoot(page, 'benchmark-replace-confirm', () => expect(question).toBeVisible());
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(card).toContainText('3 rows');
    await expect(page.getByRole('article', { name: replacement })).toHaveCount(0);

    await replaceInput.setInputFiles(newFile);
    await question.getByRole('button', { name: 'Replace' }).click();
    const replaced = page.getByRole('article', { name: replacement });
    await expect(replaced).toContainText('1 row');
    await expect(replaced).toContainText(
      `Previous version: ${original} (3 rows), restorable until`,
    );
    await expect(page.getByRole('article', { name: original })).toHaveCount(0);
    await shoot(page, 'benchmark-previous-version', () => expect(replaced).toBeVisible());

    await replaced
      .getByRole('button', { name: `Restore previous version of ${replacement}` })
      .click();
    const restore = page.getByRole('dialog', { name: 'Restore the previous version?' });
    await expect(restore.getByTestId('restore-counts')).toHaveText(
      `${replacement} (1 row) → ${original} (3 rows)`,
    );
    await restore.getByRole('button', { name: 'Restore' }).click();
    const restored = page.getByRole('article', { name: original });
    await expect(restored).toContainText('3 rows');
    await expect(restored).toContainText(`Previous version: ${replacement} (1 row)`);

    await page.getByRole('button', { name: `Delete ${original}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this data set?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(restored).toBeHidden();
  });
});
