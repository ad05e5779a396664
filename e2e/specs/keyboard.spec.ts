import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { expect, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH } from '../support/flows.ts';
import { seedUser } from '../support/seed.ts';

/**
 * The main tasks done with the keyboard alone, as a person who does not use a mouse does them:
 * sign in, skip to the screen, find a credential with the global search, bookmark it, read its
 * insights and download their report, upload awards, sign out. Playwright sends only keys; at
 * each step the focus is where the person expects it and is visible (`:focus-visible`).
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  await expect(target, `${String(target)} is on the screen`).toHaveCount(1);
  const element = await target.elementHandle();
  const focused = () => element!.evaluate((node) => node === document.activeElement);
  for (let n = 0; n < (options.max ?? 60); n++) {
    if (await focused()) return expectVisibleFocus(page, target);
    await page.keyboard.press(key);
  }
  if (await focused()) return expectVisibleFocus(page, target);
  const at = await page.evaluate(() => describeActive());
  throw new Error(`${String(target)} never got the focus with ${key}; it is on ${at}`);
}

const isFocused = (target: Locator) =>
  target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 })
    .catch(() => false);

/** The focused element shows that it is (WCAG 2.4.7): the browser's focus-visible state. */
async function expectVisibleFocus(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  expect(
    await target.evaluate((element) => element.matches(':focus-visible')),
    `${String(target)} is focused visibly`,
  ).toBe(true);
}

declare global {
  function describeActive(): string;
}

test.describe('the keyboard alone', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      globalThis.describeActive = () => {
        const active = document.activeElement;
        if (!active) return 'nothing';
        const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40);
        return `${active.tagName.toLowerCase()} "${name ?? ''}"`;
      };
    });
  });

  test('signs in, finds and bookmarks a credential, reads and downloads its insights, uploads awards and signs out', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const user = await seedUser({ label: 'keyboard', roleId: ROLES.ORGANIZATION_ADMIN });

    // Sign in: the e-mail field, Continue, the password, Enter.
    await page.goto(SIGN_IN_PATH);
    await tabTo(page, page.getByLabel('E-mail address'));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeVisible();
    await tabTo(page, password);
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Good /);

    // The first Tab offers to skip the header and the navigation; Enter lands in the screen.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expectVisibleFocus(page, skip);
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    // Global search (Ctrl+K): type, move along the results with the arrows, open the first.
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Search' });
    const query = search.getByRole('combobox', { name: /^Search organizations/ });
    await expect(query).toBeFocused();
    await page.keyboard.type('Accounting Clerk');
    const options = search.getByRole('option');
    const first = options.filter({ hasText: 'Accounting Clerk Certificate' }).first();
    await expect(first).toBeVisible();
    const firstId = await options.first().getAttribute('id');
    if ((await options.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(query).not.toHaveAttribute('aria-activedescendant', firstId!);
      await page.keyboard.press('ArrowUp');
    }
    await expect(query).toHaveAttribute('aria-activedescendant', firstId!);
    await expect(options.first()).toContainText('Accounting Clerk Certificate');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Accounting Clerk Certificate' }),
    ).toBeVisible();
    await expect(search).toBeHidden();

    // Bookmark it: the bookmark button, Enter; the message is announced.
    const bookmark = page.getByRole('button', { name: /^Bookmark Accounting Clerk Certificate/ });
    await tabTo(page, bookmark);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.bookmarkAdded)).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Remove bookmark for Accounting Clerk Certificate/ }),
    ).toBeFocused();

    // Its insights: the Insights tab (arrow keys move along the tabs), then the report.
    const tabs = page.getByRole('tablist');
    await tabTo(page, tabs.getByRole('tab', { selected: true }));
    const insightsTab = tabs.getByRole('tab', { name: 'Insights' });
    for (let n = 0; n < 8 && !(await isFocused(insightsTab)); n++)
      await page.keyboard.press('ArrowRight');
    await expect(insightsTab).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Workforce insights', exact: true });
    await expect(panel).toHaveAttribute('aria-busy', 'false');
    const report = panel.getByRole('button', { name: 'Download report (PDF)' });
    await tabTo(page, report);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(pdf.suggestedFilename()).toMatch(/-insights-report\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // Upload awards: through the navigation, the dialog, its file chooser, Upload.
    const uploads = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Uploads' });
    await tabTo(page, uploads, { back: true, max: 120 });
    await page.keyboard.press('Enter');
    const open = page.getByRole('button', { name: 'Upload awards' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload awards' });
    await expect(dialog).toBeVisible();
    const file = join(tmpdir(), `keyboard-awards-${Date.now()}.csv`);
    writeFileSync(
      file,
      'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date\r\nNW-ACCT-CERT,KEY-1,Kim,Keys,,,2024-06-01\r\n',
    );
    const fileInput = dialog.locator('input[type=file]');
    await tabTo(page, fileInput);
    // The input cannot be seen: the button that stands for it shows the focus.
    await expect(dialog.getByText('Choose CSV file')).toHaveCSS('outline-style', 'solid');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    await chooser.setFiles(file);
    await expect(dialog.getByText(/keyboard-awards-.*\.csv/)).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Upload', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // The upload's page opens with the focus in it; it is read, then closed.
    const detail = page.getByRole('dialog', { name: /keyboard-awards-.*\.csv/ });
    await expect(detail.getByText('Completed', { exact: true })).toBeVisible();
    expect(await detail.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await tabTo(page, detail.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await expect(detail).toBeHidden();

    // Sign out: the account menu, then its last item.
    const account = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, account, { back: true, max: 120 });
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    for (let n = 0; n < 10 && !(await isFocused(signOut)); n++)
      await page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\//);
  });

  test('a dialog traps the focus while open and gives it back to what opened it', async ({
    page,
  }) => {
    const user = await seedUser({ label: 'keyboard-dialog', roleId: ROLES.ORGANIZATION_ADMIN });
    await page.goto(SIGN_IN_PATH);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.keyboard.press('Enter');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Good /);
    await page.goto('/uploads');
    const open = page.getByRole('button', { name: 'Upload awards' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload awards' });
    await expect(dialog).toBeVisible();
    // Forty Tabs later the focus is still inside the dialog.
    for (let n = 0; n < 40; n++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
