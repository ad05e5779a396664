import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TCurrentContracts } from '@laurel/contract/contracts';
import { BILLING_CODE_LABELS } from '@laurel/contract/labels';
import type {
  TAttentionItem,
  TPlatformDashboard,
  TPlatformOrganization,
} from '@laurel/contract/dashboard';
import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { recountAwards } from '../src/db/award-counts.ts';
import type { Database } from '../src/db/schema.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createWebhooksRepository } from '../src/modules/webhooks/webhooks.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

// The server's clock: every "today" and "days left" here counts from it.
const NOW = new Date('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';
const day = (offset: number) => {
  const at = new Date(`${TODAY}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
};
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe.each(DIALECTS)('dashboards on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => NOW });
    w = await createWorld(t);
    db = t.database.handle.db;
  });
  afterAll(() => t?.close());

  async function call(user: BuiltUser, method: string, url: string, payload?: unknown) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(user)}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  async function platform(): Promise<TPlatformDashboard> {
    const response = await call(w.platformAdmin, 'GET', '/api/dashboard/platform');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function attention(kind: TAttentionItem['kind'], organizationId: number) {
    return (await platform()).attention.items.filter(
      (item) => item.kind === kind && item.organizationId === organizationId,
    );
  }
  async function table(query: string): Promise<TPage<TPlatformOrganization>> {
    const response = await call(
      w.platformAdmin,
      'GET',
      `/api/dashboard/platform/organizations?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function contract(
    organizationId: number,
    values: {
      number: string;
      status?: string;
      startDate?: string;
      endDate: string;
      items?: Array<[code: string, included: number]>;
    },
  ): Promise<number> {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('contracts')
      .values({
        organizationId,
        number: values.number,
        name: `Contract ${values.number}`,
        status: values.status ?? 'ACTIVE',
        startDate: values.startDate ?? day(-100),
        endDate: values.endDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [billingCode, includedQuantity] of values.items ?? []) {
      await db
        .insertInto('contractLineItems')
        .values({
          contractId: id,
          billingCode,
          description: billingCode,
          unitPrice: 1,
          includedQuantity,
        })
        .execute();
    }
    return id;
  }
  async function matches(organizationId: number, count: number, occurredAt: string) {
    for (let i = 0; i < count; i += 1) {
      await db
        .insertInto('usageEvents')
        .values({
          organizationId,
          billingCode: 'D_MATCH_EQUIFAX_TWN',
          quantity: 1,
          reference: `test-${i}`,
          occurredAt,
        })
        .execute();
    }
  }
  async function upload(organizationId: number, status: string, updatedAt: string) {
    const { id } = await db
      .insertInto('uploads')
      .values({
        organizationId,
        uploadedByUserId: null,
        fileName: `${status.toLowerCase()}-${updatedAt.slice(0, 13)}.csv`,
        fileSize: 100,
        status: status as 'FAILED',
        errorMessage: status === 'FAILED' ? 'The header must name the columns' : null,
        createdAt: updatedAt,
        updatedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  describe('who may see the platform dashboard', () => {
    it('answers platform admins, and refuses organization admins and users', async () => {
      expect((await call(w.platformAdmin, 'GET', '/api/dashboard/platform')).statusCode).toBe(200);
      for (const user of [w.adminA, w.userA, w.adminB]) {
        for (const url of [
          '/api/dashboard/platform',
          '/api/dashboard/platform/organizations',
          '/api/dashboard/platform/organizations/export.csv',
        ]) {
          const response = await call(user, 'GET', url);
          expect(response.statusCode, `${user.email} ${url}`).toBe(403);
          expect(response.body).not.toContain('Alpha College');
        }
      }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard/platform' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('counts what the lists count', async () => {
      const { counts } = await platform();
      const total = async (path: string) =>
        (await call(w.platformAdmin, 'GET', `${path}?pageSize=1`)).json().total;
      expect(counts).toEqual({
        organizations: await total('/api/organizations'),
        credentials: await total('/api/credentials'),
        users: await total('/api/users'),
        contracts: await total('/api/contracts'),
      });
    });
  });

  describe('needs attention', () => {
    it('lists an ACTIVE contract ending in 59 or 60 days, not one ending in 61 or one not active', async () => {
      const org = await createOrganization(db, { name: 'Ending Soon College' });
      const in59 = await contract(org.id, { number: 'END-59', endDate: day(59) });
      const in60 = await contract(org.id, { number: 'END-60', endDate: day(60) });
      const in61 = await contract(org.id, { number: 'END-61', endDate: day(61) });
      const draft = await contract(org.id, { number: 'END-D', status: 'DRAFT', endDate: day(10) });
      const ended = await contract(org.id, { number: 'END-P', endDate: day(-1) });
      const items = await attention('CONTRACT_ENDING', org.id);
      expect(items.map((item) => item.subjectId)).toEqual([in59, in60]);
      expect(items[0]).toMatchObject({
        title: 'END-59 · Contract END-59',
        organizationName: 'Ending Soon College',
        at: day(59),
        daysLeft: 59,
        detail: 'Ends in 59 days.',
      });
      for (const id of [in61, draft, ended])
        expect(items.some((item) => item.subjectId === id)).toBe(false);
    });

    it('lists a current contract used beyond what it includes, counting this period only', async () => {
      const org = await createOrganization(db, { name: 'Over Usage Institute' });
      await t.createUser(org.id, { roleId: ROLES.USER });
      const over = await contract(org.id, {
        number: 'OVER-1',
        startDate: day(-30),
        endDate: day(300),
        items: [
          ['A_ADDL_USER', 5],
          ['D_MATCH_EQUIFAX_TWN', 2],
        ],
      });
      await matches(org.id, 3, hoursAgo(24));
      // Before the contract started: not this period's usage.
      await matches(org.id, 4, `${day(-40)}T12:00:00.000Z`);
      const items = await attention('CONTRACT_OVER_USAGE', org.id);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        subjectId: over,
        detail: 'Data match through Equifax The Work Number: 3 used of 2 included (1 over)',
      });

      // The same usage within what another organization's contract includes: nothing to do.
      const fine = await createOrganization(db, { name: 'Within Usage Institute' });
      await contract(fine.id, {
        number: 'FINE-1',
        startDate: day(-30),
        endDate: day(300),
        items: [['D_MATCH_EQUIFAX_TWN', 3]],
      });
      await matches(fine.id, 3, hoursAgo(24));
      expect(await attention('CONTRACT_OVER_USAGE', fine.id)).toEqual([]);

      // The contract page reads the same figures.
      const page = (await call(w.platformAdmin, 'GET', `/api/contracts/${over}`)).json();
      expect(
        page.lineItems.map((item: { used: number; overage: number }) => [item.used, item.overage]),
      ).toEqual([
        [1, 0],
        [3, 1],
      ]);
    });

    it('lists uploads that failed in the last 30 days and those stuck for 30 minutes', async () => {
      const org = await createOrganization(db, { name: 'Upload Trouble Academy' });
      const failed = await upload(org.id, 'FAILED', hoursAgo(24));
      await upload(org.id, 'FAILED', hoursAgo(24 * 31));
      const stuck = await upload(org.id, 'PROCESSING', hoursAgo(2));
      await upload(org.id, 'PROCESSING', hoursAgo(0.2));
      await upload(org.id, 'COMPLETED', hoursAgo(5));

      const failedItems = await attention('UPLOAD_FAILED', org.id);
      expect(failedItems).toEqual([
        expect.objectContaining({
          subjectId: failed,
          title: `failed-${hoursAgo(24).slice(0, 13)}.csv`,
          detail: 'The header must name the columns',
        }),
      ]);
      const stuckItems = await attention('UPLOAD_STUCK', org.id);
      expect(stuckItems.map((item) => item.subjectId)).toEqual([stuck]);
      // Its uploads in progress make its insights "processing".
      expect((await attention('INSIGHTS_PROCESSING', org.id)).length).toBe(1);
      // Failed uploads come first.
      const { items } = (await platform()).attention;
      expect(items[0]!.kind).toBe('UPLOAD_FAILED');
    });

    it('lists an organization whose company sign-in connection test failed', async () => {
      const org = await createOrganization(db, { name: 'Broken Sign-in College', loginModeId: 2 });
      const issuer = 'http://127.0.0.1:9/nothing';
      const saved = await call(w.platformAdmin, 'PUT', `/api/organizations/${org.id}/sso`, {
        issuer,
        client_id: 'laurel-test',
        email_domains: ['broken-sign-in.test'],
        jit_enabled: false,
        jit_role_id: ROLES.USER,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await attention('SSO_TEST_FAILED', org.id)).toEqual([]);
      // Another issuer's test says nothing about the saved one.
      await call(w.platformAdmin, 'POST', `/api/organizations/${org.id}/sso/test`, {
        issuer: 'http://127.0.0.1:9/other',
      });
      expect(await attention('SSO_TEST_FAILED', org.id)).toEqual([]);
      const test = await call(w.platformAdmin, 'POST', `/api/organizations/${org.id}/sso/test`, {
        issuer,
      });
      expect(test.json().ok).toBe(false);
      const items = await attention('SSO_TEST_FAILED', org.id);
      expect(items).toEqual([
        expect.objectContaining({ subjectId: org.id, title: issuer, detail: test.json().message }),
      ]);
      // A new issuer forgets the old one's outcome.
      await call(w.platformAdmin, 'PUT', `/api/organizations/${org.id}/sso`, {
        issuer: 'http://127.0.0.1:9/moved',
        client_id: 'laurel-test',
        email_domains: ['broken-sign-in.test'],
        jit_enabled: false,
        jit_role_id: ROLES.USER,
      });
      expect(await attention('SSO_TEST_FAILED', org.id)).toEqual([]);
    });

    it('lists a webhook endpoint its deliveries disabled until it is enabled again, to platform and organization admins', async () => {
      const create = async (url: string) => {
        const created = await call(w.adminA, 'POST', API_PATHS.webhooks(w.a.id), {
          url,
          events: ['upload.completed'],
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json().id as number;
      };
      const gone = await create('https://hooks.example.com/gone');
      const switchedOff = await create('https://hooks.example.com/switched-off');
      const reason =
        'The endpoint answered 410 Gone on 2026-03-09: it asked for no more deliveries.';
      // What the delivery job does on a 410 answer.
      expect(
        await createWebhooksRepository(db, dialect).disable(
          db,
          gone,
          reason,
          '2026-03-09T08:30:00.000Z',
        ),
      ).toBe(true);
      // Disabled by a person: nothing to tell.
      const off = await call(w.adminA, 'PATCH', API_PATHS.webhook(w.a.id, switchedOff), {
        enabled: false,
      });
      expect(off.statusCode, off.body).toBe(200);

      const item = {
        kind: 'WEBHOOK_DISABLED',
        organizationId: w.a.id,
        organizationName: 'Alpha College',
        subjectId: gone,
        title: 'https://hooks.example.com/gone',
        detail: reason,
        at: '2026-03-09T08:30:00.000Z',
        daysLeft: null,
      };
      expect(await attention('WEBHOOK_DISABLED', w.a.id)).toEqual([item]);
      expect((await platform()).attention.byKind.WEBHOOK_DISABLED).toBe(1);
      const organization = async (user: BuiltUser, organizationId = w.a.id) =>
        call(user, 'GET', API_PATHS.organizationAttention(organizationId));
      for (const user of [w.adminA, w.platformAdmin]) {
        const response = await organization(user);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({
          attention: expect.objectContaining({
            items: [item],
            total: 1,
            byKind: expect.objectContaining({ WEBHOOK_DISABLED: 1 }),
          }),
        });
      }
      // Users of the organization do not manage its webhooks; other organizations see nothing.
      const user = await organization(w.userA);
      expect(user.statusCode, user.body).toBe(200);
      expect(user.json().attention).toMatchObject({ items: [], total: 0 });
      expect((await organization(w.adminB)).statusCode).toBe(404);
      const own = await organization(w.adminB, w.b.id);
      expect(own.json().attention.items).toEqual([]);

      const enabled = await call(w.adminA, 'PATCH', API_PATHS.webhook(w.a.id, gone), {
        enabled: true,
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(await attention('WEBHOOK_DISABLED', w.a.id)).toEqual([]);
      expect((await organization(w.adminA)).json().attention.total).toBe(0);
      for (const id of [gone, switchedOff])
        await call(w.adminA, 'DELETE', API_PATHS.webhook(w.a.id, id));
    });
  });

  describe('the organizations table', () => {
    let busy: { id: number };
    let quiet: { id: number };
    let closed: { id: number };

    beforeAll(async () => {
      busy = await createOrganization(db, { name: 'Table Busy College' });
      quiet = await createOrganization(db, { name: 'Table Quiet College' });
      closed = await createOrganization(db, {
        name: 'Table Closed College',
        insightsEntitled: false,
      });
      const now = new Date().toISOString();
      for (const [org, count] of [
        [busy, 30],
        [quiet, 3],
        [closed, 12],
      ] as const) {
        const credentialId = await createCredential(db, org.id, {
          code: `TBL-${org.id}`,
          name: 'Table Certificate',
        });
        for (let i = 0; i < count; i += 1) {
          await db
            .insertInto('awards')
            .values({
              organizationId: org.id,
              credentialId,
              externalId: `T-${org.id}-${i}`,
              firstName: 'Table',
              lastName: `Holder ${i}`,
              email: null,
              dateOfBirth: null,
              awardDate: '2020-06-01',
              awardYear: 2020,
              uploadId: null,
              matchStatus: i % 3 === 0 ? 'NOT_MATCHED' : i % 3 === 1 ? 'MATCHED' : 'PENDING',
              createdAt: now,
              updatedAt: now,
            })
            .execute();
        }
        await recountAwards(db, org.id);
        await rebuildInsights(db, org.id, { now: NOW });
      }
      await contract(busy.id, {
        number: 'TBL-BUSY',
        startDate: day(-10),
        endDate: day(200),
        items: [
          ['A_ADDL_USER', 10],
          ['D_MATCH_EQUIFAX_TWN', 4],
        ],
      });
      await matches(busy.id, 3, hoursAgo(1));
      await upload(busy.id, 'COMPLETED', hoursAgo(30));
      await upload(busy.id, 'FAILED', hoursAgo(3));
    });

    it('shows awards, match rate, insights status, contract usage and the last upload', async () => {
      const { items, total } = await table('search=Table&pageSize=10');
      expect(total).toBe(3);
      const byName = Object.fromEntries(items.map((row) => [row.name, row]));
      expect(items.map((row) => row.name)).toEqual([
        'Table Busy College',
        'Table Closed College',
        'Table Quiet College',
      ]);
      expect(byName['Table Busy College']).toMatchObject({
        awards: 30,
        matchRate: 0.5,
        insightsStatus: 'available',
        contractUsage: {
          number: 'TBL-BUSY',
          billingCode: 'D_MATCH_EQUIFAX_TWN',
          used: 3,
          includedQuantity: 4,
          share: 0.75,
          overIncluded: false,
        },
        lastUpload: { status: 'FAILED' },
      });
      // Without the entitlement: never matched, so no match rate, and insights unavailable.
      expect(byName['Table Closed College']).toMatchObject({
        awards: 12,
        matchRate: null,
        insightsStatus: 'unavailable',
        contractUsage: null,
        lastUpload: null,
      });
      expect(byName['Table Quiet College']!.awards).toBe(3);
    });

    it('sorts by every column and pages', async () => {
      const names = async (query: string) =>
        (await table(`search=Table&${query}`)).items.map((row) => row.name);
      expect(await names('sort=awards&order=desc')).toEqual([
        'Table Busy College',
        'Table Closed College',
        'Table Quiet College',
      ]);
      expect(await names('sort=awards&order=asc&page=2&pageSize=1')).toEqual([
        'Table Closed College',
      ]);
      expect(await names('sort=insightsStatus&order=desc')).toEqual([
        'Table Closed College',
        'Table Busy College',
        'Table Quiet College',
      ]);
      // Rows without a value come last either way.
      expect((await names('sort=contractUsage&order=asc'))[0]).toBe('Table Busy College');
      expect((await names('sort=lastUpload&order=desc'))[0]).toBe('Table Busy College');
      expect((await names('sort=matchRate&order=desc')).at(-1)).toBe('Table Closed College');
      expect(await names('sort=name&order=desc')).toEqual([
        'Table Quiet College',
        'Table Closed College',
        'Table Busy College',
      ]);
    });

    it('exports what the table shows as CSV', async () => {
      const response = await call(
        w.platformAdmin,
        'GET',
        '/api/dashboard/platform/organizations/export.csv?search=Table&sort=awards&order=desc',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'id,name,status,awards,match rate,insights,contract,contract ends,most used line item,used,included,last upload,last upload status',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`${busy.id},Table Busy College,ACTIVE,30,0.5,Available,TBL-BUSY`);
      expect(lines[2]).toContain('Table Closed College,ACTIVE,12,,Not included');
    });
  });

  describe("a member's contract usage", () => {
    it('shows the contracts that cover today with their usage, to the organization only', async () => {
      const future = await contract(w.a.id, {
        number: 'LC-A-NEXT',
        startDate: day(30),
        endDate: day(400),
        items: [['A_ADDL_USER', 3]],
      });
      for (const user of [w.userA, w.adminA, w.platformAdmin]) {
        const response = await call(user, 'GET', `/api/organizations/${w.a.id}/contract-usage`);
        expect(response.statusCode).toBe(200);
        const body: TCurrentContracts = response.json();
        expect(body.today).toBe(TODAY);
        expect(body.contracts.map((c) => c.id)).toEqual([w.contractA]);
        expect(body.contracts.some((c) => c.id === future)).toBe(false);
        // Members read the line by its label; the code is the platform's business.
        const seats = body.contracts[0]!.lineItems.find(
          (i) => i.billingCodeLabel === BILLING_CODE_LABELS.A_ADDL_USER,
        );
        expect(seats).toMatchObject({ used: 2, includedQuantity: 1, overage: 1 });
      }
      expect(
        (await call(w.userA, 'GET', `/api/organizations/${w.b.id}/contract-usage`)).statusCode,
      ).toBe(404);
      expect(
        (await call(w.adminB, 'GET', `/api/organizations/${w.a.id}/contract-usage`)).statusCode,
      ).toBe(404);
      expect(
        (await call(w.platformAdmin, 'GET', '/api/organizations/999999/contract-usage')).statusCode,
      ).toBe(404);
    });
  });

  describe('earnings entitlement', () => {
    it('neither matches nor bills an organization without it; switching it on queues matching', async () => {
      const org = await createOrganization(db, {
        name: 'Unentitled Board',
        insightsEntitled: false,
      });
      const member = await t.createUser(org.id, { roleId: ROLES.USER });
      const now = new Date().toISOString();
      const credentialId = await createCredential(db, org.id, {
        code: 'UNE-1',
        name: 'Unentitled Certificate',
        programCode: '51.0801',
      });
      for (let i = 0; i < 40; i += 1) {
        await db
          .insertInto('awards')
          .values({
            organizationId: org.id,
            credentialId,
            externalId: `UNE-${i}`,
            firstName: 'Una',
            lastName: `Holder ${i}`,
            email: null,
            dateOfBirth: null,
            awardDate: '2019-06-01',
            awardYear: 2019,
            uploadId: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      await recountAwards(db, org.id);
      const matchJobs = () =>
        db
          .selectFrom('jobs')
          .where('organizationId', '=', org.id)
          .where('type', '=', JOB_TYPES.matchAwards)
          .select(['status'])
          .execute();
      const billed = async () =>
        Number(
          (
            await db
              .selectFrom('usageEvents')
              .where('organizationId', '=', org.id)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const pending = async () =>
        Number(
          (
            await db
              .selectFrom('awards')
              .where('organizationId', '=', org.id)
              .where('matchStatus', '=', 'PENDING')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      // As after an upload: matching is asked for, and does nothing.
      await enqueueJob(db, {
        type: JOB_TYPES.matchAwards,
        organizationId: org.id,
        dedupeKey: `match-awards:${org.id}`,
      });
      await t.runJobs();
      expect(await pending()).toBe(40);
      expect(await billed()).toBe(0);
      const insights = (await call(member, 'GET', '/api/insights-data')).json();
      expect([insights.earnings.status, insights.employment.status]).toEqual([
        'unavailable',
        'unavailable',
      ]);
      // Nor does an earnings file get in.
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${org.id}/earnings-imports`,
        headers: {
          authorization: `Bearer ${await w.token(w.platformAdmin)}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload:
          '--x\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\n\r\na\r\n--x--\r\n',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('no earnings entitlement');

      // Another change leaves matching alone; switching the entitlement on queues it.
      await call(w.platformAdmin, 'PATCH', `/api/organizations/${org.id}`, { city: 'Mobile' });
      expect((await matchJobs()).filter((job) => job.status === 'QUEUED')).toEqual([]);
      const patched = await call(w.platformAdmin, 'PATCH', `/api/organizations/${org.id}`, {
        insights_entitled: true,
      });
      expect(patched.statusCode).toBe(200);
      expect((await matchJobs()).filter((job) => job.status === 'QUEUED')).toHaveLength(1);
      expect((await attention('INSIGHTS_PROCESSING', org.id)).length).toBe(1);

      await t.runJobs();
      expect(await pending()).toBe(0);
      const matched = Number(
        (
          await db
            .selectFrom('awards')
            .where('organizationId', '=', org.id)
            .where('matchStatus', '=', 'MATCHED')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(matched).toBeGreaterThan(0);
      expect(await billed()).toBe(matched);
      const after = (await call(member, 'GET', '/api/insights-data')).json();
      expect(after.earnings.status).toBe('available');
      expect(after.cohort.awards).toBe(40);
    });
  });
});
