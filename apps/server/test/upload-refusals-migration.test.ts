import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createOrganization, createUser } from './helpers/builders.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

// Uploads refused before the refusals had their own rows (migration 20261202T1030) keep only the
// joined message; the migration reads each reason back, with its column and cell.

const MIGRATION = '20261202T1030-upload-refusals-benchmark-versions';
const NOW = '2026-06-01T00:00:00.000Z';

describe.each(DIALECTS)('refused rows kept from before on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let uploadId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const before = Object.fromEntries(
      Object.entries(serverMigrations).filter(([name]) => name < MIGRATION),
    );
    await migrateToLatest(db(), [before, ...IDENTITY_MIGRATIONS]);
    const organization = await createOrganization(db(), { name: 'Alpha College' });
    const user = await createUser(db(), organization.id, { email: 'admin@alpha.test' });
    ({ id: uploadId } = await db()
      .insertInto('uploads')
      .values({
        organizationId: organization.id,
        uploadedByUserId: user.id,
        fileName: 'old.csv',
        fileSize: 100,
        status: 'COMPLETED_WITH_ERRORS',
        errorMessage: null,
        createdAt: NOW,
        updatedAt: NOW,
        startedAt: NOW,
        finishedAt: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    const row = (rowNumber: number, cells: string[], error: string) => ({
      uploadId,
      rowNumber,
      credentialId: null,
      externalId: null,
      firstName: null,
      lastName: null,
      email: null,
      dateOfBirth: null,
      awardDate: null,
      awardYear: null,
      raw: JSON.stringify(cells),
      error,
    });
    await db()
      .insertInto('uploadRows')
      .values([
        row(
          2,
          ['A; B', 'S-1', '', 'Lee', 'x@', '', '2020-01-01'],
          'No credential of this organization has the code "A; B"; first_name is missing; email "x@" is not a valid e-mail address',
        ),
        row(3, ['W-1', 'S-2'], 'Expected 7 cells, found 2'),
        row(
          4,
          ['W-1', 'S-1', 'Ann', 'Lee', '', '2019-01-01', '2020-01-01'],
          'date_of_birth 2019-01-01 would make the person younger than 12 on the award date',
        ),
      ])
      .execute();
    await migrateToLatest(db(), [serverMigrations, ...IDENTITY_MIGRATIONS]);
  });
  afterAll(() => database?.drop());

  it('splits each kept message into its reasons, each with its column and cell', async () => {
    const refusals = await db()
      .selectFrom('uploadRefusals')
      .select(['rowNumber', 'seq', 'columnName', 'reason', 'message', 'value'])
      .where('uploadId', '=', uploadId)
      .orderBy('rowNumber')
      .orderBy('seq')
      .execute();
    expect(refusals.map((r) => ({ ...r, rowNumber: Number(r.rowNumber) }))).toEqual([
      {
        rowNumber: 2,
        seq: 0,
        columnName: 'credential_code',
        reason: 'unknown-credential',
        message: 'No credential of this organization has the code "A; B"',
        value: 'A; B',
      },
      {
        rowNumber: 2,
        seq: 1,
        columnName: 'first_name',
        reason: 'missing',
        message: 'first_name is missing',
        value: '',
      },
      {
        rowNumber: 2,
        seq: 2,
        columnName: 'email',
        reason: 'invalid-email',
        message: 'email "x@" is not a valid e-mail address',
        value: 'x@',
      },
      {
        rowNumber: 3,
        seq: 0,
        columnName: null,
        reason: 'cell-count',
        message: 'Expected 7 cells, found 2',
        value: null,
      },
      {
        rowNumber: 4,
        seq: 0,
        columnName: 'date_of_birth',
        reason: 'date-out-of-range',
        message: 'date_of_birth 2019-01-01 would make the person younger than 12 on the award date',
        value: '2019-01-01',
      },
    ]);
  });
});
