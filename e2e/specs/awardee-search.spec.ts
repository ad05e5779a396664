import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

import { createDatabase } from '../../apps/server/src/db/database.ts';
import {
  SCREENSHOT_DIR,
  VIEWPORTS,
  expect,
  expectAccessible,
  screenshot,
  test,
} from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * A registrar (a plain User of Northwind) looks a person up with Ctrl+K, by external id and by
 * surname, and opens their page: every award they hold from Northwind, with its credential, award
 * date and match status in words. Riverside's namesake, with the same external id, is never found;
 * the credential's awards link back to the person.
 */

const SURNAME = 'Quillfeather';
const EXTERNAL_ID = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;

/** Two Northwind awards of Ada Quillfeather and one Riverside award of a namesake. */
async function seedAwardee() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the suite through the config');
  const database = createDatabase(url);
  try {
    const db = database.db;
    const credentialsOf = async (organization: string) =>
      db
        .selectFrom('credentials as c')
        .innerJoin('organizations as o', 'o.id', 'c.organizationId')
        .select(['c.id', 'c.name', 'c.organizationId'])
        .where('o.name', '=', organization)
        .orderBy('c.id')
        .limit(2)
        .execute();
    const northwind = await credentialsOf(NORTHWIND);
    const [riverside] = await credentialsOf('Riverside Community College');
    const now = new Date().toISOString();
    const award = (
      credential: { id: number; organizationId: number },
      firstName: string,
      awardDate: string,
      matchStatus: string,
    ) => ({
      organizationId: credential.organizationId,
      credentialId: credential.id,
      externalId: EXTERNAL_ID,
      firstName,
      lastName: SURNAME,
      email: `${firstName}.${SURNAME}@example.org`.toLowerCase(),
      dateOfBirth: null,
      awardDate,
      awardYear: Number(awardDate.slice(0, 4)),
      uploadId: null,
      matchStatus,
      createdAt: now,
      updatedAt: now,
    });
    const ids = await db
      .insertInto('awards')
      .values([
        award(northwind[0]!, 'Ada', '2020-06-12', 'MATCHED'),
        award(northwind[1]!, 'Ada', '2024-05-30', 'NOT_MATCHED'),
        award(riverside!, 'Bartholomew', '2022-01-15', 'MATCHED'),
      ])
      .returning('id')
      .execute();
    return {
      organizationId: northwind[0]!.organizationId,
      credentials: [northwind[0]!.name, northwind[1]!.name],
      newest: ids[1]!.id,
    };
  } finally {
    await database.destroy();
  }
}

/** Both themes at both widths; `fullPage: false` for a dialog, which covers the viewport only. */
async function shoot(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  { fullPage = true } = {},
) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await ready();
      const file = `${name}-${mode}-${viewport.width}`;
      if (fullPage) await screenshot(page, file);
      else {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `${file}.png`),
          animations: 'disabled',
        });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.wide);
}

test.describe('awardees in global search', () => {
  test('a registrar finds a person by external id and surname with Ctrl+K and opens their awards', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedAwardee();
    const registrar = await seedUser({ label: 'registrar' });
    await page.setViewportSize(VIEWPORTS.wide);
    await openSignedIn(page, registrar.email, registrar.password);

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByLabel(
      'Search organizations, credentials, contracts, users and awardees',
    );
    await expect(input).toBeFocused();
    await input.fill(EXTERNAL_ID);
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    const ada = results.getByRole('option', { name: /Ada Quillfeather/ });
    await expect(ada).toContainText(`Awardee · ${EXTERNAL_ID} · ada.quillfeather@example.org`);
    // Riverside's namesake holds the same external id: a Northwind user never finds them.
    await expect(results.getByRole('option')).toHaveCount(1);

    await input.fill(SURNAME.toLowerCase());
    await expect(ada).toBeVisible();
    await expect(results.getByRole('option', { name: /Bartholomew/ })).toHaveCount(0);
    await expectAccessible(page, 'search dialog with an awardee');
    await shoot(page, 'awardee-search', () => expect(ada).toBeVisible(), { fullPage: false });

    await ada.click();
    await expect(page).toHaveURL(
      new RegExp(`/organizations/${seeded.organizationId}/awardees/${seeded.newest}$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Quillfeather' })).toBeVisible();
    const awards = page.getByRole('table', { name: 'Awards' });
    const rows = awards.getByRole('row');
    await expect(rows).toHaveCount(3);
    // Newest first, with the match status in words.
    await expect(rows.nth(1)).toContainText(seeded.credentials[1]!);
    await expect(rows.nth(1)).toContainText('May 30, 2024');
    await expect(rows.nth(1)).toContainText('Not matched');
    await expect(rows.nth(2)).toContainText(seeded.credentials[0]!);
    await expect(rows.nth(2)).toContainText('Matched');
    await expect(page.getByText('Bartholomew')).toHaveCount(0);
    await expectAccessible(page, 'awardee page');
    await shoot(page, 'awardee-page', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Ada Quillfeather' })).toBeVisible(),
    );

    // The credential's awards link back to the person.
    await rows.nth(2).getByRole('link', { name: seeded.credentials[0]! }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: seeded.credentials[0]! }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Awards' }).click();
    await page.getByLabel('Search awards').fill(SURNAME);
    await page.getByRole('link', { name: 'Quillfeather, Ada' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/organizations/${seeded.organizationId}/awardees/\\d+$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Quillfeather' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Awards' }).getByRole('row')).toHaveCount(3);
  });
});
