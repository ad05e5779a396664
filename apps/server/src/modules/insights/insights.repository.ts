import { CompiledQuery, type Kysely, PostgresAdapter, sql } from 'kysely';

import type { TInsightFigures } from '@laurel/contract/insights';

import { postgresPoolOf, sqliteConnectionOf } from '../../db/database.ts';
import type { Database, RebuildPhase } from '../../db/schema.ts';
import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';
import { toBool, toIso } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { rebuildInsightsDedupeKey } from '../earnings/match-awards.job.ts';
import type { AwardBatch, RunQuery } from './award-reading.ts';
import {
  type CountAwards,
  packedAwards,
  postgresPackedAwards,
  sqliteAwards,
  sqlitePackedAwards,
  summedAwards,
} from './award-source.ts';
import { SCAN_PAGE_CACHE } from './sqlite-award-reading.ts';
import type { CohortAggregate, CredentialSummary } from './cohorts.ts';
import type { BlockStatement, StoredBlock } from './insight-blocks.ts';
import type { InsightStateToStore } from './insight-state.ts';
import { type LaterAwardBits, laterAwardBits, markLater } from './later-awards.ts';
import type { PackedRow } from './packed-award-reading.ts';

/** What an aggregate row's payload holds. */
export interface StoredAggregate {
  /** The methodology the figures follow; figures of an older one are rebuilt before use. */
  method?: number;
  asOfYear: number;
  dollarsOfYear: number;
  figures: TInsightFigures;
}

/** What a rebuild stores of one cohort's figures (the consistency check compares the same). */
export const storedAggregateOf = (
  figures: TInsightFigures,
  asOfYear: number,
  dollarsOfYear: number,
): StoredAggregate => ({ method: INSIGHTS_METHOD, asOfYear, dollarsOfYear, figures });

const AGGREGATE_CHUNK = 200;
/** The later awards' ids PostgreSQL sends at a time (some 3 MB of rows held at once). */
const LATER_AWARDS_PER_FETCH = 50_000;
/**
 * Award ids from which PostgreSQL reads an organization's later awards in two halves at once (two
 * connections, so two of the database's processes); a smaller organization's in one pass, which
 * takes a fraction of a second.
 */
const LATER_AWARDS_IN_HALVES_FROM = 200_000;
/** Awards whose external ids give the middle person. */
const MIDDLE_PERSON_SAMPLES = 100;

/** A queued or running rebuild as stored: what the insights screens are told of it. */
export type RebuildState =
  | { state: 'WAITING'; lastSeconds: number | null }
  | {
      state: 'RUNNING';
      lastSeconds: number | null;
      phase: Exclude<RebuildPhase, 'done'>;
      rowsRead: number;
      rowsTotal: number;
      startedAt: string;
    };

