import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Organization API keys (docs/api.md): a name, scopes, a keyed hash of the secret (never the
 * secret), who made it, when it expires or was revoked, and when and from where it was last used.
 * Audit entries name the key that acted, beside the user who did when a person acts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('api_keys')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    // HMAC-SHA-256 of the whole key under a key derived from SECRET_KEY.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // JSON array of scopes.
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .addColumn('last_used_at', timestamp)
    .addColumn('last_used_ip', 'text')
    .execute();
  await db.schema
    .createIndex('api_keys_organization_idx')
    .on('api_keys')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .alterTable('audit_entries')
    .addColumn('actor_api_key_id', refType, (c) => c.references('api_keys.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_entries').dropColumn('actor_api_key_id').execute();
  await db.schema.dropTable('api_keys').execute();
}
