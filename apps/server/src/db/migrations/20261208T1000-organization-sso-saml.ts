import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Company sign-in through SAML 2.0 beside OpenID Connect: which protocol an organization uses,
 * where its identity provider's metadata comes from, the metadata itself (as the identity
 * service was given it) and when it was last fetched, when the
 * provider's first signing certificate expires (the platform dashboard warns 30 days ahead), and
 * the attribute values (affiliations, groups) that make a person an Organization Admin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('organization_sso')
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('OIDC'))
    .execute();
  await db.schema.alterTable('organization_sso').addColumn('saml_metadata_url', 'text').execute();
  await db.schema.alterTable('organization_sso').addColumn('saml_metadata_xml', 'text').execute();
  await db.schema
    .alterTable('organization_sso')
    .addColumn('saml_metadata_fetched_at', timestamp)
    .execute();
  await db.schema
    .alterTable('organization_sso')
    .addColumn('saml_certificate_expires_at', timestamp)
    .execute();
  await db.schema
    .alterTable('organization_sso')
    .addColumn('admin_values', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'admin_values',
    'saml_certificate_expires_at',
    'saml_metadata_fetched_at',
    'saml_metadata_xml',
    'saml_metadata_url',
    'protocol',
  ])
    await db.schema.alterTable('organization_sso').dropColumn(column).execute();
}
