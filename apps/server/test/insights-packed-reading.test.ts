// How a rebuild by blocks reads the awards with their packed years through the driver, on each
// database: every award once, in order of id, batch after batch; a counting that fails stops the
// reading with its own error and leaves the connection usable.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postgresPoolOf } from '../src/db/database.ts';
import type { ReadAward } from '../src/modules/insights/award-facts.ts';
import type { InsightsBuilder } from '../src/modules/insights/insights-builder.ts';
import { createInsightsRepository } from '../src/modules/insights/insights.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { insertMatchedGraduate } from './helpers/graduates.ts';
import { createWorld, type World } from './helpers/world.ts';

/** Awards added to the world's organization A (its own make the batches end unevenly). */
const AWARDS = 23;

describe.each(DIALECTS)('the packed reading of awards, on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  /** Organization A's awards, the world's and these. */
  let ids: number[] = [];
  const added = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    const db = t.database.handle.db;
    for (let i = 0; i < AWARDS; i += 1) {
      const award = {
        organizationId: w.a.id,
        credentialId: w.credentialA,
        externalId: `PACKED-${i}`,
        lastName: `Person ${i}`,
      };
      added.add(await insertMatchedGraduate(db, award, [{ year: 2021, wage: 40_000 + i }]));
    }
    const rows = await db
      .selectFrom('awards')
      .select('id')
      .where('organizationId', '=', w.a.id)
      .orderBy('id')
      .execute();
    ids = rows.map((row) => Number(row.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Counts the awards of organization A, `each` told of every award as it is read. */
  async function readAll(each: (award: ReadAward) => void): Promise<number[]> {
    const countAwards = createInsightsRepository(t.database.handle.db).awardCounter('packed');
    // Only the reading is under test: the builder is told of each award, nothing is counted.
    const builder = { addRead: each } as unknown as InsightsBuilder;
    const reading = { organizationId: w.a.id, batchSize: 5, asOfYear: 2025, earningsFloor: 0 };
    const batches: number[] = [];
    for await (const batch of countAwards(reading, builder, { has: () => false }))
      batches.push(batch.awards);
    return batches;
  }

  it('reads every award once, in order of id, a batch at a time', async () => {
    const seen: Array<[number, number]> = [];
    const batches = await readAll((award) => seen.push([award.id, award.wages]));
    expect(ids.length).toBeGreaterThan(AWARDS);
    expect(batches).toEqual([...Array(Math.floor(ids.length / 5)).fill(5), ids.length % 5]);
    expect(seen.map(([id]) => id)).toEqual(ids);
    // Each added award's one year within reach of its award year, at or above the floor.
    expect(seen.filter(([id]) => added.has(id)).map(([, wages]) => wages)).toEqual(
      Array(AWARDS).fill(1),
    );
  });

  it('stops at a counting that fails, with its error, and the database still answers', async () => {
    let counted = 0;
    await expect(
      readAll(() => {
        counted += 1;
        if (counted === 7) throw new Error('the counting failed');
      }),
    ).rejects.toThrow('the counting failed');
    // None of the rest of its batch was counted.
    expect(counted).toBe(7);
    const { rows } = await sql<{ n: number }>`select count(*) as n from awards`.execute(
      t.database.handle.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(ids.length);
    // And a reading after it reads every award again.
    let again = 0;
    await readAll(() => (again += 1));
    expect(again).toBe(ids.length);
  });

  it.runIf(dialect === 'postgres')('reads through the pool the database was opened with', () => {
    expect(postgresPoolOf(t.database.handle.db)).toBe(t.database.handle.pool);
  });
});
