import { readdirSync } from 'node:fs';

import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const FOLDER = new URL('./migrations/', import.meta.url);

/**
 * The server's own migrations, by name: every file of `db/migrations/`, named by its file name
 * without `.ts`. Names sort in the order they must run, so a new migration is a new file there
 * and nothing else.
 */
export const serverMigrations: Record<string, Migration> = Object.fromEntries(
  await Promise.all(
    readdirSync(FOLDER)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map(async (name) => [
        name.replace(/\.ts$/, ''),
        (await import(new URL(name, FOLDER).href)) as Migration,
      ]),
  ),
);

class StaticMigrationProvider implements MigrationProvider {
  private readonly migrations: Record<string, Migration>;
  constructor(migrations: Record<string, Migration>) {
    this.migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/**
 * Runs every pending migration of the given sets, throwing the first failure.
 * @example await migrateToLatest(db, [serverMigrations, identityMigrations]);
 */
export async function migrateToLatest(
  db: Kysely<any>,
  sets: Array<Record<string, Migration>>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(Object.assign({}, ...sets)),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
