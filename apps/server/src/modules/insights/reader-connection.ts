// The connection of a rebuild's reading thread (./rebuild-insights.thread.ts,
// ./block-reader.thread.ts): its own, opened as database.ts opens the server's, through the
// driver alone (a thread that loads the query builder holds some 20 MB more).
import SQLite from 'better-sqlite3';
import pg from 'pg';

import '../../db/pg-types.ts';
import type { RunQuery } from './award-reading.ts';
import {
  type CountAwards,
  postgresPackedAwards,
  sqliteAwards,
  sqlitePackedAwards,
  summedAwards,
} from './award-source.ts';
import { SCAN_PAGE_CACHE } from './sqlite-award-reading.ts';

/**
 * How a reading thread reads awards, from their earnings years or from each award's years packed
 * (./award-source.ts), and runs a statement of its own (its rows unread).
 */
export interface ReaderConnection {
  countAwards: CountAwards;
  countPackedAwards: CountAwards;
  execute(sql: string, parameters: unknown[]): Promise<void>;
}

/** Runs `work` on a connection of its own to `url`, closed after it, failed or not. */
export async function withReaderConnection<T>(
  url: string,
  work: (connection: ReaderConnection) => Promise<T>,
): Promise<T> {
  if (url.startsWith('sqlite:')) {
    // As database.ts opens it, with the page cache of a scan.
    const database = new SQLite(url.slice('sqlite:'.length));
    try {
      database.pragma('busy_timeout = 5000');
      database.pragma(`cache_size = ${SCAN_PAGE_CACHE}`);
      const statements = new Map<string, SQLite.Statement>();
      return await work({
        countAwards: sqliteAwards(database),
        countPackedAwards: sqlitePackedAwards(database),
        async execute(sql, parameters) {
          let statement = statements.get(sql);
          if (!statement) statements.set(sql, (statement = database.prepare(sql)));
          statement.run(...parameters);
        },
      });
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  // A connection the server ends (a restart) fails the running query, which fails the rebuild
  // with its cause; between queries it would otherwise be thrown from nowhere.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const run: RunQuery = async (text, parameters) => (await client.query(text, parameters)).rows;
    return await work({
      countAwards: summedAwards(run, 'postgres'),
      countPackedAwards: postgresPackedAwards(async () => ({ client, release: () => {} })),
      async execute(sql, parameters) {
        await client.query(sql, parameters);
      },
    });
  } finally {
    await client.end();
  }
}
