import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';

import { CSV_OPTIONS, type CsvValue } from '@laurel/contract/csv';

/**
 * A CSV body streamed from batches of rows, so that exports of any size use constant memory; the
 * format is the one every Laurel CSV has (`CSV_OPTIONS`). The first batch is read before anything
 * is sent: a query that fails answers an error status instead of a response cut off after its
 * header. A later failure ends the stream with that error, so the response is aborted, not
 * silently truncated.
 * @example reply.send(await csvStream(['id', 'name'], batches, (row) => [row.id, row.name]))
 */
export async function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => readonly CsvValue[],
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* records() {
    yield header;
    if (first.done) return;
    for (const row of first.value) yield toCells(row);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      for (const row of next.value) yield toCells(row);
    }
  }
  const csv = stringify(CSV_OPTIONS);
  // `pipeline` (not `pipe`) so that a failing query destroys the CSV stream with its error.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

/** A filename for Content-Disposition: letters, digits, dash, dot only. */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9.-]/g, '-')}"`;
}
