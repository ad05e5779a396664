import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema.ts';
import { readBenchmarkFile } from '../modules/benchmarks/benchmark-file.ts';
import { createBenchmarksRepository } from '../modules/benchmarks/benchmarks.repository.ts';

/**
 * The demo world's benchmark file: fictional figures for its credentials' fields and places,
 * marked as such in its source column (docs/benchmarks.md shows its format).
 */
export const DEMO_BENCHMARK_FILE = fileURLToPath(new URL('./demo-benchmarks.csv', import.meta.url));

/** Imports the demo benchmark file as a data set, checked like any imported file. */
export async function seedDemoBenchmarks(db: Kysely<Database>, now: Date): Promise<number> {
  const repository = createBenchmarksRepository(db);
  return db.transaction().execute(async (trx) => {
    const id = await repository.create(trx, { fileName: 'demo-benchmarks.csv', userId: null });
    async function* rows() {
      const chunks = createReadStream(DEMO_BENCHMARK_FILE) as AsyncIterable<Buffer>;
      for await (const item of readBenchmarkFile(chunks, { latestYear: now.getUTCFullYear() })) {
        if ('errors' in item)
          throw new Error(
            `demo-benchmarks.csv line ${item.errors[0]!.line}: ${item.errors[0]!.message}`,
          );
        yield item.row;
      }
    }
    return repository.insertRows(trx, id, rows());
  });
}
