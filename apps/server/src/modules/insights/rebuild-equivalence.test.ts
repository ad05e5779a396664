import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { INSIGHTS_DEFAULT_EARNINGS_FLOOR } from '@laurel/contract/insights';

import { sqliteAwards } from './award-source.ts';
import { createInsightsBuilder } from './insights-builder.ts';
import { seededWorld } from './test-worlds.ts';

/**
 * The SHA-256 of the figures (JSON) of seeded worlds 1…12 as the rebuild computed them while it
 * held every wage in memory, in sorted arrays per cell, and read the order statistics across them
 * (before decision record 062): the rebuild that writes its wages to files must give them byte
 * for byte.
 */
const IN_MEMORY_FIGURES = [
  'b74547aabad5436ca3700e958e09598a7e85694972b72855297d1bae7a1b603c',
  'dd11c5e9f4de664dea5edbee0b3abfa8e15ae089c1b6627911fdf4f84a8b8bab',
  '3ac507905fbadc39522ba1ddc91dd5b4da016d6180724531be24f73385e5a6dc',
  '53513ce7a615e1e1ccee3713f0e93602df6afe94f2f882534a46898aff09c764',
  '8da7c8a94d4ecbcf906d48e51c87510702faf70f7e3d594940b88adb44ad4054',
  '6fcd773e56a6ddc53375a67b98c16211da24dc386f66b00e661b1eae478d5b74',
  '3849e96b48d17aacf9e2cbd0ed06e7011de71e90f27a226f712ed9781356a726',
  'cdd19075d01035f79e92df2657aedbe3fe5c53d5bb3e3d8027bfc1e32cca1443',
  'd37d203e5c5c35b35844fa61c6de13acd8f0db593d3923d50c27fdfacd2054f3',
  'e4d54e83b85297baa1a1de407d54e7ca3e42c59302a0438389c5ebbb9ae3837a',
  '5b33a7ff5d499b99dc2f28790da571a76fd3cdc57be23dc388cf265a6a000c32',
  '4d0e1e77eede876754115d0c263d32cc1be99e3d08c4b4117450caff5a953fb2',
];

describe('the rebuild with its wages in files', () => {
  it(
    'gives the figures the in-memory rebuild gave, byte for byte',
    { timeout: 120_000 },
    async () => {
      for (let seed = 1; seed <= IN_MEMORY_FIGURES.length; seed += 1) {
        const { db, later } = seededWorld(seed);
        const builder = createInsightsBuilder({ asOfYear: 2025, dollarsOfYear: 2025 });
        const reading = {
          organizationId: 1,
          batchSize: 333,
          asOfYear: 2025,
          earningsFloor: INSIGHTS_DEFAULT_EARNINGS_FLOOR,
        };
        for await (const _ of sqliteAwards(db)(reading, builder, later));
        db.close();
        const { aggregates, summaries } = await builder.finish();
        const figures = JSON.stringify({ aggregates, summaries });
        expect(createHash('sha256').update(figures).digest('hex'), `world ${seed}`).toBe(
          IN_MEMORY_FIGURES[seed - 1],
        );
      }
    },
  );

  it('gives the same figures when two builders share the awards', { timeout: 60_000 }, async () => {
    const { db, later } = seededWorld(5);
    const reading = {
      organizationId: 1,
      batchSize: 250,
      asOfYear: 2025,
      earningsFloor: INSIGHTS_DEFAULT_EARNINGS_FLOOR,
    };
    const first = createInsightsBuilder({ asOfYear: 2025, dollarsOfYear: 2025 });
    const second = createInsightsBuilder({ asOfYear: 2025, dollarsOfYear: 2025 });
    for await (const _ of sqliteAwards(db)({ ...reading, toId: 1_000 }, first, later));
    for await (const _ of sqliteAwards(db)({ ...reading, afterId: 1_000 }, second, later));
    db.close();
    try {
      const share = second.share();
      const { aggregates, summaries } = await first.finish([share]);
      const figures = JSON.stringify({ aggregates, summaries });
      expect(createHash('sha256').update(figures).digest('hex')).toBe(IN_MEMORY_FIGURES[4]);
    } finally {
      second.dispose();
    }
  });
});
