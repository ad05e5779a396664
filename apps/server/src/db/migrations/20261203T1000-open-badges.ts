import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

const BADGE_AUDIT_TYPES: Array<[number, string, string]> = [
  [31, 'CREDENTIAL_ISSUED', 'Credential issued'],
  [32, 'CREDENTIAL_REVOKED', 'Credential revoked'],
];

/**
 * Signed Open Badges 3.0 credentials (docs/credentials.md): each issuing organization's public
 * id, whether it may issue and its Ed25519 keys (secret parts sealed under SECRET_KEY, retired
 * ones kept), per credential whether its awards are issued, revocation status lists and the
 * credentials issued, at most one live credential per award.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('issuer_profiles')
    .addColumn('organization_id', refType, (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('issuing_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('issuer_keys')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('verification_method', 'text', (c) => c.notNull().unique())
    .addColumn('public_key_multibase', 'text', (c) => c.notNull())
    .addColumn('secret_key_sealed', 'text', (c) => c.notNull())
    // ACTIVE signs; RETIRED only verifies what it signed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('retired_at', timestamp)
    .execute();
  await db.schema
    .createIndex('issuer_keys_active_once')
    .on('issuer_keys')
    .column('organization_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('ACTIVE'))
    .execute();

  await db.schema
    .createTable('credential_issuing')
    .addColumn('credential_id', refType, (c) =>
      c.primaryKey().references('credentials.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('status_lists')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('encoded_list', 'text', (c) => c.notNull())
    // The signed BitstringStatusListCredential as served.
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('status_lists_organization_idx')
    .on('status_lists')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('issued_credentials')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('credential_id', refType, (c) =>
      c.notNull().references('credentials.id').onDelete('cascade'),
    )
    // Null once the award is gone (the credential is revoked then).
    .addColumn('award_id', refType, (c) => c.references('awards.id').onDelete('set null'))
    .addColumn('verification_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_list_id', refType, (c) =>
      c.notNull().references('status_lists.id').onDelete('cascade'),
    )
    .addColumn('status_index', 'integer', (c) => c.notNull())
    // What the credential says of the award (name, e-mail, date): a corrected award differs.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('achievement_name', 'text', (c) => c.notNull())
    .addColumn('award_date', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('issued_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', timestamp)
    .addColumn('revocation_reason', 'text')
    .addUniqueConstraint('issued_credentials_status_entry_unique', [
      'status_list_id',
      'status_index',
    ])
    .execute();
  await db.schema
    .createIndex('issued_credentials_live_once')
    .on('issued_credentials')
    .column('award_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('ISSUED'))
    .execute();
  await db.schema
    .createIndex('issued_credentials_credential_idx')
    .on('issued_credentials')
    .columns(['credential_id', 'status'])
    .execute();
  await db.schema
    .createIndex('issued_credentials_organization_idx')
    .on('issued_credentials')
    .columns(['organization_id', 'status'])
    .execute();

  // Listed last.
  const last = await db
    .selectFrom('audit_types')
    .select((eb) => eb.fn.max('sort_order').as('position'))
    .executeTakeFirst();
  const position = Number(last?.position ?? 0);
  for (const [index, [id, code, name]] of BADGE_AUDIT_TYPES.entries())
    await db
      .insertInto('audit_types')
      .values({ id, code, name, sort_order: position + 1 + index })
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('audit_types')
    .where(
      'code',
      'in',
      BADGE_AUDIT_TYPES.map(([, code]) => code),
    )
    .execute();
  await db.schema.dropTable('issued_credentials').execute();
  await db.schema.dropTable('status_lists').execute();
  await db.schema.dropTable('credential_issuing').execute();
  await db.schema.dropTable('issuer_keys').execute();
  await db.schema.dropTable('issuer_profiles').execute();
}
