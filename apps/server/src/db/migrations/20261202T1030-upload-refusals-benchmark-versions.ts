import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code.
//
// 1. An upload's refused rows as the app shows them: one row per reason (the row number, the
//    column at fault, what is wrong and the cell as uploaded), so that a page of them can be read,
//    filtered by column or reason, without reading every refused row of a large file.
//    An index of awards by upload finds the credentials (and so the insights) an upload changed.
// 2. A replaced benchmark data set keeps its previous rows for a while: the previous version is a
//    data set of its own that points at the one it was replaced in (`previous_of_id`), and no
//    comparison reads it.

const COLUMNS = [
  'credential_code',
  'external_id',
  'first_name',
  'last_name',
  'email',
  'date_of_birth',
  'award_date',
];

/** The reason and column of a message as the upload check wrote them until now. */
function classify(message: string): { column: string | null; reason: string } {
  if (/^Expected \d+ cells/.test(message)) return { column: null, reason: 'cell-count' };
  if (/^Repeats row /.test(message)) return { column: null, reason: 'repeated-row' };
  if (/^No credential of this organization has the code/.test(message))
    return { column: 'credential_code', reason: 'unknown-credential' };
  if (/^Credential ".*" is archived/s.test(message))
    return { column: 'credential_code', reason: 'archived-credential' };
  const column = COLUMNS.find((name) => message.startsWith(`${name} `)) ?? null;
  if (/ is longer than \d+ characters$/.test(message)) return { column, reason: 'too-long' };
  if (/ is missing$/.test(message)) return { column, reason: 'missing' };
  if (/ is not a valid e-mail address$/.test(message)) return { column, reason: 'invalid-email' };
  if (/ must be written YYYY-MM-DD$| is not a real date$/.test(message))
    return { column, reason: 'invalid-date' };
  return { column, reason: 'date-out-of-range' };
}

/** Messages were joined with "; "; a message starts with a column name or a known phrase. */
function split(error: string): string[] {
  const starts = [...COLUMNS, 'No credential ', 'Credential "', 'Expected ', 'Repeats row '];
  const parts: string[] = [];
  for (const piece of error.split('; ')) {
    if (parts.length > 0 && !starts.some((start) => piece.startsWith(start)))
      parts[parts.length - 1] += `; ${piece}`;
    else parts.push(piece);
  }
  return parts;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const refType = pg ? 'bigint' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';

  await db.schema
    .createTable('upload_refusals')
    .addColumn('upload_id', refType, (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // null: the row as a whole (its number of cells, a repeat of an earlier row).
    .addColumn('column_name', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .addPrimaryKeyConstraint('upload_refusals_pk', ['upload_id', 'row_number', 'seq'])
    .addForeignKeyConstraint(
      'upload_refusals_row_fk',
      ['upload_id', 'row_number'],
      'upload_rows',
      ['upload_id', 'row_number'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('upload_refusals_column_idx')
    .on('upload_refusals')
    .columns(['upload_id', 'column_name', 'row_number'])
    .execute();
  await db.schema
    .createIndex('upload_refusals_reason_idx')
    .on('upload_refusals')
    .columns(['upload_id', 'reason', 'row_number'])
    .execute();

  // The credentials an upload's awards belong to (the insights it changed), read from the index.
  await db.schema
    .createIndex('awards_upload_idx')
    .on('awards')
    .columns(['upload_id', 'credential_id'])
    .execute();

  // Refused rows kept from before: their reasons, read back from the messages.
  for (let after: [number, number] = [0, 0]; ;) {
    const rows = await db
      .selectFrom('upload_rows')
      // One-word aliases: the application's connection renames snake_case results to camelCase.
      .select(['upload_id as upload', 'row_number as line', 'raw', 'error'])
      .where('error', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('upload_id', '>', after[0]),
          eb.and([eb('upload_id', '=', after[0]), eb('row_number', '>', after[1])]),
        ]),
      )
      .orderBy('upload_id')
      .orderBy('row_number')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    const refusals = rows.flatMap((row) => {
      let cells: unknown = [];
      try {
        cells = JSON.parse(String(row.raw));
      } catch {
        cells = [];
      }
      return split(String(row.error)).map((message, seq) => {
        const { column, reason } = classify(message);
        const index = column === null ? -1 : COLUMNS.indexOf(column);
        const cell = Array.isArray(cells) && index >= 0 ? cells[index] : undefined;
        return {
          upload_id: row.upload,
          row_number: row.line,
          seq,
          column_name: column,
          reason,
          message,
          value: column === null ? null : typeof cell === 'string' ? cell : '',
        };
      });
    });
    for (let i = 0; i < refusals.length; i += 500)
      await db
        .insertInto('upload_refusals')
        .values(refusals.slice(i, i + 500))
        .execute();
    const last = rows[rows.length - 1]!;
    after = [Number(last.upload), Number(last.line)];
  }

  await db.schema
    .alterTable('benchmark_data_sets')
    .addColumn('previous_of_id', refType, (c) =>
      c.references('benchmark_data_sets.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('benchmark_data_sets').addColumn('replaced_at', timestamp).execute();
  // One previous version per data set.
  await db.schema
    .createIndex('benchmark_data_sets_previous_idx')
    .on('benchmark_data_sets')
    .column('previous_of_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('benchmark_data_sets').where('previous_of_id', 'is not', null).execute();
  await db.schema.dropIndex('benchmark_data_sets_previous_idx').execute();
  await db.schema.alterTable('benchmark_data_sets').dropColumn('replaced_at').execute();
  await db.schema.alterTable('benchmark_data_sets').dropColumn('previous_of_id').execute();
  await db.schema.dropIndex('awards_upload_idx').execute();
  await db.schema.dropTable('upload_refusals').execute();
}
