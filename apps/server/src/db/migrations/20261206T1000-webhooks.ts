import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/**
 * Organization webhooks (docs/api.md#webhooks, decision 054): endpoints with their sealed secrets,
 * the outbox of events (one message per event, written in the transaction of the change, and one
 * delivery per subscribed endpoint), and every attempt of each delivery.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'bigserial' : 'integer';
  const refType = pg ? 'bigint' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (col: any) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of event types.
    .addColumn('events', 'text', (c) => c.notNull())
    // The signing secret (`whsec_…`) sealed under SECRET_KEY; the previous one signs as well
    // until `previous_secret_until`, so that a receiver can move to a rotated secret.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_start', 'text', (c) => c.notNull())
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', timestamp)
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', timestamp)
    .addColumn('created_by_user_id', refType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_organization_idx')
    .on('webhook_endpoints')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', idType, serial)
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    // The `webhook-id` header: `msg_` and 24 random characters.
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The JSON body sent, exactly: `{ type, timestamp, data }`.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('webhook_messages_created_idx')
    .on('webhook_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', idType, serial)
    .addColumn('endpoint_id', refType, (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_id', refType, (c) =>
      c.notNull().references('webhook_messages.id').onDelete('cascade'),
    )
    // PENDING, SUCCEEDED or FAILED.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp)
    // Claimed by a worker sending it until then (a worker that died leaves it to another).
    .addColumn('locked_until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_message_idx')
    .on('webhook_deliveries')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', idType, serial)
    .addColumn('delivery_id', refType, (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', timestamp, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