export function createInsightsRepository(db: Kysely<Database>) {
  /**
   * Organizations (of `organizationIds`, or all) whose matching, insights rebuild or upload is
   * queued or under way, each with when the oldest of them was queued: their insights are
   * "temporarily unavailable" meanwhile. Two grouped reads of the unfinished jobs and uploads.
   */
  async function processing(organizationIds?: readonly number[]): Promise<Map<number, string>> {
    if (organizationIds?.length === 0) return new Map();
    let jobs = db
      .selectFrom('jobs')
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .where('type', 'in', [
        JOB_TYPES.matchAwards,
        JOB_TYPES.rebuildInsights,
        JOB_TYPES.processUpload,
      ])
      .where('organizationId', 'is not', null);
    let uploads = db.selectFrom('uploads').where('status', 'in', ['PENDING', 'PROCESSING']);
    if (organizationIds) {
      jobs = jobs.where('organizationId', 'in', organizationIds);
      uploads = uploads.where('organizationId', 'in', organizationIds);
    }
    const rows = [
      ...(await jobs
        .groupBy('organizationId')
        .select((eb) => ['organizationId', eb.fn.min('createdAt').as('since')])
        .execute()),
      ...(await uploads
        .groupBy('organizationId')
        .select((eb) => ['organizationId', eb.fn.min('createdAt').as('since')])
        .execute()),
    ];
    const since = new Map<number, string>();
    for (const row of rows) {
      const id = Number(row.organizationId);
      const at = toIso(row.since as Date | string);
      const known = since.get(id);
      if (known === undefined || at < known) since.set(id, at);
    }
    return since;
  }

  /** The organization's awards whose ids are `from` … `to` (a block's, say). */
  const awardsWithIds = (organizationId: number, from: number, to: number) =>
    db
      .selectFrom('awards')
      .where('organizationId', '=', organizationId)
      .where('id', '>=', from)
      .where('id', '<=', to);

  /**
   * The external id that splits an organization's people about in half (PostgreSQL): the median
   * of those of some hundred of its awards, taken at even steps of id through the primary key
   * (a look-up each, not a pass over the people); null when none of them is the organization's.
   */
  async function middlePerson(
    organizationId: number,
    from: number,
    ids: number,
  ): Promise<string | null> {
    const step = Math.max(1, Math.floor(ids / MIDDLE_PERSON_SAMPLES));
    const row = await sql<{ middle: string | null }>`
      select percentile_disc(0.5) within group (order by external_id) as middle
      from awards
      where organization_id = ${organizationId}
        and id in (select generate_series(${from}::bigint, ${from + ids - 1}::bigint, ${step}::bigint))`.execute(
      db.withoutPlugins(),
    );
    return row.rows[0]?.middle ?? null;
  }

  return {
    /** Queues a rebuild of the organization's aggregates (nothing new if one is queued). */
    async queueRebuild(organizationId: number): Promise<void> {
      await enqueueJob(db, {
        type: JOB_TYPES.rebuildInsights,
        organizationId,
        dedupeKey: rebuildInsightsDedupeKey(organizationId),
      });
    },
    /**
     * The awards of people with several awards in the organization (person = organization +
     * external id) that are not their first (earliest award year, then lowest id): all-credentials
     * views leave them out, so that a person counts once. Read into one bit per award id
     * (./later-awards.ts): on PostgreSQL by one pass over the people in external id order
     * through a cursor (a large organization's people in two halves at once, each on a
     * connection of its own: `halvesFrom` award ids or more); on SQLite `personsPerBatch` people
     * with several awards at a time (the faster there: SQLite sorts the whole organization for
     * the window the single pass needs). Both read the people index alone (it holds each
     * award's year and id).
     */
    async laterAwards(
      organizationId: number,
      personsPerBatch = 2000,
      halvesFrom = LATER_AWARDS_IN_HALVES_FROM,
    ): Promise<LaterAwardBits> {
      const range = await db
        .selectFrom('awards')
        .where('organizationId', '=', organizationId)
        .select((eb) => [eb.fn.min('id').as('from'), eb.fn.max('id').as('to')])
        .executeTakeFirst();
      const later = laterAwardBits(Number(range?.from ?? 1), Number(range?.to ?? 0));
      const raw = db.withoutPlugins();
      if (!sqliteConnectionOf(db)) {
        // The people index read once, alone: it holds each award's year and id in the order
        // the awards are numbered (decision record 074), so no award's row is read and nothing
        // is sorted; only the later awards' ids are sent, a fetch at a time. A person's awards
        // are all in one half (the halves split the people by external id, 075).
        const ids = Number(range?.to ?? 0) - Number(range?.from ?? 1) + 1;
        const middle =
          ids >= halvesFrom ? await middlePerson(organizationId, Number(range!.from), ids) : null;
        const halves =
          middle === null
            ? [sql``]
            : [sql`and external_id < ${middle}`, sql`and external_id >= ${middle}`];
        await Promise.all(
          halves.map((half) =>
            raw.transaction().execute(async (trx) => {
              await sql`
                declare later_awards no scroll cursor for
                select id from (
                  select id,
                    row_number() over (partition by external_id order by award_year, id) as n
                  from awards where organization_id = ${organizationId} ${half}) people
                where n > 1`.execute(trx);
              for (;;) {
                const { rows } = await sql<{ id: string | number }>`
                  fetch forward ${sql.raw(String(LATER_AWARDS_PER_FETCH))} from later_awards`.execute(
                  trx,
                );
                for (const row of rows) markLater(later, Number(row.id));
                if (rows.length < LATER_AWARDS_PER_FETCH) return;
              }
            }),
          ),
        );
        return later;
      }
      let after = '';
      for (;;) {
        const { rows } = await sql<{ id: number; external_id: string }>`
          select id, external_id from awards
          where organization_id = ${organizationId} and external_id in (
            select external_id from awards
            where organization_id = ${organizationId} and external_id > ${after}
            group by external_id having count(*) > 1
            order by external_id limit ${personsPerBatch})
          order by external_id, award_year, id`.execute(raw);
        if (rows.length === 0) return later;
        let person: string | null = null;
        for (const row of rows) {
          if (row.external_id === person) markLater(later, Number(row.id));
          person = row.external_id;
        }
        after = person!;
      }
    },

    /**
     * Runs `work` (a rebuild) with this connection's page cache at what a scan needs: on SQLite
     * `SCAN_PAGE_CACHE` instead of the server's 16 MiB, restored after. A rebuild reads every
     * page of millions of rows once and no cache holds them; the 14 MiB it would fill are
     * resident memory of the process.
     */
    async scanning<T>(work: () => Promise<T>): Promise<T> {
      const sqlite = sqliteConnectionOf(db);
      if (!sqlite) return work();
      const before = sqlite.pragma('cache_size', { simple: true }) as number;
      sqlite.pragma(`cache_size = ${SCAN_PAGE_CACHE}`);
      try {
        return await work();
      } finally {
        sqlite.pragma(`cache_size = ${before}`);
      }
    },

    /**
     * How a rebuild reads this database's awards into its builder (./award-source.ts): from
     * each award's packed earnings years (`packed`, a rebuild by blocks), or from the earnings
     * years themselves (`earnings`, the consistency check's full reading): on SQLite through the
     * driver, year by year; elsewhere one row per award.
     */
    awardCounter(from: 'packed' | 'earnings'): CountAwards {
      const sqlite = sqliteConnectionOf(db);
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      if (from === 'packed') {
        if (sqlite) return sqlitePackedAwards(sqlite);
        const pool = postgresPoolOf(db);
        if (pool)
          return postgresPackedAwards(async () => {
            const client = await pool.connect();
            return { client, release: (failure) => client.release(failure) };
          });
        const raw = db.withoutPlugins();
        return packedAwards(
          async (text, parameters, each) => {
            const { rows } = await raw.executeQuery<Record<string, unknown>>(
              CompiledQuery.raw(text, parameters),
            );
            for (const row of rows) each(Object.values(row) as PackedRow);
          },
          postgres ? 'postgres' : 'sqlite',
        );
      }
      if (sqlite) return sqliteAwards(sqlite);
      // Millions of rows: read without the camel-case plugin (it would copy every row).
      const raw = db.withoutPlugins();
      const run: RunQuery = async (text, parameters) =>
        (await raw.executeQuery<AwardBatch[number]>(CompiledQuery.raw(text, parameters))).rows;
      return summedAwards(run, postgres ? 'postgres' : 'sqlite');
    },

    /** The organization's awards, as its credentials count them (kept as awards are added). */
    async awardCount(organizationId: number): Promise<number> {
      const row = await db
        .selectFrom('credentials')
        .where('organizationId', '=', organizationId)
        .select((eb) => eb.fn.sum<number | string | null>('awardCount').as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Records that a rebuild of the organization started, with the awards it has to read. */
    async startProgress(organizationId: number, rowsTotal: number, at: Date): Promise<void> {
      const started = {
        phase: 'reading' as const,
        rowsRead: 0,
        rowsTotal,
        startedAt: at.toISOString(),
        progressAt: at.toISOString(),
        finishedAt: null,
      };
      await db
        .insertInto('insightRebuilds')
        .values({ organizationId, ...started })
        .onConflict((oc) => oc.column('organizationId').doUpdateSet(started))
        .execute();
    },

    /** Records how far the organization's running rebuild is. */
    async recordProgress(
      organizationId: number,
      progress: { phase: RebuildPhase; rowsRead: number },
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('insightRebuilds')
        .set({ ...progress, progressAt: at.toISOString() })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    /** Records that the organization's rebuild finished, and how long it took. */
    async finishProgress(organizationId: number, at: Date): Promise<void> {
      const row = await db
        .selectFrom('insightRebuilds')
        .select('startedAt')
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      if (!row) return;
      const seconds = Math.max(
        0,
        Math.round((at.getTime() - new Date(toIso(row.startedAt)).getTime()) / 1000),
      );
      await db
        .updateTable('insightRebuilds')
        .set({
          phase: 'done',
          finishedAt: at.toISOString(),
          progressAt: at.toISOString(),
          lastSeconds: seconds,
        })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    /**
     * The organization's rebuild that is queued or running, with how far it is and how long its
     * previous one took; null when none is.
     */
    async rebuildState(organizationId: number): Promise<RebuildState | null> {
      const jobs = await db
        .selectFrom('jobs')
        .select('status')
        .where('type', '=', JOB_TYPES.rebuildInsights)
        .where('organizationId', '=', organizationId)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .execute();
      if (jobs.length === 0) return null;
      const progress = await db
        .selectFrom('insightRebuilds')
        .selectAll()
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      const running = jobs.some((job) => job.status === 'RUNNING');
      const lastSeconds = progress?.lastSeconds ?? null;
      if (!running || !progress || progress.finishedAt !== null)
        return { state: 'WAITING', lastSeconds };
      return {
        state: 'RUNNING',
        lastSeconds,
        phase: progress.phase === 'done' ? 'storing' : progress.phase,
        rowsRead: progress.rowsRead,
        rowsTotal: progress.rowsTotal,
        startedAt: toIso(progress.startedAt),
      };
    },

    /** The organization's highest award id (0 without awards). */
    async lastAwardId(organizationId: number): Promise<number> {
      const row = await db
        .selectFrom('awards')
        .where('organizationId', '=', organizationId)
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** The organization's smallest and largest award id (null without awards). */
    async awardIds(organizationId: number): Promise<{ first: number; last: number } | null> {
      // Each end on its own: one look-up in the organization's index each (both in one select
      // would pass over every award of the organization).
      const end = (which: 'min' | 'max') =>
        db
          .selectFrom('awards')
          .where('organizationId', '=', organizationId)
          .select((eb) => eb.fn[which]<number | string | null>('id').as('id'));
      const row = await db
        .selectNoFrom([end('min').as('first'), end('max').as('last')])
        .executeTakeFirst();
      if (row?.first === null || row?.first === undefined) return null;
      return { first: Number(row.first), last: Number(row.last) };
    },

    /**
     * The organization's stored blocks that still count (decision record 068): counted with
     * `basis`, at the block's version. Those counted with another basis are removed, and so are
     * those outside `blocks` (their awards are gone).
     */
    async currentBlocks(
      organizationId: number,
      basis: string,
      blocks: { from: number; to: number },
    ): Promise<Set<number>> {
      await db
        .deleteFrom('insightBlocks')
        .where('organizationId', '=', organizationId)
        .where((eb) =>
          eb.or([
            eb('basis', '<>', basis),
            eb('block', '<', blocks.from),
            eb('block', '>', blocks.to),
          ]),
        )
        .execute();
      const rows = await db
        .selectFrom('insightBlocks as b')
        .leftJoin('insightBlockVersions as v', 'v.block', 'b.block')
        .where('b.organizationId', '=', organizationId)
        .whereRef('b.version', '=', sql<number>`coalesce(v.version, 0)`)
        .select('b.block')
        .execute();
      return new Set(rows.map((row) => Number(row.block)));
    },

    /** Forgets the organization's stored blocks and state: its next rebuild reads every award. */
    async forgetBlocks(organizationId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('insightStates')
          .where('organizationId', '=', organizationId)
          .execute();
        await trx
          .deleteFrom('insightBlocks')
          .where('organizationId', '=', organizationId)
          .execute();
      });
    },

    /** What the organization's insights were last computed from (decision record 069). */
    async insightState(organizationId: number): Promise<StoredInsightState | null> {
      const row = await db
        .selectFrom('insightStates')
        .where('organizationId', '=', organizationId)
        .selectAll()
        .executeTakeFirst();
      if (!row) return null;
      const parts = await db
        .selectFrom('insightStateWindows')
        .where('organizationId', '=', organizationId)
        .orderBy('part')
        .select(['part', 'bytes'])
        .execute();
      const whole = parts.every(({ part }, i) => Number(part) === i);
      return {
        ...row,
        generation: Number(row.generation),
        windows: whole ? parts.map(({ bytes }) => bytes) : null,
      };
    },

    /** Whether the organization has an award with an id in `from` … `to`. */
    async hasAwardsIn(organizationId: number, from: number, to: number): Promise<boolean> {
      const row = await awardsWithIds(organizationId, from, to)
        .select('id')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many of the organization's awards have ids `from` … `to`. */
    async awardsIn(organizationId: number, from: number, to: number): Promise<number> {
      const row = await awardsWithIds(organizationId, from, to)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The versions now of the blocks `from` … `to` (those never changed are left out: 0). */
    async blockVersions(from: number, to: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('insightBlockVersions')
        .where('block', '>=', from)
        .where('block', '<=', to)
        .select(['block', 'version'])
        .execute();
      return new Map(rows.map((row) => [Number(row.block), Number(row.version)]));
    },

    /** A stored block of the organization. */
    async block(organizationId: number, block: number): Promise<StoredBlock | null> {
      const row = await db
        .selectFrom('insightBlocks')
        .where('organizationId', '=', organizationId)
        .where('block', '=', block)
        .select(['awards', 'cells', 'wages', 'version', 'basis', 'reading'])
        .executeTakeFirst();
      return row
        ? {
            awards: Number(row.awards),
            cells: row.cells,
            wages: row.wages,
            version: Number(row.version),
            basis: row.basis,
            reading: row.reading,
          }
        : null;
    },

    /** Stores what a rebuild counted of a block, read at `version`. */
    async storeBlock(organizationId: number, block: number, stored: StoredBlock): Promise<void> {
      await storeBlockIn(db, organizationId, block, stored);
    },

    /**
     * The statement `storeBlock` runs, for a thread that loads no query builder: its SQL, and the
     * name of the value each of its parameters takes (`BlockStatement`).
     */
    storeBlockStatement(): BlockStatement {
      const named: Record<keyof StoredBlock | 'organizationId' | 'block', unknown> = {
        organizationId: 'organizationId',
        block: 'block',
        version: 'version',
        basis: 'basis',
        awards: 'awards',
        cells: 'cells',
        wages: 'wages',
        reading: 'reading',
      };
      const { organizationId, block, ...stored } = named;
      const compiled = storingBlock(
        db,
        organizationId as number,
        block as number,
        stored as unknown as StoredBlock,
      ).compile();
      return { sql: compiled.sql, names: compiled.parameters as BlockStatement['names'] };
    },

    /**
     * Stores the blocks and state the figures were computed from (in `trx`, the figures'
     * transaction) and removes the blocks `gone`. `after`: the generation the computation started
     * from; when another rebuild stored a state meanwhile, it throws (the figures are not stored).
     */
    async storeState(
      trx: Kysely<Database>,
      organizationId: number,
      state: Omit<InsightStateToStore, 'after'>,
      after: number | null,
    ): Promise<void> {
      for (const { block, ...stored } of state.stored)
        await storeBlockIn(trx, organizationId, block, stored);
      if (state.gone.length > 0)
        await trx
          .deleteFrom('insightBlocks')
          .where('organizationId', '=', organizationId)
          .where('block', 'in', state.gone)
          .execute();
      const values = { basis: state.basis, blocks: state.blocks, cells: state.cells };
      if (after === null) {
        await trx
          .insertInto('insightStates')
          .values({ organizationId, generation: 1, ...values })
          .onConflict((oc) =>
            oc.column('organizationId').doUpdateSet({
              ...values,
              generation: sql<number>`insight_states.generation + 1`,
            }),
          )
          .execute();
      } else {
        const updated = await trx
          .updateTable('insightStates')
          .set({ ...values, generation: after + 1 })
          .where('organizationId', '=', organizationId)
          .where('generation', '=', after)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new Error(
            `The insights of organization ${organizationId} were stored by another rebuild meanwhile; this one is done again`,
          );
      }
      // The windows part by part, each packed as it is written.
      await trx
        .deleteFrom('insightStateWindows')
        .where('organizationId', '=', organizationId)
        .execute();
      let part = 0;
      for (const bytes of state.windows) {
        await trx
          .insertInto('insightStateWindows')
          .values({ organizationId, part, bytes })
          .execute();
        part += 1;
      }
    },

    /** The later awards (`laterAwards`) among the organization's award ids `from` … `to`. */
    async laterAwardsIn(organizationId: number, from: number, to: number): Promise<LaterAwardBits> {
      const later = laterAwardBits(from, to);
      const { rows } = await sql<{ id: number }>`
        select a.id from awards a
        where a.organization_id = ${organizationId} and a.id >= ${from} and a.id <= ${to}
          and exists (
            select 1 from awards b
            where b.organization_id = a.organization_id and b.external_id = a.external_id
              and (b.award_year < a.award_year or (b.award_year = a.award_year and b.id < a.id)))`.execute(
        db.withoutPlugins(),
      );
      for (const row of rows) markLater(later, Number(row.id));
      return later;
    },

    /** Replaces the organization's aggregates and credential summaries in one transaction. */
    async replace(
      organizationId: number,
      result: {
        aggregates: CohortAggregate[];
        summaries: CredentialSummary[];
        asOfYear: number;
        dollarsOfYear: number;
        builtAt: Date;
      },
      /** Runs in the same transaction, once the figures are stored (the webhook event). */
      onStored?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<void> {
      const builtAt = result.builtAt.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('insightAggregates')
          .where('organizationId', '=', organizationId)
          .execute();
        await trx
          .deleteFrom('credentialInsightSummaries')
          .where('organizationId', '=', organizationId)
          .execute();
        for (let i = 0; i < result.aggregates.length; i += AGGREGATE_CHUNK) {
          await trx
            .insertInto('insightAggregates')
            .values(
              result.aggregates.slice(i, i + AGGREGATE_CHUNK).map((a) => ({
                organizationId,
                credentialId: a.credentialId,
                awardYearFrom: a.awardYearFrom,
                awardYearTo: a.awardYearTo,
                payload: JSON.stringify(
                  storedAggregateOf(a.figures, result.asOfYear, result.dollarsOfYear),
                ),
                builtAt,
              })),
            )
            .execute();
        }
        for (let i = 0; i < result.summaries.length; i += AGGREGATE_CHUNK) {
          await trx
            .insertInto('credentialInsightSummaries')
            .values(
              result.summaries.slice(i, i + AGGREGATE_CHUNK).map((s) => ({
                ...s,
                organizationId,
                builtAt,
              })),
            )
            .execute();
        }
        await onStored?.(trx);
      });
    },

    /** One cohort's stored figures: a primary-key lookup. */
    async findAggregate(
      organizationId: number,
      credentialId: number,
      awardYearFrom: number,
      awardYearTo: number,
    ): Promise<(StoredAggregate & { builtAt: string }) | undefined> {
      const row = await db
        .selectFrom('insightAggregates')
        .where('organizationId', '=', organizationId)
        .where('credentialId', '=', credentialId)
        .where('awardYearFrom', '=', awardYearFrom)
        .where('awardYearTo', '=', awardYearTo)
        .select(['payload', 'builtAt'])
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...(JSON.parse(row.payload) as StoredAggregate), builtAt: toIso(row.builtAt) };
    },

    /** Every cohort's stored figures of the organization, as stored (JSON text). */
    async storedAggregates(organizationId: number): Promise<
      Array<{
        credentialId: number;
        awardYearFrom: number;
        awardYearTo: number;
        payload: string;
      }>
    > {
      const rows = await db
        .selectFrom('insightAggregates')
        .where('organizationId', '=', organizationId)
        .select(['credentialId', 'awardYearFrom', 'awardYearTo', 'payload'])
        .execute();
      return rows.map((row) => ({
        credentialId: Number(row.credentialId),
        awardYearFrom: Number(row.awardYearFrom),
        awardYearTo: Number(row.awardYearTo),
        payload: row.payload,
      }));
    },

    /** Whether a rebuild of the organization is queued or running. */
    async rebuildPending(organizationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', JOB_TYPES.rebuildInsights)
        .where('organizationId', '=', organizationId)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The award-year ranges stored for one credential (0: all credentials), earliest first. */
    async storedRanges(
      organizationId: number,
      credentialId: number,
    ): Promise<Array<{ from: number; to: number }>> {
      const rows = await db
        .selectFrom('insightAggregates')
        .where('organizationId', '=', organizationId)
        .where('credentialId', '=', credentialId)
        .select(['awardYearFrom', 'awardYearTo'])
        .orderBy('awardYearFrom')
        .orderBy('awardYearTo')
        .execute();
      return rows.map((r) => ({ from: Number(r.awardYearFrom), to: Number(r.awardYearTo) }));
    },

    /** Award-year bounds over one organization, or all when null. */
    async awardYearBounds(organizationId: number | null) {
      let query = db.selectFrom('credentialInsightSummaries');
      if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
      const row = await query
        .select((eb) => [eb.fn.min('awardYearMin').as('min'), eb.fn.max('awardYearMax').as('max')])
        .executeTakeFirst();
      return {
        min: row?.min == null ? null : Number(row.min),
        max: row?.max == null ? null : Number(row.max),
      };
    },

    async organization(
      id: number,
    ): Promise<{ name: string; insightsEntitled: boolean } | undefined> {
      const row = await db
        .selectFrom('organizations')
        .where('id', '=', id)
        .select(['name', 'insightsEntitled'])
        .executeTakeFirst();
      return row && { name: row.name, insightsEntitled: toBool(row.insightsEntitled) };
    },

    /** The organization's credentials by name (a report's rows), archived ones included. */
    async credentialsOf(
      organizationId: number,
    ): Promise<Array<{ id: number; code: string; name: string }>> {
      return db
        .selectFrom('credentials')
        .where('organizationId', '=', organizationId)
        .select(['id', 'code', 'name'])
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async credentialOrganization(credentialId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('credentials')
        .where('id', '=', credentialId)
        .select('organizationId')
        .executeTakeFirst();
      return row?.organizationId;
    },

    /** Whether matching, a rebuild or an upload of the organization is queued or under way. */
    async isProcessing(organizationId: number): Promise<boolean> {
      return (await processing([organizationId])).has(organizationId);
    },

    processing,

    credentialTypes() {
      return db
        .selectFrom('credentialTypes')
        .select(['id', 'code', 'name'])
        .orderBy('sortOrder')
        .orderBy('id')
        .execute();
    },
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;

/** What an organization's insights were last computed from, as stored (decision record 069). */
export interface StoredInsightState {
  generation: number;
  basis: string;
  blocks: string;
  cells: string;
  /** The windows' parts in order; null when one is missing. */
  windows: Uint8Array[] | null;
}

/** Stores (or replaces) what a rebuild counted of one block. */
async function storeBlockIn(
  into: Kysely<Database>,
  organizationId: number,
  block: number,
  stored: StoredBlock,
): Promise<void> {
  await storingBlock(into, organizationId, block, stored).execute();
}

/** The statement that stores (or replaces) a block. */
function storingBlock(
  into: Kysely<Database>,
  organizationId: number,
  block: number,
  stored: StoredBlock,
) {
  const values = {
    version: stored.version,
    basis: stored.basis,
    awards: stored.awards,
    cells: stored.cells,
    wages: stored.wages,
    reading: stored.reading,
  };
  return into
    .insertInto('insightBlocks')
    .values({ organizationId, block, ...values })
    .onConflict((oc) => oc.columns(['organizationId', 'block']).doUpdateSet(values));
}
