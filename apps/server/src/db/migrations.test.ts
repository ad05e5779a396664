import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { serverMigrations } from './migrations.ts';

const FOLDER = new URL('./migrations/', import.meta.url);
const files = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.ts'))
  .sort();

describe('server migrations', () => {
  it('registers every file of the migrations folder by its name, in the order names sort', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(
      Object.keys(serverMigrations),
      'every file of db/migrations/ is listed in serverMigrations (db/migrations.ts)',
    ).toEqual(files.map((name) => name.replace(/\.ts$/, '')));
  });

  it.each(files)('registers %s as its own module', async (name) => {
    const module: unknown = await import(new URL(name, FOLDER).href);
    expect(serverMigrations[name.replace(/\.ts$/, '')]).toBe(module);
  });
});
