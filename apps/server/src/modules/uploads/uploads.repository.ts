import { type ExpressionBuilder, type Kysely, sql } from 'kysely';

import type { TPage } from '@laurel/contract/pagination';
import {
  type TUpload,
  type TUploadCredentials,
  type TAllUploadsListQuery,
  type TUploadRefusal,
  type TUploadRefusalPage,
  type TUploadRefusalQuery,
  UPLOAD_COLUMNS,
  UPLOAD_WHOLE_ROW,
  type UploadColumn,
  type UploadRefusalReason,
} from '@laurel/contract/uploads';

import type { Dialect } from '../../db/database.ts';
import { readKeysetBatches } from '../../db/list-definition.ts';
import { readPage } from '../../db/paging.ts';
import type { Database, UploadStatusCode } from '../../db/schema.ts';
import { likePattern } from '../../db/text-search.ts';
import { toIso, toIsoOrNull } from '../../db/values.ts';
import type { RowProblem, UploadCredential } from './upload-rows.ts';

export interface UploadFilter extends TAllUploadsListQuery {
  /** Limits to one organization when the caller may not see all. */
  scopeOrganizationId?: number | undefined;
}

/** A staged row of an upload: the cells as read, and either the award values or an error. */
export interface StagedRow {
  rowNumber: number;
  raw: string[];
  error: string | null;
  /** The reasons of a refused row, each with its column. */
  problems?: RowProblem[] | undefined;
  credentialId?: number | undefined;
  externalId?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  awardDate?: string | undefined;
  awardYear?: number | undefined;
}

export interface ErrorRow {
  rowNumber: number;
  raw: string[];
  error: string;
}

const SORT_COLUMNS = {
  createdAt: 'u.createdAt',
  fileName: 'u.fileName',
  status: 'u.status',
} as const;

const FINISHED: UploadStatusCode[] = ['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED'];

const now = () => new Date().toISOString();

