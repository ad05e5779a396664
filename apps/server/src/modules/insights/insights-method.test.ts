import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { INSIGHTS_DEFAULT_EARNINGS_FLOOR } from '@laurel/contract/insights';

import { INSIGHTS_METHOD, INSIGHTS_METHOD_FINGERPRINT } from '../../lib/insights-method.ts';
import { createRandom } from '../../seed/random.ts';
import { sqliteAwards } from './award-source.ts';
import { createInsightsBuilder } from './insights-builder.ts';
import { awardTables, earningsYearWriter } from './test-award-tables.ts';

const AS_OF = 2025;
/** The industries and job roles of the world's earnings years. */
const NAMES = {
  industries: ['Health Care', 'Manufacturing', 'Retail Trade'],
  jobRoles: ['Nurses', 'Welders', 'Cashiers'],
};

/**
 * The figures of one fixed world of awards and earnings years, read and built as a rebuild does:
 * three credentials over fifteen award years, every match status, people with later awards.
 */
async function fixedWorldFigures() {
  const db = awardTables();
  const random = createRandom(3);
  const insertAward = db.prepare('insert into awards values (?, 1, ?, ?, ?)');
  const insertYear = earningsYearWriter(db, random, { employed: 0.9, fullTime: 0.8 }, NAMES);
  for (let id = 1; id <= 3_000; id += 1) {
    const awardYear = random.int(2010, 2025);
    const u = random.next();
    const status = u < 0.85 ? 'MATCHED' : u < 0.95 ? 'NOT_MATCHED' : 'PENDING';
    insertAward.run(id, random.int(1, 3), awardYear, status);
    const base = 20_000 + random.next() * 40_000;
    for (let year = awardYear - 6; year <= awardYear + 6; year += 1) {
      if (random.next() < 0.1) continue;
      const wage =
        random.next() < 0.05
          ? null
          : Math.round(base * (1 + 0.04 * (year - awardYear)) * (0.2 + random.next()) * 100) / 100;
      insertYear(id, year, wage);
    }
  }
  const builder = createInsightsBuilder({ asOfYear: AS_OF, dollarsOfYear: AS_OF });
  const reading = {
    organizationId: 1,
    batchSize: 500,
    asOfYear: AS_OF,
    earningsFloor: INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  };
  const later = new Set(Array.from({ length: 3_000 / 7 }, (_, i) => 7 * (i + 1)));
  for await (const _ of sqliteAwards(db)(reading, builder, later));
  db.close();
  const { aggregates, summaries } = await builder.finish();
  return { aggregates, summaries };
}

describe('INSIGHTS_METHOD', () => {
  it('is bumped whenever the built figures change', async () => {
    const built = await fixedWorldFigures();
    // Not a world of hidden figures only: some of every kind are shown.
    expect(built.aggregates.some((a) => a.figures.earnings.salaryGrowth.value !== null)).toBe(true);
    expect(built.aggregates.some((a) => a.figures.employment.coverage.value !== null)).toBe(true);
    const fingerprint = createHash('sha256').update(JSON.stringify(built)).digest('hex');
    expect(
      fingerprint,
      `The insight figures of the fixed world changed (rules, shape or the CPI table). Stored ` +
        `figures of the current method would no longer be rebuilt: bump INSIGHTS_METHOD ` +
        `(${INSIGHTS_METHOD}) in apps/server/src/lib/insights-method.ts and set ` +
        `INSIGHTS_METHOD_FINGERPRINT beside it to '${fingerprint}'.`,
    ).toBe(INSIGHTS_METHOD_FINGERPRINT);
  });
});
