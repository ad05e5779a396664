import { type Kysely, PostgresAdapter, sql } from 'kysely';

import { filtersBesideSearch } from './paging.ts';
import type { CountQuery } from './text-search.ts';

/** Tables whose rows PostgreSQL keeps counted (migration 20261128T1010-row-counts). */
export type CountedTable = 'organizations' | 'users' | 'credentials' | 'contracts';

/** A table's count entries are summed into one when a read finds more than this many. */
const COMPACT_ABOVE = 64;

/**
 * How many rows `table` holds, exactly: on PostgreSQL the sum of its entries in `row_counts`
 * (written by triggers in the same transaction as every insert, delete and truncate), on SQLite
 * count(*), which reads the table's smallest index.
 * @example await tableRowCount(db, 'users').executeTakeFirstOrThrow()
 */
function tableRowCount<DB>(db: Kysely<DB>, table: CountedTable): CountQuery {
  return {
    async executeTakeFirstOrThrow() {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
        const { rows } = await sql<{
          count: number;
        }>`select count(*) as count from ${sql.table(table)}`.execute(db);
        return rows[0]!;
      }
      const { rows } = await sql<{ count: string | null; entries: string }>`
        select sum(delta) as count, count(*) as entries from row_counts where table_name = ${table}`.execute(
        db,
      );
      const { count, entries } = rows[0]!;
      if (Number(entries) > COMPACT_ABOVE) await compact(db, table);
      return { count: count ?? 0 };
    },
  };
}

/**
 * Replaces a table's count entries with their sum. Two at once stay exact: the second waits for the
 * entries the first deletes, then finds them gone and sums only what it deleted itself.
 */
async function compact<DB>(db: Kysely<DB>, table: CountedTable): Promise<void> {
  await sql`
    with gone as (delete from row_counts where table_name = ${table} returning delta)
    insert into row_counts select ${table}, sum(delta) from gone having count(*) > 0`.execute(db);
}

/**
 * The total of a list page: the table's row count when neither a filter nor a search narrows the
 * list, else `counted`.
 * @example listCount(db, 'users', filter, matching(filter).select(countAll))
 */
export function listCount<DB>(
  db: Kysely<DB>,
  table: CountedTable,
  filter: { search?: string | undefined },
  counted: CountQuery,
): CountQuery {
  return filter.search || filtersBesideSearch(filter) ? counted : tableRowCount(db, table);
}
