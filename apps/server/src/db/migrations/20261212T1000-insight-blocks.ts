import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/** Award ids 2^14 apart fall in different blocks (the application's `INSIGHT_BLOCK_BITS`). */
const BITS = 14;

/**
 * What an insights rebuild counted of each block of an organization's awards (the awards whose
 * ids share their bits above the lowest 14), kept so that the next rebuild counts again only the
 * blocks that changed (decision record 068), and the version of every block: raised by triggers
 * in the same transaction as any change to an award or its earnings years that the counting
 * reads. A stored block counts only while its version is the block's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('insight_block_versions')
    .addColumn('block', refType, (c) => c.primaryKey())
    .addColumn('version', refType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('insight_blocks')
    .addColumn('organization_id', refType, (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('block', refType, (c) => c.notNull())
    // The block's version when its awards were read.
    .addColumn('version', refType, (c) => c.notNull())
    // What else the counting depended on: the latest complete year, the dollars' year, the floor.
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('awards', 'integer', (c) => c.notNull())
    // The counted cells, as JSON.
    .addColumn('cells', 'text', (c) => c.notNull())
    // The counted wages of each series, with their cells.
    .addColumn('wages', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_blocks_pk', ['organization_id', 'block'])
    .execute();

  const person = (row: string) =>
    `organization_id = ${row}.organization_id and external_id = ${row}.external_id`;
  // What the counting reads of an award: its credential, award year, match status and person
  // (whose first award it may be or stop being).
  const read = ['organization_id', 'credential_id', 'external_id', 'award_year', 'match_status'];

  if (!pg) {
    const bump = (blocks: string) =>
      `insert into insight_block_versions (block, version) ${blocks}
       on conflict (block) do update set version = version + 1;`;
    const ofPerson = (row: string) =>
      bump(`select id >> ${BITS}, 1 from awards where ${person(row)}`);
    await sql
      .raw(
        `create trigger insight_blocks_award_inserted after insert on awards begin
           ${ofPerson('new')}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger insight_blocks_award_deleted after delete on awards begin
           ${bump(`select old.id >> ${BITS}, 1 where true`)}
           ${ofPerson('old')}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger insight_blocks_award_updated after update of ${read.join(', ')}
         on awards begin
           ${ofPerson('old')}
           ${ofPerson('new')}
         end`,
      )
      .execute(db);
    for (const [event, name, row] of [
      ['insert', 'inserted', 'new'],
      ['update', 'updated', 'new'],
      ['delete', 'deleted', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger insight_blocks_earnings_${name} after ${event} on earnings_years begin
             ${bump(`select ${row}.award_id >> ${BITS}, 1 where true`)}
             ${event === 'update' ? bump(`select old.award_id >> ${BITS}, 1 where true`) : ''}
           end`,
        )
        .execute(db);
    }
    return;
  }

  // PostgreSQL: once per statement, over the rows it changed (transition tables), so that a
  // statement of thousands of rows raises each block once.
  const bump = (blocks: string) => `
    insert into insight_block_versions (block, version)
    select distinct b, 1 from (${blocks}) changed_blocks (b) order by b
    on conflict (block) do update set version = insight_block_versions.version + 1;
    return null;`;
  const ofPeople = (rows: string) =>
    `select a.id >> ${BITS} from awards a
     join (select distinct organization_id, external_id from ${rows}) p
       on a.organization_id = p.organization_id and a.external_id = p.external_id`;
  const functions: Array<[string, string]> = [
    ['insight_blocks_award_inserted', bump(ofPeople('changed'))],
    [
      'insight_blocks_award_deleted',
      bump(`select id >> ${BITS} from previous union all ${ofPeople('previous')}`),
    ],
    [
      'insight_blocks_award_updated',
      bump(`
        select n.id >> ${BITS} from changed n join previous o on o.id = n.id
        where ${read.map((c) => `n.${c} is distinct from o.${c}`).join(' or ')}
        union all ${ofPeople(`(select o.* from changed n join previous o on o.id = n.id
          where ${read.map((c) => `n.${c} is distinct from o.${c}`).join(' or ')}) moved`)}
        union all ${ofPeople(`(select n.* from changed n join previous o on o.id = n.id
          where ${read.map((c) => `n.${c} is distinct from o.${c}`).join(' or ')}) moved`)}`),
    ],
    ['insight_blocks_earnings_inserted', bump(`select award_id >> ${BITS} from changed`)],
    [
      'insight_blocks_earnings_updated',
      bump(
        `select award_id >> ${BITS} from changed union all select award_id >> ${BITS} from previous`,
      ),
    ],
    ['insight_blocks_earnings_deleted', bump(`select award_id >> ${BITS} from previous`)],
  ];
  for (const [name, body] of functions) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`)
      .execute(db);
  }
  const triggers: Array<[string, string, string, string]> = [
    ['insight_blocks_award_inserted', 'insert', 'awards', 'new table as changed'],
    ['insight_blocks_award_deleted', 'delete', 'awards', 'old table as previous'],
    [
      'insight_blocks_award_updated',
      'update',
      'awards',
      'new table as changed old table as previous',
    ],
    ['insight_blocks_earnings_inserted', 'insert', 'earnings_years', 'new table as changed'],
    [
      'insight_blocks_earnings_updated',
      'update',
      'earnings_years',
      'new table as changed old table as previous',
    ],
    ['insight_blocks_earnings_deleted', 'delete', 'earnings_years', 'old table as previous'],
  ];
  for (const [name, event, table, transition] of triggers) {
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table}
         referencing ${transition} for each statement execute function ${name}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, table] of [
    ['insight_blocks_award_inserted', 'awards'],
    ['insight_blocks_award_deleted', 'awards'],
    ['insight_blocks_award_updated', 'awards'],
    ['insight_blocks_earnings_inserted', 'earnings_years'],
    ['insight_blocks_earnings_updated', 'earnings_years'],
    ['insight_blocks_earnings_deleted', 'earnings_years'],
  ] as const) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await db.schema.dropTable('insight_blocks').execute();
  await db.schema.dropTable('insight_block_versions').execute();
}
