import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * What reading contract usage for every organization at once needs: a contract's line items by
 * contract, the ACTIVE contracts covering a day, each organization's active users, and the usage
 * events of one billing code within a period with their quantity (summed from the index alone),
 * each found through an index instead of a scan of the table; and every organization's award count,
 * summed from an index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('usage_events_period_idx')
    .on('usage_events')
    .columns(['organization_id', 'billing_code', 'occurred_at', 'quantity'])
    .execute();
  await db.schema.dropIndex('usage_events_organization_code_idx').execute();
  await db.schema
    .createIndex('contract_line_items_contract_idx')
    .on('contract_line_items')
    .column('contract_id')
    .execute();
  await db.schema
    .createIndex('contracts_status_end_idx')
    .on('contracts')
    .columns(['status', 'end_date'])
    .execute();
  await db.schema
    .createIndex('users_organization_active_idx')
    .on('users')
    .columns(['organization_id', 'active'])
    .execute();
  await db.schema
    .createIndex('credentials_organization_awards_idx')
    .on('credentials')
    .columns(['organization_id', 'award_count'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credentials_organization_awards_idx').execute();
  await db.schema.dropIndex('users_organization_active_idx').execute();
  await db.schema.dropIndex('contracts_status_end_idx').execute();
  await db.schema.dropIndex('contract_line_items_contract_idx').execute();
  await db.schema
    .createIndex('usage_events_organization_code_idx')
    .on('usage_events')
    .columns(['organization_id', 'billing_code', 'occurred_at'])
    .execute();
  await db.schema.dropIndex('usage_events_period_idx').execute();
}
