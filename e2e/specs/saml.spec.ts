import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';

import { type SamlEmployee, type SamlIdp, startSamlIdp } from '../../scripts/saml-idp.ts';
import { organizationId } from '../support/directory.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { GREETING, openSignedIn, SIGN_IN_PATH } from '../support/flows.ts';
import { DEMO_PASSWORD } from '../support/seed.ts';

/**
 * SAML 2.0 company sign-in in the browser: a platform admin gives the demo university its
 * identity provider's metadata (a real SAML IdP, samlify, started here), then a faculty member
 * signs in from the sign-in screen through the provider's own page and lands on Laurel signed in,
 * added just in time as Organization Admin (affiliation `faculty`).
 */
const LAKESHORE = 'Lakeshore State University';
const IDP_PASSWORD = 'Lakeshore-e2e-2026!';

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe('SAML company sign-in', () => {
  let idp: SamlIdp | undefined;
  const employees: SamlEmployee[] = [];

  test.afterAll(async () => {
    await idp?.close();
  });

  test('settings with the IdP metadata, then sign-in through the IdP page, back signed in', async ({
    page,
    browser,
    baseURL,
    visit,
  }) => {
    test.slow();
    const lakeshore = await organizationId(LAKESHORE);
    const email = `prof-${randomUUID().slice(0, 8)}@lakeshore.demo`;
    employees.push({
      id: randomUUID(),
      email,
      password: IDP_PASSWORD,
      givenName: 'Ida',
      familyName: 'Wells',
      affiliations: ['faculty', 'member'],
    });
    idp = await startSamlIdp({ companyName: LAKESHORE, employees });

    await openSignedIn(page, 'admin@laurel.demo', DEMO_PASSWORD);
    await visit(`/admin/organizations/${lakeshore}`);
    const card = page.getByRole('region', { name: 'Company sign-in (SSO)' });
    await expect(card.getByText('SAML 2.0').first()).toBeVisible();
    await card.getByRole('button', { name: /Edit settings|Set up company sign-in/ }).click();
    await card.getByLabel('Identity provider metadata').click();
    await page.getByRole('option', { name: 'Pasted XML' }).click();
    await card.getByLabel('Metadata XML').fill(idp.metadataXml);
    await card.getByRole('button', { name: 'Test metadata' }).click();
    await expect(card.getByRole('status').filter({ hasText: idp.entityId })).toBeVisible();
    await expectAccessible(page, 'SAML settings');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Company sign-in (SAML) saved.' }),
    ).toBeVisible();
    await expect(card.getByText(idp.entityId)).toBeVisible();
    await expect(card.getByText(`${baseURL}/identity/saml2/idpresponse`)).toBeVisible();

    // The admin's test sign-in: through the provider's page and back to this page, which shows
    // what Laurel received and would do; nobody is signed in or added (the person's own first
    // sign-in below still adds them).
    await card.getByRole('button', { name: 'Test sign-in' }).click();
    await expect(page).toHaveURL(new RegExp(`^${idp.ssoUrl}\\?`));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(IDP_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const result = page.getByRole('dialog', { name: 'Test sign-in result' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText(email).first()).toBeVisible();
    await expect(result.getByText('Organization Admin').first()).toBeVisible();
    await expectAccessible(page, 'SAML test sign-in result');
    await result.getByRole('button', { name: 'Close' }).click();
    await expect(result).toBeHidden();
    expect(new URL(page.url()).searchParams.has('saml_test')).toBe(false);

    const person = await freshPage(browser, baseURL);
    await person.goto(SIGN_IN_PATH);
    await person.getByLabel('E-mail address').fill(email);
    await person.getByRole('button', { name: 'Continue' }).click();
    // The identity provider's own page, reached with a signed AuthnRequest it checked.
    await expect(person).toHaveURL(new RegExp(`^${idp.ssoUrl}\\?`));
    await expect(person.getByRole('heading', { name: LAKESHORE })).toBeVisible();
    await person.getByLabel('E-mail').fill(email);
    await person.getByLabel('Password').fill(IDP_PASSWORD);
    await person.getByRole('button', { name: 'Sign in' }).click();

    await person.getByRole('dialog').getByRole('button', { name: 'Confirm name' }).click();
    await expect(person.getByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(new URL(person.url()).origin).toBe(new URL(baseURL!).origin);
    await person.goto('/profile');
    await expect(person.getByText(`Organization Admin · ${LAKESHORE}`)).toBeVisible();
    await person.context().close();
  });
});
