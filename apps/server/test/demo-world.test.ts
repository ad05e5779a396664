import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';

import { JOB_TYPES } from '../src/jobs/types.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { lookupAttack } from './helpers/lookup-attack.ts';

const WORLD_TIMEOUT = 240_000;

describe.each(DIALECTS)('the demo world on %s', (dialect) => {
  let t: TestApp;
  let admin: BuiltUser;
  const db = () => t.database.handle.db;
  const idOf = async (
    table: 'organizations' | 'credentials',
    column: 'name' | 'code',
    value: string,
  ) =>
    (await db().selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow())
      .id;
  const get = async (url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
    });
  const count = async (
    table: 'usageEvents' | 'awards',
    organizationId: number,
    matchStatus?: string,
  ) => {
    let query = db()
      .selectFrom(table)
      .where('organizationId', '=', organizationId)
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (matchStatus) query = query.where('matchStatus' as never, '=', matchStatus as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { EARNINGS_PROVIDER: 'demo' } });
    await seedDemoWorld(db(), {
      createUser: async ({ email, password, isPlatformAdmin, firstName, lastName }) =>
        (
          await t.identityAdmin.createUser({
            email,
            password,
            groups: isPlatformAdmin ? ['Admins'] : [],
            attributes: { given_name: firstName, family_name: lastName },
          })
        ).username,
    });
    await t.runJobs();
    const platform = await idOf('organizations', 'name', PLATFORM_ORGANIZATION_NAME);
    admin = await t.createUser(platform, { roleId: ROLES.PLATFORM_ADMIN });
  }, WORLD_TIMEOUT);
  afterAll(() => t?.close());

  it('pays its registered nurses more than its nursing assistants, against a benchmark marked fictional', async () => {
    const northwind = await idOf('organizations', 'name', 'Northwind Technical College');
    const insightsOf = async (code: string) => {
      const credentialId = await idOf('credentials', 'code', code);
      const response = await get(
        `${API_PATHS.insightsData}?organizationId=${northwind}&credentialId=${credentialId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return { credentialId, data: response.json() };
    };
    const rn = await insightsOf('NW-RN-ADN');
    const cna = await insightsOf('NW-CNA');
    expect(rn.data.earnings.salary.value).toBeGreaterThan(1.6 * cna.data.earnings.salary.value);
    const rnTop = rn.data.employment.topJobRole.name;
    expect(rnTop).toBe('Registered Nurses');
    const weld = await insightsOf('NW-WELD-CERT');
    expect(weld.data.employment.topJobRole.name).toBe('Welders, Cutters, Solderers, and Brazers');

    const comparison = (
      await get(
        `${API_PATHS.benchmarkComparison}?credentialId=${rn.credentialId}&dollarsOfYear=${rn.data.dollarsOfYear}`,
      )
    ).json();
    expect(comparison.benchmark).toMatchObject({ geography: 'OR', code: '51.3801' });
    expect(comparison.benchmark.source).toContain('Fictional');
    expect(comparison.threshold).toMatchObject({
      geography: 'OR',
      metric: 'hs_earnings_threshold',
    });
    expect(comparison.threshold.source).toContain('Fictional');
    const sets = (await get(API_PATHS.benchmarks)).json().items;
    expect(sets).toHaveLength(1);
    expect(sets[0].sources.every((source: string) => source.includes('Fictional'))).toBe(true);
  });

  it('lets no linear combination of its lookup counts recover fewer than 10 people in any organization', async () => {
    const organizations = await db()
      .selectFrom('organizations')
      .where('insightsEntitled', '=', true)
      .select('id')
      .execute();
    expect(organizations.length).toBeGreaterThan(1);
    const authorization = `Bearer ${await t.tokenFor(admin)}`;
    for (const { id } of organizations) {
      const awards = await db()
        .selectFrom('awards')
        .where('organizationId', '=', id)
        .select(['id', 'externalId', 'credentialId', 'awardYear', 'matchStatus'])
        .execute();
      if (awards.length === 0) continue;
      const recovered = await lookupAttack(id, awards, async (query) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `${API_PATHS.insightsData}?${query}`,
          headers: { authorization },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      });
      expect(recovered, `organization ${id}`).toEqual([]);
    }
  });

  it(
    'leaves the organization without earnings entitlement unmatched and unbilled until it is switched on',
    async () => {
      const harbor = await idOf('organizations', 'name', 'Harbor Health Certification Board');
      const awards = await count('awards', harbor);
      expect(awards).toBeGreaterThan(1000);
      expect(await count('awards', harbor, 'PENDING')).toBe(awards);
      expect(await count('usageEvents', harbor)).toBe(0);

      const patched = await t.app.inject({
        method: 'PATCH',
        url: API_PATHS.organization(harbor),
        headers: { authorization: `Bearer ${await t.tokenFor(admin)}` },
        payload: { insights_entitled: true },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const queued = await db()
        .selectFrom('jobs')
        .where('organizationId', '=', harbor)
        .where('type', '=', JOB_TYPES.matchAwards)
        .where('status', '=', 'QUEUED')
        .select('id')
        .execute();
      expect(queued).toHaveLength(1);

      await t.runJobs();
      expect(await count('awards', harbor, 'PENDING')).toBe(0);
      const matched = await count('awards', harbor, 'MATCHED');
      expect(matched / awards).toBeGreaterThan(0.8);
      expect(await count('usageEvents', harbor)).toBe(matched);
    },
    WORLD_TIMEOUT,
  );
});
