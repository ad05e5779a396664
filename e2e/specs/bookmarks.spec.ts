import type { Page } from '@playwright/test';

import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';

import {
  credentialId,
  firstContract,
  idTokenOf,
  organizationId,
  userId,
} from '../support/directory.ts';
import { VIEWPORTS, expect, expectAccessible, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH, signIn } from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * The bookmark icon of detail pages, the dashboard's bookmark widget and the "View All Bookmarks"
 * drawer (spec §2, §4, §9). Every test bookmarks as a fresh Northwind user (the same role and
 * organization as user@northwind.demo), so that no test sees another's bookmarks.
 */

const NURSING = 'Registered Nursing (ADN)';

async function signInAsNewUser(page: Page, label: string, roleId?: 0 | 10 | 100) {
  const user = await seedUser({
    label,
    ...(roleId === ROLES.PLATFORM_ADMIN
      ? { roleId, organizationName: PLATFORM_ORGANIZATION_NAME }
      : { roleId: roleId ?? ROLES.USER }),
  });
  await page.goto(SIGN_IN_PATH);
  await signIn(page, user.email, user.password);
  return user;
}

function notification(page: Page, text: string, options: { includeHidden?: boolean } = {}) {
  return page.getByRole('alert', options).filter({ hasText: text });
}

