import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code.

/** The year after the award year, whose industry and job role the insights count. */
const MEASURE_YEAR = 1;

/**
 * Each award's earnings years together in one row (decision record 072), kept by triggers in the
 * same transaction as every change to its earnings years or its award year, so that an insights
 * rebuild by blocks reads one row an award instead of some ten. `years`: one piece a year, comma
 * separated, in no particular order: the year, a letter for what is known of it ('a' + 1 when a
 * wage is known + 2 when employed + 4 when full time) and the wage as the database's text of it
 * (none when unknown): "2015h45123.45". `industry` and `job_role` are those of the year
 * `industry_year` (the award year + 1) when employed then. The earnings years stay the record;
 * this is a copy the nightly consistency check compares against them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('earnings_by_award')
    .addColumn('award_id', refType, (c) =>
      c.primaryKey().references('awards.id').onDelete('cascade'),
    )
    .addColumn('years', 'text', (c) => c.notNull())
    .addColumn('industry_year', 'integer', (c) => c.notNull())
    .addColumn('industry', 'text')
    .addColumn('job_role', 'text')
    .execute();
  await sql.raw(`${packEarnings(pg, 'true')} order by e.award_id`).execute(db);

  if (!pg) {
    // One row at a time (SQLite has row triggers only). A year inserted is added to its award's
    // pieces (an import inserts some ten years an award: packing all of them again each time
    // would read them some fifty times); a year changed or deleted packs its award again.
    const atMeasure = `new.employed and new.year = a.award_year + ${MEASURE_YEAR}`;
    await sql
      .raw(
        `create trigger earnings_by_award_inserted after insert on earnings_years begin
           insert into earnings_by_award (award_id, years, industry_year, industry, job_role)
           select new.award_id, ${piece(false, 'new')}, a.award_year + ${MEASURE_YEAR},
             iif(${atMeasure}, new.industry, null), iif(${atMeasure}, new.job_role, null)
           from awards a where a.id = new.award_id
           on conflict (award_id) do update set
             years = earnings_by_award.years || ',' || excluded.years,
             industry = iif(new.employed and new.year = earnings_by_award.industry_year,
               excluded.industry, earnings_by_award.industry),
             job_role = iif(new.employed and new.year = earnings_by_award.industry_year,
               excluded.job_role, earnings_by_award.job_role);
         end`,
      )
      .execute(db);
    const repack = (award: string) => `
      delete from earnings_by_award where award_id = ${award};
      ${packEarnings(false, `e.award_id = ${award}`)};`;
    await sql
      .raw(
        `create trigger earnings_by_award_deleted after delete on earnings_years begin
           ${repack('old.award_id')}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger earnings_by_award_updated after update on earnings_years begin
           ${repack('old.award_id')}
           ${repack('new.award_id')}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger earnings_by_award_award_year after update of award_year on awards
         when new.award_year is not old.award_year begin
           ${repack('new.id')}
         end`,
      )
      .execute(db);
    return;
  }

  // PostgreSQL: once per statement, over the awards whose rows it changed. The awards' rows are
  // locked first, in order, so that two transactions writing years of the same award pack them
  // one after the other: the second packs after the first committed, and sees its years.
  const repack = (awards: string) => `
    perform 1 from awards where id in (${awards}) order by id for no key update;
    delete from earnings_by_award where award_id in (${awards});
    ${packEarnings(true, `e.award_id in (${awards})`)};
    return null;`;
  const functions: Array<[string, string]> = [
    ['earnings_by_award_inserted', repack('select award_id from changed')],
    [
      'earnings_by_award_updated',
      repack('select award_id from changed union select award_id from previous'),
    ],
    ['earnings_by_award_deleted', repack('select award_id from previous')],
    [
      'earnings_by_award_award_year',
      repack(`select n.id from changed n join previous o on o.id = n.id
        where n.award_year is distinct from o.award_year`),
    ],
  ];
  for (const [name, body] of functions) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`)
      .execute(db);
  }
  const triggers: Array<[string, string, string, string]> = [
    ['earnings_by_award_inserted', 'insert', 'earnings_years', 'new table as changed'],
    [
      'earnings_by_award_updated',
      'update',
      'earnings_years',
      'new table as changed old table as previous',
    ],
    ['earnings_by_award_deleted', 'delete', 'earnings_years', 'old table as previous'],
    [
      'earnings_by_award_award_year',
      'update',
      'awards',
      'new table as changed old table as previous',
    ],
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

/** The piece of the earnings year `row`: its year, the letter of what is known, its wage. */
function piece(pg: boolean, row: string): string {
  return pg
    ? `${row}.year::text || chr(97 + (${row}.wage is not null)::int + 2 * ${row}.employed::int
        + 4 * ${row}.full_time::int) || coalesce(${row}.wage::text, '')`
    : `${row}.year || char(97 + (${row}.wage is not null) + 2 * ${row}.employed
        + 4 * ${row}.full_time) || coalesce(${row}.wage, '')`;
}

/**
 * The statement that packs the earnings years of the awards `where` picks (of rows `e`); the
 * tests of the readings pack their tables with it too.
 */
export function packEarnings(pg: boolean, where: string): string {
  const atMeasure = `e.employed and e.year = a.award_year + ${MEASURE_YEAR}`;
  const measured = (column: string) =>
    pg
      ? `max(e.${column}) filter (where ${atMeasure})`
      : `max(iif(${atMeasure}, e.${column}, null))`;
  return `
    insert into earnings_by_award (award_id, years, industry_year, industry, job_role)
    select e.award_id, ${pg ? 'string_agg' : 'group_concat'}(${piece(pg, 'e')}, ','),
      a.award_year + ${MEASURE_YEAR}, ${measured('industry')}, ${measured('job_role')}
    from earnings_years e join awards a on a.id = e.award_id
    where ${where}
    group by e.award_id, a.award_year`;
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, table] of [
    ['earnings_by_award_inserted', 'earnings_years'],
    ['earnings_by_award_updated', 'earnings_years'],
    ['earnings_by_award_deleted', 'earnings_years'],
    ['earnings_by_award_award_year', 'awards'],
  ] as const) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await db.schema.dropTable('earnings_by_award').execute();
}
