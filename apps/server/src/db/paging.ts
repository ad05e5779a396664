import {
  type Expression,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';

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

/** A list's text search: the condition on its rows, and the ids it matches as a subquery. */
export interface TextFilter {
  /** True for the rows (under the list's alias) whose texts contain the search. */
  condition: Expression<SqlBool>;
  /**
   * Whether `condition` is cheap only when read through its index (PostgreSQL's bigram indexes):
   * a statement holding it runs with sequential scans disabled.
   */
  indexScansOnly?: boolean;
  /**
   * `(select id … )` of every row the search matches, for `id in …`, read from the text index
   * alone where it can be (its count is the search's total when no other filter applies).
   */
  ids: Expression<unknown>;
}

/**
 * Runs `run` in a transaction of its own with sequential scans disabled (PostgreSQL), for a
 * statement whose condition is cheap only through its index: the planner charges a bitmap scan's
 * recheck of each row as if the condition were evaluated, so for a condition most rows meet it
 * would rather evaluate it on every row.
 */
async function withIndexScansOnly<DB, T>(
  db: Kysely<DB>,
  run: (executor: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return run(trx);
  });
}

/** Query parameters of every list that select no rows: paging, order and the search itself. */
const NOT_FILTERS = new Set(['sort', 'order', 'page', 'pageSize', 'search']);

/** Whether a list's filter narrows it by more than its text search (a select, a scope). */
export function filtersBesideSearch(filter: object): boolean {
  return Object.entries(filter).some(
    ([key, value]) => !NOT_FILTERS.has(key) && value !== undefined,
  );
}

/** The rows of one list that match its filters, and how they sort. */
export interface SortedMatches<DB, TB extends keyof DB> {
  /**
   * A select query over the rows matching every filter but the text search, joined to whatever
   * the sort keys read; no columns.
   */
  matching: SelectQueryBuilder<DB, TB, object>;
  /** The list's id column, such as `'c.id'`; it breaks ties after the sort keys. */
  id: string;
  /** Columns to sort by, such as `['u.lastName', 'u.firstName']`. */
  keys: readonly string[];
  order: 'asc' | 'desc';
  /** The text search, when the list is searched. */
  text?: TextFilter | undefined;
  /** Whether other filters apply beside the text search (else the search's own count is the total). */
  narrowed: boolean;
}

/**
 * A search with at most this many matches has its page sorted from all of them; with more, the
 * page is first looked for among the first rows of the sort order (see `walkBudget`).
 */
const COLLECT_LIMIT = 1000;
/**
 * How many rows of the sort order a page of a broad search may walk before sorting its matches:
 * enough to find the page when one row in WALK_RATIO matches and the matches are spread out, and
 * never more than WALK_MAX.
 */
const WALK_RATIO = 20;
const WALK_MAX = 10_000;
const walkBudget = (end: number) => Math.min(WALK_MAX, end * WALK_RATIO);

/**
 * One page of a list in two steps: the ids of the page's rows (sorted, cut, counted), then the
 * page's full rows, fetched by id, so that per-row work (joins, subqueries) is done for one page
 * only. `counted` counts every match (the text search included).
 *
 * Without a text search the page walks the sort order's index and stops at the page's end, while
 * the matches are counted. With one on PostgreSQL, the matches are found once (through the text
 * index, then rechecked in the table), counted and sorted. With one on SQLite, where the FTS5
 * table answers exactly, the matches are found there once and, in the same statement, counted
 * (when the search is the only filter; else `counted` counts them first) while the page is looked
 * for among at most `walkBudget` rows of the sort order, keeping those the text index matched: a
 * broad search's matches are many, so the page is usually found early; when they are few, or
 * cluster elsewhere in the order (a name searched and sorted by name), every
 * match is sorted after all. Either way the page holds the same rows in the same order.
 * @example readPageOfIds(db, { matching, id: 'c.id', keys: ['c.name'], order, text }, counted, filter, fetch)
 */
