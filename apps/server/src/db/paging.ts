import type { TPage } from '@laurel/contract/pagination';

/** A sorted query that can be cut into pages (any Kysely select query). */
export interface Pageable<R> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<R[]> } };
}

/**
 * One page of a sorted query, with the total the count query gives.
 * @example readPage(sorted(filter), counted(filter), filter, toSummary)
 */
export async function readPage<R, T>(
  sorted: Pageable<R>,
  counted: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> },
  position: { page: number; pageSize: number },
  map: (row: R) => T,
): Promise<TPage<T>> {
  const [rows, count] = await Promise.all([
    sorted
      .limit(position.pageSize)
      .offset((position.page - 1) * position.pageSize)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(map),
    total: Number(count.count),
    page: position.page,
    pageSize: position.pageSize,
  };
}

/** Every row of a sorted query in batches, so that exports of any size use constant memory. */
export async function* readBatches<R, T>(
  sorted: Pageable<R>,
  map: (row: R) => T,
  batch = 1000,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await sorted.limit(batch).offset(offset).execute();
    if (rows.length) yield rows.map(map);
    if (rows.length < batch) return;
  }
}
