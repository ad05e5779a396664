import { describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { type AwardBatch, awardBatchQuery, type RunQuery } from './award-reading.ts';
import {
  type CountAwards,
  sqliteAwards,
  sqlitePackedAwards,
  summedAwards,
} from './award-source.ts';
import { createInsightsBuilder } from './insights-builder.ts';
import { awardTables, earningsYearWriter, packAwardEarnings } from './test-award-tables.ts';

const AS_OF = 2025;
/** The industries and job roles of the world's earnings years. */
const NAMES = {
  industries: ['Retail Trade', 'Manufacturing', 'Ünïcode ✓'],
  jobRoles: ['Welders', 'Cashiers', 'A "quoted" role'],
};
const FLOOR = 15_080;

describe('the award readings', () => {
  it(
    'count every award as the text summed up per award in one query does, whatever its wages',
    { timeout: 60_000 },
    async () => {
      const db = awardTables();
      const random = createRandom(29);
      const insertAward = db.prepare('insert into awards values (?, ?, ?, ?, ?)');
      const insertYear = earningsYearWriter(db, random, { employed: 0.85, fullTime: 0.75 }, NAMES);
      // Wages of whole cents, and ones that are not: fractions of a cent, more than an Int32Array
      // of cents holds, zero and below, exponents; ids far apart (more than 2^15) and another
      // organization's awards between them.
      const odd = [
        40_000.125,
        21_474_836.47,
        21_474_836.48,
        30_000_000,
        1e21,
        0,
        -0,
        -5,
        15_080,
        15_079.99,
        0.1 + 0.2,
        123_456.789,
      ];
      let id = 0;
      for (let i = 0; i < 1_500; i += 1) {
        id += random.next() < 0.05 ? random.int(30_000, 70_000) : random.int(1, 3);
        const organizationId = random.next() < 0.1 ? 8 : 7;
        const awardYear = random.int(2010, 2025);
        const u = random.next();
        const status = u < 0.8 ? 'MATCHED' : u < 0.9 ? 'NOT_MATCHED' : 'PENDING';
        insertAward.run(id, organizationId, random.int(1, 4), awardYear, status);
        for (let year = awardYear - 7; year <= awardYear + 7; year += 1) {
          if (random.next() < 0.15) continue;
          const wage =
            random.next() < 0.08
              ? null
              : random.next() < 0.05
                ? random.pick(odd)
                : Math.round((10_000 + random.next() * 90_000) * 100) / 100;
          insertYear(id, year, wage);
        }
      }

      packAwardEarnings(db);
      for (const floor of [FLOOR, -10]) {
        const reading = { organizationId: 7, batchSize: 97, asOfYear: AS_OF, earningsFloor: floor };
        // The reference: the awards summed up into text by SQLite, counted by `add`.
        const byText = createInsightsBuilder({ asOfYear: AS_OF, dollarsOfYear: AS_OF });
        const query = awardBatchQuery('sqlite', { ...reading, batchSize: 1_000_000 });
        const rows = db.prepare(query.text).all(...query.parameters(0)) as AwardBatch;
        for (const award of rows) byText.add(award, award.id % 3 === 0);

        const { aggregates, summaries } = await byText.finish();
        const reference = { aggregates, summaries };

        const run: RunQuery = async (text, parameters) =>
          db.prepare(text).all(...parameters) as AwardBatch;
        const sources: Array<[string, CountAwards]> = [
          ['year by year', sqliteAwards(db)],
          ['summed up per award, in batches', summedAwards(run, 'sqlite')],
          ['packed per award by the triggers', sqlitePackedAwards(db)],
        ];
        for (const [name, countAwards] of sources) {
          const builder = createInsightsBuilder({ asOfYear: AS_OF, dollarsOfYear: AS_OF });
          const later = new Set(
            rows.filter((award) => award.id % 3 === 0).map((award) => award.id),
          );
          let awards = 0;
          for await (const batch of countAwards(reading, builder, later)) awards += batch.awards;
          expect(awards, name).toBe(rows.length);
          // The same figures: counts, industries, job roles and every order statistic of the wages.
          const figures = await builder.finish();
          expect({ aggregates: figures.aggregates, summaries: figures.summaries }, name).toEqual(
            reference,
          );
        }
      }
    },
  );
});
