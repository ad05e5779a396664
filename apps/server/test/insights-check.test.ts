import type { Kysely } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TPlatformDashboard } from '@laurel/contract/dashboard';

import type { Database } from '../src/db/schema.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { JOB_TYPES, type JobType } from '../src/jobs/types.ts';
import {
  createCheckInsightsHandler,
  queueInsightsChecksNow,
  utcDay,
} from '../src/modules/insights/check-insights.job.ts';
import {
  createRebuildInsightsHandler,
  rebuildInsights,
} from '../src/modules/insights/rebuild-insights.job.ts';
import { createInsightsRepository } from '../src/modules/insights/insights.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { insertMatchedGraduate } from './helpers/graduates.ts';
import { createWorld, type World } from './helpers/world.ts';

const METRICS_TOKEN = 'metrics-test-token-0123456789abcdef';

describe.each(DIALECTS)('the nightly insights consistency check, on %s', (dialect) => {
  let t: TestApp;
  let second: TestApp;
  let w: World;
  let db: Kysely<Database>;
  const clock = new Date();

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => clock, env: { METRICS_TOKEN } });
    second = await createTestApp(dialect, {
      now: () => clock,
      sameDatabaseAs: t,
      env: { METRICS_TOKEN },
    });
    w = await createWorld(t);
    db = t.database.handle.db;
    // Alpha College: matched graduates with wages before and after, its insights built.
    for (let i = 0; i < 12; i += 1)
      await insertMatchedGraduate(
        db,
        {
          organizationId: w.a.id,
          credentialId: w.credentialA,
          externalId: `CHECK-${i}`,
          lastName: `Graduate ${i}`,
        },
        [
          { year: 2019, wage: 30_000 + i * 250 },
          { year: 2021, wage: 42_000 + i * 250 },
        ],
      );
    await rebuildInsights(db, w.a.id);
    await rebuildInsights(db, w.b.id);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const checkOf = (organizationId: number) =>
    db
      .selectFrom('insightChecks')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();

  const jobsOf = (type: JobType, organizationId: number) =>
    db
      .selectFrom('jobs')
      .select(['id', 'status', 'dedupeKey', 'payload'])
      .where('type', '=', type)
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute();

  const attention = async (): Promise<TPlatformDashboard['attention']> => {
    const response = await t.app.inject({
      url: '/api/dashboard/platform',
      headers: { authorization: `Bearer ${await w.token(w.platformAdmin)}` },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as TPlatformDashboard).attention;
  };

  const metric = async (name: string): Promise<number> => {
    // Scrapes within a second share one reading of the table.
    await sleep(1_100);
    const response = await second.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\n').find((l) => l.startsWith(`${name} `));
    expect(line, name).toBeDefined();
    return Number(line!.split(' ')[1]);
  };

  /** A worker that runs only the given job types (the others stay queued). */
  const runOnly = (
    types: Partial<Record<JobType, ReturnType<typeof createCheckInsightsHandler>>>,
  ) =>
    createJobQueue({ db, dialect, log: pino({ level: 'silent' }), handlers: types }).runUntilIdle();

  it('is queued once a day per organization with insights and awards, however many instances ask, and finds clean figures consistent', async () => {
    for (let round = 0; round < 2; round += 1)
      for (const instance of [t, second]) await instance.app.jobs.purge();
    const day = utcDay(clock);
    for (const organization of [w.a, w.b]) {
      const jobs = await jobsOf(JOB_TYPES.checkInsights, organization.id);
      expect(jobs.map((job) => job.dedupeKey)).toEqual([
        `check-insights:${day}:${organization.id}`,
      ]);
    }
    // The platform organization has no awards: nothing to check.
    expect(await jobsOf(JOB_TYPES.checkInsights, w.platform.id)).toEqual([]);

    await t.runJobs();
    // Run, the day's job still counts: the next housekeeping queues nothing more today.
    for (const instance of [t, second]) await instance.app.jobs.purge();
    expect(await jobsOf(JOB_TYPES.checkInsights, w.a.id)).toHaveLength(1);
    for (const organization of [w.a, w.b])
      expect(await checkOf(organization.id)).toMatchObject({
        differingCohorts: 0,
        differences: null,
      });
    expect(await jobsOf(JOB_TYPES.rebuildInsights, w.a.id)).toEqual([]);
    expect((await attention()).byKind.INSIGHTS_INCONSISTENT).toBe(0);
    expect(await metric('laurel_insights_inconsistent_organizations')).toBe(0);
    // The latest check of any organization, to the millisecond.
    const latest = Math.max(
      ...(await Promise.all([w.a.id, w.b.id].map(checkOf))).map((row) =>
        new Date(row!.checkedAt).getTime(),
      ),
    );
    expect(await metric('laurel_insights_last_check_timestamp_seconds')).toBe(latest / 1000);
  });

  it('reports a tampered stored figure on Needs attention and in /metrics, queues a rebuild, and finds the rebuilt figures consistent', async () => {
    const row = await db
      .selectFrom('insightAggregates')
      .select(['credentialId', 'awardYearFrom', 'awardYearTo', 'payload'])
      .where('organizationId', '=', w.a.id)
      .where('credentialId', '=', 0)
      .orderBy('awardYearFrom')
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(row.payload);
    payload.figures.cohort.awards += 1;
    await db
      .updateTable('insightAggregates')
      .set({ payload: JSON.stringify(payload) })
      .where('organizationId', '=', w.a.id)
      .where('credentialId', '=', 0)
      .where('awardYearFrom', '=', row.awardYearFrom)
      .where('awardYearTo', '=', row.awardYearTo)
      .execute();

    expect(await queueInsightsChecksNow(db, new Date(), w.a.id)).toEqual([w.a.id]);
    const check = createCheckInsightsHandler();
    await runOnly({ [JOB_TYPES.checkInsights]: check });

    const found = await checkOf(w.a.id);
    expect(found!.differingCohorts).toBe(1);
    expect(found!.differences).toContain('cohort.awards');
    expect(found!.differences).toContain('all credentials');
    const rebuilds = await jobsOf(JOB_TYPES.rebuildInsights, w.a.id);
    expect(rebuilds.map((job) => job.status)).toEqual(['QUEUED']);

    const needs = await attention();
    expect(needs.byKind.INSIGHTS_INCONSISTENT).toBe(1);
    const item = needs.items.find((i) => i.kind === 'INSIGHTS_INCONSISTENT');
    expect(item).toMatchObject({
      organizationId: w.a.id,
      organizationName: 'Alpha College',
      cohorts: 1,
    });
    expect(item!.detail).toMatch(
      /^Stored insights of Alpha College differ from a full rebuild \(1 cohort\); a rebuild is queued\./,
    );
    expect(await metric('laurel_insights_inconsistent_organizations')).toBe(1);

    // The check that follows the rebuild waits while the rebuild is queued.
    await runOnly({ [JOB_TYPES.checkInsights]: check });
    const waiting = (await jobsOf(JOB_TYPES.checkInsights, w.a.id)).filter(
      (job) => job.status === 'QUEUED',
    );
    expect(waiting).toHaveLength(1);
    expect(JSON.parse(waiting[0]!.payload)).toEqual({ afterRebuild: true });

    // The rebuild heals the figures; the check after it finds them consistent.
    await t.runJobs();
    expect((await jobsOf(JOB_TYPES.rebuildInsights, w.a.id)).map((job) => job.status)).toEqual([
      'DONE',
    ]);
    expect(await checkOf(w.a.id)).toMatchObject({ differingCohorts: 0, differences: null });
    expect((await attention()).byKind.INSIGHTS_INCONSISTENT).toBe(0);
    expect(await metric('laurel_insights_inconsistent_organizations')).toBe(0);
  });

  it('heals figures that a wrong stored block of awards made wrong: the rebuild it queues reads every award', async () => {
    // A stored block that says one award more than its awards, and the stored state that adds it
    // up likewise (as a mistaken release, or a hand, would write them): rebuilds by blocks count
    // them as they are (decision records 068 and 069).
    const blocks = await db
      .selectFrom('insightBlocks')
      .select(['block', 'cells'])
      .where('organizationId', '=', w.a.id)
      .execute();
    expect(blocks.length).toBeGreaterThan(0);
    const cells = JSON.parse(blocks[0]!.cells) as Array<[number, number, number, number[]]>;
    cells[0]![3][0]! += 1;
    await db
      .updateTable('insightBlocks')
      .set({ cells: JSON.stringify(cells) })
      .where('organizationId', '=', w.a.id)
      .where('block', '=', blocks[0]!.block)
      .execute();
    const state = await db
      .selectFrom('insightStates')
      .select('cells')
      .where('organizationId', '=', w.a.id)
      .executeTakeFirstOrThrow();
    const sums = JSON.parse(state.cells) as Array<[number, number, number, number[]]>;
    sums.find(
      (cell) => cell[0] === cells[0]![0] && cell[1] === cells[0]![1] && cell[2] === cells[0]![2],
    )![3][0]! += 1;
    await db
      .updateTable('insightStates')
      .set({ cells: JSON.stringify(sums) })
      .where('organizationId', '=', w.a.id)
      .execute();
    expect((await rebuildInsights(db, w.a.id)).countedBy).toBe('changes');

    expect(await queueInsightsChecksNow(db, new Date(), w.a.id)).toEqual([w.a.id]);
    await runOnly({ [JOB_TYPES.checkInsights]: createCheckInsightsHandler() });
    expect((await checkOf(w.a.id))!.differingCohorts).toBeGreaterThan(0);
    expect(
      await db
        .selectFrom('insightBlocks')
        .where('organizationId', '=', w.a.id)
        .select('block')
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('insightStates')
        .where('organizationId', '=', w.a.id)
        .select('generation')
        .execute(),
    ).toEqual([]);

    await t.runJobs();
    expect(await checkOf(w.a.id)).toMatchObject({ differingCohorts: 0, differences: null });
  });

  it('never runs beside a rebuild of the same organization, and a rebuild waits for a running check', async () => {
    const running = async (type: JobType) =>
      (
        await db
          .insertInto('jobs')
          .values({
            type,
            organizationId: w.b.id,
            payload: '{}',
            status: 'RUNNING',
            lockedBy: 'another-instance',
            lockedUntil: new Date(Date.now() + 60_000).toISOString(),
            attempts: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const end = (id: number) =>
      db
        .updateTable('jobs')
        .set({ status: 'DONE', lockedBy: null, lockedUntil: null })
        .where('id', '=', id)
        .execute();

    // A rebuild of Beta runs on another instance: Beta's check stays queued; Alpha's runs.
    const rebuild = await running(JOB_TYPES.rebuildInsights);
    await queueInsightsChecksNow(db, new Date());
    const handlers = {
      [JOB_TYPES.checkInsights]: createCheckInsightsHandler(),
      [JOB_TYPES.rebuildInsights]: createRebuildInsightsHandler(),
    };
    await runOnly(handlers);
    const statusOf = async (type: JobType, organizationId: number) =>
      (await jobsOf(type, organizationId)).at(-1)!.status;
    expect(await statusOf(JOB_TYPES.checkInsights, w.b.id)).toBe('QUEUED');
    expect(await statusOf(JOB_TYPES.checkInsights, w.a.id)).toBe('DONE');
    await end(rebuild);
    await runOnly(handlers);
    expect(await statusOf(JOB_TYPES.checkInsights, w.b.id)).toBe('DONE');

    // A check of Beta runs on another instance: a queued rebuild of Beta waits for it.
    const check = await running(JOB_TYPES.checkInsights);
    await createInsightsRepository(db).queueRebuild(w.b.id);
    await runOnly(handlers);
    expect(await statusOf(JOB_TYPES.rebuildInsights, w.b.id)).toBe('QUEUED');
    await end(check);
    await runOnly(handlers);
    expect(await statusOf(JOB_TYPES.rebuildInsights, w.b.id)).toBe('DONE');
  });
});