export function createUploadsRepository(db: Kysely<Database>, dialect: Dialect) {
  function filtered(filter: Partial<UploadFilter>) {
    let query = db
      .selectFrom('uploads as u')
      .innerJoin('organizations as o', 'o.id', 'u.organizationId')
      .leftJoin('users as p', 'p.id', 'u.uploadedByUserId');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('u.organizationId', '=', filter.organizationId);
    if (filter.status !== undefined) query = query.where('u.status', '=', filter.status);
    if (filter.search) {
      const pattern = likePattern(filter.search.toLowerCase());
      query = query.where(sql<boolean>`lower(u.file_name) like ${pattern} escape '\\'`);
    }
    return query;
  }

  const withColumns = (query: ReturnType<typeof filtered>) =>
    query.select([
      'u.id',
      'u.organizationId',
      'o.name as organizationName',
      'u.fileName',
      'u.fileSize',
      'u.status',
      'u.rowsTotal',
      'u.rowsProcessed',
      'u.rowsOk',
      'u.rowsFailed',
      'u.errorMessage',
      'p.firstName as uploaderFirstName',
      'p.lastName as uploaderLastName',
      'u.createdAt',
      'u.startedAt',
      'u.finishedAt',
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

  const toUpload = (row: Row): TUpload => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    fileName: row.fileName,
    fileSize: Number(row.fileSize),
    status: row.status,
    rowsTotal: Number(row.rowsTotal),
    rowsProcessed: Number(row.rowsProcessed),
    rowsOk: Number(row.rowsOk),
    rowsFailed: Number(row.rowsFailed),
    errorMessage: row.errorMessage,
    uploadedBy:
      row.uploaderFirstName === null
        ? null
        : `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim(),
    createdAt: toIso(row.createdAt),
    startedAt: toIsoOrNull(row.startedAt),
    finishedAt: toIsoOrNull(row.finishedAt),
  });

  const staging = (uploadId: number) =>
    db.deleteFrom('uploadRows').where('uploadId', '=', uploadId);

  const sorted = (filter: UploadFilter) =>
    withColumns(filtered(filter))
      .orderBy(SORT_COLUMNS[filter.sort], filter.order)
      .orderBy('u.id', filter.order);

  return {
    list: (filter: UploadFilter): Promise<TPage<TUpload>> =>
      readPage(
        sorted(filter),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        filter,
        toUpload,
      ),

    /** Every upload the filter selects, in the list's order, in batches (the CSV export). */
    stream: (filter: UploadFilter): AsyncGenerator<TUpload[]> =>
      readKeysetBatches(
        db,
        withColumns(filtered(filter)),
        [SORT_COLUMNS[filter.sort], 'u.id'],
        filter.order,
        toUpload,
      ),

    async find(id: number): Promise<TUpload | undefined> {
      const row = await withColumns(filtered({})).where('u.id', '=', id).executeTakeFirst();
      return row && toUpload(row);
    },

    async organizationExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The organization's upload sent with this `Idempotency-Key`, if there is one. */
    async idByIdempotencyKey(organizationId: number, key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('uploads')
        .select('id')
        .where('organizationId', '=', organizationId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    async create(
      executor: Kysely<Database>,
      upload: {
        organizationId: number;
        userId: number;
        fileName: string;
        fileSize: number;
        idempotencyKey?: string | null;
      },
    ): Promise<number> {
      const at = now();
      const row = await executor
        .insertInto('uploads')
        .values({
          idempotencyKey: upload.idempotencyKey ?? null,
          organizationId: upload.organizationId,
          uploadedByUserId: upload.userId,
          fileName: upload.fileName,
          fileSize: upload.fileSize,
          status: 'PENDING',
          errorMessage: null,
          createdAt: at,
          updatedAt: at,
          startedAt: null,
          finishedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertChunk(
      executor: Kysely<Database>,
      uploadId: number,
      seq: number,
      data: Buffer,
    ): Promise<void> {
      await executor.insertInto('uploadFileChunks').values({ uploadId, seq, data }).execute();
    },

    /** The stored file, one chunk at a time. */
    async *chunks(uploadId: number): AsyncGenerator<Buffer> {
      for (let seq = 0; ; seq++) {
        const row = await db
          .selectFrom('uploadFileChunks')
          .select('data')
          .where('uploadId', '=', uploadId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!row) return;
        yield Buffer.from(row.data);
      }
    },

    /** What the processing job needs to know of an upload. */
    state(uploadId: number) {
      return db
        .selectFrom('uploads')
        .select(['id', 'organizationId', 'status', 'fileName'])
        .where('id', '=', uploadId)
        .executeTakeFirst();
    },

    /** Credentials of an organization by lower-case code. */
    async credentialsOf(organizationId: number): Promise<Map<string, UploadCredential>> {
      const rows = await db
        .selectFrom('credentials')
        .select(['id', 'code', 'status'])
        .where('organizationId', '=', organizationId)
        .execute();
      return new Map(
        rows.map((row) => [
          row.code.trim().toLowerCase(),
          { id: row.id, code: row.code, archived: row.status === 'ARCHIVED' },
        ]),
      );
    },

    /** A (re)start of processing: whatever an interrupted run staged is thrown away. */
    async begin(uploadId: number): Promise<void> {
      await staging(uploadId).execute();
      await db
        .updateTable('uploads')
        .set({
          status: 'PENDING',
          rowsTotal: 0,
          rowsProcessed: 0,
          rowsOk: 0,
          rowsFailed: 0,
          errorMessage: null,
          startedAt: now(),
          updatedAt: now(),
        })
        .where('id', '=', uploadId)
        .execute();
    },

    async counted(uploadId: number, rowsTotal: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ status: 'PROCESSING', rowsTotal, updatedAt: now() })
        .where('id', '=', uploadId)
        .execute();
    },

    async stage(uploadId: number, rows: StagedRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('uploadRows')
        .values(
          rows.map((row) => ({
            uploadId,
            rowNumber: row.rowNumber,
            credentialId: row.credentialId ?? null,
            externalId: row.externalId ?? null,
            firstName: row.firstName ?? null,
            lastName: row.lastName ?? null,
            email: row.email ?? null,
            dateOfBirth: row.dateOfBirth ?? null,
            awardDate: row.awardDate ?? null,
            awardYear: row.awardYear ?? null,
            raw: JSON.stringify(row.raw),
            error: row.error,
          })),
        )
        .execute();
      const refusals = rows.flatMap((row) =>
        (row.problems ?? []).map((problem, seq) => ({
          uploadId,
          rowNumber: row.rowNumber,
          seq,
          columnName: problem.column,
          reason: problem.reason,
          message: problem.message,
          value:
            problem.column === null
              ? null
              : (row.raw[UPLOAD_COLUMNS.indexOf(problem.column)] ?? ''),
        })),
      );
      // Seven values a refusal: well under either database's limit of parameters per statement.
      for (let i = 0; i < refusals.length; i += 1000)
        await db
          .insertInto('uploadRefusals')
          .values(refusals.slice(i, i + 1000))
          .execute();
    },

    /**
     * A page of an upload's refusals in file order, filtered by column (or the row as a whole)
     * and reason, with how many there are by column and by reason (for the filters).
     */
    async refusals(uploadId: number, query: TUploadRefusalQuery): Promise<TUploadRefusalPage> {
      let filtered = db.selectFrom('uploadRefusals').where('uploadId', '=', uploadId);
      if (query.column === UPLOAD_WHOLE_ROW) filtered = filtered.where('columnName', 'is', null);
      else if (query.column) filtered = filtered.where('columnName', '=', query.column);
      if (query.reason) filtered = filtered.where('reason', '=', query.reason);
      const counted = (group: 'columnName' | 'reason') =>
        db
          .selectFrom('uploadRefusals')
          .where('uploadId', '=', uploadId)
          .select((eb) => [group, eb.fn.countAll<number>().as('count')])
          .groupBy(group)
          .execute();
      const [page, columns, reasons] = await Promise.all([
        readPage(
          filtered
            .select(['rowNumber', 'columnName', 'reason', 'message', 'value'])
            .orderBy('rowNumber')
            .orderBy('seq'),
          filtered.select((eb) => eb.fn.countAll<number>().as('count')),
          query,
          (row): TUploadRefusal => ({
            rowNumber: Number(row.rowNumber),
            column: row.columnName as UploadColumn | null,
            reason: row.reason as UploadRefusalReason,
            message: row.message,
            value: row.value,
          }),
        ),
        counted('columnName'),
        counted('reason'),
      ]);
      const columnOrder = (column: string) =>
        column === UPLOAD_WHOLE_ROW
          ? UPLOAD_COLUMNS.length
          : UPLOAD_COLUMNS.indexOf(column as UploadColumn);
      return {
        ...page,
        columns: columns
          .map((row) => ({
            column: (row.columnName ?? UPLOAD_WHOLE_ROW) as UploadColumn | typeof UPLOAD_WHOLE_ROW,
            count: Number(row.count),
          }))
          .sort((a, b) => columnOrder(a.column) - columnOrder(b.column)),
        reasons: reasons
          .map((row) => ({ reason: row.reason as UploadRefusalReason, count: Number(row.count) }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      };
    },

    /** The credentials whose awards last came from an upload (at most `limit`, by code). */
    async touchedCredentials(uploadId: number, limit = 20): Promise<TUploadCredentials['items']> {
      const rows = await db
        .selectFrom('credentials as c')
        .where('c.id', 'in', (eb) =>
          eb.selectFrom('awards as a').select('a.credentialId').where('a.uploadId', '=', uploadId),
        )
        .select(['c.id', 'c.code', 'c.name'])
        .orderBy('c.code')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), code: row.code, name: row.name }));
    },

    /** Codes of an organization's credentials awards can be uploaded to, oldest first. */
    async templateCodes(organizationId: number, limit = 2): Promise<string[]> {
      const rows = await db
        .selectFrom('credentials')
        .select('code')
        .where('organizationId', '=', organizationId)
        .where('status', '!=', 'ARCHIVED')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.code);
    },

    async progress(uploadId: number, rowsProcessed: number, rowsFailed: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ rowsProcessed, rowsFailed, updatedAt: now() })
        .where('id', '=', uploadId)
        .execute();
    },

    /**
     * The upload failed as a whole: nothing of it is kept but the message. `onFailed` runs in the
     * same transaction when this call is the one that failed it (the webhook event).
     */
    async fail(
      uploadId: number,
      message: string,
      onFailed?: (trx: Kysely<Database>, organizationId: number) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('uploadRows').where('uploadId', '=', uploadId).execute();
        await trx.deleteFrom('uploadFileChunks').where('uploadId', '=', uploadId).execute();
        const failed = await trx
          .updateTable('uploads')
          .set({
            status: 'FAILED',
            errorMessage: message,
            rowsOk: 0,
            finishedAt: now(),
            updatedAt: now(),
          })
          .where('id', '=', uploadId)
          .where('status', 'not in', FINISHED)
          .returning('organizationId')
          .executeTakeFirst();
        if (failed && onFailed) await onFailed(trx, Number(failed.organizationId));
      });
    },

    /**
     * Turns the good staged rows into awards, all in the caller's transaction: an award that
     * exists (same credential, external id and award date) is updated, never duplicated. A
     * changed name, e-mail or date of birth sends the award back to matching.
     */
    async merge(trx: Kysely<Database>, uploadId: number, organizationId: number): Promise<number> {
      const at = now();
      const changed =
        dialect === 'postgres'
          ? sql<boolean>`(awards.first_name, awards.last_name, awards.email, awards.date_of_birth) is distinct from (excluded.first_name, excluded.last_name, excluded.email, excluded.date_of_birth)`
          : sql<boolean>`(awards.first_name is not excluded.first_name or awards.last_name is not excluded.last_name or awards.email is not excluded.email or awards.date_of_birth is not excluded.date_of_birth)`;
      const result = await trx
        .insertInto('awards')
        .columns([
          'organizationId',
          'credentialId',
          'externalId',
          'firstName',
          'lastName',
          'email',
          'dateOfBirth',
          'awardDate',
          'awardYear',
          'uploadId',
          'createdAt',
          'updatedAt',
        ])
        .expression(
          trx
            .selectFrom('uploadRows as r')
            .select((eb) => [
              eb.val(organizationId).as('organizationId'),
              'r.credentialId',
              'r.externalId',
              'r.firstName',
              'r.lastName',
              'r.email',
              'r.dateOfBirth',
              'r.awardDate',
              'r.awardYear',
              eb.val(uploadId).as('uploadId'),
              eb.val(at).as('createdAt'),
              eb.val(at).as('updatedAt'),
            ])
            .where('r.uploadId', '=', uploadId)
            .where('r.error', 'is', null),
        )
        .onConflict((oc) =>
          oc.columns(['credentialId', 'externalId', 'awardDate']).doUpdateSet((eb) => ({
            matchStatus: sql<string>`case when ${changed} then 'PENDING' else awards.match_status end`,
            matchProvider: sql<
              string | null
            >`case when ${changed} then null else awards.match_provider end`,
            matchedAt: sql<
              string | null
            >`case when ${changed} then null else awards.matched_at end`,
            firstName: eb.ref('excluded.firstName'),
            lastName: eb.ref('excluded.lastName'),
            email: eb.ref('excluded.email'),
            dateOfBirth: eb.ref('excluded.dateOfBirth'),
            uploadId: eb.ref('excluded.uploadId'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .executeTakeFirst();
      // The credentials' award counts rise by the awards this merge created (created now, by
      // this upload; those it updated were created before): found by the upload's index, so the
      // cost follows the upload, not the organization. A concurrent merge of the same award
      // waits on its key and updates it, so each award is added once.
      const created = (eb: ExpressionBuilder<Database, 'credentials'>) =>
        eb
          .selectFrom('awards')
          .where('awards.uploadId', '=', uploadId)
          .where('awards.createdAt', '=', at);
      await trx
        .updateTable('credentials')
        .set((eb) => ({
          awardCount: eb(
            'awardCount',
            '+',
            created(eb)
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('awards.credentialId', '=', 'credentials.id'),
          ),
        }))
        .where('organizationId', '=', organizationId)
        .where('id', 'in', (eb) => created(eb).select('awards.credentialId'))
        .execute();
      await trx
        .deleteFrom('uploadRows')
        .where('uploadId', '=', uploadId)
        .where('error', 'is', null)
        .execute();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async finish(
      trx: Kysely<Database>,
      uploadId: number,
      counts: { rowsTotal: number; rowsOk: number; rowsFailed: number },
    ): Promise<void> {
      await trx.deleteFrom('uploadFileChunks').where('uploadId', '=', uploadId).execute();
      await trx
        .updateTable('uploads')
        .set({
          status: counts.rowsFailed > 0 ? 'COMPLETED_WITH_ERRORS' : 'COMPLETED',
          rowsTotal: counts.rowsTotal,
          rowsProcessed: counts.rowsTotal,
          rowsOk: counts.rowsOk,
          rowsFailed: counts.rowsFailed,
          finishedAt: now(),
          updatedAt: now(),
        })
        .where('id', '=', uploadId)
        .execute();
    },

    /** The rows that were refused, in file order, in batches (keyset paging: flat cost). */
    async *errorRows(uploadId: number, batch = 2000): AsyncGenerator<ErrorRow[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('uploadRows')
          .select(['rowNumber', 'raw', 'error'])
          .where('uploadId', '=', uploadId)
          .where('rowNumber', '>', after)
          .where('error', 'is not', null)
          .orderBy('rowNumber')
          .limit(batch)
          .execute();
        if (rows.length)
          yield rows.map((row) => ({
            rowNumber: row.rowNumber,
            raw: JSON.parse(row.raw) as string[],
            error: row.error ?? '',
          }));
        if (rows.length < batch) return;
        after = rows[rows.length - 1]!.rowNumber;
      }
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
