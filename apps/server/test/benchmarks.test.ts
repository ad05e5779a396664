import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import type { Database } from '../src/db/schema.ts';
import {
  createBenchmarksRepository,
  previousVersionsBefore,
} from '../src/modules/benchmarks/benchmarks.repository.ts';
import { realFactor } from '../src/modules/insights/cpi-u.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

const HEADER = 'geography,cip,soc,metric,year,value,source';
const SOURCE = 'State wage records 2023 (test)';

function multipart(fileName: string, content: string) {
  const boundary = `----laurel-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DIALECTS)('earnings benchmarks on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => new Date('2026-03-01T00:00:00Z') });
    w = await createWorld(t);
    db = t.database.handle.db;
    await db.updateTable('organizations').set({ state: 'OR' }).where('id', '=', w.a.id).execute();
    await db
      .updateTable('credentials')
      .set({ programCode: '48.0508' })
      .where('id', '=', w.credentialA)
      .execute();
  });
  afterAll(() => t?.close());

  async function send(
    user: BuiltUser,
    method: 'POST' | 'PUT',
    url: string,
    csv: string,
    name = 'b.csv',
  ) {
    const { payload, contentType } = multipart(name, csv);
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await w.token(user)}`, 'content-type': contentType },
      payload,
    });
  }
  async function call(user: BuiltUser, method: 'GET' | 'DELETE', url: string) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await w.token(user)}` },
    });
  }
  const values = () => db.selectFrom('benchmarkValues').selectAll().orderBy('id').execute();
  const auditOf = (resourceId: number) =>
    db
      .selectFrom('auditEntries as e')
      .innerJoin('auditTypes as y', 'y.id', 'e.typeId')
      .where('e.resourceType', '=', 'benchmark-data-set')
      .where('e.resourceId', '=', String(resourceId))
      .select(['y.code', 'e.summary', 'e.actorUserId'])
      .orderBy('e.id')
      .execute();

  it('imports a valid file, lists it, compares a credential with it and audits the import', async () => {
    const csv = [
      HEADER,
      `OR,48.0508,,median_earnings,2023,"$46,100",${SOURCE}`,
      `US,48.0508,,median_earnings,2023,44100,${SOURCE}`,
      `US,48,,median_earnings,2024,40000,${SOURCE}`,
      `OR,,,hs_earnings_threshold,2023,31900,${SOURCE}`,
      `US,,,hs_earnings_threshold,2023,30500,${SOURCE}`,
      `US,,29-1141,median_earnings,2023,79900,${SOURCE}`,
      '',
    ].join('\n');
    const response = await send(w.platformAdmin, 'POST', API_PATHS.benchmarks, csv, 'wages.csv');
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      fileName: 'wages.csv',
      rows: 6,
      metrics: ['hs_earnings_threshold', 'median_earnings'],
      geographies: 2,
      yearFrom: 2023,
      yearTo: 2024,
      sources: [SOURCE],
      importedBy: 'Pat Admin',
    });
    const list = (await call(w.platformAdmin, 'GET', API_PATHS.benchmarks)).json();
    expect(list.items.map((item: { id: number }) => item.id)).toContain(created.id);
    expect(await auditOf(created.id)).toEqual([
      {
        code: 'UPLOAD',
        summary: 'Imported benchmark file "wages.csv" (6 rows)',
        actorUserId: w.platformAdmin.id,
      },
    ]);

    // The most specific code in the organization's state, in the insights' dollars.
    const comparison = await call(
      w.userA,
      'GET',
      `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}&dollarsOfYear=2025`,
    );
    expect(comparison.statusCode, comparison.body).toBe(200);
    const body = comparison.json();
    expect(body).toEqual({
      credentialId: w.credentialA,
      dollarsOfYear: 2025,
      benchmark: {
        metric: 'median_earnings',
        value: Math.round(46_100 * realFactor(2023, 2025)),
        reportedValue: 46_100,
        year: 2023,
        geography: 'OR',
        code: '48.0508',
        codeSystem: 'CIP',
        source: SOURCE,
        dataSetId: created.id,
        dataSetName: 'wages.csv',
      },
      threshold: {
        metric: 'hs_earnings_threshold',
        value: Math.round(31_900 * realFactor(2023, 2025)),
        reportedValue: 31_900,
        year: 2023,
        geography: 'OR',
        code: null,
        codeSystem: null,
        source: SOURCE,
        dataSetId: created.id,
        dataSetName: 'wages.csv',
      },
    });

    // Without a state row, the nation's; a program code that is an occupation finds the SOC row.
    await db.updateTable('organizations').set({ state: 'WA' }).where('id', '=', w.a.id).execute();
    await db
      .updateTable('credentials')
      .set({ programCode: '29-1141' })
      .where('id', '=', w.credentialA)
      .execute();
    const national = (
      await call(w.userA, 'GET', `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`)
    ).json();
    expect(national.benchmark).toMatchObject({
      geography: 'US',
      code: '29-1141',
      codeSystem: 'SOC',
    });
    expect(national.threshold).toMatchObject({ geography: 'US', reportedValue: 30_500 });
    // A code the file lacks, in a family it has: the family's figure.
    await db
      .updateTable('credentials')
      .set({ programCode: '48.0501' })
      .where('id', '=', w.credentialA)
      .execute();
    const family = (
      await call(w.userA, 'GET', `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`)
    ).json();
    expect(family.benchmark).toMatchObject({ code: '48', year: 2024, reportedValue: 40_000 });
    await db.updateTable('organizations').set({ state: 'OR' }).where('id', '=', w.a.id).execute();
    await db
      .updateTable('credentials')
      .set({ programCode: '48.0508' })
      .where('id', '=', w.credentialA)
      .execute();
  });

  it('refuses a file with errors whole, naming each row and column, and stores nothing', async () => {
    const before = await values();
    const csv = [
      HEADER,
      `OR,48.0508,,median_earnings,2023,46100,${SOURCE}`,
      `XX,48.0508,,median_earnings,2023,46100,${SOURCE}`,
      `US,4805,,median_earnings,1889,-5,${SOURCE}`,
      `US,48.0508,29-1141,median_earnings,2023,100,${SOURCE}`,
      `US,,,hs_earnings_threshold,2023,30500,`,
      `US,,,earnings,2023,30500,${SOURCE}`,
      `OR,48.0508,,median_earnings,2023,47000,${SOURCE}`,
    ].join('\n');
    const response = await send(w.platformAdmin, 'POST', API_PATHS.benchmarks, csv);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toContain('6 rows have errors');
    expect(body.message).toContain('Nothing was imported');
    expect(body.fieldErrors).toEqual({
      '3.geography': 'must be US or a state’s two-letter postal code, e.g. OR',
      '4.cip': 'must be a CIP code: 2 digits, or 2.2 or 2.4 digits, e.g. 51.3801',
      '4.year': `must be a calendar year from 1990 to 2026`,
      '4.value': 'must be an amount in dollars above 0, e.g. 52100',
      '5.row': 'median_earnings needs either a cip or a soc code, not both',
      '6.source': 'is empty: name where the figure comes from',
      '7.metric': 'must be one of median_earnings, hs_earnings_threshold',
      '8.row': 'repeats line 2 (same geography, code, metric and year)',
    });
    expect(await values()).toEqual(before);

    const header = await send(
      w.platformAdmin,
      'POST',
      API_PATHS.benchmarks,
      'geography,cip,metric,year,amount,source\nUS,11,median_earnings,2023,1,x\n',
    );
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(
      'The header lacks the column(s) soc, value and has unknown column(s) amount. A benchmark file has the columns geography, cip, soc, metric, year, value, source. Nothing was imported.',
    );
    const empty = await send(w.platformAdmin, 'POST', API_PATHS.benchmarks, `${HEADER}\n`);
    expect(empty.json().message).toBe(
      'The file has a header but no benchmark rows. Nothing was imported.',
    );
    const latin1 = await send(
      w.platformAdmin,
      'POST',
      API_PATHS.benchmarks,
      `${HEADER}\nUS,,,hs_earnings_threshold,2023,1,Caf\u00e9`.replace('é', '\u00e9'),
      'x.txt',
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toContain('Only CSV files');
    expect(await values()).toEqual(before);
  });

  it('replaces a data set all or nothing, deletes it, and audits both', async () => {
    const created = (
      await send(
        w.platformAdmin,
        'POST',
        API_PATHS.benchmarks,
        `${HEADER}\nCA,52.0201,,median_earnings,2022,50000,${SOURCE}\n`,
        'first.csv',
      )
    ).json();
    const rowsOf = async (id: number) =>
      (await values())
        .filter((row) => Number(row.dataSetId) === id)
        .map((row) => Number(row.value));

    const refused = await send(
      w.platformAdmin,
      'PUT',
      API_PATHS.benchmark(created.id),
      `${HEADER}\nCA,52.0201,,median_earnings,2023,abc,${SOURCE}\n`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      '2.value': 'must be an amount in dollars above 0, e.g. 52100',
    });
    expect(await rowsOf(created.id)).toEqual([50_000]);

    const replaced = await send(
      w.platformAdmin,
      'PUT',
      API_PATHS.benchmark(created.id),
      `${HEADER}\nCA,52.0201,,median_earnings,2023,52000,${SOURCE}\nUS,52.0201,,median_earnings,2023,49000,${SOURCE}\n`,
      'second.csv',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.id,
      fileName: 'second.csv',
      rows: 2,
      yearFrom: 2023,
    });
    expect(await rowsOf(created.id)).toEqual([52_000, 49_000]);

    const removed = await call(w.platformAdmin, 'DELETE', API_PATHS.benchmark(created.id));
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(created.id)).toEqual([]);
    expect(
      (await call(w.platformAdmin, 'DELETE', API_PATHS.benchmark(created.id))).statusCode,
    ).toBe(404);
    expect((await auditOf(created.id)).map((entry) => [entry.code, entry.summary])).toEqual([
      ['UPLOAD', 'Imported benchmark file "first.csv" (1 rows)'],
      [
        'UPDATE',
        'Replaced benchmark data set "first.csv" (1 rows) with "second.csv" (2 rows); the previous version can be restored for 30 days',
      ],
      ['DELETE', 'Deleted benchmark data set "second.csv"'],
    ]);
  });

  it('checks a file without storing it, keeps the replaced rows, restores them and undoes the restore', async () => {
    const first = [
      HEADER,
      `OR,48.0508,,median_earnings,2023,61000,${SOURCE}`,
      `US,48.0508,,median_earnings,2023,58000,${SOURCE}`,
      `OR,,,hs_earnings_threshold,2023,31900,${SOURCE}`,
    ].join('\n');
    const created = (
      await send(w.platformAdmin, 'POST', API_PATHS.benchmarks, first, 'regional.csv')
    ).json();
    const before = await values();

    const checked = await send(
      w.platformAdmin,
      'POST',
      API_PATHS.benchmarkCheck,
      `${HEADER}\nOR,48.0508,,median_earnings,2023,65000,${SOURCE}\n`,
      'regional-2.csv',
    );
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ fileName: 'regional-2.csv', rows: 1 });
    const badCheck = await send(
      w.platformAdmin,
      'POST',
      API_PATHS.benchmarkCheck,
      `${HEADER}\nOR,48.0508,,median_earnings,2023,abc,${SOURCE}\n`,
    );
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().fieldErrors).toEqual({
      '2.value': 'must be an amount in dollars above 0, e.g. 52100',
    });
    expect(await values()).toEqual(before);
    // Nothing to restore before a replacement.
    const nothing = await send(w.platformAdmin, 'POST', API_PATHS.benchmarkRestore(created.id), '');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toContain('no previous version');

    const replaced = await send(
      w.platformAdmin,
      'PUT',
      API_PATHS.benchmark(created.id),
      `${HEADER}\nOR,48.0508,,median_earnings,2023,65000,${SOURCE}\n`,
      'regional-2.csv',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.id,
      fileName: 'regional-2.csv',
      rows: 1,
      previousVersion: {
        fileName: 'regional.csv',
        rows: 3,
        replacedAt: '2026-03-01T00:00:00.000Z',
        restorableUntil: '2026-03-31T00:00:00.000Z',
      },
    });
    // The previous version is not a data set of the list, and no comparison reads it.
    const listed = (await call(w.platformAdmin, 'GET', API_PATHS.benchmarks)).json();
    expect(listed.items.filter((set: { id: number }) => set.id === created.id)).toHaveLength(1);
    expect(listed.items.map((set: { fileName: string }) => set.fileName)).not.toContain(
      'regional.csv',
    );
    const comparison = (
      await call(w.userA, 'GET', `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`)
    ).json();
    expect(comparison.benchmark).toMatchObject({
      reportedValue: 65_000,
      dataSetId: created.id,
      dataSetName: 'regional-2.csv',
    });
    expect(comparison.threshold?.dataSetId).not.toBe(created.id);

    const restored = await send(
      w.platformAdmin,
      'POST',
      API_PATHS.benchmarkRestore(created.id),
      '',
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      id: created.id,
      fileName: 'regional.csv',
      rows: 3,
      previousVersion: { fileName: 'regional-2.csv', rows: 1 },
    });
    const back = (
      await call(w.userA, 'GET', `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`)
    ).json();
    expect(back.benchmark).toMatchObject({ reportedValue: 61_000, dataSetName: 'regional.csv' });
    // A second restore undoes the first.
    const again = await send(w.platformAdmin, 'POST', API_PATHS.benchmarkRestore(created.id), '');
    expect(again.json()).toMatchObject({
      fileName: 'regional-2.csv',
      rows: 1,
      previousVersion: { fileName: 'regional.csv', rows: 3 },
    });
    expect((await auditOf(created.id)).map((entry) => entry.summary).slice(-2)).toEqual([
      'Restored the previous version of benchmark data set "regional-2.csv" (1 rows): "regional.csv" (3 rows)',
      'Restored the previous version of benchmark data set "regional.csv" (3 rows): "regional-2.csv" (1 rows)',
    ]);

    // After 30 days the previous version can no longer be restored, and the purge deletes it.
    await db
      .updateTable('benchmarkDataSets')
      .set({ replacedAt: '2026-01-29T23:00:00.000Z' })
      .where('previousOfId', '=', created.id)
      .execute();
    const expired = (await call(w.platformAdmin, 'GET', API_PATHS.benchmarks)).json();
    expect(
      expired.items.find((set: { id: number }) => set.id === created.id).previousVersion,
    ).toBeNull();
    const late = await send(w.platformAdmin, 'POST', API_PATHS.benchmarkRestore(created.id), '');
    expect(late.statusCode).toBe(409);
    const kept = await db
      .selectFrom('benchmarkDataSets')
      .select('id')
      .where('previousOfId', '=', created.id)
      .executeTakeFirstOrThrow();
    await createBenchmarksRepository(db).purgePrevious(
      previousVersionsBefore(new Date('2026-03-01T00:00:00Z')),
    );
    expect(
      await db.selectFrom('benchmarkDataSets').select('id').where('id', '=', kept.id).execute(),
    ).toEqual([]);
    expect((await values()).filter((row) => Number(row.dataSetId) === kept.id)).toEqual([]);

    // Deleting a data set deletes its previous version too.
    await send(
      w.platformAdmin,
      'PUT',
      API_PATHS.benchmark(created.id),
      `${HEADER}\nOR,48.0508,,median_earnings,2023,66000,${SOURCE}\n`,
    );
    expect(
      (await call(w.platformAdmin, 'DELETE', API_PATHS.benchmark(created.id))).statusCode,
    ).toBe(204);
    expect(
      await db
        .selectFrom('benchmarkDataSets')
        .select('id')
        .where('previousOfId', '=', created.id)
        .execute(),
    ).toEqual([]);
  });

  it('uses the data set imported last for overlapping rows, says so in the list and names it in the comparison', async () => {
    const row = (value: number) => `OR,48.0508,,median_earnings,2023,${value},${SOURCE}`;
    const older = (
      await send(
        w.platformAdmin,
        'POST',
        API_PATHS.benchmarks,
        `${HEADER}\n${row(70000)}`,
        'same.csv',
      )
    ).json();
    const newer = (
      await send(
        w.platformAdmin,
        'POST',
        API_PATHS.benchmarks,
        `${HEADER}\n${row(72000)}`,
        'same.csv',
      )
    ).json();
    // Replacing the older one keeps its place: the newer data set still wins.
    await send(
      w.platformAdmin,
      'PUT',
      API_PATHS.benchmark(older.id),
      `${HEADER}\n${row(71000)}`,
      'older-replaced.csv',
    );
    const list = (await call(w.platformAdmin, 'GET', API_PATHS.benchmarks)).json();
    const rank = (id: number) =>
      list.items.find((set: { id: number }) => set.id === id).precedence as number;
    expect(rank(newer.id)).toBe(1);
    expect(rank(older.id)).toBeGreaterThan(1);
    expect(list.items.map((set: { precedence: number }) => set.precedence)).toEqual(
      list.items.map((_: unknown, index: number) => index + 1),
    );
    const comparison = (
      await call(w.userA, 'GET', `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`)
    ).json();
    expect(comparison.benchmark).toMatchObject({
      reportedValue: 72_000,
      dataSetId: newer.id,
      dataSetName: 'same.csv',
    });
    await call(w.platformAdmin, 'DELETE', API_PATHS.benchmark(newer.id));
    await call(w.platformAdmin, 'DELETE', API_PATHS.benchmark(older.id));
  });

  it('lets only platform admins manage benchmarks, and only the organization read its comparison', async () => {
    const csv = `${HEADER}\nUS,,,hs_earnings_threshold,2023,30500,${SOURCE}\n`;
    for (const user of [w.adminA, w.userA]) {
      expect((await send(user, 'POST', API_PATHS.benchmarkCheck, csv)).statusCode).toBe(403);
      expect((await send(user, 'POST', API_PATHS.benchmarkRestore(1), '')).statusCode).toBe(403);
      expect((await send(user, 'POST', API_PATHS.benchmarks, csv)).statusCode).toBe(403);
      expect((await send(user, 'PUT', API_PATHS.benchmark(1), csv)).statusCode).toBe(403);
      expect((await call(user, 'GET', API_PATHS.benchmarks)).statusCode).toBe(403);
      expect((await call(user, 'DELETE', API_PATHS.benchmark(1))).statusCode).toBe(403);
    }
    // Another organization's credential is not found; a platform admin may read any.
    const other = await call(
      w.adminB,
      'GET',
      `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`,
    );
    expect(other.statusCode).toBe(404);
    const admin = await call(
      w.platformAdmin,
      'GET',
      `${API_PATHS.benchmarkComparison}?credentialId=${w.credentialA}`,
    );
    expect(admin.statusCode).toBe(200);
    const unknown = await call(
      w.platformAdmin,
      'GET',
      `${API_PATHS.benchmarkComparison}?credentialId=999999`,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await call(
      w.platformAdmin,
      'GET',
      `${API_PATHS.benchmarkComparison}?credentialId=abc`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
