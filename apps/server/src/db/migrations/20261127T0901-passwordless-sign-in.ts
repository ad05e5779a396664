import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

/** Audit types of passkeys, listed after the two-step verification ones. */
const PASSKEY_TYPES: Array<[number, string, string]> = [
  [19, 'PASSKEY_ADDED', 'Passkey added'],
  [20, 'PASSKEY_REMOVED', 'Passkey removed'],
];

/**
 * Each organization says whether its members may sign in with a passkey and with a code e-mailed
 * to them (both allowed until a platform admin turns one off); the audit trail records passkeys
 * added and removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('passkeys_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('email_codes_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  const after = await db
    .selectFrom('audit_types')
    .select('sort_order')
    .where('code', '=', 'MFA_REMOVED')
    .executeTakeFirst();
  const position = Number(after?.sort_order ?? 7);
  await db
    .updateTable('audit_types')
    .set((eb) => ({ sort_order: eb('sort_order', '+', PASSKEY_TYPES.length) }))
    .where('sort_order', '>', position)
    .execute();
  for (const [index, [id, code, name]] of PASSKEY_TYPES.entries())
    await db
      .insertInto('audit_types')
      .values({ id, code, name, sort_order: position + 1 + index })
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const ids = PASSKEY_TYPES.map(([id]) => id);
  await db.deleteFrom('audit_types').where('id', 'in', ids).execute();
  await db.schema.alterTable('organizations').dropColumn('email_codes_allowed').execute();
  await db.schema.alterTable('organizations').dropColumn('passkeys_allowed').execute();
}
