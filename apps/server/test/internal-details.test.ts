import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BILLING_CODE_LABELS } from '@laurel/contract/labels';
import { ACTING_ORGANIZATION_HEADER, API_PATHS } from '@laurel/contract/paths';

import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

/**
 * The platform's own business (the CRM account and link, billing codes) reaches platform admins
 * only; customers are sent the words for each code and nothing of the rest.
 */
describe.each(DIALECTS)('internal details on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    await t.database.handle.db
      .updateTable('organizations')
      .set({ salesforceAccountId: '001A000001ABCDEFGH' })
      .where('id', '=', w.a.id)
      .execute();
  });
  afterAll(() => t?.close());

  const get = async (user: BuiltUser, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(user)}`, ...headers },
    });

  const customers = () =>
    [
      ['organization admin', w.adminA],
      ['user', w.userA],
    ] as const;

  it('sends the CRM account of an organization to platform admins only', async () => {
    const seen = (await get(w.platformAdmin, API_PATHS.organization(w.a.id))).json();
    expect(seen.salesforceAccountId).toBe('001A000001ABCDEFGH');
    for (const [role, customer] of customers()) {
      const response = await get(customer, API_PATHS.organization(w.a.id));
      expect(response.statusCode, role).toBe(200);
      expect(response.json().name, role).toBe('Alpha College');
      expect(Object.keys(response.json()), role).not.toContain('salesforceAccountId');
      expect(response.body, role).not.toContain('001A000001ABCDEFGH');
    }
  });

  it('gives the CRM address to platform admins only', async () => {
    const seen = await get(w.platformAdmin, API_PATHS.salesforceUrl);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().baseUrl).toMatch(/^https:\/\//);
    for (const [role, customer] of customers()) {
      const response = await get(customer, API_PATHS.salesforceUrl);
      expect(response.statusCode, role).toBe(403);
      expect(response.body, role).not.toContain('force.com');
    }
  });

  it("names a contract's line items in words for customers, with their codes for platform admins", async () => {
    const platformView = (await get(w.platformAdmin, API_PATHS.contract(w.contractA))).json();
    expect(platformView.lineItems.map((item: { billingCode: string }) => item.billingCode)).toEqual(
      ['A_ADDL_USER', 'D_MATCH_EQUIFAX_TWN'],
    );
    for (const [role, customer] of customers()) {
      const response = await get(customer, API_PATHS.contract(w.contractA));
      expect(response.statusCode, role).toBe(200);
      const items = response.json().lineItems as Record<string, unknown>[];
      expect(
        items.map((item) => item.billingCodeLabel),
        role,
      ).toEqual([BILLING_CODE_LABELS.A_ADDL_USER, BILLING_CODE_LABELS.D_MATCH_EQUIFAX_TWN]);
      for (const item of items) expect(Object.keys(item), role).not.toContain('billingCode');
      expect(response.body, role).not.toMatch(/A_ADDL_USER|D_MATCH_/);
    }
  });

  it("leaves the codes out of an organization's contract usage for customers", async () => {
    const url = API_PATHS.organizationContractUsage(w.a.id);
    const platformView = await get(w.platformAdmin, url);
    expect(platformView.json().contracts).toHaveLength(1);
    expect(platformView.body).toContain('D_MATCH_EQUIFAX_TWN');
    for (const [role, customer] of customers()) {
      const response = await get(customer, url);
      expect(response.statusCode, role).toBe(200);
      expect(response.json().contracts[0].lineItems, role).toHaveLength(2);
      expect(response.body, role).not.toMatch(/A_ADDL_USER|D_MATCH_/);
    }
  });

  it('still shows them to a platform admin acting in the organization', async () => {
    const acting = { [ACTING_ORGANIZATION_HEADER]: String(w.a.id) };
    const organization = await get(w.platformAdmin, API_PATHS.organization(w.a.id), acting);
    expect(organization.json().salesforceAccountId).toBe('001A000001ABCDEFGH');
    const contract = await get(w.platformAdmin, API_PATHS.contract(w.contractA), acting);
    expect(contract.body).toContain('A_ADDL_USER');
  });
});
