// A rebuild that counts the stored blocks of awards that did not change (decision record 068)
// stores the same figures, byte for byte, as one that reads every award from its earnings: after
// random sequences of uploads (into existing cohorts and new pools), deletions that empty cells,
// earnings imports and corrections that move awards between credentials or years, on each
// database. The blocks are kept current by the database's triggers alone: the changes here are
// plain SQL, as any code path that writes awards or earnings makes them.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../src/db/schema.ts';
import { blockReaders } from '../src/modules/insights/block-reader.ts';
import { sqliteConnectionOf } from '../src/db/database.ts';
import { idsOfBlock } from '../src/modules/insights/insight-blocks.ts';
import { createInsightsRepository } from '../src/modules/insights/insights.repository.ts';
import { packedBatchQuery } from '../src/modules/insights/packed-award-reading.ts';
import { WINDOW_SIZES } from '../src/modules/insights/rank-windows.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { storedInsights } from './helpers/graduates.ts';
import { createWorld } from './helpers/world.ts';

const NOW = new Date('2026-03-01T00:00:00Z');
/** The awards here have ids in these blocks (far above the world's own awards). */
const BLOCKS = [100, 101, 102, 103];
const PEOPLE = 250;
const YEARS = [2016, 2019, 2020];
/**
 * Wage k: none for 0, else spread from under the floor to well above it, most of them distinct
 * (so that one wage more or less moves a median), some at the floor and in odd cents.
 */
const WAGE_CHOICES = 400;
/** The nice value of each of this process's threads, the main thread's first (Linux). */
const niceOfThreads = (): number[] =>
  readdirSync('/proc/self/task')
    .sort((a, b) => Number(a) - Number(b))
    .map((task) => {
      // The fields after the command's closing parenthesis: the nice value is the 17th.
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
const wageOf = (k: number): number | null =>
  k === 0 ? null : k === 1 ? 15_080 : Math.round((9_000 + k * 397.13) * 100) / 100;

interface NewAward {
  person: number;
  credential: number;
  year: number;
  status: 'MATCHED' | 'NOT_MATCHED' | 'PENDING';
  /** A wage index and employment for each of the 11 years around the award. */
  years: Array<[wage: number, employed: boolean, fullTime: boolean]>;
}

type Change =
  | { kind: 'upload'; block: number; awards: NewAward[] }
  | { kind: 'delete-cell'; credential: number; year: number }
  /** Years changed where the award had a record, added where it had none; matched if it was not. */
  | { kind: 'import-earnings'; pick: number; years: NewAward['years'] }
  /** Only years a matched award had no record of (its later years arriving). */
  | { kind: 'later-earnings'; pick: number; years: NewAward['years'] }
  | { kind: 'move-credential'; pick: number; credential: number }
  | { kind: 'move-year'; pick: number; year: number };

// Mostly employed full time, so that cohorts are large enough to be shown (changes to figures
// that are withheld would go unseen).
const often = fc.constantFrom(true, true, true, false);
const earningsYears = fc.array(fc.tuple(fc.nat({ max: WAGE_CHOICES }), often, often), {
  minLength: 11,
  maxLength: 11,
});
const newAward = fc.record({
  person: fc.nat({ max: PEOPLE - 1 }),
  credential: fc.nat({ max: 1 }),
  year: fc.constantFrom(...YEARS),
  status: fc.constantFrom('MATCHED', 'MATCHED', 'MATCHED', 'NOT_MATCHED', 'PENDING'),
  years: earningsYears,
}) as fc.Arbitrary<NewAward>;
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('upload' as const),
      block: fc.nat({ max: BLOCKS.length - 1 }),
      awards: fc.array(newAward, { minLength: 1, maxLength: 15 }),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('delete-cell' as const),
    credential: fc.nat({ max: 2 }),
    year: fc.constantFrom(...YEARS),
  }),
  fc.record({
    kind: fc.constantFrom('import-earnings' as const, 'later-earnings' as const),
    pick: fc.nat(),
    years: earningsYears,
  }),
  fc.record({
    kind: fc.constant('move-credential' as const),
    pick: fc.nat(),
    credential: fc.nat({ max: 2 }),
  }),
  fc.record({
    kind: fc.constant('move-year' as const),
    pick: fc.nat(),
    year: fc.constantFrom(...YEARS),
  }),
);

