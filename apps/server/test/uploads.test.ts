import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parse } from 'csv-parse/sync';

import { DEFAULT_PAGE_SIZE } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import type { TUpload } from '@laurel/contract/uploads';
import { UPLOAD_COLUMNS, UPLOAD_MAX_BYTES } from '@laurel/contract/uploads';

import { JOB_TYPES } from '../src/jobs/types.ts';
import {
  createProcessUploadHandler,
  PROCESSING_STOPPED,
} from '../src/modules/uploads/process-upload.ts';
import { FILE_PROBLEMS } from '../src/modules/uploads/upload-file.ts';
import { createUploadsRepository } from '../src/modules/uploads/uploads.repository.ts';
import { UPLOAD_REFUSALS } from '../src/modules/uploads/uploads.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

const HEADER = UPLOAD_COLUMNS.join(',');
const WORKER = fileURLToPath(new URL('./helpers/upload-worker.ts', import.meta.url));

/** A multipart/form-data body with one file part, encoded by hand as a browser would. */
function multipart(
  fileName: string,
  content: Buffer | string,
  options: { field?: string; type?: string } = {},
) {
  const boundary = `----laurel-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
        `Content-Type: ${options.type ?? 'text/csv'}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;

describe.each(DIALECTS)('uploads on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let archivedCode: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    const now = new Date().toISOString();
    archivedCode = 'ALPHA-OLD';
    await t.database.handle.db
      .insertInto('credentials')
      .values([
        {
          organizationId: w.a.id,
          code: archivedCode,
          name: 'Retired program',
          typeId: 1,
          programCode: null,
          description: null,
          status: 'ARCHIVED',
          createdAt: now,
          updatedAt: now,
        },
        {
          organizationId: w.a.id,
          code: 'ALPHA-2',
          name: 'Alpha Nursing Assistant',
          typeId: 1,
          programCode: null,
          description: null,
          status: 'ACTIVE',
          createdAt: now,
          updatedAt: now,
        },
      ])
      .execute();
  });
  afterAll(() => t?.close());

  const db = () => t.database.handle.db;

  async function upload(
    organizationId: number,
    fileName: string,
    content: Buffer | string,
    as: keyof Pick<World, 'adminA' | 'userA' | 'adminB' | 'platformAdmin'> | null = 'adminA',
    options: { field?: string; type?: string } = {},
  ) {
    const body = multipart(fileName, content, options);
    return t.app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/uploads`,
      headers: {
        'content-type': body.contentType,
        ...(as ? { authorization: `Bearer ${await w.token(w[as])}` } : {}),
      },
      payload: body.payload,
    });
  }

  async function get(url: string, as: 'adminA' | 'userA' | 'adminB' | 'platformAdmin' = 'adminA') {
    return t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(w[as])}` },
    });
  }

  /** Uploads as the admin of A, runs the jobs, and returns the upload as the API shows it. */
  async function uploadAndProcess(fileName: string, content: Buffer | string): Promise<TUpload> {
    const created = await upload(w.a.id, fileName, content);
    expect(created.statusCode, created.body).toBe(201);
    await t.runJobs();
    return (await get(`/api/uploads/${(created.json() as TUpload).id}`)).json() as TUpload;
  }

  const awardsOf = (externalIdPrefix: string) =>
    db()
      .selectFrom('awards')
      .selectAll()
      .where('externalId', 'like', `${externalIdPrefix}%`)
      .orderBy('externalId')
      .orderBy('awardDate')
      .execute();

  const errorsCsv = async (id: number) => {
    const response = await get(`/api/uploads/${id}/errors.csv`);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('stores the awards of a good file, queues matching, and keeps nothing else', async () => {
    const created = await upload(
      w.a.id,
      'spring.csv',
      csv(
        'ALPHA-1,H-001,Ana,Reyes,Ana.Reyes@Example.COM,1990-02-03,2022-05-20',
        'alpha-2,H-002,Ben,Cole,,,2021-12-01',
        ' ALPHA-1 , H-003 , Cy , Diaz , cy@example.org , , 2020-06-30 ',
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json() as TUpload;
    expect(pending).toMatchObject({
      organizationId: w.a.id,
      organizationName: 'Alpha College',
      fileName: 'spring.csv',
      status: 'PENDING',
      rowsTotal: 0,
      uploadedBy: 'Ada Alpha',
      finishedAt: null,
    });
    expect(pending.fileSize).toBeGreaterThan(100);
    const jobs = await db()
      .selectFrom('jobs')
      .select(['type', 'status', 'payload'])
      .where('type', '=', JOB_TYPES.processUpload)
      .execute();
    expect(jobs).toContainEqual({
      type: 'process-upload',
      status: 'QUEUED',
      payload: JSON.stringify({ uploadId: pending.id }),
    });

    await t.runJobs();
    const done = (await get(`/api/uploads/${pending.id}`)).json() as TUpload;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      rowsTotal: 3,
      rowsProcessed: 3,
      rowsOk: 3,
      rowsFailed: 0,
      errorMessage: null,
    });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();

    const awards = await awardsOf('H-00');
    expect(
      awards.map((a) => [
        a.externalId,
        a.firstName,
        a.lastName,
        a.email,
        a.dateOfBirth,
        a.awardDate,
        a.awardYear,
      ]),
    ).toEqual([
      ['H-001', 'Ana', 'Reyes', 'ana.reyes@example.com', '1990-02-03', '2022-05-20', 2022],
      ['H-002', 'Ben', 'Cole', null, null, '2021-12-01', 2021],
      ['H-003', 'Cy', 'Diaz', 'cy@example.org', null, '2020-06-30', 2020],
    ]);
    expect(awards.every((a) => a.uploadId === pending.id && a.organizationId === w.a.id)).toBe(
      true,
    );

    const left = async (table: 'uploadRows' | 'uploadFileChunks') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('uploadId', '=', pending.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await left('uploadRows')).toBe(0);
    expect(await left('uploadFileChunks')).toBe(0);

    const match = await db()
      .selectFrom('jobs')
      .select(['organizationId', 'dedupeKey'])
      .where('type', '=', JOB_TYPES.matchAwards)
      .execute();
    expect(match).toContainEqual({ organizationId: w.a.id, dedupeKey: `match-awards:${w.a.id}` });

    const audit = await db()
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .select(['y.code', 'e.summary', 'e.organizationId'])
      .where('e.resourceType', '=', 'upload')
      .where('e.resourceId', '=', String(pending.id))
      .execute();
    expect(audit).toEqual([expect.objectContaining({ code: 'UPLOAD', organizationId: w.a.id })]);
    expect(audit[0]!.summary).toContain('spring.csv');
  });

  it('updates instead of duplicating when the same awards come again', async () => {
    const rows = [
      'ALPHA-1,R-001,Dee,Ford,dee@example.com,,2019-05-01',
      'ALPHA-1,R-002,Eli,Gray,,,2019-05-01',
    ];
    const count = async () =>
      (
        await db()
          .selectFrom('credentials')
          .select('awardCount')
          .where('code', '=', 'ALPHA-1')
          .executeTakeFirstOrThrow()
      ).awardCount;
    const counted = async () =>
      Number(
        (
          await db()
            .selectFrom('awards')
            .innerJoin('credentials', 'credentials.id', 'awards.credentialId')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('credentials.code', '=', 'ALPHA-1')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await uploadAndProcess('again.csv', csv(...rows));
    expect(first.status).toBe('COMPLETED');
    // The credential's award count (what its list shows) follows every upload.
    expect(Number(await count())).toBe(await counted());
    // As if a provider had matched both long ago; matching only looks at PENDING awards again.
    const longAgo = '2001-01-01T00:00:00.000Z';
    await db()
      .updateTable('awards')
      .set({ matchStatus: 'MATCHED', matchProvider: 'EARLIER', matchedAt: longAgo })
      .where('externalId', 'in', ['R-001', 'R-002'])
      .execute();
    const before = await awardsOf('R-00');

    const second = await uploadAndProcess(
      'again.csv',
      csv(
        rows[0]!,
        'ALPHA-1,R-002,Eli,Grayson,eli@example.com,,2019-05-01',
        'ALPHA-1,R-002,Eli,Grayson,,,2020-05-01',
      ),
    );
    expect(second).toMatchObject({ status: 'COMPLETED', rowsOk: 3, rowsFailed: 0 });
    expect(Number(await count())).toBe(await counted());
    const after = await awardsOf('R-00');
    expect(after).toHaveLength(3);
    const [dee, eli, eliLater] = after;
    expect(dee!.id).toBe(before[0]!.id);
    expect(dee!.uploadId).toBe(second.id);
    // unchanged person: the match stands; changed person: matched again
    expect([dee!.matchStatus, dee!.matchProvider, new Date(dee!.matchedAt!).toISOString()]).toEqual(
      ['MATCHED', 'EARLIER', longAgo],
    );
    expect(eli!.id).toBe(before[1]!.id);
    expect([eli!.lastName, eli!.email]).toEqual(['Grayson', 'eli@example.com']);
    expect(eli!.matchProvider).not.toBe('EARLIER');
    expect(eliLater!.awardDate).toBe('2020-05-01');
  });

  it('fails a file whose header is not the upload columns, naming them', async () => {
    const done = await uploadAndProcess(
      'header.csv',
      'code,student,first,last\r\nALPHA-1,Z-1,Zoe,Young\r\n',
    );
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toContain(UPLOAD_COLUMNS.join(', '));
    expect(done.errorMessage).toContain('code, student, first, last');
    expect(done.rowsOk).toBe(0);
    expect(await awardsOf('Z-1')).toHaveLength(0);
  });

  it('accepts the header in any case and with spaces around the names', async () => {
    const done = await uploadAndProcess(
      'case.csv',
      `${UPLOAD_COLUMNS.map((c) => ` ${c.toUpperCase()} `).join(',')}\nALPHA-1,K-1,Kim,Lee,,,2018-01-02\n`,
    );
    expect(done).toMatchObject({ status: 'COMPLETED', rowsOk: 1 });
  });

  it('fails a file that is not UTF-8 (Latin-1 bytes) and stores none of it', async () => {
    const latin1 = Buffer.from(csv('ALPHA-1,L-001,José,Müller,,,2020-01-02'), 'latin1');
    const done = await uploadAndProcess('latin1.csv', latin1);
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toBe(FILE_PROBLEMS.notUtf8);
    expect(await awardsOf('L-001')).toHaveLength(0);
  });

  it('reads a BOM, quoted cells with commas, quotes and line breaks, and LF line ends', async () => {
    const content =
      `\uFEFF${HEADER}\n` +
      'ALPHA-1,Q-001,"Mary\nAnn","O""Brien, Jr.",,,2020-03-04\n' +
      '\n' +
      'ALPHA-1,Q-002,Tom,Ng,,,2020-03-05';
    const done = await uploadAndProcess('quoted.csv', content);
    expect(done).toMatchObject({ status: 'COMPLETED', rowsTotal: 2, rowsOk: 2 });
    const awards = await awardsOf('Q-00');
    expect(awards.map((a) => [a.firstName, a.lastName])).toEqual([
      ['Mary\nAnn', 'O"Brien, Jr.'],
      ['Tom', 'Ng'],
    ]);
  });

  it('fails a file with an unclosed quote', async () => {
    const done = await uploadAndProcess('quote.csv', csv('ALPHA-1,U-1,"Una,Vance,,,2020-01-01'));
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toMatch(/not valid CSV/);
  });

  it('fails a file with a header but no rows', async () => {
    const done = await uploadAndProcess('empty.csv', `${HEADER}\r\n\r\n`);
    expect(done).toMatchObject({ status: 'FAILED', errorMessage: FILE_PROBLEMS.noRows });
  });

  it('refuses empty, non-CSV, oversized and malformed requests and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const empty = await upload(w.a.id, 'empty.csv', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: UPLOAD_REFUSALS.empty });

    const xlsx = await upload(w.a.id, 'awards.xlsx', Buffer.from('PK\u0003\u0004rest'), 'adminA', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json()).toMatchObject({ message: UPLOAD_REFUSALS.notCsv });

    const renamed = await upload(w.a.id, 'awards.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1]));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ message: UPLOAD_REFUSALS.notCsv });

    const field = await upload(w.a.id, 'a.csv', csv('ALPHA-1,F-1,A,B,,,2020-01-01'), 'adminA', {
      field: 'document',
    });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ message: UPLOAD_REFUSALS.noFile });

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.a.id}/uploads`,
      headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_REFUSALS.noFile);

    expect(await count()).toBe(before);
  });

  it.runIf(dialect === 'sqlite')(
    'answers 413 for a file over the limit, streaming it without holding it in memory',
    async () => {
      const boundary = `----laurel-${randomUUID()}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\r\n`,
      );
      const line = Buffer.from('ALPHA-1,B-1,Big,File,,,2020-01-01\r\n'.repeat(30_000));
      let sent = 0;
      const body = Readable.from(
        (function* () {
          yield head;
          while (sent <= UPLOAD_MAX_BYTES) {
            sent += line.length;
            yield line;
          }
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        })(),
      );
      const uploadsBefore = await db().selectFrom('uploads').select('id').execute();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${w.a.id}/uploads`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${await w.token(w.adminA)}`,
        },
        payload: body,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: UPLOAD_REFUSALS.tooLarge });
      expect(await db().selectFrom('uploads').select('id').execute()).toEqual(uploadsBefore);
    },
    60_000,
  );

  it('checks every row and explains each refusal in the errors CSV', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const done = await uploadAndProcess(
      'mixed.csv',
      csv(
        'ALPHA-1,E-001,=cmd|calc,+Plus,,,2020-01-01', // 2: good, formula-like cells are data
        'NOPE-9,E-002,Ann,Bee,,,2020-01-01', // 3: unknown code
        `${archivedCode},E-003,Ann,Bee,,,2020-01-01`, // 4: archived
        'ALPHA-1,,,Bee,,,2020-01-01', // 5: missing external id and first name
        `ALPHA-1,E-005,Ann,Bee,,,${future}`, // 6: future
        'ALPHA-1,E-006,Ann,Bee,,,1949-12-31', // 7: before 1950
        'ALPHA-1,E-007,Ann,Bee,,,2021-02-30', // 8: impossible
        'ALPHA-1,E-008,Ann,Bee,,,05/06/2021', // 9: format
        'ALPHA-1,E-009,Ann,Bee,not-an-email,,2021-01-01', // 10: e-mail
        'ALPHA-1,E-010,Ann,Bee,,2021-01-02,2021-01-01', // 11: born after the award
        'ALPHA-1,E-011,Ann,Bee,,2015-01-01,2021-01-01', // 12: too young
        'ALPHA-1,E-001,Again,Bee,,,2020-01-01', // 13: repeats row 2
        'ALPHA-1,E-013,Ann', // 14: cell count
        `ALPHA-1,E-014,${'x'.repeat(101)},Bee,,,2021-01-01`, // 15: too long
        'ALPHA-1,=HYPERLINK("http://evil"),@SUM(1),-2,,,2031-01-01', // 16: bad, formula cells
      ),
    );
    expect(done).toMatchObject({
      status: 'COMPLETED_WITH_ERRORS',
      rowsTotal: 15,
      rowsProcessed: 15,
      rowsOk: 1,
      rowsFailed: 14,
    });
    const [good] = await awardsOf('E-001');
    expect([good!.firstName, good!.lastName]).toEqual(['=cmd|calc', '+Plus']);

    const body = await errorsCsv(done.id);
    const lines = body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(`row,error,${HEADER}`);
    const reasons = new Map(
      lines.slice(1).map((line) => [Number(line.split(',')[0]), line] as const),
    );
    expect([...reasons.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(reasons.get(3)).toContain('No credential of this organization has the code ""NOPE-9""');
    expect(reasons.get(4)).toContain('is archived');
    expect(reasons.get(5)).toMatch(/external_id is missing; first_name is missing/);
    expect(reasons.get(6)).toContain('is in the future');
    expect(reasons.get(7)).toContain('is before 1950');
    expect(reasons.get(8)).toContain('2021-02-30 is not a real date');
    expect(reasons.get(9)).toContain('award_date must be written YYYY-MM-DD');
    expect(reasons.get(10)).toContain('is not a valid e-mail address');
    expect(reasons.get(11)).toContain('is not before the award date');
    expect(reasons.get(12)).toContain('younger than 12');
    expect(reasons.get(13)).toContain('Repeats row 2');
    expect(reasons.get(14)).toContain('Expected 7 cells, found 3');
    expect(reasons.get(15)).toContain('first_name is longer than 100 characters');
    // formula cells are neutralised in the download
    expect(reasons.get(16)).toContain(`"'=HYPERLINK(""http://evil"")",'@SUM(1),'-2`);
    expect(body).not.toMatch(/,=HYPERLINK/);

    const exports = await db()
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .select('y.code')
      .where('e.resourceType', '=', 'upload')
      .where('e.resourceId', '=', String(done.id))
      .execute();
    expect(exports.map((e) => e.code).sort()).toEqual(['EXPORT', 'UPLOAD']);
  });

  it('pages the refused rows one reason a line, with their column and cell, filtered by column and reason', async () => {
    const done = await uploadAndProcess(
      'refusals.csv',
      csv(
        'ALPHA-1,R-001,Ann,Bee,,,2020-01-01', // 2: good
        'WELD-101,R-002,Ann,Bee,,,2020-01-01', // 3: unknown code
        'ALPHA-1,,,Bee,ann@,,2020-01-01', // 4: external id and first name missing, e-mail
        'ALPHA-1,R-004,Ann', // 5: cell count
        'ALPHA-1,R-001,Again,Bee,,,2020-01-01', // 6: repeats row 2
        'RN-ASSOC,R-006,Ann,Bee,,,2020-01-01', // 7: unknown code
      ),
    );
    expect(done).toMatchObject({ rowsOk: 1, rowsFailed: 5 });
    const url = API_PATHS.uploadRefusals(done.id);
    const all = await get(url);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      items: [
        {
          rowNumber: 3,
          column: 'credential_code',
          reason: 'unknown-credential',
          message: 'No credential of this organization has the code "WELD-101"',
          value: 'WELD-101',
        },
        {
          rowNumber: 4,
          column: 'external_id',
          reason: 'missing',
          message: 'external_id is missing',
          value: '',
        },
        {
          rowNumber: 4,
          column: 'first_name',
          reason: 'missing',
          message: 'first_name is missing',
          value: '',
        },
        {
          rowNumber: 4,
          column: 'email',
          reason: 'invalid-email',
          message: 'email "ann@" is not a valid e-mail address',
          value: 'ann@',
        },
        {
          rowNumber: 5,
          column: null,
          reason: 'cell-count',
          message: 'Expected 7 cells, found 3',
          value: null,
        },
        {
          rowNumber: 6,
          column: null,
          reason: 'repeated-row',
          message: 'Repeats row 2 (same credential, external_id and award_date)',
          value: null,
        },
        {
          rowNumber: 7,
          column: 'credential_code',
          reason: 'unknown-credential',
          message: 'No credential of this organization has the code "RN-ASSOC"',
          value: 'RN-ASSOC',
        },
      ],
      total: 7,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      columns: [
        { column: 'credential_code', count: 2 },
        { column: 'external_id', count: 1 },
        { column: 'first_name', count: 1 },
        { column: 'email', count: 1 },
        { column: 'row', count: 2 },
      ],
      reasons: [
        { reason: 'missing', count: 2 },
        { reason: 'unknown-credential', count: 2 },
        { reason: 'cell-count', count: 1 },
        { reason: 'invalid-email', count: 1 },
        { reason: 'repeated-row', count: 1 },
      ],
    });
    const byColumn = (await get(`${url}?column=credential_code`)).json();
    expect(byColumn.items.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([3, 7]);
    expect(byColumn.total).toBe(2);
    const wholeRows = (await get(`${url}?column=row`)).json();
    expect(wholeRows.items.map((r: { reason: string }) => r.reason)).toEqual([
      'cell-count',
      'repeated-row',
    ]);
    const byReason = (await get(`${url}?reason=missing&column=first_name`)).json();
    expect(byReason.items).toHaveLength(1);
    expect(byReason.items[0]).toMatchObject({ rowNumber: 4, column: 'first_name' });
    const second = (await get(`${url}?pageSize=3&page=2`)).json();
    expect(second.items.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([4, 5, 6]);
    expect(second.total).toBe(7);
    expect((await get(`${url}?column=nope`)).statusCode).toBe(400);
    expect((await get(`${url}?reason=missing&extra=1`)).statusCode).toBe(400);

    // The credentials the upload's awards belong to: the insights it changed.
    const credentials = await get(API_PATHS.uploadCredentials(done.id));
    expect(credentials.statusCode).toBe(200);
    expect(credentials.json()).toEqual({
      items: [{ id: w.credentialA, code: 'ALPHA-1', name: 'Alpha Welding Certificate' }],
    });

    for (const target of [url, API_PATHS.uploadCredentials(done.id)]) {
      for (const [who, status] of Object.entries({
        adminA: 200,
        platformAdmin: 200,
        userA: 403,
        adminB: 404,
      })) {
        const response = await get(target, who as 'adminA');
        expect(response.statusCode, `${who} ${target}`).toBe(status);
      }
      expect((await t.app.inject({ method: 'GET', url: target })).statusCode).toBe(401);
    }
    expect((await get(API_PATHS.uploadRefusals(999_999), 'platformAdmin')).statusCode).toBe(404);
  });

  it('offers an organization the template with its own credential codes, which it accepts whole', async () => {
    const response = await get(`${API_PATHS.uploadTemplate}?organizationId=${w.a.id}`);
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([...UPLOAD_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['ALPHA-1', 'ALPHA-2']);
    // A file made from it, as it is, is accepted whole.
    const done = await uploadAndProcess('from-template.csv', response.body);
    expect(done).toMatchObject({ status: 'COMPLETED', rowsOk: 2, rowsFailed: 0 });

    for (const [who, status] of Object.entries({
      adminA: 200,
      platformAdmin: 200,
      userA: 403,
      adminB: 404,
    })) {
      const answer = await get(
        `${API_PATHS.uploadTemplate}?organizationId=${w.a.id}`,
        who as 'adminA',
      );
      expect(answer.statusCode, who).toBe(status);
    }
    expect(
      (await get(`${API_PATHS.uploadTemplate}?organizationId=999999`, 'platformAdmin')).statusCode,
    ).toBe(404);
    expect((await get(`${API_PATHS.uploadTemplate}?organizationId=abc`)).statusCode).toBe(400);
  });

  it('keeps the awards of a file whose rows are all refused out, and completes with errors', async () => {
    const done = await uploadAndProcess('bad.csv', csv('NOPE,N-1,A,B,,,2020-01-01'));
    expect(done).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', rowsOk: 0, rowsFailed: 1 });
    expect(await awardsOf('N-1')).toHaveLength(0);
  });

  it('lets only organization admins and platform admins see uploads, hiding other organizations', async () => {
    const mine = await upload(w.a.id, 'perm.csv', csv('ALPHA-1,P-1,Pat,Quinn,,,2020-01-01'));
    expect(mine.statusCode).toBe(201);
    const id = (mine.json() as TUpload).id;
    expect(
      (await upload(w.a.id, 'p.csv', csv('ALPHA-1,P-2,A,B,,,2020-01-01'), 'platformAdmin'))
        .statusCode,
    ).toBe(201);
    const userA = await upload(w.a.id, 'p.csv', csv('ALPHA-1,P-3,A,B,,,2020-01-01'), 'userA');
    expect(userA.statusCode).toBe(403);
    const adminB = await upload(w.a.id, 'p.csv', csv('ALPHA-1,P-4,A,B,,,2020-01-01'), 'adminB');
    expect(adminB.statusCode).toBe(404);
    const anonymous = await upload(w.a.id, 'p.csv', csv('ALPHA-1,P-5,A,B,,,2020-01-01'), null);
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await upload(999_999, 'p.csv', csv('ALPHA-1,P-6,A,B,,,2020-01-01'), 'platformAdmin'))
        .statusCode,
    ).toBe(404);

    for (const [url, expected] of [
      [`/api/uploads/${id}`, { adminA: 200, platformAdmin: 200, userA: 403, adminB: 404 }],
      [
        `/api/uploads/${id}/errors.csv`,
        { adminA: 200, platformAdmin: 200, userA: 403, adminB: 404 },
      ],
      [
        `/api/organizations/${w.a.id}/uploads`,
        { adminA: 200, platformAdmin: 200, userA: 403, adminB: 404 },
      ],
      ['/api/uploads', { adminA: 200, platformAdmin: 200, userA: 403, adminB: 200 }],
      ['/api/uploads/template.csv', { adminA: 200, platformAdmin: 200, userA: 200, adminB: 200 }],
    ] as const) {
      for (const [who, status] of Object.entries(expected)) {
        const response = await get(url, who as keyof typeof expected);
        expect(response.statusCode, `${who} ${url}`).toBe(status);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }

    const listB = (await get('/api/uploads', 'adminB')).json();
    expect(listB.items.every((u: TUpload) => u.organizationId === w.b.id)).toBe(true);
    const all = (
      await get(`/api/uploads?organizationId=${w.a.id}&pageSize=100`, 'platformAdmin')
    ).json();
    expect(all.items.map((u: TUpload) => u.id)).toContain(id);
    const listA = (await get(`/api/organizations/${w.a.id}/uploads?pageSize=100`)).json();
    const ids = listA.items.map((u: TUpload) => u.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const pending = (await get(`/api/organizations/${w.a.id}/uploads?status=PENDING`)).json();
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((u: TUpload) => u.status === 'PENDING')).toBe(true);
    await t.runJobs();
  });

  it('exports what the uploads list selects as CSV, statuses in words, to admins only', async () => {
    const good = await uploadAndProcess(
      'export-good.csv',
      csv('ALPHA-1,E-1,Eve,Stone,,,2021-06-01'),
    );
    const refused = await uploadAndProcess(
      'export-some-refused.csv',
      csv('NOPE,E-2,A,B,,,2020-01-01'),
    );
    const betaFile = await upload(
      w.b.id,
      'export-beta.csv',
      'not,the,header\r\n1,2,3\r\n',
      'adminB',
    );
    expect(betaFile.statusCode, betaFile.body).toBe(201);
    await t.runJobs();

    const rowsOf = (body: string) =>
      parse(body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const response = await get('/api/uploads/export.csv?search=export-');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="uploads.csv"');
    const rows = rowsOf(response.body);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'organization',
      'file',
      'size (bytes)',
      'status',
      'rows',
      'rows kept',
      'rows refused',
      'problem',
      'uploaded by',
      'uploaded',
      'finished',
    ]);
    // The admin of A gets A's uploads only, in the list's order (newest first).
    const listed = (await get('/api/uploads?search=export-&pageSize=100')).json();
    expect(rows.map((row) => Number(row.id))).toEqual(listed.items.map((u: TUpload) => u.id));
    expect(rows.map((row) => row.file)).toEqual(['export-some-refused.csv', 'export-good.csv']);
    expect(rows[1]).toMatchObject({
      id: String(good.id),
      organization: 'Alpha College',
      status: 'Completed',
      rows: '1',
      'rows kept': '1',
      'rows refused': '0',
      'uploaded by': 'Ada Alpha',
      'size (bytes)': String(good.fileSize),
    });
    expect(rows[0]).toMatchObject({ id: String(refused.id), status: 'Completed with errors' });

    // The list's filters apply: status, and organization for a platform admin.
    const byStatus = rowsOf(
      (await get('/api/uploads/export.csv?search=export-&status=COMPLETED_WITH_ERRORS')).body,
    );
    expect(byStatus.map((row) => row.file)).toEqual(['export-some-refused.csv']);
    const ofBeta = rowsOf(
      (
        await get(
          `/api/uploads/export.csv?search=export-&organizationId=${w.b.id}`,
          'platformAdmin',
        )
      ).body,
    );
    expect(ofBeta.map((row) => [row.file, row.organization, row.status])).toEqual([
      ['export-beta.csv', 'Beta Institute', 'Failed'],
    ]);
    expect(ofBeta[0]!.problem).not.toBe('');
    const everyone = rowsOf(
      (await get('/api/uploads/export.csv?search=export-', 'platformAdmin')).body,
    );
    expect(everyone.map((row) => row.file).sort()).toEqual([
      'export-beta.csv',
      'export-good.csv',
      'export-some-refused.csv',
    ]);
    const forB = rowsOf((await get('/api/uploads/export.csv?search=export-', 'adminB')).body);
    expect(forB.map((row) => row.file)).toEqual(['export-beta.csv']);
    // The admin of B cannot widen the export to A by asking for it.
    const widened = rowsOf(
      (await get(`/api/uploads/export.csv?organizationId=${w.a.id}`, 'adminB')).body,
    );
    expect(widened).toEqual([]);

    // People who may not see uploads get no export; a bad filter is refused before any row.
    const forUser = await get('/api/uploads/export.csv', 'userA');
    expect(forUser.statusCode).toBe(403);
    expect(forUser.headers['content-type']).toContain('application/json');
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/export.csv' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/uploads/export.csv?status=DONE')).statusCode).toBe(400);
  });

  it('serves a template whose header the upload accepts', async () => {
    const response = await get('/api/uploads/template.csv', 'userA');
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
  });

  it('shows progress while a file is processed', async () => {
    const seen: TUpload[] = [];
    t.app.jobs.register(
      JOB_TYPES.processUpload,
      createProcessUploadHandler(
        { uploads: createUploadsRepository(db(), dialect) },
        {
          batchSize: 10,
          async afterBatch({ uploadId }) {
            seen.push((await get(`/api/uploads/${uploadId}`)).json() as TUpload);
          },
        },
      ),
    );
    try {
      const rows = Array.from(
        { length: 35 },
        (_, i) => `ALPHA-2,G-${1000 + i},Gia,Hart,,,2021-04-0${(i % 9) + 1}`,
      );
      const done = await uploadAndProcess('progress.csv', csv(...rows));
      expect(done).toMatchObject({ status: 'COMPLETED', rowsOk: 35 });
      expect(seen.map((u) => [u.status, u.rowsTotal, u.rowsProcessed])).toEqual([
        ['PROCESSING', 35, 10],
        ['PROCESSING', 35, 20],
        ['PROCESSING', 35, 30],
        ['PROCESSING', 35, 35],
      ]);
      // awards appear all at once, when the upload completes
      expect(seen.every((u) => u.rowsOk === 0)).toBe(true);
    } finally {
      t.app.jobs.register(
        JOB_TYPES.processUpload,
        createProcessUploadHandler({ uploads: createUploadsRepository(db(), dialect) }),
      );
    }
  });

  it('starts over after a crash in the middle and ends with exactly the right awards', async () => {
    const awardsDuringCrash: number[] = [];
    t.app.jobs.register(
      JOB_TYPES.processUpload,
      createProcessUploadHandler(
        { uploads: createUploadsRepository(db(), dialect) },
        {
          batchSize: 20,
          async afterBatch({ rowsProcessed, attempt }) {
            if (attempt === 1 && rowsProcessed >= 40) {
              awardsDuringCrash.push((await awardsOf('C-')).length);
              throw new Error('simulated crash');
            }
          },
        },
      ),
    );
    try {
      const rows = Array.from(
        { length: 100 },
        (_, i) => `ALPHA-1,C-${1000 + i},Cal,Dunn,,,2022-01-15`,
      );
      const done = await uploadAndProcess(
        'crash.csv',
        csv(...rows, 'ALPHA-1,C-1000,Cal,Dunn,,,2022-01-15'),
      );
      expect(awardsDuringCrash).toEqual([0]);
      expect(done).toMatchObject({
        status: 'COMPLETED_WITH_ERRORS',
        rowsTotal: 101,
        rowsOk: 100,
        rowsFailed: 1,
      });
      const awards = await awardsOf('C-');
      expect(awards).toHaveLength(100);
      expect(new Set(awards.map((a) => a.externalId)).size).toBe(100);
      const job = await db()
        .selectFrom('jobs')
        .select(['status', 'attempts', 'lastError'])
        .where('type', '=', JOB_TYPES.processUpload)
        .where('payload', '=', JSON.stringify({ uploadId: done.id }))
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'DONE', attempts: 2, lastError: null });
      expect(await errorsCsv(done.id)).toContain('Repeats row 2');
    } finally {
      t.app.jobs.register(
        JOB_TYPES.processUpload,
        createProcessUploadHandler({ uploads: createUploadsRepository(db(), dialect) }),
      );
    }
  });

  it('marks the upload failed and clears its staging once every attempt failed', async () => {
    t.app.jobs.register(
      JOB_TYPES.processUpload,
      createProcessUploadHandler(
        { uploads: createUploadsRepository(db(), dialect) },
        {
          batchSize: 1,
          afterBatch() {
            throw new Error('disk on fire');
          },
        },
      ),
    );
    try {
      const done = await uploadAndProcess('doomed.csv', csv('ALPHA-1,D-1,A,B,,,2020-01-01'));
      expect(done).toMatchObject({ status: 'FAILED', errorMessage: PROCESSING_STOPPED });
      expect(await awardsOf('D-1')).toHaveLength(0);
      const staged = await db()
        .selectFrom('uploadRows')
        .select('rowNumber')
        .where('uploadId', '=', done.id)
        .execute();
      expect(staged).toEqual([]);
    } finally {
      t.app.jobs.register(
        JOB_TYPES.processUpload,
        createProcessUploadHandler({ uploads: createUploadsRepository(db(), dialect) }),
      );
    }
  });

  it('finishes an upload whose worker process was killed mid-way (SIGKILL)', async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `ALPHA-2,KL-${10_000 + i},Kai,Moss,,,2023-02-0${(i % 9) + 1}`,
    );
    const created = await upload(w.a.id, 'killed.csv', csv(...rows));
    expect(created.statusCode).toBe(201);
    const id = (created.json() as TUpload).id;

    const child = spawn(process.execPath, [WORKER, t.database.url, '150'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (!output.includes('stalled') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(output).toMatch(/stalled \d+/);
    const during = (await get(`/api/uploads/${id}`)).json() as TUpload;
    expect(during.status).toBe('PROCESSING');
    expect(during.rowsProcessed).toBeGreaterThanOrEqual(150);
    expect(during.rowsProcessed).toBeLessThan(400);
    child.kill('SIGKILL');
    await exited;

    // The dead worker's lease (1 s) runs out; this process claims the job again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await t.runJobs();
    const done = (await get(`/api/uploads/${id}`)).json() as TUpload;
    expect(done).toMatchObject({ status: 'COMPLETED', rowsOk: 400, rowsFailed: 0 });
    const awards = await awardsOf('KL-');
    expect(awards).toHaveLength(400);
    expect(new Set(awards.map((a) => a.externalId)).size).toBe(400);
    const job = await db()
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('payload', '=', JSON.stringify({ uploadId: id }))
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'DONE', attempts: 2 });
  });
});