/** Opens a detail page, clicks its bookmark icon and waits for the confirmation. */
async function bookmark(page: Page, path: string, itemName: string) {
  await page.goto(path);
  const button = page.getByRole('button', { name: `Bookmark ${itemName}`, exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(notification(page, MESSAGES.bookmarkAdded)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Remove bookmark for ${itemName}`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
}

function dashboardWidget(page: Page) {
  return page.getByRole('list', { name: 'Your bookmarks', exact: true });
}

function drawer(page: Page) {
  return page.getByRole('dialog', { name: MESSAGES.bookmarksDrawerTitle });
}

function drawerList(page: Page) {
  return drawer(page).getByRole('list', { name: 'Bookmarks', exact: true });
}

async function entryNames(list: ReturnType<Page['getByRole']>): Promise<string[]> {
  // Each entry's link reads "<itemName> <item kind>"; its first line is the name.
  const texts = await list
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent ?? ''),
    );
  return texts;
}

test.describe('bookmarks', () => {
  test('a bookmark added with the icon of a credential page is listed on the dashboard, removed with UNDO and removed again with the icon', async ({
    page,
    visit,
  }) => {
    await signInAsNewUser(page, 'bookmark-first');
    await expectAccessible(page, 'dashboard without bookmarks');
    await expect(page.getByRole('heading', { level: 2, name: 'Your bookmarks' })).toBeVisible();
    await expect(page.getByText(MESSAGES.bookmarksEmpty, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.bookmarksEmptyPlatformAdmin)).toHaveCount(0);

    const northwind = await organizationId(NORTHWIND);
    const nursing = await credentialId(NURSING);
    const credentialPath = `/organizations/${northwind}/credentials/${nursing}`;
    await visit(credentialPath);
    await expect(page.getByRole('heading', { level: 1, name: NURSING })).toBeVisible();
    const icon = page.getByRole('button', { name: `Bookmark ${NURSING}`, exact: true });
    await expect(icon).toHaveAttribute('aria-pressed', 'false');
    await icon.click();
    await expect(notification(page, MESSAGES.bookmarkAdded)).toBeVisible();
    const filledIcon = page.getByRole('button', {
      name: `Remove bookmark for ${NURSING}`,
      exact: true,
    });
    await expect(filledIcon).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/');
    const entry = dashboardWidget(page).getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(NURSING);
    await expect(entry).toContainText('Credential');
    await expect(page.getByText(MESSAGES.bookmarksEmpty)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^View All/ })).toHaveCount(0);

    // Remove from the widget: the notification offers UNDO, which brings it back.
    await entry.getByRole('button', { name: 'Remove' }).click();
    const removed = notification(page, MESSAGES.bookmarkRemoved);
    await expect(removed).toBeVisible();
    await expect(page.getByText(MESSAGES.bookmarksEmpty, { exact: true })).toBeVisible();
    await expectAccessible(page, 'dashboard with the UNDO notification');
    await removed.getByRole('button', { name: 'UNDO' }).click();
    await expect(notification(page, MESSAGES.bookmarkRestored)).toBeVisible();
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(NURSING);

    // The entry leads back to the credential, whose filled icon removes the bookmark.
    await entry.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${credentialPath}$`));
    await filledIcon.click();
    await expect(notification(page, MESSAGES.bookmarkRemoved)).toBeVisible();
    await expect(icon).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/');
    await expect(page.getByText(MESSAGES.bookmarksEmpty, { exact: true })).toBeVisible();
  });

  test("more than five bookmarks: the widget shows five and 'View All'; the drawer lists, searches, removes and restores", async ({
    page,
    visit,
  }) => {
    test.slow();
    await page.setViewportSize(VIEWPORTS.wide);
    await signInAsNewUser(page, 'bookmark-many');
    const northwind = await organizationId(NORTHWIND);
    const organizationHref = `/organizations/${northwind}`;
    const contract = await firstContract(NORTHWIND);
    const colleague = await userId('orgadmin@northwind.demo');
    const credentials = [
      'Welding Technology Certificate',
      NURSING,
      'Certified Nursing Assistant',
      'Cybersecurity (AAS)',
    ];
    // The credential icon is covered above: these four go through the API the icon calls.
    const token = await idTokenOf(page.context());
    for (const name of credentials) {
      const response = await page.request.post('/api/users/bookmarks', {
        headers: { authorization: `Bearer ${token}` },
        data: { item_id: await credentialId(name), item_type: 'credentials' },
      });
      expect(response.status()).toBe(201);
    }
    await bookmark(page, `${organizationHref}/contracts/${contract.id}`, contract.label);
    await bookmark(page, organizationHref, NORTHWIND);
    await bookmark(page, `${organizationHref}/users/${colleague}`, 'Jordan Reyes');
    const all = [...credentials, contract.label, NORTHWIND, 'Jordan Reyes'];
    const alphabetical = [...all].sort((a, b) =>
      a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }),
    );

    await visit('/');
    const viewAll = page.getByRole('button', { name: `View All (${all.length})`, exact: true });
    await expect(viewAll).toBeVisible();
    await expect(dashboardWidget(page).getByRole('listitem')).toHaveCount(5);
    // Newest first: the user bookmarked last leads, the first credential is not among the five.
    expect((await entryNames(dashboardWidget(page)))[0]).toBe('Jordan Reyes');
    await expect(dashboardWidget(page)).not.toContainText(credentials[0]!);
    for (const kind of ['Credential', 'Contract', 'Organization', 'User'])
      await expect(dashboardWidget(page).getByText(kind, { exact: true }).first()).toBeVisible();

    // The drawer: everything, alphabetically, 500 px wide on a wide screen.
    await viewAll.click();
    const title = drawer(page).getByRole('heading', {
      level: 2,
      name: MESSAGES.bookmarksDrawerTitle,
    });
    await expect(title).toBeVisible();
    await expect(drawerList(page).getByRole('listitem')).toHaveCount(all.length);
    expect(await entryNames(drawerList(page))).toEqual(alphabetical);
    const paper = drawer(page);
    await expect.poll(async () => (await paper.boundingBox())?.width).toBe(500);
    const box = (await paper.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(VIEWPORTS.wide.width, 0);
    await expectAccessible(page, 'bookmarks drawer (1440 px)');

    // Search: a case-insensitive substring of the name.
    const search = drawer(page).getByLabel(MESSAGES.bookmarksSearchLabel);
    await search.fill('nURSing');
    await expect(drawerList(page).getByRole('listitem')).toHaveCount(2);
    expect(await entryNames(drawerList(page))).toEqual(['Certified Nursing Assistant', NURSING]);
    await search.fill('no such bookmark');
    await expect(page.getByText(MESSAGES.bookmarksNoMatch, { exact: true })).toBeVisible();
    await expect(drawerList(page)).toHaveCount(0);
    await search.fill('');
    await expect(drawerList(page).getByRole('listitem')).toHaveCount(all.length);

    // Remove, then UNDO.
    const welding = drawerList(page)
      .getByRole('listitem')
      .filter({ hasText: 'Welding Technology Certificate' });
    await welding.getByRole('button', { name: 'Remove' }).click();
    // The modal drawer hides the rest of the page, the notification included, from assistive
    // technology (aria-hidden), so it is found here by what is on screen. Playwright's click
    // still proves that the UNDO button is on top of the drawer and takes the click.
    const removed = notification(page, MESSAGES.bookmarkRemoved, { includeHidden: true });
    await expect(removed).toBeVisible();
    await expect(welding).toHaveCount(0);
    await expect(drawerList(page).getByRole('listitem')).toHaveCount(all.length - 1);
    await removed.getByRole('button', { name: 'UNDO', includeHidden: true }).click();
    await expect(
      notification(page, MESSAGES.bookmarkRestored, { includeHidden: true }),
    ).toBeVisible();
    await expect(welding).toHaveCount(1);
    expect(await entryNames(drawerList(page))).toEqual(alphabetical);

    // Closing the drawer; the restored bookmark is kept on the server.
    await page.getByRole('button', { name: 'Close bookmarks' }).click();
    await expect(title).toBeHidden();
    await page.reload();
    await expect(
      page.getByRole('button', { name: `View All (${all.length})`, exact: true }),
    ).toBeVisible();

    // On a phone the drawer takes the full width; it also opens from the header.
    await page.setViewportSize(VIEWPORTS.narrow);
    await page.getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await expect(title).toBeVisible();
    await expect.poll(async () => (await paper.boundingBox())?.width).toBe(VIEWPORTS.narrow.width);
    expect((await paper.boundingBox())!.x).toBe(0);
    await expectAccessible(page, 'bookmarks drawer (390 px)');

    // Following an entry closes the drawer and opens the item.
    await drawerList(page)
      .getByRole('listitem')
      .filter({ has: page.getByText('Organization', { exact: true }) })
      .getByRole('link')
      .click();
    await expect(title).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${organizationHref}$`));
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
  });

  test('a very long name ends with "…" beside its Remove button on a phone, and shows whole on hover', async ({
    page,
    visit,
  }) => {
    await page.setViewportSize(VIEWPORTS.narrow);
    await signInAsNewUser(page, 'bookmark-long');
    const colleague = await seedUser({
      label: 'bookmark-long-name',
      firstName: 'Maximiliana Alexandrina Theodora Evangelina',
      lastName: 'Konstantinopoulou-Vanderbilt-Oyelaran-Montgomery-Featherstonehaugh',
    });
    const fullName = `${colleague.firstName} ${colleague.lastName}`;
    const response = await page.request.post('/api/users/bookmarks', {
      headers: { authorization: `Bearer ${await idTokenOf(page.context())}` },
      data: { item_id: colleague.id, item_type: 'users' },
    });
    expect(response.status()).toBe(201);

    /** The entry ends with "…" inside its two lines, wholly left of its Remove button. */
    async function expectCutShortBesideRemove(list: ReturnType<Page['getByRole']>) {
      const entry = list.getByRole('listitem').filter({ hasText: 'Maximiliana' });
      const name = entry.getByText(fullName, { exact: true });
      await expect(name).toHaveAttribute('title', fullName);
      expect(await name.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      const nameBox = (await name.boundingBox())!;
      const removeBox = (await entry.getByRole('button', { name: 'Remove' }).boundingBox())!;
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(removeBox.x);
      expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(VIEWPORTS.narrow.width);
    }

    await visit('/');
    await expectCutShortBesideRemove(dashboardWidget(page));
    await page.getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await expect(drawerList(page)).toBeVisible();
    await expectCutShortBesideRemove(drawerList(page));
  });

  test("a platform admin without bookmarks is pointed to 'any detail page'", async ({ page }) => {
    await signInAsNewUser(page, 'bookmark-admin', ROLES.PLATFORM_ADMIN);
    await expect(
      page.getByText(MESSAGES.bookmarksEmptyPlatformAdmin, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.bookmarksEmpty, { exact: true })).toHaveCount(0);
    await expectAccessible(page, 'platform admin dashboard without bookmarks');

    // The drawer says the same.
    await page.getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await expect(drawer(page).getByText(MESSAGES.bookmarksEmptyPlatformAdmin)).toBeVisible();
  });
});
