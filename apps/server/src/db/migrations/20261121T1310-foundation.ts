import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

const LOOKUPS: Record<string, Array<[number, string, string]>> = {
  audit_types: [
    [1, 'CREATE', 'Created'],
    [2, 'UPDATE', 'Updated'],
    [3, 'DELETE', 'Deleted'],
    [4, 'SIGN_IN', 'Signed in'],
    [5, 'IMPERSONATE', 'Impersonation'],
    [6, 'EXPORT', 'Export'],
    [7, 'UPLOAD', 'Upload'],
    [8, 'INVITE', 'Invitation'],
    [9, 'CLIENT_EVENT', 'Client event'],
  ],
  organization_types: [
    [1, 'PLATFORM', 'Platform'],
    [2, 'COMMUNITY_COLLEGE', 'Community college'],
    [3, 'TECHNICAL_COLLEGE', 'Technical college'],
    [4, 'UNIVERSITY', 'University'],
    [5, 'TRAINING_PROVIDER', 'Training provider'],
    [6, 'CERTIFICATION_BODY', 'Certification body'],
    [7, 'APPRENTICESHIP_SPONSOR', 'Apprenticeship sponsor'],
  ],
  login_modes: [
    [1, 'PASSWORD', 'E-mail and password'],
    [2, 'SSO', 'Company sign-in (SSO)'],
  ],
  credential_types: [
    [1, 'CERTIFICATE', 'Certificate'],
    [2, 'ASSOCIATE', "Associate's degree"],
    [3, 'BACHELOR', "Bachelor's degree"],
    [4, 'MASTER', "Master's degree"],
    [5, 'INDUSTRY_CERTIFICATION', 'Industry certification'],
    [6, 'LICENSE', 'License'],
    [7, 'APPRENTICESHIP', 'Apprenticeship'],
    [8, 'BADGE', 'Badge'],
  ],
  salutations: [
    [1, 'MR', 'Mr.'],
    [2, 'MS', 'Ms.'],
    [3, 'MRS', 'Mrs.'],
    [4, 'MX', 'Mx.'],
    [5, 'DR', 'Dr.'],
    [6, 'PROF', 'Prof.'],
  ],
  pronouns: [
    [1, 'HE_HIM', 'he/him'],
    [2, 'SHE_HER', 'she/her'],
    [3, 'THEY_THEM', 'they/them'],
    [4, 'OTHER', 'Prefer to self-describe'],
    [5, 'UNDISCLOSED', 'Prefer not to say'],
  ],
  upload_statuses: [
    [1, 'PENDING', 'Pending'],
    [2, 'PROCESSING', 'Processing'],
    [3, 'COMPLETED', 'Completed'],
    [4, 'COMPLETED_WITH_ERRORS', 'Completed with errors'],
    [5, 'FAILED', 'Failed'],
  ],
};

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'bigserial' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';

  for (const [table, rows] of Object.entries(LOOKUPS)) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto(table)
      .values(rows.map(([id, code, name], index) => ({ id, code, name, sort_order: index })))
      .execute();
  }

  await db.schema
    .createTable('organizations')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('organization_types.id'))
    .addColumn('login_mode_id', 'integer', (c) => c.notNull().references('login_modes.id'))
    .addColumn('website', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('salesforce_account_id', 'text')
    .addColumn('insights_entitled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('mfa_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('organization_id', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('organizations.id'),
    )
    .addColumn('identity_username', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('salutation', 'text')
    .addColumn('pronoun', 'text')
    .addColumn('title', 'text')
    .addColumn('name_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_role_id_check', sql`role_id in (0, 10, 100)`)
    .execute();
  await db.schema
    .createIndex('users_organization_id_idx')
    .on('users')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('credentials')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('organization_id', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('organizations.id'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('credential_types.id'))
    .addColumn('program_code', 'text')
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('credentials_organization_code_unique', ['organization_id', 'code'])
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('organization_id', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('organizations.id'),
    )
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'contracts_status_check',
      sql`status in ('DRAFT', 'ACTIVE', 'EXPIRED', 'TERMINATED')`,
    )
    .execute();
  await db.schema
    .createIndex('contracts_organization_id_idx')
    .on('contracts')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('contract_line_items')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('contract_id', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('billing_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('included_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'contract_line_items_billing_code_check',
      sql`billing_code in ('A_ADDL_USER', 'D_MATCH_EQUIFAX_TWN', 'D_MATCH_PDL_API')`,
    )
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', idType, (c) => c.primaryKey().$call((col) => (pg ? col : col.autoIncrement())))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('sent_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_settings',
    'outbox_emails',
    'contract_line_items',
    'contracts',
    'credentials',
    'users',
    'organizations',
    ...Object.keys(LOOKUPS),
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