export async function readPageOfIds<DB, QDB, QTB extends keyof QDB, T extends { id: number }>(
  db: Kysely<DB>,
  sorted: SortedMatches<QDB, QTB>,
  counted: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> },
  position: { page: number; pageSize: number },
  fetch: (ids: number[]) => Promise<T[]>,
): Promise<TPage<T>> {
  const offset = (position.page - 1) * position.pageSize;
  const inOrder = <O>(query: SelectQueryBuilder<QDB, QTB, O>): SelectQueryBuilder<QDB, QTB, O> => {
    let ordered = query;
    for (const key of sorted.keys) ordered = ordered.orderBy(sql.ref(key), sorted.order);
    return ordered.orderBy(sql.ref(sorted.id), sorted.order);
  };
  const pageOf = (query: SelectQueryBuilder<QDB, QTB, object>) =>
    inOrder(query.select(sql.ref(sorted.id).as('id')))
      .limit(position.pageSize)
      .offset(offset)
      .execute() as Promise<Array<{ id: number | string }>>;
  let ids: number[];
  let total: number;
  const text = sorted.text;
  if (!text) {
    const [rows, count] = await Promise.all([
      pageOf(sorted.matching),
      counted.executeTakeFirstOrThrow(),
    ]);
    total = Number(count.count);
    ids = rows.map((row) => Number(row.id));
  } else {
    const direction = sql.raw(sorted.order === 'desc' ? 'desc' : 'asc');
    const orderOf = (prefix: string) =>
      sql.join(
        [...sorted.keys.map((_, i) => `k${i}`), 'id'].map(
          (column) => sql`${sql.ref(`${prefix}${column}`)} ${direction}`,
        ),
      );
    const withKeys = (query: SelectQueryBuilder<QDB, QTB, object>) =>
      query.select([
        sql.ref(sorted.id).as('id'),
        ...sorted.keys.map((key, i) => sql.ref(key).as(`k${i}`)),
      ]);
    let rows: Array<{ id: number | string }> = [];
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // PostgreSQL rechecks every trigram match in the table, so each pass over the matches
      // costs about as much as the first: they are found once, then counted and sorted.
      const matches = withKeys(sorted.matching.where(text.condition));
      const statement = sql<{ total: number | string; id: number | string | null }>`
        with m as materialized ${matches}
        select t.total, p.id
        from (select count(*) as total from m) as t
        left join (
          select * from m order by ${orderOf('')} limit ${position.pageSize} offset ${offset}
        ) as p on 1 = 1
        order by ${orderOf('p.')}`;
      const { rows: found } = text.indexScansOnly
        ? await withIndexScansOnly(db, (executor) => statement.execute(executor))
        : await statement.execute(db);
      total = Number(found[0]?.total ?? 0);
      rows = found.flatMap((row) => (row.id === null ? [] : [{ id: row.id }]));
    } else {
      const end = offset + position.pageSize;
      // The first rows of the sort order, each kept when the text index matched it (the matches
      // found once, in the FTS5 table, materialized).
      const walked = (matches: Expression<unknown>) => {
        const walk = inOrder(withKeys(sorted.matching)).limit(walkBudget(end));
        return sql`select w.* from (${walk}) as w where w.id in (select id from ${matches})`;
      };
      if (sorted.narrowed) {
        total = Number((await counted.executeTakeFirstOrThrow()).count);
        if (total > COLLECT_LIMIT && offset < total)
          ({ rows } = await sql<{ id: number | string }>`
          with t as materialized ${text.ids}
          select p.id from (${walked(sql`t`)}) as p
          order by ${orderOf('p.')}
          limit ${position.pageSize} offset ${offset}`.execute(db));
      } else {
        // The search alone selects the rows: one statement finds its matches once, counts them
        // and looks for the page among the first rows of the sort order.
        const { rows: found } = await sql<{
          total: number | string;
          id: number | string | null;
        }>`
          with t as materialized ${text.ids}
          select c.total, p.id
          from (select count(*) as total from t) as c
          left join (
            select * from (${walked(sql`t`)}) as w
            order by ${orderOf('w.')} limit ${position.pageSize} offset ${offset}
          ) as p on 1 = 1
          order by ${orderOf('p.')}`.execute(db);
        total = Number(found[0]?.total ?? 0);
        rows = found.flatMap((row) => (row.id === null ? [] : [{ id: row.id }]));
      }
      const needed = Math.max(0, Math.min(position.pageSize, total - offset));
      if (needed > 0 && rows.length < needed) {
        // Every match, sorted. Materialized, so that the text index finds the matches: walking the
        // sort order's index and testing each row reads most of the table when the matches cluster
        // at its far end, which a planner cannot foresee.
        const matches = withKeys(sorted.matching.where(text.condition));
        ({ rows } = await sql<{ id: number | string }>`
        with m as materialized ${matches}
        select m.id from m
        order by ${orderOf('m.')}
        limit ${position.pageSize} offset ${offset}`.execute(db));
      }
    }
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
