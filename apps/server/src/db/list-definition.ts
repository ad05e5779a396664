import {
  type Expression,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';

import type { TPage } from '@laurel/contract/pagination';

import { filtersBesideSearch, readPageOfIds } from './paging.ts';
import { type CountedTable, listCount } from './row-counts.ts';
import type { Database } from './schema.ts';
import { containsText, type CountQuery, type SearchedTable, textFilter } from './text-search.ts';

// The queries a definition builds start from one table under an alias and join others: their
// table sets are not known here, so they are typed loosely, and each list types its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** What every list's filter holds: the list query (paging, order, search) and its own filters. */
export interface ListFilter<S extends string> {
  search?: string | undefined;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** How one sort orders a list whose matches are the query `Q`. */
export interface ListSort<F, Q extends AnyQuery = AnyQuery> {
  /** Columns to sort by, such as `['u.lastName', 'u.firstName']`; the id breaks ties. */
  keys: readonly string[];
  /** What a page joins to read `keys` (the matches alone otherwise). */
  join?: (query: Q) => AnyQuery;
  /**
   * Filters that, when set, fix every key to one value: the page is then in id order, read with no
   * join and no sort.
   */
  fixedBy?: ReadonlyArray<keyof F & string>;
}

export interface ListDefinition<
  F extends ListFilter<string>,
  Q extends AnyQuery,
  R extends { id: unknown },
  T,
> {
  /** The searched table (text-search.ts), which the list reads under `alias`. */
  table: SearchedTable;
  alias: string;
  /** The table under its alias, such as `db.selectFrom('contracts as c')`. */
  from: () => Q;
  /** Filters that match one column each, such as `{ status: 'c.status' }`. */
  filters?: Partial<Record<keyof F & string, string>>;
  /** Filters of another shape (`counting`: the query counts, see row-counts). */
  where?: (query: Q, filter: Partial<F>, counting: boolean) => Q;
  sorts: Record<F['sort'], ListSort<F, Q>>;
  /** The table whose kept row count answers the total of an unfiltered list (row-counts.ts). */
  counted?: CountedTable;
  /** The columns a list item is made of, with the joins they read. */
  columns: (query: Q) => { execute(): Promise<R[]> };
  map: (row: R) => T;
}

/** A list as its module's service reads it. */
export interface DefinedList<F, T> {
  /** One page: the items, sorted and cut, and the total the filter selects. */
  list(filter: F): Promise<TPage<T>>;
  /** Every item the filter selects, in the page's order, in batches (CSV exports). */
  stream(filter: F): AsyncGenerator<T[]>;
}

/** How many rows one batch of an export reads. */
const EXPORT_BATCH = 1000;

/**
 * One list of a module: its filters, sorts, text search, total and paging, from a description. A
 * page is read in two steps (the ids, then their rows; `readPageOfIds`), with the total from the
 * kept row count when nothing narrows the list; an export walks the same order by keyset, so each
 * batch starts where the last ended instead of skipping every row before it.
 * @example defineList<ContractFilter>(db)({ table: 'contracts', alias: 'c', from, filters: { status: 'c.status' }, sorts: { name: { keys: ['c.name'] } }, columns, map })
 */
export function defineList<F extends ListFilter<string>>(db: Kysely<Database>) {
  return <Q extends AnyQuery, R extends { id: unknown }, T extends { id: number }>(
    definition: ListDefinition<F, Q, R, T>,
  ): DefinedList<F, T> => listOf(db, definition);
}

function listOf<
  F extends ListFilter<string>,
  Q extends AnyQuery,
  R extends { id: unknown },
  T extends { id: number },
>(db: Kysely<Database>, definition: ListDefinition<F, Q, R, T>): DefinedList<F, T> {
  const { alias, table } = definition;
  const id = `${alias}.id`;

  /** Rows matching every filter but the text search, without joins. */
  function matching(filter: Partial<F>, counting = false): Q {
    let query = definition.from();
    for (const [name, column] of Object.entries(definition.filters ?? {}) as Array<
      [keyof F, string]
    >) {
      const value = filter[name];
      if (value !== undefined) query = query.where(sql.ref(column), '=', value) as Q;
    }
    return definition.where ? definition.where(query, filter, counting) : query;
  }

  function searched(filter: Partial<F>, counting = false): Q {
    const query = matching(filter, counting);
    return filter.search
      ? (query.where(containsText(db, table, alias, filter.search)) as Q)
      : query;
  }

  /** The sort keys of a filter: none when a filter fixes them. */
  function sortOf(filter: F): { keys: readonly string[]; join?: ListSort<F, Q>['join'] } {
    const sort = definition.sorts[filter.sort as F['sort']];
    const fixed = sort.fixedBy?.some((name) => filter[name] !== undefined) ?? false;
    return fixed ? { keys: [] } : sort;
  }

  return {
    list(filter) {
      const sort = sortOf(filter);
      const base = matching({ ...filter, search: undefined });
      const counted = searched(filter, true).select((eb) =>
        eb.fn.countAll<number>().as('count'),
      ) as unknown as CountQuery;
      return readPageOfIds(
        db,
        {
          matching: sort.join ? sort.join(base) : base,
          id,
          keys: sort.keys,
          order: filter.order,
          text: filter.search ? textFilter(db, table, alias, filter.search) : undefined,
          narrowed: filtersBesideSearch(filter),
        },
        definition.counted ? listCount(db, definition.counted, filter, counted) : counted,
        filter,
        {
          select: (ids) =>
            definition.columns(matching({}).where(sql.ref(id), 'in', ids) as Q) as never,
          map: definition.map,
        },
      );
    },

    stream(filter) {
      return readKeysetBatches(
        db,
        definition.columns(searched(filter)),
        [...sortOf(filter).keys, id],
        filter.order,
        definition.map,
      );
    },
  };
}

/**
 * Every row of `query` in the order of `columns` (the last one unique and never null), in batches
 * of `batch`: each batch reads the rows after the last one read (keyset paging), so that a batch
 * costs the same at the end of a large export as at its start. NULL keys sort as the database sorts
 * them (SQLite: first ascending, PostgreSQL: last ascending).
 */
export async function* readKeysetBatches<R, T>(
  db: Kysely<Database>,
  query: { execute(): Promise<R[]> },
  columns: readonly string[],
  order: 'asc' | 'desc',
  map: (row: R) => T,
  batch = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const nullsAfter = postgres ? order === 'asc' : order === 'desc';
  const beyond = sql.raw(order === 'asc' ? '>' : '<');
  // Without underscores, which the camel-case plugin would rename in the rows.
  const name = (i: number) => `keyset${i}`;
  /** Rows after `values` in the order of `columns[i…]`. */
  const after = (values: readonly unknown[], i: number): Expression<SqlBool> => {
    const column = sql.ref(columns[i]!);
    const value = values[i];
    const further =
      value === null
        ? nullsAfter
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`${column} is not null`
        : nullsAfter
          ? sql<SqlBool>`(${column} ${beyond} ${value} or ${column} is null)`
          : sql<SqlBool>`${column} ${beyond} ${value}`;
    if (i === columns.length - 1) return further;
    const same = value === null ? sql`${column} is null` : sql`${column} = ${value}`;
    return sql<SqlBool>`(${further} or (${same} and ${after(values, i + 1)}))`;
  };
  // PostgreSQL: the keys as text, which it reads back exactly (a timestamp's microseconds, which a
  // JavaScript Date would drop, so that the batch would start again at its own last row).
  let ordered = (query as AnyQuery).select(
    columns.map((column, i) =>
      (postgres ? sql`cast(${sql.ref(column)} as text)` : sql.ref(column)).as(name(i)),
    ),
  );
  for (const column of columns) ordered = ordered.orderBy(sql.ref(column), order);
  let last: readonly unknown[] | undefined;
  for (;;) {
    const rows = (await (last ? ordered.where(after(last, 0)) : ordered)
      .limit(batch)
      .execute()) as Array<R & Record<string, unknown>>;
    if (rows.length) yield rows.map(map);
    if (rows.length < batch) return;
    const final = rows[rows.length - 1]!;
    last = columns.map((_, i) => final[name(i)]);
    // A key the rows lack would select the same batch again, forever.
    if (last.includes(undefined)) throw new Error(`A keyset batch lacks its keys ${columns}`);
  }
}
