import type { Locator, Page } from '@playwright/test';

import { organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test, VIEWPORTS } from '../support/fixtures.ts';
import { openSignedIn } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../support/seed.ts';

/**
 * A server's answer to a form, on a phone and a desktop: the message under a field and the
 * message of the whole form never overlap a label, a field or each other (the invite form's
 * "A user with this e-mail address already exists" was drawn through the next field's label).
 */

interface Box {
  what: string;
  field: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The boxes of what a form shows: each field's label, outline and message (numbered by field, so
 * that a label on its own outline's notch is not counted) and the form's alert.
 */
async function formBoxes(form: Locator): Promise<Box[]> {
  return form.evaluate((root) => {
    const boxes: Box[] = [];
    const add = (element: Element, what: string, field: number) => {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0)
        boxes.push({ what, field, x: rect.x, y: rect.y, width: rect.width, height: rect.height });
    };
    root.querySelectorAll('.MuiFormControl-root').forEach((control, field) => {
      const label = control.querySelector(':scope > label');
      const name = label?.textContent ?? `field ${field}`;
      if (label) add(label, `label "${name}"`, field);
      const outline = control.querySelector(':scope > .MuiInputBase-root');
      if (outline) add(outline, `field "${name}"`, field);
      const helper = control.querySelector(':scope > .MuiFormHelperText-root');
      if (helper?.textContent?.replace('\u200b', '').trim())
        add(helper, `message "${helper.textContent}" of "${name}"`, field);
    });
    root
      .querySelectorAll('[role="alert"]')
      .forEach((alert, index) => add(alert, `form message "${alert.textContent}"`, -1 - index));
    return boxes;
  });
}

function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      if (a.field === b.field) continue;
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > 0 && down > 0)
        found.push(`${a.what} overlaps ${b.what} by ${down.toFixed(1)}px`);
    }
  }
  return found;
}

async function expectNothingOverlaps(form: Locator, message: string) {
  const boxes = await formBoxes(form);
  // The check measures something: labels, fields and at least one message.
  expect(boxes.some((box) => box.what.startsWith('message'))).toBe(true);
  expect(overlaps(boxes), message).toEqual([]);
}

async function openUsers(page: Page) {
  await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
  await page.goto(`/organizations/${await organizationId(NORTHWIND)}/users`);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`server errors in forms, ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test("the invite form's error under the e-mail address stays clear of the next label", async ({
      page,
    }) => {
      await openUsers(page);
      await page.getByRole('button', { name: 'Invite user' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('E-mail address').fill('user@northwind.demo');
      await dialog.getByLabel('First name').fill('Sam');
      await dialog.getByLabel('Last name').fill('Okafor');
      // Users other specs created may have filled the contract's seats: the dialog then asks for
      // an additional seat to be approved before it sends anything.
      const approve = dialog.getByRole('checkbox', { name: /I approve an additional seat/ });
      if (await approve.isVisible()) await approve.check();
      await dialog.getByRole('button', { name: 'Send invitation' }).click();

      const message = dialog.getByText('A user with this e-mail address already exists');
      await expect(message).toBeVisible();
      await expect(dialog.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
      // Nothing typed is lost.
      await expect(dialog.getByLabel('First name')).toHaveValue('Sam');

      const messageBox = (await message.boundingBox())!;
      const nextLabel = (await dialog.locator('label', { hasText: 'First name' }).boundingBox())!;
      expect(nextLabel.y, 'the next label starts below the message').toBeGreaterThanOrEqual(
        messageBox.y + messageBox.height,
      );
      await expectNothingOverlaps(dialog, `invite form at ${size}`);
      await expectAccessible(page, `invite form with a server error at ${size}`);
    });

    test("the credential form's field error and form error overlap nothing", async ({ page }) => {
      await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
      const list = `/organizations/${await organizationId(NORTHWIND)}/credentials`;
      // The list has drawn its rows: its toolbar's button stays put from here on.
      const openList = async () => {
        await page.goto(list);
        await expect(
          page.getByRole('table', { name: 'Credentials' }).locator('tbody tr').first(),
        ).toBeVisible();
      };
      await openList();
      const code = `E2E-${size.toUpperCase()}-${Date.now()}`;
      const create = async (name: string) => {
        await page.getByRole('button', { name: 'New credential' }).click();
        const dialog = page.getByRole('dialog', { name: 'New credential' });
        await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
        await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
        await dialog.getByRole('combobox', { name: /^Type/ }).click();
        await page.getByRole('option').first().click();
        await dialog.getByRole('button', { name: 'Create credential' }).click();
        return dialog;
      };
      await create(`Form layout check ${code}`);
      // A new credential opens its page; back to the list for a second one.
      await expect(
        page.getByRole('heading', { level: 1, name: `Form layout check ${code}` }),
      ).toBeVisible();
      await openList();

      // The same code again: the server names the field and says why.
      const dialog = await create(`Form layout check again ${code}`);
      await expect(dialog.getByText('Already used')).toBeVisible();
      await expect(
        dialog.getByRole('alert').filter({
          hasText: 'This organization already has a credential with this code',
        }),
      ).toBeVisible();
      await expectNothingOverlaps(dialog, `credential form at ${size}`);
    });
  });
}
