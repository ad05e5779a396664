import { Readable } from 'node:stream';

/**
 * One CSV cell: quoted when needed, and a leading =, +, -, @, tab or carriage return prefixed with
 * an apostrophe so that spreadsheets show it as text instead of running it as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV body streamed from batches of rows, so that exports of any size use constant memory.
 * The first batch is read before anything is sent: a query that fails answers an error status
 * instead of a response cut off after its header.
 * @example reply.send(await csvStream(['id', 'name'], batches, (row) => [row.id, row.name]))
 */
export async function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => readonly unknown[],
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const toLines = (batch: T[]) => batch.map((row) => csvRow(toCells(row))).join('');
  async function* lines() {
    yield `\uFEFF${csvRow(header)}`;
    if (first.done) return;
    yield toLines(first.value);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield toLines(next.value);
    }
  }
  return Readable.from(lines());
}

/** A filename for Content-Disposition: letters, digits, dash, dot only. */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9.-]/g, '-')}"`;
}
