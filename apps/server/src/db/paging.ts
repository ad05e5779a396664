import {
  type Expression,
  type Kysely,
  type OperationNode,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';

import { SEARCH_MATCH_LIMIT, type TPage } from '@laurel/contract/pagination';

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
   * `(select id … )` of every row the search matches, read from the text index and its table
   * alone, in the index's own order (FTS5 rowid order; a PostgreSQL scan's storage order), so that
   * a statement can take the first of them and stop.
   */
  ids: Expression<unknown>;
}

/**
 * Runs `run` on PostgreSQL in a transaction of its own whose plans read a search's matches in one
 * fixed order: no parallel workers (whose rows arrive in any order) and no synchronized sequential
 * scans (which start wherever another scan of the table is), so that the first matches a search
 * keeps are the same at every request; with `indexScansOnly`, sequential scans disabled too (the
 * planner charges a bitmap scan's recheck of each row as if the condition were evaluated, so for a
 * condition most rows meet it would rather evaluate it on every row). The transaction and its
 * settings start in one round trip (a simple query of several statements), and `run`'s answer is
 * returned without waiting for the commit. Inside a transaction the caller already holds, `run`
 * runs there with the settings the caller chose.
 */
async function withSearchPlan<DB, T>(
  db: Kysely<DB>,
  indexScansOnly: boolean,
  run: (executor: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(db);
  const settings = [
    'max_parallel_workers_per_gather = 0',
    'synchronize_seqscans = off',
    ...(indexScansOnly ? ['enable_seqscan = off'] : []),
  ];
  return new Promise<T>((answer, fail) => {
    let answered = false;
    db.connection()
      .execute(async (connection) => {
        await sql
          .raw(['begin', ...settings.map((s) => `set local ${s}`)].join('; '))
          .execute(connection);
        let result: T;
        try {
          result = await run(connection);
        } catch (error) {
          await sql
            .raw('rollback')
            .execute(connection)
            .catch(() => undefined);
          throw error;
        }
        // The transaction only read: the answer need not wait for its end. The connection goes
        // back to the pool once the commit is done (or, should the connection break first, the
        // pool drops it).
        answered = true;
        answer(result);
        await sql.raw('commit').execute(connection);
      })
      .catch((error: unknown) => {
        if (!answered) fail(error);
      });
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
  /**
   * Whether other filters apply beside the text search (else the search's own matches, read from
   * its index alone, are the list's rows).
   */
  narrowed: boolean;
}

/**
 * How a list reads the full rows of a page: a query of the rows whose ids are among `ids`, in any
 * order, with an `id` column, and how a row is shown. On PostgreSQL the query is run inside the
 * statement that finds the page's ids (`ids` is then a subquery), so that a page costs one round
 * trip to the database instead of two; on SQLite, where a statement costs no round trip, it is
 * run on its own with the ids found.
 */
export interface PageRows<R extends { id: unknown }, T> {
  select(ids: readonly number[] | Expression<number>): {
    execute(): Promise<R[]>;
    toOperationNode(): OperationNode;
  };
  map(row: R): T;
}

/**
 * One page of a list in two steps: the ids of the page's rows (sorted, cut, counted), then the
 * page's full rows, read by id, so that per-row work (joins, subqueries) is done for one page
 * only. `counted` counts every match of a list without a text search. With `rows` (a `PageRows`),
 * PostgreSQL takes both steps in one statement; `fetch(ids)` reads the rows on its own.
 *
 * Without a text search the page walks the sort order's index and stops at the page's end, while
 * the matches are counted. With one, the list is at most SEARCH_MATCH_LIMIT of the search's
 * matches: one statement takes the first SEARCH_MATCH_LIMIT + 1 matches in the text index's own
 * order (SQLite: FTS5 rowid order, or id order beside other filters; PostgreSQL: the table's
 * storage order as a bitmap or sequential scan reads it, or the planner's scan beside other
 * filters), counts them, keeps the SEARCH_MATCH_LIMIT with the lowest ids and sorts those for the
 * page. A search with at most SEARCH_MATCH_LIMIT matches so shows all of them with an exact total,
 * in the same order as a plain match sorted by key and id; one with more shows SEARCH_MATCH_LIMIT
 * of them and says that the total is a lower bound (`totalIsLowerBound`). The work of a page is
 * bounded by the limit rather than by how many rows match (decision 030).
 * @example readPageOfIds(db, { matching, id: 'c.id', keys: ['c.name'], order, text }, counted, filter, { select, map })
 */
export async function readPageOfIds<
  DB,
  QDB,
  QTB extends keyof QDB,
  T extends { id: number },
  R extends { id: unknown } = { id: unknown },
>(
  db: Kysely<DB>,
  sorted: SortedMatches<QDB, QTB>,
  counted: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> },
  position: { page: number; pageSize: number },
  rows: PageRows<R, T> | ((ids: number[]) => Promise<T[]>),
): Promise<TPage<T>> {
  const offset = (position.page - 1) * position.pageSize;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL reads the page's rows in the statement that finds their ids.
  const inStatement = postgres && typeof rows !== 'function' ? rows : undefined;
  const inOrder = <O>(query: SelectQueryBuilder<QDB, QTB, O>): SelectQueryBuilder<QDB, QTB, O> => {
    let ordered = query;
    for (const key of sorted.keys) ordered = ordered.orderBy(sql.ref(key), sorted.order);
    return ordered.orderBy(sql.ref(sorted.id), sorted.order);
  };
  let ids: number[] = [];
  let items: T[] | undefined;
  let total: number;
  let lowerBound = false;
  const text = sorted.text;
  if (!text) {
    const pageIds = inOrder(sorted.matching.select(sql.ref(sorted.id).as('id')))
      .limit(position.pageSize)
      .offset(offset);
    if (inStatement) {
      // The ids in the page's order (an array keeps its subquery's order), then their rows.
      const statement = sql<R>`
        with page as (
          select p.id, p.position from unnest(array(${pageIds})) with ordinality as p(id, position)
        )
        select r.* from page
        join (${inStatement.select(sql<number>`(select id from page)`)}) as r on r.id = page.id
        order by page.position`;
      const [found, count] = await Promise.all([
        statement.execute(db),
        counted.executeTakeFirstOrThrow(),
      ]);
      items = found.rows.map((row) => inStatement.map(row));
      total = Number(count.count);
    } else {
      const [found, count] = await Promise.all([
        pageIds.execute() as Promise<Array<{ id: number | string }>>,
        counted.executeTakeFirstOrThrow(),
      ]);
      total = Number(count.count);
      ids = found.map((row) => Number(row.id));
    }
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
    // The search's first matches in its text index's order, one more than are kept (to tell
    // whether there are more). When the search is the only filter, they are read from the text
    // index and the table alone, and stop at the limit: SQLite's FTS5 table yields them in rowid
    // order, PostgreSQL's bitmap (or sequential) scan in the table's storage order; their sort keys
    // are then read by id, or on PostgreSQL, when the keys are the table's own columns (no join),
    // in that same scan (looking the rows up again by id was a sixth of a two-letter search's
    // statement: users "ch" 5.4 → 4.5 ms). Beside other filters they are taken in id order on
    // SQLite, and in the order of the planner's scan on PostgreSQL.
    const first = SEARCH_MATCH_LIMIT + 1;
    // PostgreSQL reads the matches with their keys in one scan beside other filters, or when the
    // keys need no join; otherwise the matches' ids come first and the rows are looked up by id.
    const keysInScan =
      postgres && (sorted.narrowed || (sorted.matching.toOperationNode().joins?.length ?? 0) === 0);
    const matches = keysInScan
      ? withKeys(sorted.matching.where(text.condition)).limit(first)
      : sorted.narrowed
        ? withKeys(sorted.matching.where(text.condition)).orderBy(sql.ref(sorted.id)).limit(first)
        : withKeys(
            sorted.matching.where(
              postgres
                ? // An array, so that the planner looks the rows up by id rather than hashing the ids
                  // and scanning the table.
                  sql<SqlBool>`${sql.ref(sorted.id)} = any(array(select id from ${text.ids} as t limit ${first}))`
                : sql<SqlBool>`${sql.ref(sorted.id)} in (select id from ${text.ids} as t order by id limit ${first})`,
            ),
          );
    // How many matched (one row even when none did), and the ids of the page in its order.
    const found = sql`
      select t.total, p.id, row_number() over (order by ${orderOf('p.')}) as position
      from (select count(*) as total from m) as t
      left join (
        select * from (select * from m order by id limit ${SEARCH_MATCH_LIMIT}) as kept
        order by ${orderOf('kept.')} limit ${position.pageSize} offset ${offset}
      ) as p on 1 = 1`;
    let matched: number;
    if (inStatement) {
      const statement = sql<Partial<R> & { searchTotal: number | string }>`
        with m as materialized ${matches}, found as (${found})
        select found.total as search_total, r.* from found
        left join (${inStatement.select(sql<number>`(select id from found where id is not null)`)}) as r
          on r.id = found.id
        order by found.position`;
      const { rows: answered } = await withSearchPlan(
        db,
        text.indexScansOnly === true,
        (executor) => statement.execute(executor),
      );
      matched = Number(answered[0]?.searchTotal ?? 0);
      // A row's `searchTotal` is left for the mapping to ignore, as it ignores other columns.
      items = answered.flatMap((row) =>
        row.id === null || row.id === undefined ? [] : [inStatement.map(row as unknown as R)],
      );
    } else {
      const statement = sql<{ total: number | string; id: number | string | null }>`
        with m as materialized ${matches}
        select f.total, f.id from (${found}) as f order by f.position`;
      const { rows: answered } = postgres
        ? await withSearchPlan(db, text.indexScansOnly === true, (executor) =>
            statement.execute(executor),
          )
        : await statement.execute(db);
      matched = Number(answered[0]?.total ?? 0);
      ids = answered.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
    }
    total = Math.min(matched, SEARCH_MATCH_LIMIT);
    lowerBound = matched > SEARCH_MATCH_LIMIT;
  }
  if (!items) {
    const fetched = ids.length
      ? typeof rows === 'function'
        ? await rows(ids)
        : (await rows.select(ids).execute()).map((row) => rows.map(row))
      : [];
    const byId = new Map(fetched.map((item) => [item.id, item]));
    items = ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    });
  }
  return {
    items,
    total,
    ...(lowerBound ? { totalIsLowerBound: true } : {}),
    page: position.page,
    pageSize: position.pageSize,
  };
}