describe.each(DIALECTS)('insights counted by blocks, on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let organizationId: number;
  let credentials: number[];
  /** The next free award id of each block. */
  const next = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const w = await createWorld(t);
    db = t.database.handle.db;
    organizationId = w.a.id;
    const at = new Date().toISOString();
    credentials = [w.credentialA];
    for (const code of ['ALPHA-2', 'ALPHA-3']) {
      const { id } = await db
        .insertInto('credentials')
        .values({
          organizationId,
          code,
          name: `Credential ${code}`,
          typeId: 1,
          programCode: '11.0101',
          description: null,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      credentials.push(id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * An upload: its awards into one block (by its index in `blocks`), in one statement, and their
   * earnings in another.
   */
  async function insertAwards(
    block: number,
    awards: readonly NewAward[],
    blocks: readonly number[] = BLOCKS,
  ): Promise<void> {
    const at = NOW.toISOString();
    const rows = awards.map((award) => {
      const id = next.get(blocks[block]!) ?? idsOfBlock(blocks[block]!).from + 1;
      next.set(blocks[block]!, id + 1);
      return {
        id,
        organizationId,
        credentialId: credentials[award.credential]!,
        externalId: `P${award.person}`,
        firstName: 'Test',
        lastName: `Person ${id}`,
        email: null,
        dateOfBirth: null,
        // Unique by id: a person may hold the same credential twice in a year.
        awardDate: `${award.year}-01-01T${String(id % 100_000).padStart(5, '0')}`,
        awardYear: award.year,
        uploadId: null,
        matchStatus: award.status,
        matchProvider: award.status === 'MATCHED' ? 'EQUIFAX_TWN' : null,
        matchedAt: award.status === 'MATCHED' ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    });
    if (rows.length === 0) return;
    await db.insertInto('awards').values(rows).execute();
    // Half the people's years after the award come with a later earnings import.
    const years = awards.flatMap((award, k) =>
      award.status === 'MATCHED'
        ? yearRows(
            rows[k]!.id,
            award.year,
            award.person % 2 === 0 ? award.years.slice(0, 6) : award.years,
          )
        : [],
    );
    for (let i = 0; i < years.length; i += 500)
      await db
        .insertInto('earningsYears')
        .values(years.slice(i, i + 500))
        .execute();
  }

  /** One earnings year as stored (a wage index 0 without employment: no record that year). */
  const yearRow = (
    awardId: number,
    year: number,
    [wage, employed, fullTime]: NewAward['years'][number],
  ) => ({
    awardId,
    year,
    wage: wageOf(wage),
    employed: employed && wageOf(wage) !== null,
    fullTime,
    industry: employed ? (year % 2 === 0 ? 'Manufacturing' : 'Health') : null,
    jobRole: employed ? 'Welders' : null,
    source: 'EQUIFAX_TWN',
  });
  const recorded = ([wage, employed]: NewAward['years'][number]) => wage !== 0 || employed;

  /** An award's earnings years as stored (those of `recorded` years). */
  const yearRows = (awardId: number, awardYear: number, years: NewAward['years']) =>
    years.flatMap((y, i) => (recorded(y) ? [yearRow(awardId, awardYear - 5 + i, y)] : []));

  /**
   * An earnings import for one award: its years changed where it had a record, added where it had
   * none (each its own statement), and the award matched if it was not.
   */
  async function importYears(
    award: { id: number; awardYear: number; matchStatus: string },
    years: NewAward['years'],
    /** Only the years it has no record of (a later year's earnings arriving). */
    onlyNew: boolean,
  ): Promise<void> {
    const had = new Set(
      (
        await db
          .selectFrom('earningsYears')
          .where('awardId', '=', award.id)
          .select('year')
          .execute()
      ).map((row) => Number(row.year)),
    );
    for (const [i, y] of years.entries()) {
      const row = yearRow(award.id, award.awardYear - 5 + i, y);
      if (!had.has(row.year)) await db.insertInto('earningsYears').values(row).execute();
      else if (!onlyNew)
        await db
          .updateTable('earningsYears')
          .set({
            wage: row.wage,
            employed: row.employed,
            fullTime: row.fullTime,
            industry: row.industry,
            jobRole: row.jobRole,
          })
          .where('awardId', '=', award.id)
          .where('year', '=', row.year)
          .execute();
    }
    if (award.matchStatus !== 'MATCHED')
      await db
        .updateTable('awards')
        .set({ matchStatus: 'MATCHED' })
        .where('id', '=', award.id)
        .execute();
  }

  /** The awards of the blocks here, in id order. */
  async function awards() {
    return db
      .selectFrom('awards')
      .where('organizationId', '=', organizationId)
      .where('id', '>=', idsOfBlock(BLOCKS[0]!).from)
      .select((eb) => [
        'id',
        'awardYear',
        'matchStatus',
        eb
          .selectFrom('earningsYears as e')
          .whereRef('e.awardId', '=', 'awards.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('years'),
      ])
      .orderBy('id')
      .execute();
  }

  async function apply(c: Change): Promise<void> {
    if (c.kind === 'upload') {
      await insertAwards(c.block, c.awards);
      return;
    }
    if (c.kind === 'delete-cell') {
      await db
        .deleteFrom('awards')
        .where('credentialId', '=', credentials[c.credential]!)
        .where('awardYear', '=', c.year)
        .where('id', '>=', idsOfBlock(BLOCKS[0]!).from)
        .execute();
      return;
    }
    const all = await awards();
    if (all.length === 0) return;
    const award = all[c.pick % all.length]!;
    if (c.kind === 'import-earnings') await importYears(award, c.years, false);
    else if (c.kind === 'later-earnings') {
      // Half the people's matched awards lack their later years (`insertAward`).
      const lacking = all.filter((a) => a.matchStatus === 'MATCHED' && (a.years ?? 0) < 11);
      if (lacking.length > 0) await importYears(lacking[c.pick % lacking.length]!, c.years, true);
    } else if (c.kind === 'move-credential') {
      await db
        .updateTable('awards')
        .set({ credentialId: credentials[c.credential]! })
        .where('id', '=', award.id)
        .execute();
    } else {
      await db
        .updateTable('awards')
        .set({ awardYear: c.year, awardDate: `${c.year}-01-01T${award.id}` })
        .where('id', '=', award.id)
        .execute();
    }
  }

  const figures = async () => {
    const { aggregates, summaries } = await storedInsights(db, organizationId);
    return { aggregates, summaries };
  };

  it.runIf(dialect === 'sqlite')(
    'reads a batch’s awards from an index alone on SQLite, no award’s row looked up',
    () => {
      // Decision record 074: rows of awards hold names and search text; a first rebuild of ten
      // million awards took 73 s looking each one up, 58 s reading the index alone.
      const sqlite = sqliteConnectionOf(db)!;
      const reading = { organizationId, batchSize: 10, asOfYear: 2025, earningsFloor: 0 };
      for (const range of [{}, { toId: 100 }]) {
        const query = packedBatchQuery('sqlite', { ...reading, ...range });
        const plan = sqlite
          .prepare<unknown[], { detail: string }>(`explain query plan ${query.text}`)
          .all(...query.parameters(0))
          .map((step) => step.detail);
        expect(plan.join('; ')).toMatch(
          /SEARCH a USING COVERING INDEX awards_organization_batch_idx/,
        );
      }
    },
  );

  it('stores what a full reading stores after any sequence of changes', async () => {
    // How each rebuild after a change counted: from the stored state and the changed blocks
    // (decision record 069), the samples whose ranks left their windows selected again from
    // every block's wages.
    const countedBy = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(newAward, { minLength: 150, maxLength: 200 }),
        fc.array(change, { minLength: 1, maxLength: 6 }),
        // Windows of ranks from the narrowest (most changes leave them) to the default (where the
        // samples here are small enough to be kept whole).
        fc.constantFrom(
          { atLeast: 1, wholeAtMost: 0, wholeKeptAtMost: 0 },
          { atLeast: 3, wholeAtMost: 10, wholeKeptAtMost: 30 },
          WINDOW_SIZES,
        ),
        async (start, changes, windowSizes) => {
          // Each sequence starts from no awards here (the blocks stored before stay: stale ones
          // must not count).
          await db
            .deleteFrom('awards')
            .where('organizationId', '=', organizationId)
            .where('id', '>=', idsOfBlock(BLOCKS[0]!).from)
            .execute();
          for (const block of BLOCKS) next.delete(block);
          for (const [block] of BLOCKS.entries())
            await insertAwards(
              block,
              start.filter((_, i) => i % BLOCKS.length === block),
            );
          await rebuildInsights(db, organizationId, { now: NOW, windowSizes });
          for (const c of changes) {
            await apply(c);
            const after = await rebuildInsights(db, organizationId, { now: NOW, windowSizes });
            countedBy.add(`${after.countedBy}${after.refilled ? ', refilled' : ''}`);
            const byBlocks = await figures();
            const unchanged = await rebuildInsights(db, organizationId, {
              now: NOW,
              windowSizes,
            });
            expect(unchanged.awardsRead).toBe(0);
            expect(unchanged.countedBy).toBe('changes');
            await rebuildInsights(db, organizationId, { now: NOW, reuseBlocks: false });
            expect(await figures()).toEqual(byBlocks);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect([...countedBy].sort()).toEqual(['changes', 'changes, refilled']);
  }, 180_000);

  it('reads again only the block an upload added to', async () => {
    for (const [block, count] of [
      [0, 30],
      [1, 20],
      [2, 25],
    ] as const) {
      await insertAwards(
        block,
        Array.from({ length: count }, (_, i) => ({
          person: 1_000 + block * 100 + i,
          credential: i % 3,
          year: YEARS[i % YEARS.length]!,
          status: 'MATCHED' as const,
          years: Array.from({ length: 11 }, (_, k) => [(i * 7 + k) % WAGE_CHOICES, true, true]),
        })),
      );
    }
    const all = await rebuildInsights(db, organizationId, { now: NOW, reuseBlocks: false });
    // Blocks and windows counted anew (those the sequences above left have narrow windows).
    await createInsightsRepository(db).forgetBlocks(organizationId);
    expect((await rebuildInsights(db, organizationId, { now: NOW })).countedBy).toBe('blocks');
    await insertAwards(1, [
      {
        person: 5_000,
        credential: 1,
        year: 2020,
        status: 'MATCHED',
        years: Array.from({ length: 11 }, () => [4, true, true]),
      },
    ]);
    const after = await rebuildInsights(db, organizationId, { now: NOW });
    expect(after.countedBy).toBe('changes');
    expect(after.awards).toBe(all.awards + 1);
    const inBlock = await db
      .selectFrom('awards')
      .where('organizationId', '=', organizationId)
      .where('id', '>=', idsOfBlock(BLOCKS[1]!).from)
      .where('id', '<=', idsOfBlock(BLOCKS[1]!).to)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.awardsRead).toBe(Number(inBlock.n));

    // A part of the windows missing (a stray one stored beside them): the next rebuild counts by
    // blocks, says why, and stores whole windows again.
    const parts = () =>
      db
        .selectFrom('insightStateWindows')
        .where('organizationId', '=', organizationId)
        .orderBy('part')
        .select(['part', 'bytes'])
        .execute();
    const stored = await parts();
    expect(stored.map(({ part }) => Number(part))).toEqual([0]);
    await db
      .insertInto('insightStateWindows')
      .values({ organizationId, part: 2, bytes: stored[0]!.bytes })
      .execute();
    const again = await rebuildInsights(db, organizationId, { now: NOW });
    expect(again).toMatchObject({
      countedBy: 'blocks',
      fallback: 'the stored windows of ranks miss a part',
    });
    expect((await parts()).map(({ part }) => Number(part))).toEqual([0]);
    expect((await rebuildInsights(db, organizationId, { now: NOW })).countedBy).toBe('changes');
  });

  it('reads many blocks on a second thread and stores what one thread stores', async () => {
    // Awards in blocks of their own, above the others: with those between, more blocks to read
    // than the job's thread reads alone (the whole organization's later awards are read).
    const MANY = Array.from({ length: 6 }, (_, i) => 120 + 3 * i);
    for (const [block] of MANY.entries())
      await insertAwards(
        block,
        Array.from({ length: 40 }, (_, i) => ({
          person: 2_000 + (i % 30),
          credential: (block + i) % 3,
          year: YEARS[(block + i) % YEARS.length]!,
          status: i % 9 === 0 ? ('NOT_MATCHED' as const) : ('MATCHED' as const),
          years: Array.from({ length: 11 }, (_, k) => [
            (block * 31 + i * 7 + k) % WAGE_CHOICES,
            k !== 3,
            i % 5 !== 0,
          ]),
        })),
        MANY,
      );
    const repository = createInsightsRepository(db);
    const blocks = () =>
      db
        .selectFrom('insightBlocks')
        .where('organizationId', '=', organizationId)
        .orderBy('block')
        .select(['block', 'awards', 'cells', 'wages', 'version', 'basis'])
        .execute();
    const rebuild = async (options: Parameters<typeof rebuildInsights>[2]) => {
      await repository.forgetBlocks(organizationId);
      const result = await rebuildInsights(db, organizationId, {
        now: NOW,
        databaseUrl: t.database.url,
        ...options,
      });
      return { result, figures: await figures(), blocks: await blocks() };
    };
    const alone = await rebuild({ cores: 1 });
    expect([alone.result.countedBy, alone.result.threads]).toEqual(['blocks', 1]);
    expect(alone.blocks.length).toBeGreaterThan(MANY.length);

    // Every block left to the second thread (the job's thread claims none), then the two sharing
    // them as they come.
    let claimed = 0;
    let niceWhileReading: number[] = [];
    const leftToIt = await rebuild({
      cores: 2,
      blockReader: (counting, toRead, later) => {
        const reader = blockReaders(t.database.url, repository.storeBlockStatement())(
          counting,
          toRead,
          later,
        );
        return {
          ...reader,
          claim: () => false,
          take: (index) => {
            const block = reader.take(index);
            if (block) claimed += 1;
            if (block && niceWhileReading.length === 0) niceWhileReading = niceOfThreads();
            return block;
          },
        };
      },
    });
    // The second thread reads at the lowest priority; the process's other threads keep theirs.
    if (process.platform === 'linux') {
      expect(niceWhileReading).toContain(19);
      expect(niceOfThreads()).not.toContain(19);
      expect(niceOfThreads()[0]).toBe(0);
    }
    expect(leftToIt.result).toMatchObject({ countedBy: 'blocks', threads: 2 });
    expect(claimed).toBeGreaterThan(MANY.length);
    const shared = await rebuild({ cores: 2 });
    expect(shared.result.threads).toBe(2);
    for (const other of [leftToIt, shared]) {
      expect(other.figures).toEqual(alone.figures);
      expect(other.blocks).toEqual(alone.blocks);
    }

    // A second thread that fails (here its database cannot be opened) fails the rebuild with its
    // cause, and the figures stored stay as they were.
    await repository.forgetBlocks(organizationId);
    const failing = rebuildInsights(db, organizationId, {
      now: NOW,
      databaseUrl: t.database.url,
      cores: 2,
      blockReader: (counting, toRead, later) => ({
        ...blockReaders('sqlite:/nonexistent/folder/insights.db', repository.storeBlockStatement())(
          counting,
          toRead,
          later,
        ),
        claim: () => false,
      }),
    });
    await expect(failing).rejects.toThrow(/unable to open database|directory does not exist/);
    expect(await figures()).toEqual(alone.figures);
  });
});
