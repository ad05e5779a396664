import type { Locator, Page, Request } from '@playwright/test';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { paths } from '../../apps/web/src/lib/routing/paths.ts';
import { organizationId } from '../support/directory.ts';
import { VIEWPORTS, expect, test } from '../support/fixtures.ts';
import { SIGN_IN_PATH, signIn } from '../support/flows.ts';
import { NORTHWIND, seedUser } from '../support/seed.ts';

/**
 * Visits every screen as every role and clicks every enabled button, tab, toggle and menu item
 * that neither destroys nor sends anything, failing on an uncaught page error, a console error or
 * warning, a Content-Security-Policy violation (reported to the console by the fixture's listener)
 * or an answer with a 5xx status. Each failure names the role, the width, the screen and the
 * control that was clicked last.
 *
 * Screens are found rather than listed: the main navigation, the account menu's pages, the links
 * on each screen (a list's first row leads to its detail page) and wherever a click leads. One
 * screen of each route pattern is visited (`/organizations/:id/credentials/:id` once), the
 * top-level screens at 1440 and 390 pixels, the others at 1440. Users are seeded, one sign-in per
 * role, so that toggles (bookmarks, preferences) change nobody else's data.
 */

/** Names of controls that destroy, send or start something: never clicked. */
const UNSAFE =
  /\b(delete|remove|revoke|deactivate|disable|enable|activate|withdraw|reset|replace|sign ?out|log ?out|stop|send|resend|invite|upload|import|save|submit|confirm|archive|restore|discard|leave|approve|reject|retry|run|recompute|regenerate|rotate|publish|request|start|set up|passkey|print|apply|create|accept|decline|cancel (?:upload|invitation)|act in)\b/i;

/** Roles of the controls that are clicked; comboboxes and menus are opened, looked at and closed. */
const CLICKED_ROLES = new Set([
  'button',
  'tab',
  'switch',
  'checkbox',
  'radio',
  'combobox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
]);

/** The most controls clicked on one screen, and the most screens visited per role. */
const MAX_CONTROLS_PER_SCREEN = 40;
const MAX_MENU_ITEMS = 8;
const MAX_SCREENS = 45;

interface Control {
  role: string;
  name: string;
  /** Which of the scope's controls with this role and name (`getByRole(…).nth(index)`). */
  index: number;
}

/**
 * The enabled, named controls in an ARIA snapshot, in document order. Repeated rows and list items
 * are alike: only the first row of a table body (or first item of a list) is taken.
 */
