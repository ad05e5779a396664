import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';

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

/** The rows of one list that match its filters, and how they sort. */
export interface SortedMatches<DB, TB extends keyof DB> {
  /** A select query over the matching rows, joined to whatever the sort keys read; no columns. */
  matching: SelectQueryBuilder<DB, TB, object>;
  /** The list's id column, such as `'c.id'`; it breaks ties after the sort keys. */
  id: string;
  /** Columns to sort by, such as `['u.lastName', 'u.firstName']`. */
  keys: readonly string[];
  order: 'asc' | 'desc';
  /**
   * Collect every match before sorting, counting them in the same pass. Right when a text index
   * finds the matches (a substring search): walking a sort index and testing each row can read
   * most of the table before it finds a page, when the matches cluster (a name searched and sorted
   * by name). Without it the page walks the sort order's index and stops at the page's end.
   */
  collect: boolean;
}

/**
 * One page of a list in two steps: the ids of the page's rows (sorted, cut, counted), then the
 * page's full rows, fetched by id, so that per-row work (joins, subqueries) is done for one page
 * only. `counted` counts the matches without the sort's joins (used when not collecting).
 * @example readPageOfIds(db, { matching, id: 'c.id', keys: ['c.name'], order, collect }, counted, filter, fetch)
 */
export async function readPageOfIds<DB, QDB, QTB extends keyof QDB, T extends { id: number }>(
  db: Kysely<DB>,
  sorted: SortedMatches<QDB, QTB>,
  counted: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> },
  position: { page: number; pageSize: number },
  fetch: (ids: number[]) => Promise<T[]>,
): Promise<TPage<T>> {
  const offset = (position.page - 1) * position.pageSize;
  const direction = sql.raw(sorted.order === 'desc' ? 'desc' : 'asc');
  const orderOf = (prefix: string) =>
    sql.join(
      [...sorted.keys.map((_, i) => `k${i}`), 'id'].map(
        (column) => sql`${sql.ref(`${prefix}${column}`)} ${direction}`,
      ),
    );
  let ids: number[];
  let total: number;
  if (sorted.collect) {
    const matches = sorted.matching.select([
      sql.ref(sorted.id).as('id'),
      ...sorted.keys.map((key, i) => sql.ref(key).as(`k${i}`)),
    ]);
    const { rows } = await sql<{ total: number | string; id: number | null }>`
      with m as materialized ${matches}
      select t.total, p.id
      from (select count(*) as total from m) as t
      left join (
        select * from m order by ${orderOf('')} limit ${position.pageSize} offset ${offset}
      ) as p on 1 = 1
      order by ${orderOf('p.')}`.execute(db);
    total = Number(rows[0]?.total ?? 0);
    ids = rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
  } else {
    let query = sorted.matching.select(sql.ref(sorted.id).as('id'));
    for (const key of sorted.keys) query = query.orderBy(sql.ref(key), sorted.order);
    query = query.orderBy(sql.ref(sorted.id), sorted.order);
    const [rows, count] = await Promise.all([
      query.limit(position.pageSize).offset(offset).execute() as Promise<Array<{ id: number }>>,
      counted.executeTakeFirstOrThrow(),
    ]);
    total = Number(count.count);
    ids = rows.map((row) => Number(row.id));
  }
  const found = ids.length ? await fetch(ids) : [];
  const byId = new Map(found.map((item) => [item.id, item]));
  return {
    items: ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    }),
    total,
    page: position.page,
    pageSize: position.pageSize,
  };
}
