import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACTING_ORGANIZATION_HEADER, API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { ConfigError, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/schema.ts';
import { toBool } from '../src/db/values.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { createDemoEarningsProvider, demoHistory } from '../src/modules/earnings/demo-provider.ts';
import { createEarningsImportsRepository } from '../src/modules/earnings/earnings-imports.repository.ts';
import { createEarningsRepository } from '../src/modules/earnings/earnings.repository.ts';
import { createImportEarningsHandler } from '../src/modules/earnings/import-earnings.job.ts';
import type { AwardToMatch } from '../src/modules/earnings/earnings-provider.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

/** A multipart/form-data body with one file part, encoded by hand as a browser would. */
function multipart(fileName: string, content: string) {
  const boundary = `----laurel-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const award = (overrides: Partial<AwardToMatch> = {}): AwardToMatch => ({
  id: 1,
  organizationId: 3,
  credentialId: 7,
  externalId: 'S-1001',
  firstName: 'Ana',
  lastName: 'Diaz',
  email: null,
  dateOfBirth: null,
  awardDate: '2019-06-01',
  awardYear: 2019,
  credential: { code: 'RN', name: 'Nursing', typeCode: 'ASSOCIATE', programCode: '51.3801' },
  ...overrides,
});

describe('the demo earnings provider', () => {
  it('gives the same history for the same award, every time', async () => {
    const provider = createDemoEarningsProvider({ now: () => new Date('2026-05-01T00:00:00Z') });
    const awards = Array.from({ length: 400 }, (_, i) =>
      award({ id: i + 1, externalId: `S-${i}` }),
    );
    const first = await provider.match(awards);
    const second = await provider.match(awards.map((a) => ({ ...a, id: a.id + 1000 })));
    for (const a of awards) expect(second.get(a.id + 1000)).toEqual(first.get(a.id));
    const matched = [...first.values()].filter((r) => r.matched).length / awards.length;
    expect(matched).toBeGreaterThan(0.82);
    expect(matched).toBeLessThan(0.95);
    // A different person gets a different history.
    expect(demoHistory(award({ externalId: 'S-2' }), 2025)).not.toEqual(demoHistory(award(), 2025));
  });

  it('stays within award year ± 5 and never past the latest complete year', () => {
    for (let i = 0; i < 300; i += 1) {
      const result = demoHistory(award({ externalId: `X${i}`, awardYear: 2022 }), 2025);
      if (!result.matched) continue;
      for (const y of result.years) {
        expect(y.year).toBeGreaterThanOrEqual(2017);
        expect(y.year).toBeLessThanOrEqual(2025);
        if (!y.employed) expect([y.wage, y.fullTime, y.industry]).toEqual([null, false, null]);
      }
    }
  });

  it('pays a master more than a certificate in the same field, and places nurses in health care', () => {
    const median = (typeCode: string) => {
      const wages: number[] = [];
      for (let i = 0; i < 600; i += 1) {
        const result = demoHistory(
          award({
            externalId: `M${i}`,
            credential: { code: 'X', name: 'Nursing', typeCode, programCode: '51.3801' },
          }),
          2025,
        );
        const plusOne = result.matched ? result.years.find((y) => y.year === 2020) : undefined;
        if (plusOne?.fullTime && plusOne.wage !== null) wages.push(plusOne.wage);
      }
      wages.sort((a, b) => a - b);
      return wages[Math.floor(wages.length / 2)]!;
    };
    expect(median('MASTER')).toBeGreaterThan(median('BACHELOR'));
    expect(median('BACHELOR')).toBeGreaterThan(median('CERTIFICATE'));
    const industries = new Map<string, number>();
    for (let i = 0; i < 300; i += 1) {
      const result = demoHistory(award({ externalId: `H${i}` }), 2025);
      const y = result.matched ? result.years.find((e) => e.year === 2021) : undefined;
      if (y?.industry) industries.set(y.industry, (industries.get(y.industry) ?? 0) + 1);
    }
    const ranked = [...industries].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]![0]).toBe('Health Care and Social Assistance');
  });
});

describe('EARNINGS_PROVIDER configuration', () => {
  it('defaults to demo in demo mode and to file otherwise, and names a bad value', () => {
    expect(loadConfig({}).earningsProvider).toBe('demo');
    expect(loadConfig({ DEMO_MODE: 'false', SECRET_KEY: 'x'.repeat(32) }).earningsProvider).toBe(
      'file',
    );
    expect(loadConfig({ EARNINGS_PROVIDER: 'file' }).earningsProvider).toBe('file');
    expect(() => loadConfig({ EARNINGS_PROVIDER: 'equifax' })).toThrow(ConfigError);
    expect(() => loadConfig({ EARNINGS_PROVIDER: 'equifax' })).toThrow(/EARNINGS_PROVIDER/);
  });
});

async function addAwards(
  db: Kysely<Database>,
  organizationId: number,
  credentialId: number,
  count: number,
  prefix: string,
) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    organizationId,
    credentialId,
    externalId: `${prefix}${String(i).padStart(4, '0')}`,
    firstName: 'Holder',
    lastName: `${prefix}${i}`,
    email: null,
    dateOfBirth: null,
    awardDate: `${2014 + (i % 10)}-05-20`,
    awardYear: 2014 + (i % 10),
    uploadId: null,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('awards')
      .values(rows.slice(i, i + 200))
      .execute();
}

describe.each(DIALECTS)('matching and earnings imports on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { EARNINGS_PROVIDER: 'demo' } });
    w = await createWorld(t);
    db = t.database.handle.db;
  });
  afterAll(() => t?.close());

  async function call(
    user: BuiltUser,
    method: string,
    url: string,
    body?: string,
    type = 'text/csv',
  ) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${await w.token(user)}`,
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  async function snapshot(organizationId: number) {
    const awards = await db
      .selectFrom('awards')
      .where('organizationId', '=', organizationId)
      .select(['id', 'externalId', 'matchStatus', 'matchProvider'])
      .orderBy('id')
      .execute();
    const years = await db
      .selectFrom('earningsYears as e')
      .innerJoin('awards as a', 'a.id', 'e.awardId')
      .where('a.organizationId', '=', organizationId)
      .select([
        'a.externalId',
        'e.year',
        'e.wage',
        'e.employed',
        'e.fullTime',
        'e.industry',
        'e.jobRole',
      ])
      .orderBy('a.externalId')
      .orderBy('e.year')
      .execute();
    return {
      awards,
      years: years.map((y) => ({
        ...y,
        wage: y.wage === null ? null : Number(y.wage),
        employed: toBool(y.employed),
        fullTime: toBool(y.fullTime),
      })),
    };
  }

  it('matches pending awards, bills each match once, rebuilds insights and is safe to re-run', async () => {
    await addAwards(db, w.a.id, w.credentialA, 1500, 'M');
    await enqueueJob(db, {
      type: JOB_TYPES.matchAwards,
      organizationId: w.a.id,
      dedupeKey: `match-awards:${w.a.id}`,
    });
    await t.app.jobs.runUntilIdle();

    const first = await snapshot(w.a.id);
    expect(first.awards.filter((a) => a.matchStatus === 'PENDING')).toEqual([]);
    const matched = first.awards.filter((a) => a.matchStatus === 'MATCHED');
    const notMatched = first.awards.filter((a) => a.matchStatus === 'NOT_MATCHED');
    expect(matched.length / first.awards.length).toBeGreaterThan(0.82);
    expect(matched.every((a) => a.matchProvider === 'EQUIFAX_TWN')).toBe(true);

    const usage = await db
      .selectFrom('usageEvents')
      .where('organizationId', '=', w.a.id)
      .select(['billingCode', 'reference'])
      .execute();
    expect(usage.every((u) => u.billingCode === 'D_MATCH_EQUIFAX_TWN')).toBe(true);
    expect(usage.map((u) => Number(u.reference)).sort((x, y) => x - y)).toEqual(
      matched.map((a) => a.id),
    );
    // The contract shows the matches as usage of its Equifax line item (a platform admin reads
    // the line items' codes).
    const contract = (await call(w.platformAdmin, 'GET', `/api/contracts/${w.contractA}`)).json();
    const line = contract.lineItems.find(
      (l: { billingCode: string }) => l.billingCode === 'D_MATCH_EQUIFAX_TWN',
    );
    expect(line.used).toBe(matched.length);

    // The rebuild ran after matching: data gaps count what the provider returned.
    const insights = (
      await call(w.userA, 'GET', `/api/insights-data?credentialId=${w.credentialA}`)
    ).json();
    expect(insights.earnings.status).toBe('available');
    // People counts as published: exact from 10 on, "fewer than 10" below (or withheld to
    // protect a smaller group elsewhere: then neither).
    const published = (n: number) =>
      n < 10 ? { count: null, lessThan: 10 } : { count: n, lessThan: null };
    const expectPublished = (got: { count: number | null; lessThan: number | null }, n: number) => {
      const shown = { count: got.count, lessThan: got.lessThan };
      const withheld = shown.count === null && shown.lessThan === null && n >= 10;
      expect(withheld ? published(n) : shown).toEqual(published(n));
    };
    expect(insights.cohort.awards).toBe(first.awards.length);
    expectPublished(insights.cohort.matched, matched.length);
    const windowed = (externalId: string, awardYear: number) =>
      first.years.filter(
        (y) => y.externalId === externalId && Math.abs(y.year - awardYear) <= 5 && y.year <= 2025,
      );
    const awardYearOf = (externalId: string) =>
      externalId === 'A-0001' ? 2021 : 2014 + (Number(externalId.slice(1)) % 10);
    const gaps = [
      notMatched.length,
      matched.filter(
        (a) => !windowed(a.externalId, awardYearOf(a.externalId)).some((y) => y.wage !== null),
      ).length,
      matched.filter(
        (a) => !windowed(a.externalId, awardYearOf(a.externalId)).some((y) => y.employed),
      ).length,
    ];
    expect(insights.dataGaps.map((g: { code: string }) => g.code)).toEqual([
      'MISSING_EQUIFAX',
      'MISSING_EARNINGS',
      'MISSING_EMPLOYMENT',
    ]);
    insights.dataGaps.forEach((g: { count: number | null; lessThan: number | null }, i: number) =>
      expectPublished(g, gaps[i]!),
    );
    expect(gaps[1]).toBeGreaterThan(0);
    expect(insights.earnings.salary.suppressed).toBe(false);

    // Running again takes nothing: no new rows, no second bill.
    await enqueueJob(db, { type: JOB_TYPES.matchAwards, organizationId: w.a.id });
    await t.app.jobs.runUntilIdle();
    expect(await snapshot(w.a.id)).toEqual(first);
    const usageAgain = await db
      .selectFrom('usageEvents')
      .where('organizationId', '=', w.a.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(usageAgain.n)).toBe(matched.length);

    // Same awards matched from scratch: the very same histories.
    await db.deleteFrom('usageEvents').where('organizationId', '=', w.a.id).execute();
    await db
      .deleteFrom('earningsYears')
      .where(
        'awardId',
        'in',
        first.awards.map((a) => a.id),
      )
      .execute();
    await db
      .updateTable('awards')
      .set({ matchStatus: 'PENDING', matchProvider: null, matchedAt: null })
      .where('organizationId', '=', w.a.id)
      .execute();
    await enqueueJob(db, { type: JOB_TYPES.matchAwards, organizationId: w.a.id });
    await t.app.jobs.runUntilIdle();
    expect(await snapshot(w.a.id)).toEqual(first);
  });

  it('leaves awards pending with the file provider but still rebuilds insights', async () => {
    const fileApp = await createTestApp(dialect, { env: { EARNINGS_PROVIDER: 'file' } });
    try {
      const fdb = fileApp.database.handle.db;
      const org = await createOrganization(fdb);
      const credentialId = await createCredential(fdb, org.id, {
        code: 'F-1',
        name: 'File Certificate',
      });
      await addAwards(fdb, org.id, credentialId, 20, 'F');
      await enqueueJob(fdb, { type: JOB_TYPES.matchAwards, organizationId: org.id });
      await fileApp.app.jobs.runUntilIdle();
      const statuses = await fdb
        .selectFrom('awards')
        .where('organizationId', '=', org.id)
        .select('matchStatus')
        .execute();
      expect(statuses.every((s) => s.matchStatus === 'PENDING')).toBe(true);
      const summary = await fdb
        .selectFrom('credentialInsightSummaries')
        .selectAll()
        .where('credentialId', '=', credentialId)
        .executeTakeFirstOrThrow();
      expect(summary).toMatchObject({ awards: 20, matched: 0, missingEquifax: 0 });
    } finally {
      await fileApp.close();
    }
  });

  describe('earnings file import', () => {
    const header =
      'award_external_id,credential_code,award_date,provider,year,annual_wage,employed,full_time,industry,job_role';
    let organizationId: number;
    let credentialId: number;

    beforeAll(async () => {
      const org = await createOrganization(db, { name: 'Import College' });
      organizationId = org.id;
      credentialId = await createCredential(db, organizationId, {
        code: 'HVAC-C',
        name: 'HVAC Certificate',
        programCode: '47.0201',
      });
      await addAwards(db, organizationId, credentialId, 12, 'I');
      // A system listening for matches (its deliveries are not this file's concern).
      const endpoint = await t.app.inject({
        method: 'POST',
        url: API_PATHS.webhooks(organizationId),
        headers: {
          authorization: `Bearer ${await w.token(w.platformAdmin)}`,
          [ACTING_ORGANIZATION_HEADER]: String(organizationId),
        },
        payload: { url: 'https://sis.example.com/laurel', events: ['award.matched'] },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
    });

    const url = () => `/api/organizations/${organizationId}/earnings-imports`;
    const goodFile = () =>
      [
        header,
        'I0000,HVAC-C,2014-05-20,PDL_API,2013,"31,000.50",true,true,Construction,Electricians',
        'I0000,HVAC-C,2014-05-20,PDL_API,2015,52000,yes,yes,Construction,Electricians',
        'I0001,HVAC-C,2015-05-20,EQUIFAX_TWN,2016,,true,false,Utilities,',
        'I0002,HVAC-C,2016-05-20,PDL_API,2017,,false,false,,',
      ].join('\n');

    async function send(user: BuiltUser, content: string, fileName = 'earnings.csv') {
      const body = multipart(fileName, content);
      return t.app.inject({
        method: 'POST',
        url: url(),
        headers: {
          authorization: `Bearer ${await w.token(user)}`,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
    }

    /** Sends the file, runs the import job, and answers the finished import record. */
    async function importAndProcess(content: string) {
      const response = await send(w.platformAdmin, content);
      expect(response.statusCode, response.body).toBe(201);
      const queued = response.json();
      expect(queued.status).toBe('PENDING');
      await t.app.jobs.runUntilIdle();
      const done = await call(w.platformAdmin, 'GET', `/api/earnings-imports/${queued.id}`);
      expect(done.statusCode).toBe(200);
      return done.json();
    }

    it('stores the rows, marks the awards matched, bills per provider and queues a rebuild', async () => {
      const done = await importAndProcess(goodFile());
      expect(done).toMatchObject({
        status: 'COMPLETED',
        fileName: 'earnings.csv',
        rowsTotal: 4,
        rowsChecked: 4,
        rowsProcessed: 4,
        awards: 3,
        newlyMatched: 3,
        rowsFailed: 0,
        errorMessage: null,
        rowErrors: [],
      });
      const years = await db
        .selectFrom('earningsYears as e')
        .innerJoin('awards as a', 'a.id', 'e.awardId')
        .where('a.organizationId', '=', organizationId)
        .select([
          'a.externalId',
          'e.year',
          'e.wage',
          'e.employed',
          'e.fullTime',
          'e.industry',
          'e.jobRole',
          'e.source',
        ])
        .orderBy('a.externalId')
        .orderBy('e.year')
        .execute();
      expect(
        years.map((y) => [
          y.externalId,
          y.year,
          y.wage === null ? null : Number(y.wage),
          toBool(y.fullTime),
          y.source,
        ]),
      ).toEqual([
        ['I0000', 2013, 31000.5, true, 'PDL_API'],
        ['I0000', 2015, 52000, true, 'PDL_API'],
        ['I0001', 2016, null, false, 'EQUIFAX_TWN'],
        ['I0002', 2017, null, false, 'PDL_API'],
      ]);
      const awards = await db
        .selectFrom('awards')
        .where('organizationId', '=', organizationId)
        .where('matchStatus', '=', 'MATCHED')
        .select(['id', 'externalId', 'matchProvider'])
        .orderBy('externalId')
        .execute();
      const awardsMatched = awards;
      expect(
        awards.map(({ externalId, matchProvider }) => ({ externalId, matchProvider })),
      ).toEqual([
        { externalId: 'I0000', matchProvider: 'PDL_API' },
        { externalId: 'I0001', matchProvider: 'EQUIFAX_TWN' },
        { externalId: 'I0002', matchProvider: 'PDL_API' },
      ]);
      const usage = await db
        .selectFrom('usageEvents')
        .where('organizationId', '=', organizationId)
        .select('billingCode')
        .orderBy('billingCode')
        .execute();
      expect(usage.map((u) => u.billingCode)).toEqual([
        'D_MATCH_EQUIFAX_TWN',
        'D_MATCH_PDL_API',
        'D_MATCH_PDL_API',
      ]);
      // Systems hear of the matches as they would of a provider's: award.matched, once each.
      const messages = await db
        .selectFrom('webhookMessages')
        .where('organizationId', '=', organizationId)
        .select(['eventType', 'payload'])
        .execute();
      expect(messages.map((m) => m.eventType)).toEqual(['award.matched']);
      const matchedIds = awardsMatched.map((a) => a.id).sort((a, b) => a - b);
      expect(
        (JSON.parse(messages[0]!.payload) as { data: { awardIds: number[] } }).data.awardIds.sort(
          (a, b) => a - b,
        ),
      ).toEqual(matchedIds);
      // The rebuild was queued and ran; the stored file is gone.
      const jobs = await db
        .selectFrom('jobs')
        .where('organizationId', '=', organizationId)
        .where('type', '!=', 'deliver-webhooks')
        .select(['type', 'status'])
        .orderBy('id')
        .execute();
      expect(jobs).toEqual([
        { type: 'import-earnings', status: 'DONE' },
        { type: 'rebuild-insights', status: 'DONE' },
      ]);
      const chunks = await db
        .selectFrom('earningsImportChunks')
        .where('importId', '=', done.id)
        .select('seq')
        .execute();
      expect(chunks).toEqual([]);
      const audit = await db
        .selectFrom('auditEntries')
        .where('resourceType', '=', 'earnings-import')
        .select('summary')
        .executeTakeFirstOrThrow();
      expect(audit.summary).toContain('earnings.csv');
      const list = await call(w.platformAdmin, 'GET', url());
      expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([done.id]);
    });

    it('is idempotent: the same file again changes and bills nothing more', async () => {
      const again = await importAndProcess(goodFile().replace('52000', '53000'));
      expect(again).toMatchObject({
        status: 'COMPLETED',
        rowsTotal: 4,
        awards: 3,
        newlyMatched: 0,
      });
      const wage = await db
        .selectFrom('earningsYears as e')
        .innerJoin('awards as a', 'a.id', 'e.awardId')
        .where('a.externalId', '=', 'I0000')
        .where('e.year', '=', 2015)
        .select('e.wage')
        .executeTakeFirstOrThrow();
      expect(Number(wage.wage)).toBe(53000);
      const usage = await db
        .selectFrom('usageEvents')
        .where('organizationId', '=', organizationId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(usage.n)).toBe(3);
    });

    it('fails a file with bad rows, naming each line, and stores nothing', async () => {
      const before = await snapshot(organizationId);
      const rebuilds = () =>
        db
          .selectFrom('jobs')
          .where('organizationId', '=', organizationId)
          .where('type', '=', 'rebuild-insights')
          .select('id')
          .execute();
      const rebuildsBefore = await rebuilds();
      const bad = [
        header,
        'I0003,HVAC-C,2017-05-20,PDL_API,2018,40000,true,true,Construction,Electricians',
        'NOBODY,HVAC-C,2017-05-20,PDL_API,2018,40000,true,true,Construction,Electricians',
        'I0004,HVAC-C,2018-02-30,PDL_API,2018,40000,true,true,,',
        'I0005,HVAC-C,2019-05-20,ACME,2099,-5,maybe,true,,',
        'I0006,HVAC-C,2020-05-20,PDL_API,2021,1000,false,true,,',
        'I0003,HVAC-C,2017-05-20,PDL_API,2018,41000,true,true,,',
        'I0007,HVAC-C,2021-05-20,PDL_API,2020,1000,true,true,,',
        'I0007,HVAC-C,2021-05-20,EQUIFAX_TWN,2021,1000,true,true,,',
      ].join('\n');
      const done = await importAndProcess(bad);
      expect(done.status).toBe('FAILED');
      expect(done.errorMessage).toMatch(/6 row\(s\).*nothing was imported/);
      expect(done).toMatchObject({ rowsTotal: 8, rowsChecked: 8, rowsFailed: 6, rowsProcessed: 0 });
      expect(done.rowErrors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6, 7, 9]);
      const message = (line: number) =>
        done.rowErrors.find((e: { line: number }) => e.line === line).message;
      expect(message(3)).toMatch(/No award/);
      expect(message(4)).toMatch(/award_date/);
      expect(message(5)).toMatch(/provider.*year.*annual_wage.*employed/);
      expect(message(6)).toMatch(/full_time/);
      expect(message(7)).toMatch(/twice/);
      expect(message(9)).toMatch(/same provider/);
      expect(await snapshot(organizationId)).toEqual(before);
      expect(await rebuilds()).toEqual(rebuildsBefore);
    });

    it('fails a file without the documented header or rows, and refuses a request without a file', async () => {
      const wrong = await importAndProcess('id,wage\n1,2');
      expect(wrong).toMatchObject({ status: 'FAILED', rowsProcessed: 0 });
      expect(wrong.errorMessage).toMatch(/award_external_id/);
      const empty = await importAndProcess(header);
      expect(empty).toMatchObject({
        status: 'FAILED',
        errorMessage: 'The file has a header but no rows',
      });
      const before = await db.selectFrom('earningsImports').select('id').execute();
      const json = await call(w.platformAdmin, 'POST', url(), '{"a":1}', 'application/json');
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toMatch(/multipart/);
      const csvBody = await call(w.platformAdmin, 'POST', url(), goodFile(), 'text/csv');
      expect(csvBody.statusCode).toBe(415);
      expect(csvBody.json()).toMatchObject({ message: 'Unsupported content type' });
      const nothing = await send(w.platformAdmin, '');
      expect(nothing.statusCode).toBe(400);
      const notCsv = await send(w.platformAdmin, goodFile(), 'earnings.xlsx');
      expect(notCsv.statusCode).toBe(400);
      const binary = await send(w.platformAdmin, `${header}\nI0000,HVAC-C,\u0000`);
      expect(binary.statusCode).toBe(400);
      expect(binary.json().message).toMatch(/Only CSV files/);
      const broken = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: {
          authorization: `Bearer ${await w.token(w.platformAdmin)}`,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      });
      expect(broken.statusCode).toBe(400);
      expect(await db.selectFrom('earningsImports').select('id').execute()).toEqual(before);
    });

    it('shows progress while a file is checked and stored', async () => {
      const rows = Array.from(
        { length: 12 },
        (_, i) =>
          `I${String(i).padStart(4, '0')},HVAC-C,${2014 + (i % 10)}-05-20,PDL_API,2020,${1000 + i},true,true,,`,
      );
      const response = await send(w.platformAdmin, [header, ...rows].join('\n'));
      const id = response.json().id;
      const seen: Array<{ status: string; rowsProcessed: number; rowsTotal: number }> = [];
      const handler = createImportEarningsHandler(
        {
          earnings: createEarningsRepository(db),
          imports: createEarningsImportsRepository(db),
        },
        {
          batchRows: 5,
          async afterBatch() {
            seen.push((await call(w.platformAdmin, 'GET', `/api/earnings-imports/${id}`)).json());
          },
        },
      );
      const job = await db
        .selectFrom('jobs')
        .where('type', '=', 'import-earnings')
        .where('status', '=', 'QUEUED')
        .select(['id', 'payload'])
        .executeTakeFirstOrThrow();
      await handler.run({
        db,
        dialect,
        log: t.app.log,
        job: {
          id: job.id,
          type: 'import-earnings',
          organizationId,
          payload: { importId: id },
          attempt: 1,
          maxAttempts: 3,
        },
        heartbeat: async () => {},
        enqueue: async () => {},
        stopping: false,
      });
      expect(seen.map((s) => [s.status, s.rowsTotal, s.rowsProcessed])).toEqual([
        ['PROCESSING', 12, 5],
        ['PROCESSING', 12, 10],
        ['PROCESSING', 12, 12],
      ]);
      await t.app.jobs.runUntilIdle();
      const done = (await call(w.platformAdmin, 'GET', `/api/earnings-imports/${id}`)).json();
      expect(done).toMatchObject({ status: 'COMPLETED', rowsProcessed: 12, awards: 12 });
    });

    it('lets only platform admins import, refusing others before the file is read', async () => {
      const orgAdmin = await t.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
      const before = await db.selectFrom('earningsImports').select('id').execute();
      expect((await send(orgAdmin, goodFile())).statusCode).toBe(403);
      expect((await send(w.userB, goodFile())).statusCode).toBe(403);
      // A body that never ends: the refusal comes without reading it.
      const endless = new Readable({ read() {} });
      endless.push(
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n',
      );
      const refused = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: {
          authorization: `Bearer ${await w.token(orgAdmin)}`,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        payload: endless,
      });
      expect(refused.statusCode).toBe(403);
      endless.destroy();
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/organizations/999999/earnings-imports',
        headers: {
          authorization: `Bearer ${await w.token(w.platformAdmin)}`,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        payload: '',
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(await db.selectFrom('earningsImports').select('id').execute()).toEqual(before);
      const one = before[0]!.id;
      expect((await call(orgAdmin, 'GET', `/api/earnings-imports/${one}`)).statusCode).toBe(403);
      expect((await call(orgAdmin, 'GET', url())).statusCode).toBe(403);
      expect((await call(w.platformAdmin, 'GET', '/api/earnings-imports/999999')).statusCode).toBe(
        404,
      );
    });
  });
});
