import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';

import { reusableQuery } from './repository.ts';

interface Db {
  things: { thingId: string; ownerName: string | null; size: number; note: string | null };
}

describe('reusableQuery', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(
    'create table things (thing_id text primary key, owner_name text, size integer, note text)',
  );
  const queries: string[] = [];
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      queries.push(event.query.sql);
    },
  });
  afterAll(() => db.destroy());

  const insert = reusableQuery(
    db,
    (thingId: string, ownerName: string | null, size: number) =>
      db.insertInto('things').values({ thingId, ownerName, size, note: null }),
    3,
  );
  const byOwner = reusableQuery(
    db,
    (ownerName: string) =>
      db.selectFrom('things').selectAll().where('ownerName', '=', ownerName).orderBy('thingId'),
    1,
  );

  test('runs the compiled SQL with each call’s values, constants kept, rows as the builder returns them', async () => {
    await insert('a', 'ada', 1);
    await insert('b', null, 2);
    await insert('c', 'ada', 3);
    const built = await db
      .selectFrom('things')
      .selectAll()
      .where('ownerName', '=', 'ada')
      .orderBy('thingId')
      .execute();
    expect(await byOwner('ada')).toEqual(built);
    expect(await byOwner('ada')).toEqual([
      { thingId: 'a', ownerName: 'ada', size: 1, note: null },
      { thingId: 'c', ownerName: 'ada', size: 3, note: null },
    ]);
    expect(await byOwner('nobody')).toEqual([]);
    expect(sqlite.prepare('select * from things where owner_name is null').all()).toEqual([
      { thing_id: 'b', owner_name: null, size: 2, note: null },
    ]);
    expect(new Set(queries.filter((q) => q.startsWith('insert')))).toEqual(
      new Set([
        'insert into "things" ("thing_id", "owner_name", "size", "note") values (?, ?, ?, ?)',
      ]),
    );
  });

  test('builds the query on every call when an argument does not become a parameter', async () => {
    const ignoring = reusableQuery(
      db,
      (ownerName: string, limit: number) =>
        db
          .selectFrom('things')
          .selectAll()
          .where('ownerName', '=', ownerName)
          .limit(limit >= 1 ? 1 : 2),
      2,
    );
    expect((await ignoring('ada', 1)).map((row) => row.thingId)).toEqual(['a']);
    expect((await ignoring('ada', 0)).map((row) => row.thingId)).toEqual(['a', 'c']);
  });
});
