import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { ROLES } from '@laurel/contract/roles';

import { createDatabase } from '../../apps/server/src/db/database.ts';
import { VIEWPORTS, expect, expectAccessible, screenshot, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/** axe and a screenshot of the page as it is, light and dark, 390 and 1,440 pixels wide. */
async function checkEveryWay(page: Page, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    for (const viewport of [VIEWPORTS.narrow, VIEWPORTS.wide]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page, `${name} (${mode}, ${viewport.width} px)`);
      await screenshot(page, `${name}-${mode}-${viewport.width}`);
    }
  }
}

/**
 * Northwind may issue signed credentials (a platform admin allowed it). Its admin turns them on for
 * a credential, issues them for all its awards, opens one's public page, which says the credential
 * is valid; a visitor without a session checks the downloaded file at /verify; the admin sends the
 * holder the link again, then revokes it with a reason; the page then says when and by whom.
 */

const COURSE = `Signed Course ${randomUUID().slice(0, 6)}`;

async function seedCredential() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the suite through the config');
  const database = createDatabase(url);
  try {
    const db = database.db;
    const organization = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', NORTHWIND)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('credentials')
      .values({
        organizationId: organization.id,
        code: `SC-${randomUUID().slice(0, 6)}`,
        name: COURSE,
        typeId: 1,
        programCode: null,
        description: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('awards')
      .values(
        ['Grace Hopper', 'Alan Turing'].map((name, index) => ({
          organizationId: organization.id,
          credentialId: id,
          externalId: `SC-${index}-${randomUUID().slice(0, 6)}`,
          firstName: name.split(' ')[0]!,
          lastName: name.split(' ')[1]!,
          email: index === 0 ? 'grace@example.org' : null,
          dateOfBirth: null,
          awardDate: '2025-03-14',
          awardYear: 2025,
          uploadId: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db.updateTable('credentials').set({ awardCount: 2 }).where('id', '=', id).execute();
    await db
      .insertInto('issuerProfiles')
      .values({
        organizationId: organization.id,
        publicId: 'e2enorthwindissuer22',
        issuingAllowed: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('organizationId').doUpdateSet({ issuingAllowed: true }))
      .execute();
    return { organizationId: organization.id, credentialId: id };
  } finally {
    await database.destroy();
  }
}

test.describe('signed credentials', () => {
  test('an organization admin issues a credential’s awards, checks one’s page and revokes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedCredential();
    const admin = await seedUser({ label: 'issuer', roleId: ROLES.ORGANIZATION_ADMIN });
    await page.setViewportSize(VIEWPORTS.wide);
    await openSignedIn(page, admin.email, admin.password);
    const credentialPage = `/organizations/${seeded.organizationId}/credentials/${seeded.credentialId}?tab=awards`;
    await page.goto(credentialPage);
    await expect(page.getByRole('heading', { name: 'Signed credentials' })).toBeVisible();
    await page
      .getByRole('switch', { name: /Issue signed credentials for this credential/ })
      .click();
    await expect(page.getByText('Signed credentials are on for this credential.')).toBeVisible();
    await page.getByRole('button', { name: 'Issue for all awards' }).click();
    await expect(page.getByText(/2 of 2 awards issued/)).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole('table', { name: `Awards of ${COURSE}` });
    await expect(table.getByText('Issued', { exact: true })).toHaveCount(2, { timeout: 15_000 });
    await expectAccessible(page, 'credential awards with signed credentials');
    await screenshot(page, 'signed-credentials-awards');

    const link = table.getByRole('link', { name: 'Open the signed credential of Grace Hopper' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/verify\/[a-z2-9]{20}$/);
    await page.goto(href);
    await expect(page.getByText('This credential is valid.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    await expect(page.getByText(COURSE)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to LinkedIn profile' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=/,
    );
    await checkEveryWay(page, 'signed-credential-page');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(VIEWPORTS.wide);

    // An employer whose browser prefers Spanish reads the same page in Spanish.
    const employer = await browser.newContext({ locale: 'es-MX' });
    const inSpanish = await employer.newPage();
    await inSpanish.goto(href);
    await expect(inSpanish.locator('html')).toHaveAttribute('lang', 'es');
    await expect(inSpanish.getByText('Esta credencial es válida.')).toBeVisible();
    await checkEveryWay(inSpanish, 'signed-credential-page-es');
    await employer.close();

    // The holder keeps the file; anyone checks it again at /verify, in a window without a session.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download credential' }).click();
    const file = await (await download).path();
    const credentialJson = readFileSync(file, 'utf8');
    expect(JSON.parse(credentialJson)).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
    });
    const visitor = await browser.newContext();
    const stranger = await visitor.newPage();
    const problems: string[] = [];
    stranger.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    stranger.on('pageerror', (error) => problems.push(error.message));
    await stranger.goto(new URL('/verify', href).toString());
    await stranger.getByRole('textbox', { name: 'Credential JSON' }).fill(credentialJson);
    await stranger.getByRole('button', { name: 'Check credential' }).click();
    await expect(stranger.getByText('This credential is valid.')).toBeVisible();
    await expect(stranger.getByText('Signature: passed')).toBeVisible();
    await checkEveryWay(stranger, 'verify-pasted');
    // A chosen file is read and checked at once.
    await stranger.goto(new URL('/verify', href).toString());
    await stranger.getByLabel('Or choose a file:').setInputFiles(file);
    await expect(stranger.getByText('This credential is valid.')).toBeVisible();
    await stranger.getByRole('textbox', { name: 'Credential JSON' }).fill('{"name": "not signed"}');
    await stranger.getByRole('button', { name: 'Check credential' }).click();
    await expect(stranger.getByText('This credential could not be verified.')).toBeVisible();
    expect(problems).toEqual([]);

    await page.goto(credentialPage);
    await table
      .getByRole('button', { name: 'Send Grace Hopper the link of their signed credential' })
      .click();
    await expect(page.getByText('The link was sent to grace@example.org.')).toBeVisible();
    await expect(
      table.getByRole('button', { name: 'Send Alan Turing the link of their signed credential' }),
    ).toHaveCount(0);
    await page.getByRole('switch', { name: /Show this program’s published outcomes/ }).click();
    await expect(
      page.getByText('Credential pages show this program’s published outcomes.'),
    ).toBeVisible();

    await table
      .getByRole('button', { name: 'Revoke the signed credential of Grace Hopper' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this signed credential?' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Issued to the wrong person');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The signed credential of Grace Hopper is revoked.')).toBeVisible();
    await expect(table.getByText('Revoked', { exact: true })).toHaveCount(1);
    await page.goto(href);
    await expect(page.getByText('This credential has been revoked by its issuer.')).toBeVisible();
    await expect(page.getByText('The issuer has revoked this credential.')).toBeVisible();
    await expect(page.getByText(/^Revoked on \w+ \d{1,2}, \d{4} by Northwind/)).toBeVisible();
    await stranger.goto(new URL('/verify', href).toString());
    await stranger.getByRole('textbox', { name: 'Credential JSON' }).fill(credentialJson);
    await stranger.getByRole('button', { name: 'Check credential' }).click();
    await expect(stranger.getByText('Revocation status: failed')).toBeVisible();
    await visitor.close();
  });

  test('an unknown credential address says so', async ({ page }) => {
    const response = await page.goto('/verify/abcdefghijkmnpqrstuvw');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('No credential has this address.')).toBeVisible();
  });
});
