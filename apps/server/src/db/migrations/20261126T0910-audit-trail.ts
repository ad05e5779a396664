import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/** Every audit type after this migration: id, code, label, in the order the type filter lists them. */
const AUDIT_TYPES: Array<[number, string, string]> = [
  [4, 'SIGN_IN', 'Signed in'],
  [10, 'SIGN_IN_FAILED', 'Sign-in failed'],
  [11, 'SIGN_OUT', 'Signed out'],
  [12, 'SESSION_RENEWAL_FAILED', 'Session renewal failed'],
  [13, 'PASSWORD_CHANGE', 'Password changed'],
  [14, 'PASSWORD_RESET', 'Password reset'],
  [15, 'MFA_SET_UP', 'Two-step verification set up'],
  [16, 'MFA_REMOVED', 'Two-step verification removed'],
  [1, 'CREATE', 'Created'],
  [2, 'UPDATE', 'Updated'],
  [3, 'DELETE', 'Deleted'],
  [17, 'ACCESS_CHANGE', 'Access changed'],
  [8, 'INVITE', 'Invitation'],
  [7, 'UPLOAD', 'Upload'],
  [6, 'EXPORT', 'Export'],
  [5, 'IMPERSONATE', 'Impersonation started'],
  [18, 'IMPERSONATE_STOP', 'Impersonation stopped'],
  [9, 'CLIENT_EVENT', 'Client event'],
];

/**
 * The audit trail records sign-ins, sign-outs, password and two-step verification changes,
 * access changes and the end of impersonation. An entry about a sign-in session (resource type
 * `session`) exists once per type and session, so the identity pool and the API can both report
 * a sign-in without recording it twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('audit_types').select('id').execute()).map((row) => Number(row.id)),
  );
  for (const [index, [id, code, name]] of AUDIT_TYPES.entries()) {
    if (existing.has(id))
      await db
        .updateTable('audit_types')
        .set({ name, sort_order: index })
        .where('id', '=', id)
        .execute();
    else await db.insertInto('audit_types').values({ id, code, name, sort_order: index }).execute();
  }
  await db.schema
    .createIndex('audit_entries_session_once')
    .on('audit_entries')
    .columns(['type_id', 'resource_id'])
    .unique()
    .where(sql.ref('resource_type'), '=', sql.lit('session'))
    .execute();
  await db.schema
    .createIndex('audit_entries_type_occurred_idx')
    .on('audit_entries')
    .columns(['type_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_entries_type_occurred_idx').execute();
  await db.schema.dropIndex('audit_entries_session_once').execute();
  await db.deleteFrom('audit_types').where('id', '>', 9).execute();
  await db
    .updateTable('audit_types')
    .set({ name: 'Impersonation' })
    .where('code', '=', 'IMPERSONATE')
    .execute();
}
