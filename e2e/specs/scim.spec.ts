import { organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, SIGN_IN_PATH, openSignedIn, submitCredentials } from '../support/flows.ts';
import { DEMO_PASSWORD, NORTHWIND, makeSeatRoom } from '../support/seed.ts';

/**
 * SCIM provisioning end to end (docs/sso.md): an organization admin makes a SCIM token on the
 * organization's SSO settings, a directory (this test, with the token) provisions a person who
 * signs in, and the directory's deactivation ends that person's open session within a second.
 */
test.describe('SCIM provisioning', () => {
  test('a token made on the SSO settings provisions a person, and deactivating them ends their session', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const northwind = await organizationId(NORTHWIND);
    // Other specs seed people into Northwind: a seat is left for the one the directory provisions.
    await makeSeatRoom(northwind, 5);
    await openSignedIn(page, 'orgadmin@northwind.demo', DEMO_PASSWORD);
    await visit(`/organizations/${northwind}`);
    const section = page.getByRole('region', { name: 'Provisioning (SCIM)' });
    await expect(section).toBeVisible();
    const address = await section.getByRole('textbox', { name: 'SCIM base URL' }).inputValue();
    expect(address).toMatch(/\/scim\/v2\/[a-z2-9]{20}$/);

    const name = `E2E directory ${Date.now().toString(36)}`;
    await section.getByRole('button', { name: 'New SCIM token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New SCIM token' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: `Copy the SCIM token “${name}” now` });
    const secret = await shown.getByRole('textbox', { name: 'SCIM token' }).inputValue();
    expect(secret).toMatch(/^laurel_scim_[0-9A-Za-z]{38}$/);
    await expectAccessible(page, 'a new SCIM token, shown once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(section.getByRole('row').filter({ hasText: name })).toContainText('Never');
    await expect(page.getByText(secret)).toHaveCount(0);

    // The directory: this test, with the token.
    const base = new URL(address).pathname;
    const scim = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
      page.request.fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body ? { 'content-type': 'application/scim+json' } : {}),
        },
        ...(body ? { data: JSON.stringify(body) } : {}),
      });
    const email = `scim.e2e.${Date.now().toString(36)}@northwind.demo`;
    const password = 'Scim-e2e-password-2026!';
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Sky', familyName: 'Provisioned' },
      emails: [{ primary: true, type: 'work', value: email }],
      password,
      active: true,
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const theirs = await browser.newContext({ baseURL });
    const person = await theirs.newPage();
    try {
      await person.goto(SIGN_IN_PATH);
      await submitCredentials(person, email, password);
      await expect(person).toHaveURL(/\/$/);
      // A provisioned person confirms the name the directory gave (the dialog comes with the profile).
      const confirm = person.getByRole('dialog', { name: 'Confirm your name' });
      await expect(confirm.getByRole('textbox', { name: 'First name' })).toHaveValue('Sky');
      await confirm.getByRole('button', { name: 'Confirm name' }).click();
      await expect(confirm).toBeHidden();
      await expect(person.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
      await expect(person.getByText(`${NORTHWIND} · User`)).toBeVisible();
      const idToken = (await theirs.cookies()).find((cookie) => cookie.name.endsWith('.idToken'))!;
      const profile = async () =>
        (
          await person.request.get('/api/users/profile', {
            headers: { authorization: `Bearer ${idToken.value}` },
          })
        ).status();
      expect(await profile()).toBe(200);

      const sent = Date.now();
      const patched = await scim('PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(patched.status()).toBe(200);
      await expect.poll(profile, { intervals: [20], timeout: 1_000 }).toBe(401);
      expect(Date.now() - sent).toBeLessThan(1_000);
      // The open page finds itself signed out at its next request.
      await person.goto('/profile');
      await expect(person).toHaveURL(new RegExp(SIGN_IN_PATH));
      await expect(person.getByRole('heading', { level: 1, name: GREETING })).toHaveCount(0);
    } finally {
      await theirs.close();
    }

    // The section tells of the token's use and the directory's last change; then it is revoked.
    await page.reload();
    await expect(section).toContainText('Last provisioning activity:');
    await expect(section).toContainText(`User ${email} deactivated through SCIM (PATCH)`);
    const row = section.getByRole('row').filter({ hasText: name });
    await expect(row).not.toContainText('Never');
    await row.getByRole('button', { name: `Revoke the SCIM token ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect(row).toContainText('Revoked');
    await expect.poll(async () => (await scim('GET', '/Users?count=1')).status()).toBe(401);
  });
});
