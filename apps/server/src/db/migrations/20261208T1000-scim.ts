import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * SCIM provisioning (docs/sso.md): an organization's SCIM address (an unguessable id) and its
 * last provisioning activity, its bearer tokens (a keyed hash, never the secret), the directory's
 * own id of each person it provisioned, and the token that acted on an audit entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('organization_scim')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('last_activity_at', timestamp)
    .addColumn('last_activity', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    // HMAC-SHA-256 of the whole token under a key derived from SECRET_KEY.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', timestamp)
    .addColumn('last_used_at', timestamp)
    .addColumn('last_used_ip', 'text')
    .execute();
  await db.schema
    .createIndex('scim_tokens_organization_idx')
    .on('scim_tokens')
    .columns(['organization_id', 'id'])
    .execute();

  // What the directory calls a person it provisioned: its `userName` (as given, and lower-cased
  // for look-ups, since SCIM compares it without case) and its `externalId`, each unique within
  // the organization. People Laurel made otherwise have no row: their userName is their e-mail.
  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', refType, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('user_name_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    // Deprovisioned (DELETE): deactivated and gone from SCIM's view, its history kept.
    .addColumn('deleted_at', timestamp)
    .execute();
  await db.schema
    .createIndex('scim_users_user_name_idx')
    .on('scim_users')
    .columns(['organization_id', 'user_name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('scim_users_external_id_idx')
    .on('scim_users')
    .columns(['organization_id', 'external_id'])
    .unique()
    .execute();

  await db.schema
    .alterTable('audit_entries')
    .addColumn('actor_scim_token_id', refType, (c) =>
      c.references('scim_tokens.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_entries').dropColumn('actor_scim_token_id').execute();
  await db.schema.dropTable('scim_users').execute();
  await db.schema.dropTable('scim_tokens').execute();
  await db.schema.dropTable('organization_scim').execute();
}
