import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';

import { withStatementCache } from './statement-cache.ts';

interface Tables {
  items: { id: number; name: string };
}

function open() {
  const database = new SQLite(':memory:');
  database.exec('create table items (id integer primary key, name text not null)');
  const cached = withStatementCache(database, 2);
  return {
    database,
    cached,
    db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: cached }) }),
  };
}

describe('statement cache', () => {
  it('prepares each SQL text once and answers with the current rows', async () => {
    const { cached, db } = open();
    expect(cached.prepare('select * from items')).toBe(cached.prepare('select * from items'));
    const byId = (id: number) =>
      db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    await db.insertInto('items').values({ id: 2, name: 'two' }).execute();
    expect(await byId(1)).toEqual({ name: 'one' });
    expect(await byId(2)).toEqual({ name: 'two' });
    await db.updateTable('items').set({ name: 'uno' }).where('id', '=', 1).execute();
    expect(await byId(1)).toEqual({ name: 'uno' });
    await db.destroy();
  });

  it('gives a query its own statement while the cached one is still being iterated', async () => {
    const { cached, db } = open();
    await db
      .insertInto('items')
      .values([1, 2, 3].map((id) => ({ id, name: `n${id}` })))
      .execute();
    const sql = 'select id from items order by id';
    const first = cached.prepare(sql) as unknown as SQLite.Statement;
    const rows: number[] = [];
    for (const row of first.iterate() as Iterable<{ id: number }>) {
      const inner = cached.prepare(sql) as unknown as SQLite.Statement;
      expect(inner).not.toBe(first);
      rows.push(row.id, (inner.all() as Array<{ id: number }>).length);
    }
    expect(rows).toEqual([1, 3, 2, 3, 3, 3]);
    expect(cached.prepare(sql)).toBe(first);
    await db.destroy();
  });

  it('keeps at most its size of statements, letting the oldest go', () => {
    const { cached } = open();
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(a);
  });
});