function parseControls(snapshot: string): Control[] {
  const controls: Control[] = [];
  const seen = new Map<string, number>();
  // The ancestors of the current line: their indentation, and whether they are a repeated row.
  const stack: { indent: number; repeated: boolean; rows: number; items: number }[] = [];
  for (const raw of snapshot.split('\n')) {
    // YAML quotes a line whose name holds a colon: `- 'button "Sort: newest"'`.
    const quoted = /^(\s*)- '(.*)'(:?)$/.exec(raw);
    const line = quoted ? `${quoted[1]}- ${quoted[2]!.replaceAll("''", "'")}${quoted[3]}` : raw;
    const match = /^(\s*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(line);
    if (!match) continue;
    const [, spaces, role, rawName, rest] = match;
    const indent = spaces!.length;
    while (stack.length > 0 && stack.at(-1)!.indent >= indent) stack.pop();
    const parent = stack.at(-1);
    let repeated = parent?.repeated ?? false;
    if (parent && role === 'row') repeated ||= ++parent.rows > 1;
    if (parent && role === 'listitem') repeated ||= ++parent.items > 1;
    stack.push({ indent, repeated, rows: 0, items: 0 });
    if (!CLICKED_ROLES.has(role!) || rawName === undefined) continue;
    const name = JSON.parse(`"${rawName}"`) as string;
    const key = `${role}\u0000${name}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    if (repeated || /\[disabled\]/.test(rest!) || name.trim() === '') continue;
    controls.push({ role: role!, name, index });
  }
  return controls;
}

function describe(control: Control): string {
  return `${control.role} "${control.name}"${control.index > 0 ? ` (#${control.index + 1})` : ''}`;
}

function locate(scope: Page | Locator, control: Control): Locator {
  return scope
    .getByRole(control.role as Parameters<Page['getByRole']>[0], {
      name: control.name,
      exact: true,
    })
    .nth(control.index);
}

/** A route pattern: numbers become `:id`, so one credential stands for all of them. */
function patternOf(place: string): string {
  return place.replace(/\/\d+(?=\/|\?|$)/g, '/:id').replace(/\/$/, '') || '/';
}

/**
 * A screen's address: the path, and the tab a page keeps in its query (`?tab=awards`), which shows
 * a different part of the page; other query parameters (sorting, filters, paging) do not.
 */
function placeOf(href: string): string {
  const url = new URL(href);
  const tab = url.searchParams.get('tab');
  return tab ? `${url.pathname}?tab=${encodeURIComponent(tab)}` : url.pathname;
}

interface Screen {
  path: string;
  /** Reached from the navigation or the account menu: swept at both widths. */
  topLevel: boolean;
}

interface RoleSweep {
  label: string;
  roleId: RoleId;
  organizationName: string;
  /** Opens the first screen after sign-in (the dashboard, unless acting within an organization). */
  begin?: (page: Page) => Promise<void>;
  /** Whether a path may be visited in this role (a platform admin opening an organization's own
   * route would start acting within it). */
  allows: (path: string) => boolean;
}

const ORGANIZATION_ROUTE = /^\/organizations\/\d+(\/|\?|$)/;

const ROLE_SWEEPS: RoleSweep[] = [
  {
    label: 'platform admin',
    roleId: ROLES.PLATFORM_ADMIN,
    organizationName: PLATFORM_ORGANIZATION_NAME,
    allows: (path) => !ORGANIZATION_ROUTE.test(path),
  },
  {
    label: 'platform admin acting within an organization',
    roleId: ROLES.PLATFORM_ADMIN,
    organizationName: PLATFORM_ORGANIZATION_NAME,
    begin: async (page) => {
      const northwind = await organizationId(NORTHWIND);
      await page.goto(paths.adminOrganization.getHref(northwind));
      await page.getByRole('link', { name: 'Act in organization' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Acting in / })).toBeVisible();
    },
    // Any other page leads out of the organization (and asks first).
    allows: (path) =>
      ORGANIZATION_ROUTE.test(path) || path.startsWith(paths.insightsMethodology.getHref()),
  },
  {
    label: 'organization admin',
    roleId: ROLES.ORGANIZATION_ADMIN,
    organizationName: NORTHWIND,
    allows: () => true,
  },
  {
    label: 'user',
    roleId: ROLES.USER,
    organizationName: NORTHWIND,
    allows: () => true,
  },
];

/** Chromium's console line for a 4xx answer, which the screen handles and shows itself. */
const CLIENT_ERROR_RESPONSE =
  /^Failed to load resource: the server responded with a status of 4\d\d/;

/** Open overlays: dialogs, drawers, menus, popovers and option lists. */
const OVERLAYS =
  '[role="dialog"]:visible, [role="alertdialog"]:visible, [role="menu"]:visible, [role="listbox"]:visible, .MuiModal-root:not(.MuiModal-hidden):visible';

/**
 * Walks one role's screens in one page, recording every problem with where it happened.
 */
class Sweeper {
  readonly problems: string[] = [];
  /** Controls that could not be clicked (covered, gone): not failures, listed in the report. */
  readonly skipped: string[] = [];
  private width: number = VIEWPORTS.wide.width;
  private screen = '';
  private control = 'opening the screen';
  private readonly inflight = new Set<Request>();
  private readonly visited = new Set<string>();
  private readonly queue: Screen[] = [];
  private readonly topLevel: string[] = [];
  /** How many controls were clicked: a sweep that clicks nothing proves nothing. */
  clicks = 0;
  /** The controls clicked so far, by screen (or `shell`). */
  private readonly clicked = new Map<string, Set<string>>();

  private readonly page: Page;
  private readonly role: RoleSweep;

  constructor(page: Page, role: RoleSweep) {
    this.page = page;
    this.role = role;
    page.on('pageerror', (error) => this.report(`uncaught error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'warning') this.report(`console warning: ${message.text()}`);
      if (message.type() === 'error' && !CLIENT_ERROR_RESPONSE.test(message.text()))
        this.report(`console error: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500)
        this.report(
          `${response.status()} from ${response.request().method()} ${new URL(response.url()).pathname}`,
        );
    });
    page.on('request', (request) => this.inflight.add(request));
    page.on('requestfinished', (request) => this.inflight.delete(request));
    page.on('requestfailed', (request) => this.inflight.delete(request));
    // A control that opens a new tab: the tab is not swept.
    page.context().on('page', (popup) => void popup.close());
  }

  private report(problem: string) {
    this.problems.push(
      `${this.role.label} · ${this.width} px · ${this.screen || this.page.url()} · ${this.control}: ${problem}`,
    );
  }

  /** Waits until no request has been open for 120 ms (at most 8 s) and the frame has painted. */
  private async settle() {
    const deadline = Date.now() + 8_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await this.page.waitForTimeout(50);
      if (this.inflight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 120) break;
    }
  }

  private place() {
    return placeOf(this.page.url());
  }

  /** Adds a path to the queue if its route pattern is new and the role may visit it. */
  private discover(path: string, topLevel: boolean) {
    const pattern = patternOf(path);
    if (this.visited.has(pattern) || this.queue.some((s) => patternOf(s.path) === pattern)) return;
    if (!this.role.allows(path) || /^\/(auth|api|dev|identity)(\/|\?|$)/.test(path)) return;
    this.queue.push({ path, topLevel });
  }

  /** The in-app links of a region, as paths. */
  private async linksIn(scope: Locator): Promise<string[]> {
    const origin = new URL(this.page.url()).origin;
    const hrefs = await scope
      .locator('a[href]:visible')
      .evaluateAll((anchors) =>
        anchors
          .filter((a) => !a.hasAttribute('download') && a.getAttribute('target') !== '_blank')
          .map((a) => (a as HTMLAnchorElement).href),
      );
    return hrefs.filter((href) => new URL(href).origin === origin).map(placeOf);
  }

  private async open(path: string) {
    this.screen = path;
    this.control = 'opening the screen';
    await this.page.goto(path);
    await this.settle();
    await this.page
      .getByRole('main')
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => this.skipped.push(`${this.role.label} · ${path}: no heading appeared`));
  }

  /** Closes whatever a click opened: Escape, then a Cancel or Close button if that did not. */
  private async closeOverlays() {
    const overlays = this.page.locator(OVERLAYS);
    for (let attempt = 0; attempt < 3 && (await overlays.count()) > 0; attempt++) {
      if (attempt < 2) await this.page.keyboard.press('Escape');
      else
        await overlays
          .getByRole('button', { name: /^(cancel|close)$/i })
          .first()
          .click({ timeout: 2_000 })
          .catch(() => undefined);
      await expect(overlays)
        .toHaveCount(0, { timeout: 2_000 })
        .catch(() => undefined);
    }
    if ((await overlays.count()) > 0) {
      this.skipped.push(`${this.where()}: an overlay would not close`);
      await this.page.goto(this.screen);
      await this.settle();
    }
  }

  private where() {
    return `${this.role.label} · ${this.width} px · ${this.screen} · ${this.control}`;
  }

  /** Back to the screen being swept, if a click led elsewhere (remembering where it led). */
  private async returnToScreen() {
    const here = this.place();
    if (here === this.screen) return;
    this.discover(here, false);
    // A tab kept in the query replaces the address: there is no step back to take.
    if (new URL(this.page.url()).pathname !== this.screen.split('?')[0]) {
      await this.page.goBack().catch(() => undefined);
      await this.settle();
    }
    if (this.place() !== this.screen) {
      await this.page.goto(this.screen);
      await this.settle();
    }
  }

  /** Clicks a control; false when it was gone, hidden or disabled by the time it was reached. */
  private async click(target: Locator, label: string): Promise<boolean> {
    this.control = label;
    // A control may go between these questions (a list refreshing its rows): not waited for.
    const ready = await target
      .isEnabled({ timeout: 1_000 })
      .then((enabled) => enabled && target.isVisible())
      .catch(() => false);
    if (!ready) return false;
    try {
      // A styled radio, checkbox or switch hides its input under the card or track that shows it:
      // the click lands on what is drawn there, as a person's would.
      const hidden = ['radio', 'checkbox', 'switch'].includes(label.split(' ')[0]!);
      await target.click({ timeout: 3_000, force: hidden });
    } catch (error) {
      this.skipped.push(`${this.where()}: ${(error as Error).message.split('\n')[0]}`);
      return false;
    }
    this.clicks++;
    await this.settle();
    return true;
  }

  /** Clicks each control of a region of the current screen. */
  private async sweepControls(scope: Locator, region: string) {
    const controls = parseControls(await scope.ariaSnapshot()).filter(
      (control) => !UNSAFE.test(control.name),
    );
    const clicked = this.clicked.get(region) ?? new Set<string>();
    this.clicked.set(region, clicked);
    for (const control of controls.slice(0, MAX_CONTROLS_PER_SCREEN)) {
      // A control clicked at the other width runs the same code: only what this width adds.
      if (clicked.has(describe(control))) continue;
      clicked.add(describe(control));
      // A dialog whose code arrived after the last click had settled opens late: closed first.
      await this.closeOverlays();
      const target = locate(scope, control);
      // A tab that is a link is a screen of its own, swept when its turn comes.
      const href = await target.getAttribute('href', { timeout: 1_000 }).catch(() => null);
      if (href) {
        this.discover(placeOf(new URL(href, this.page.url()).href), false);
        continue;
      }
      if (!(await this.click(target, describe(control)))) continue;
      const menu = this.page.getByRole('menu').filter({ visible: true });
      const menuItems =
        (await menu.count()) > 0 ? parseControls(await menu.first().ariaSnapshot()) : [];
      await this.closeOverlays();
      await this.returnToScreen();
      for (const item of menuItems.slice(0, MAX_MENU_ITEMS)) {
        if (UNSAFE.test(item.name)) continue;
        if (!(await this.click(locate(scope, control), describe(control)))) break;
        const entry = locate(this.page.getByRole('menu').filter({ visible: true }), item);
        await this.click(entry, `${describe(control)} → ${describe(item)}`);
        await this.closeOverlays();
        await this.returnToScreen();
      }
    }
  }

  /** The header and navigation, once per width: they are the same on every screen. */
  private async sweepShell() {
    await this.sweepControls(this.page.locator('header.laurel-header'), 'header');
    const navigation = this.page.getByRole('navigation', { name: 'Main' });
    if (await navigation.isVisible()) await this.sweepControls(navigation, 'navigation');
  }

  private async sweepScreen(screen: Screen, firstVisit: boolean) {
    await this.open(screen.path);
    const main = this.page.getByRole('main');
    await this.sweepControls(main, screen.path);
    // Once everything has loaded; a list's first row leads to its detail page.
    if (firstVisit) for (const link of await this.linksIn(main)) this.discover(link, false);
  }

  async run() {
    await this.page.setViewportSize(VIEWPORTS.wide);
    const start = this.place();
    this.screen = start;
    // The top-level screens: the main navigation, the account menu, the help.
    const navigation = this.page.getByRole('navigation', { name: 'Main' });
    await expect(navigation).toBeVisible();
    const entries = [
      start,
      ...(await this.linksIn(navigation)),
      paths.profile.getHref(),
      paths.settings.getHref(),
    ];
    for (const path of entries) this.discover(path, true);
    for (const screen of this.queue) if (screen.topLevel) this.topLevel.push(screen.path);

    await this.sweepShell();
    while (this.queue.length > 0 && this.visited.size < MAX_SCREENS) {
      const screen = this.queue.shift()!;
      this.visited.add(patternOf(screen.path));
      await this.sweepScreen(screen, true);
    }

    this.width = VIEWPORTS.narrow.width;
    await this.page.setViewportSize(VIEWPORTS.narrow);
    await this.open(start);
    await this.sweepShell();
    for (const path of this.topLevel) await this.sweepScreen({ path, topLevel: true }, false);
  }

  visitedPatterns(): string[] {
    return [...this.visited];
  }
}

// A trace of hundreds of clicks takes longer to record than the clicks themselves.
test.use({ trace: 'off' });

test.describe('sweep', () => {
  for (const role of ROLE_SWEEPS) {
    test(`every screen and safe control as ${role.label}`, async ({ page }, testInfo) => {
      test.setTimeout(6 * 60_000);
      const user = await seedUser({
        label: `sweep-${role.label.replace(/\W+/g, '-')}`,
        roleId: role.roleId,
        organizationName: role.organizationName,
        firstName: 'Sasha',
        lastName: 'Sweep',
      });
      await page.setViewportSize(VIEWPORTS.wide);
      await page.goto(SIGN_IN_PATH);
      await signIn(page, user.email, user.password);
      if (role.begin) await role.begin(page);

      const sweeper = new Sweeper(page, role);
      await sweeper.run();

      testInfo.annotations.push(
        { type: 'screens', description: sweeper.visitedPatterns().join(', ') },
        { type: 'controls clicked', description: String(sweeper.clicks) },
        ...sweeper.skipped.map((description) => ({ type: 'not clicked', description })),
      );
      expect(
        sweeper.problems,
        `problems found while clicking through the app as ${role.label}`,
      ).toEqual([]);
      // The sweep reached the screens and clicked on them.
      expect(sweeper.visitedPatterns().length).toBeGreaterThanOrEqual(8);
      expect(sweeper.clicks).toBeGreaterThan(3 * sweeper.visitedPatterns().length);
    });
  }
});
