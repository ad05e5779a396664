/// <reference lib="dom" />
import type { Page } from '@playwright/test';

import { MESSAGES } from '@laurel/contract/messages';

import { expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  GREETING,
  SIGN_IN_PATH,
  openSignedIn,
  signIn,
  signOut,
  submitCredentials,
} from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

const DEMO_ACCOUNTS = [
  {
    email: 'admin@laurel.demo',
    firstName: 'Avery',
    organization: 'Laurel Platform',
    role: 'Platform Admin',
  },
  {
    email: 'orgadmin@northwind.demo',
    firstName: 'Jordan',
    organization: 'Northwind Technical College',
    role: 'Organization Admin',
  },
  {
    email: 'user@northwind.demo',
    firstName: 'Sam',
    organization: 'Northwind Technical College',
    role: 'User',
  },
  {
    email: 'orgadmin@riverside.demo',
    firstName: 'Priya',
    organization: 'Riverside Community College',
    role: 'Organization Admin',
  },
] as const;

const NAV_AREAS = ['Credentials', 'Organizations', 'Users', 'Contracts'] as const;
/** An organization member's navigation: their organization's places, as its page's tabs name them. */
const MEMBER_NAV = ['Overview', 'Credentials', 'Users', 'Contracts'] as const;

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The page_view events the app pushed onto `window.dataLayer`. */
async function pageViews(
  page: Page,
): Promise<Array<{ event: string; page_location: string; page_title: string }>> {
  return page.evaluate(() => {
    const layer = (window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? [];
    return layer.filter((entry) => entry.event === 'page_view') as Array<{
      event: string;
      page_location: string;
      page_title: string;
    }>;
  });
}

/** The last page_view, once one has been pushed for the page now shown (it waits for its title). */
async function lastPageView(page: Page) {
  await expect.poll(async () => (await pageViews(page)).at(-1)?.page_location).toBe(page.url());
  return (await pageViews(page)).at(-1)!;
}

async function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** Approximate lightness (0 black … 1 white) of the body's computed background colour. */
async function bodyBackgroundLuminance(page: Page): Promise<number> {
  const color = await page
    .locator('body')
    .evaluate((body) => getComputedStyle(body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test.describe('application shell', () => {
  test('signed out, the root redirects to the sign-in screen, which shows the demo notice', async ({
    page,
    visit,
  }) => {
    await visit('/');
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // The spec's wording, written out: the shared constant alone would follow a change of it.
    expect(MESSAGES.demoNotice).toBe('Demo mode: all data shown here are fictional.');
    await expect(page.getByText(MESSAGES.demoNotice)).toBeVisible();
  });

  test('a screen behind sign-in is reached again after signing in', async ({ page, visit }) => {
    await visit('/settings');
    await expect(page).toHaveURL(/\/auth\/password-sign-in\?redirectTo=%2Fsettings$/);
    // The page_view carries the full address, query included, and the page's title.
    expect((await lastPageView(page)).page_title).toBe('Sign in · Laurel');
    await submitCredentials(page, 'user@northwind.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Signed in, the sign-in screen has nothing to offer (spec §5: no second sign-in).
    await page.goto(SIGN_IN_PATH);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
  });

  test('each demo account signs in and sees its name, organization, role and the navigation', async ({
    page,
    visit,
  }) => {
    await visit(SIGN_IN_PATH);
    for (const account of DEMO_ACCOUNTS) {
      await signIn(page, account.email, DEMO_PASSWORD);
      await expect(
        page.getByRole('heading', { level: 1, name: new RegExp(`, ${account.firstName}$`) }),
      ).toBeVisible();
      await expect(page.getByText(`${account.organization} · ${account.role}`)).toBeVisible();
      await expect(page.getByText(MESSAGES.demoNotice)).toBeVisible();
      const sidebar = page.getByRole('complementary');
      await expect(sidebar.getByText(account.organization, { exact: true })).toBeVisible();
      await expect(sidebar.getByText(account.role, { exact: true })).toBeVisible();
      const platformAdmin = account.role === 'Platform Admin';
      for (const area of platformAdmin ? NAV_AREAS : MEMBER_NAV)
        await expect(mainNavigation(page).getByRole('link', { name: area })).toBeVisible();
      // Section headings name what they group: "Manage" only for who manages every organization.
      await expect(mainNavigation(page).getByText('Manage', { exact: true })).toHaveCount(
        platformAdmin ? 1 : 0,
      );
      await expect(
        mainNavigation(page).getByText('Your organization', { exact: true }),
      ).toHaveCount(platformAdmin ? 0 : 1);
      // The platform admin's dashboard differs from the others', which differ only in text.
      if (account.email === 'admin@laurel.demo' || account.email === 'user@northwind.demo')
        await expectAccessible(page, `dashboard of ${account.email}`);
      await signOut(page);
    }
  });

  test('navigation opens each area and pushes a page_view with the full address', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    expect((await lastPageView(page)).page_title).toBe('Dashboard · Laurel');

    // An organization's areas live under its organization route (spec §2).
    const organizationHref = await mainNavigation(page)
      .getByRole('link', { name: 'Overview' })
      .getAttribute('href');
    expect(organizationHref).toMatch(/^\/organizations\/\d+$/);
    const expectedPath: Record<(typeof MEMBER_NAV)[number], string> = {
      Overview: organizationHref!,
      Credentials: `${organizationHref}/credentials`,
      Users: `${organizationHref}/users`,
      Contracts: `${organizationHref}/contracts`,
    };
    for (const area of MEMBER_NAV) {
      const before = (await pageViews(page)).length;
      await mainNavigation(page).getByRole('link', { name: area }).click();
      await expect(page).toHaveURL(new RegExp(`${expectedPath[area]}$`));
      await expect(mainNavigation(page).getByRole('link', { name: area })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
      await expectAccessible(page, area);
      await expect.poll(async () => (await pageViews(page)).length).toBe(before + 1);
      const views = await pageViews(page);
      expect(views.at(-1)).toMatchObject({
        event: 'page_view',
        page_location: page.url(),
        page_title:
          area === 'Overview' ? `${NORTHWIND} · Laurel` : `${area} · ${NORTHWIND} · Laurel`,
      });
      expect(views.at(-1)?.page_location).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+${expectedPath[area]}$`),
      );
    }
  });

  test('a platform admin reaches the lists of every organization from the navigation', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    for (const area of NAV_AREAS) {
      await mainNavigation(page).getByRole('link', { name: area }).click();
      await expect(page).toHaveURL(new RegExp(`/${area.toLowerCase()}$`));
      await expect(page.getByRole('heading', { level: 1, name: area, exact: true })).toBeVisible();
      await expectAccessible(page, area);
    }
  });

  test('dark mode chosen in the header persists across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openSignedIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    expect(await bodyBackgroundLuminance(page)).toBeGreaterThan(0.8);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await storedValue(page, 'mui-mode')).toBe('dark');
    expect(await bodyBackgroundLuminance(page)).toBeLessThan(0.2);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await bodyBackgroundLuminance(page)).toBeLessThan(0.2);
    await expectAccessible(page, 'dashboard in dark mode');

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await storedValue(page, 'mui-mode')).toBe('light');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('settings pick the appearance and the colour theme, and keep them', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openSignedIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectAccessible(page, '/settings');

    const modes = page.getByRole('group', { name: 'Appearance' });
    await expect(modes.getByRole('button', { name: 'Match system' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await modes.getByRole('button', { name: 'Dark' }).click();
    await expect(modes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await storedValue(page, 'mui-mode')).toBe('dark');

    // Light and dark name the appearance only; no colour theme is called either.
    const themes = page.getByRole('radiogroup', { name: 'Colour theme' });
    await expect(themes.getByRole('radio')).toHaveCount(6);
    await expect(themes.getByRole('radio', { name: /light|dark/i })).toHaveCount(0);
    await expect(themes.getByRole('radio', { name: 'Standard' })).toBeChecked();
    const header = page.getByRole('banner');
    const defaultHeader = await header.evaluate((el) => getComputedStyle(el).backgroundColor);

    for (const [label, name] of [
      ['Charcoal', 'DARK'],
      ['Plain', 'LIGHT'],
      ['Green', 'GREEN'],
      ['Indigo', 'INDIGO'],
      ['Standard', 'DEFAULT'],
    ] as const) {
      await themes.getByText(label, { exact: true }).click();
      await expect(themes.getByRole('radio', { name: label })).toBeChecked();
      await expect(themes.getByRole('radio', { checked: true })).toHaveCount(1);
      expect(await storedValue(page, 'theme')).toBe(name);
    }
    // The themes are one radio group: the arrow keys move through them (Standard → Blue).
    await themes.getByRole('radio', { name: 'Standard' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(themes.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await expect(themes.getByRole('radio', { name: 'Blue' })).toBeFocused();
    expect(await storedValue(page, 'theme')).toBe('BLUE');
    const blueHeader = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(blueHeader).not.toBe(defaultHeader);
    await expectAccessible(page, '/settings with the Blue theme in dark mode');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(themes.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await expect(modes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(blueHeader);

    await modes.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await storedValue(page, 'mui-mode')).toBe('light');
  });

  test('signing out returns to sign-in and leaves no session behind', async ({ page, context }) => {
    await page.goto(SIGN_IN_PATH);
    await signIn(page, 'user@northwind.demo', DEMO_PASSWORD);
    // aws-amplify keeps the session in cookies; the remembered-device keys rightly outlive it.
    const sessionCookies = async () =>
      (await context.cookies())
        .map((cookie) => cookie.name)
        .filter((name) =>
          /^CognitoIdentityServiceProvider\..*\.(LastAuthUser|idToken|accessToken|refreshToken|clockDrift|signInDetails)$/.test(
            name,
          ),
        );
    expect(await sessionCookies()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\.LastAuthUser$/),
        expect.stringMatching(/\.idToken$/),
        expect.stringMatching(/\.accessToken$/),
        expect.stringMatching(/\.refreshToken$/),
      ]),
    );

    const idToken = (await context.cookies()).find((cookie) => cookie.name.endsWith('.idToken'))!;
    const profileWith = async (token: string) =>
      (
        await page.request.get('/api/users/profile', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status();
    expect(await profileWith(idToken.value)).toBe(200);

    // Signing out from a page opened directly, while the sign-in screen's code was still loading,
    // once sent the next person to sign in back to this page (?redirectTo=%2Fprofile). A slow
    // network for that code makes the case certain.
    await page.route(/\/assets\/(auth-layout|password-sign-in)-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await signOut(page);
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN_PATH}$`));
    await page.unrouteAll();
    expect(await sessionCookies()).toEqual([]);
    // The identity service revoked the session: its tokens no longer open the API.
    await expect.poll(() => profileWith(idToken.value), { timeout: 15_000 }).toBe(401);
    await expect(page.getByLabel('E-mail address')).toHaveValue('');

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/password-sign-in\?redirectTo=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /^Good / })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(SIGN_IN_PATH));
  });

  test('an unknown item type falls back to the organization route', async ({ page, visit }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    const organizationHref = await mainNavigation(page)
      .getByRole('link', { name: 'Overview' })
      .getAttribute('href');
    expect(organizationHref).toBe('/organizations/2');

    await visit('/organizations/2/nonsense');
    await expect(page).toHaveURL(/\/organizations\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    await page.goto('/organizations/2/nonsense/7');
    await expect(page).toHaveURL(/\/organizations\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
  });

  test('an organization admin has one place for each thing: the sidebar opens the tabs, and the old addresses lead there', async ({
    page,
  }) => {
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    // The dashboard's "All uploads" is the same place as the sidebar's Uploads.
    await expect(
      page
        .getByRole('region', { name: 'Uploads in progress' })
        .getByRole('link', { name: 'All uploads' }),
    ).toHaveAttribute('href', '/organizations/2/uploads');
    const navigation = mainNavigation(page);
    await navigation.getByRole('link', { name: 'Uploads' }).click();
    await expect(page).toHaveURL(/\/organizations\/2\/uploads$/);
    await expect(page.getByRole('tab', { name: 'Uploads' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(navigation.getByRole('link', { name: 'Uploads' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Every sidebar item of the organization is one of its page's tabs, under the same name.
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((elements) =>
        elements.map((element) => `${element.textContent} ${element.getAttribute('href')}`),
      );
    const items = await navigation
      .getByRole('link')
      .evaluateAll((elements) =>
        elements.map((element) => `${element.textContent} ${element.getAttribute('href')}`),
      );
    expect(items).toEqual(['Dashboard /', ...tabs, 'Insights methodology /insights/methodology']);

    for (const [old, now] of [
      ['/uploads', '/organizations/2/uploads'],
      ['/audits', '/organizations/2/audits'],
      ['/credentials', '/organizations/2/credentials'],
      ['/users', '/organizations/2/users'],
      ['/contracts', '/organizations/2/contracts'],
    ] as const) {
      await page.goto(old);
      await expect(page).toHaveURL(new RegExp(`${now}$`));
      await expect(page.getByRole('heading', { level: 1, name: NORTHWIND })).toBeVisible();
    }
  });

  test('a platform admin keeps the lists of every organization at the old addresses', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    for (const [path, title] of [
      ['/uploads', 'Uploads'],
      ['/audits', 'Audits'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    }
  });

  test('on a phone the tab strip starts at the edge and the credential list keeps its award counts', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await page.goto('/organizations/2/credentials');
    const heading = page.getByRole('heading', { level: 1, name: NORTHWIND });
    await expect(page.getByRole('tablist', { name: `${NORTHWIND} sections` })).toBeVisible();
    const headingBox = await heading.boundingBox();
    const tabBox = await page.getByRole('tab', { name: 'Overview' }).boundingBox();
    // The first tab lines up with the page's heading: a scroll button with nowhere to scroll
    // used to keep 40 px empty on the left.
    expect(Math.abs(tabBox!.x - headingBox!.x)).toBeLessThan(2);
    const table = page.getByRole('table', { name: 'Credentials' });
    await expect(table.getByRole('columnheader', { name: 'Awards' })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Welding Technology Certificate' });
    await expect(row.getByRole('cell').filter({ hasText: /^[\d,]+$/ })).toBeVisible();
  });
});
