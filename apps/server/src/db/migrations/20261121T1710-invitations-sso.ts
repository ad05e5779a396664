import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  // True from the invitation until the person accepts it.
  await db.schema
    .alterTable('users')
    .addColumn('invited', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    // SHA-256 of the random token in the link; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('invited_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('accepted_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .addCheckConstraint(
      'invitations_status_check',
      sql`status in ('PENDING', 'ACCEPTED', 'REVOKED')`,
    )
    .execute();
  await db.schema
    .createIndex('invitations_user_idx')
    .on('invitations')
    .columns(['user_id', 'status'])
    .execute();

  // Company sign-in (OIDC) of an organization; the client secret lives sealed in the identity pool.
  await db.schema
    .createTable('organization_sso')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('provider_name', 'text', (c) => c.notNull().unique())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('has_client_secret', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('jit_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('jit_role_id', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // A domain belongs to one organization at most: the primary key refuses a second claim.
  await db.schema
    .createTable('organization_email_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('organization_email_domains_org_idx')
    .on('organization_email_domains')
    .column('organization_id')
    .execute();

  // A company sign-in started by the app: the state it sent (hashed) and its PKCE verifier.
  await db.schema
    .createTable('sso_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sso_login_states',
    'organization_email_domains',
    'organization_sso',
    'invitations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('invited').execute();
}
