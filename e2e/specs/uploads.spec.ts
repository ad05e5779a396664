import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

/**
 * Riverside's admin drops a CSV file on the upload dialog; the upload's page lists the rows that
 * were refused (row, column, reason, value) and filters them; "Upload a corrected file" sends a
 * new file for the same organization, and the finished upload links to the insights it changed.
 */

const stamp = Date.now();
const header = UPLOAD_COLUMNS.join(',');
// Row 2 is good; row 3 keeps the template's example code; row 4 has a bad e-mail; row 5 a date
// written another way.
const FIRST = [
  header,
  `RV-EMT,E2E-${stamp}-1,Ana,Diaz,,,2022-05-20`,
  `WELD-101,E2E-${stamp}-2,Ben,Cole,,,2022-05-20`,
  `RV-EMT,E2E-${stamp}-3,Cara,Dunn,cara@,,2022-05-20`,
  `RV-PARALEGAL,E2E-${stamp}-4,Dev,Earl,,,05/20/2022`,
].join('\n');
const CORRECTED = [
  header,
  `RV-EMT,E2E-${stamp}-2,Ben,Cole,,,2022-05-20`,
  `RV-EMT,E2E-${stamp}-3,Cara,Dunn,cara@example.org,,2022-05-20`,
  `RV-PARALEGAL,E2E-${stamp}-4,Dev,Earl,,,2022-05-20`,
].join('\n');

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

/** Drops a file on an element as a browser does when one is dragged from the desktop. */
async function dropFile(page: Page, target: Locator, name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'text/csv' }));
      return transfer;
    },
    { name, content },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(target.getByText('Drop the CSV file to choose it')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
}

test.describe('awards uploads', () => {
  test('a dropped file’s refused rows are listed and filtered on its page, and a corrected file is sent from there', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS.wide);
    await openSignedIn(page, 'orgadmin@riverside.demo', DEMO_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Uploads' })
      .click();
    await page.getByRole('button', { name: 'Upload awards' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload awards' });
    const fileName = `e2e-dropped-${stamp}.csv`;
    await dropFile(page, dialog.getByTestId('upload-drop-zone'), fileName, FIRST);
    await expect(dialog.getByText(new RegExp(`${fileName} · \\d+ B`))).toBeVisible();
    await shoot(page, 'upload-dialog', () => expect(dialog).toBeVisible());
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const details = page.getByRole('dialog', { name: fileName });
    await expect(details.getByText('Completed with errors', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    const table = details.getByRole('table', { name: 'Refused rows' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('3');
    await expect(rows.nth(0)).toContainText('credential_code');
    await expect(rows.nth(0)).toContainText('Not one of the organization’s credential codes');
    await expect(rows.nth(0)).toContainText('WELD-101');
    await expect(rows.nth(1)).toContainText('email');
    await expect(rows.nth(1)).toContainText('cara@');
    await expect(rows.nth(2)).toContainText('award_date');
    await expect(rows.nth(2)).toContainText('05/20/2022');

    // Filtered by column: the e-mail's refusal alone.
    await details.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'email (1)' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Not a valid e-mail address');
    // By reason: the credential code's.
    await details.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await details.getByRole('combobox', { name: 'Reason' }).click();
    await page
      .getByRole('option', { name: /^Not one of the organization’s credential codes/ })
      .click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('WELD-101');
    await details.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect(rows).toHaveCount(3);

    // The good row changed Riverside's insights and the EMT certificate's.
    await expect(
      details.getByRole('link', { name: 'Riverside Community College: insights' }),
    ).toBeVisible();
    await expect(
      details.getByRole('link', { name: 'Emergency Medical Technician (RV-EMT): insights' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'upload with refused rows');
    await shoot(page, 'upload-refused-rows', async () => {
      // The dialog's content scrolls on a phone: the table is shown, not the top of the dialog.
      await rows.first().scrollIntoViewIfNeeded();
      await expect(rows.first()).toBeVisible();
    });

    // The corrected file goes to the same organization, chosen with the file picker this time.
    await details.getByRole('button', { name: 'Upload a corrected file' }).click();
    const again = page.getByRole('dialog', { name: 'Upload awards' });
    const correctedName = `e2e-corrected-${stamp}.csv`;
    const correctedPath = join(tmpdir(), correctedName);
    writeFileSync(correctedPath, `${CORRECTED}\n`);
    await again.locator('input[type=file]').setInputFiles(correctedPath);
    await again.getByRole('button', { name: 'Upload', exact: true }).click();
    const corrected = page.getByRole('dialog', { name: correctedName });
    await expect(corrected.getByText('Completed', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(corrected.getByRole('table', { name: 'Refused rows' })).toHaveCount(0);
    await expect(corrected.getByRole('button', { name: 'Upload a corrected file' })).toHaveCount(0);
    await corrected.getByRole('link', { name: 'Riverside Community College: insights' }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/insights$/);
  });
});
