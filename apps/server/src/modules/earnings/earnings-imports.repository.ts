import { type Kysely, sql } from 'kysely';

import type { TEarningsImport } from '@laurel/contract/earnings-imports';

import type { Database } from '../../db/schema.ts';
import { toIso, toIsoOrNull } from '../../db/values.ts';
import type { RowError } from './earnings-file.ts';

const now = () => new Date().toISOString();

/** Imports, their file chunks and their progress. */
export function createEarningsImportsRepository(db: Kysely<Database>) {
  const selected = () =>
    db
      .selectFrom('earningsImports as i')
      .innerJoin('organizations as o', 'o.id', 'i.organizationId')
      .leftJoin('users as p', 'p.id', 'i.importedByUserId')
      .select([
        'i.id',
        'i.organizationId',
        'o.name as organizationName',
        'i.fileName',
        'i.fileSize',
        'i.status',
        'i.rowsTotal',
        'i.rowsChecked',
        'i.rowsProcessed',
        'i.awards',
        'i.newlyMatched',
        'i.rowsFailed',
        'i.errorMessage',
        'i.rowErrors',
        'p.firstName as importerFirstName',
        'p.lastName as importerLastName',
        'i.createdAt',
        'i.startedAt',
        'i.finishedAt',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;

  const toImport = (row: Row): TEarningsImport => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    fileName: row.fileName,
    fileSize: Number(row.fileSize),
    status: row.status,
    rowsTotal: Number(row.rowsTotal),
    rowsChecked: Number(row.rowsChecked),
    rowsProcessed: Number(row.rowsProcessed),
    awards: Number(row.awards),
    newlyMatched: Number(row.newlyMatched),
    rowsFailed: Number(row.rowsFailed),
    errorMessage: row.errorMessage,
    rowErrors: row.rowErrors ? (JSON.parse(row.rowErrors) as RowError[]) : [],
    importedBy:
      row.importerFirstName === null
        ? null
        : `${row.importerFirstName} ${row.importerLastName ?? ''}`.trim(),
    createdAt: toIso(row.createdAt),
    startedAt: toIsoOrNull(row.startedAt),
    finishedAt: toIsoOrNull(row.finishedAt),
  });

  const update = (executor: Kysely<Database>, id: number) =>
    executor.updateTable('earningsImports').where('id', '=', id);

  return {
    async find(id: number): Promise<TEarningsImport | undefined> {
      const row = await selected().where('i.id', '=', id).executeTakeFirst();
      return row && toImport(row);
    },

    /** The organization's latest imports, newest first. */
    async latest(organizationId: number, limit: number): Promise<TEarningsImport[]> {
      const rows = await selected()
        .where('i.organizationId', '=', organizationId)
        .orderBy('i.createdAt', 'desc')
        .orderBy('i.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toImport);
    },

    async create(
      executor: Kysely<Database>,
      input: { organizationId: number; userId: number; fileName: string; fileSize: number },
    ): Promise<number> {
      const at = now();
      const row = await executor
        .insertInto('earningsImports')
        .values({
          organizationId: input.organizationId,
          importedByUserId: input.userId,
          fileName: input.fileName,
          fileSize: input.fileSize,
          status: 'PENDING',
          errorMessage: null,
          rowErrors: null,
          createdAt: at,
          updatedAt: at,
          startedAt: null,
          finishedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertChunk(executor: Kysely<Database>, importId: number, seq: number, data: Buffer) {
      await executor.insertInto('earningsImportChunks').values({ importId, seq, data }).execute();
    },

    /** The stored file, one chunk at a time. */
    async *chunks(importId: number): AsyncGenerator<Buffer> {
      for (let seq = 0; ; seq++) {
        const row = await db
          .selectFrom('earningsImportChunks')
          .select('data')
          .where('importId', '=', importId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!row) return;
        yield Buffer.from(row.data);
      }
    },

    /** What the import job needs to know of an import. */
    state(importId: number) {
      return db
        .selectFrom('earningsImports')
        .select(['id', 'organizationId', 'status', 'fileName'])
        .where('id', '=', importId)
        .executeTakeFirst();
    },

    /** The job starts (again): counts from zero; `newlyMatched` keeps what earlier runs billed. */
    async begin(importId: number): Promise<void> {
      const at = now();
      await update(db, importId)
        .set({
          status: 'PROCESSING',
          rowsTotal: 0,
          rowsChecked: 0,
          rowsProcessed: 0,
          startedAt: at,
          updatedAt: at,
        })
        .execute();
    },

    async checked(importId: number, rowsChecked: number): Promise<void> {
      await update(db, importId).set({ rowsChecked, updatedAt: now() }).execute();
    },

    /** Every row checked and good: the storing pass follows. */
    async counted(importId: number, input: { rowsTotal: number; awards: number }) {
      await update(db, importId)
        .set({ rowsTotal: input.rowsTotal, rowsChecked: input.rowsTotal, awards: input.awards })
        .set({ updatedAt: now() })
        .execute();
    },

    /** A batch was stored (in the batch's transaction). */
    async stored(
      executor: Kysely<Database>,
      importId: number,
      input: { rowsProcessed: number; newlyMatched: number },
    ): Promise<void> {
      await update(executor, importId)
        .set({
          rowsProcessed: input.rowsProcessed,
          newlyMatched: sql<number>`newly_matched + ${input.newlyMatched}`,
          updatedAt: now(),
        })
        .execute();
    },

    /** The import is done: its file is no longer needed. */
    async complete(executor: Kysely<Database>, importId: number): Promise<void> {
      const at = now();
      await executor.deleteFrom('earningsImportChunks').where('importId', '=', importId).execute();
      await update(executor, importId)
        .set({ status: 'COMPLETED', finishedAt: at, updatedAt: at })
        .execute();
    },

    /** The import failed: nothing of the file is stored, and the file is removed. */
    async fail(
      importId: number,
      input: { message: string; rowsChecked?: number; rowsFailed?: number; rowErrors?: RowError[] },
    ): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('earningsImportChunks').where('importId', '=', importId).execute();
        await update(trx, importId)
          .set({
            status: 'FAILED',
            errorMessage: input.message,
            rowErrors: input.rowErrors ? JSON.stringify(input.rowErrors) : null,
            updatedAt: at,
            finishedAt: at,
          })
          .execute();
        if (input.rowsChecked !== undefined)
          await update(trx, importId)
            .set({
              rowsTotal: input.rowsChecked,
              rowsChecked: input.rowsChecked,
              rowsFailed: input.rowsFailed ?? 0,
            })
            .execute();
      });
    },
  };
}
export type EarningsImportsRepository = ReturnType<typeof createEarningsImportsRepository>;
