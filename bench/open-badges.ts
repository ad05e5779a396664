// Signed credentials benchmark: an organization with BENCH_BADGES awards (3,000 by default) of one
// credential, all issued by the issuing job as it runs in the worker (sign, store, audit), on
// SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL. Reports credentials
// issued per second (target 500/s). `npm run bench -- open-badges`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import pg from 'pg';

import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { createJobHandlers } from '../apps/server/src/jobs/handlers.ts';
import { JOB_TYPES, type JobContext } from '../apps/server/src/jobs/types.ts';
import type { BenchRow } from './lib.ts';

const AWARDS = Number(process.env.BENCH_BADGES ?? 3000);
const TARGET_PER_SECOND = 500;

async function issueAll(url: string): Promise<number> {
  const database = createDatabase(url);
  const db = database.db;
  try {
    await migrateToLatest(db, [serverMigrations]);
    const now = new Date().toISOString();
    const { id: organizationId } = await db
      .insertInto('organizations')
      .values({
        name: 'Bench College',
        typeId: 3,
        loginModeId: 1,
        website: 'https://bench.example',
        city: null,
        state: null,
        salesforceAccountId: null,
        insightsEntitled: false,
        mfaRequired: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: credentialId } = await db
      .insertInto('credentials')
      .values({
        organizationId,
        code: 'BENCH-1',
        name: 'Bench Welding Certificate',
        typeId: 1,
        programCode: null,
        description: 'Structural welding to code.',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < AWARDS; start += 500) {
      await db
        .insertInto('awards')
        .values(
          Array.from({ length: Math.min(500, AWARDS - start) }, (_, k) => ({
            organizationId,
            credentialId,
            externalId: `B-${start + k}`,
            firstName: `First${start + k}`,
            lastName: `Last${start + k}`,
            email: (start + k) % 3 ? `person${start + k}@bench.example` : null,
            dateOfBirth: null,
            awardDate: '2024-06-01',
            awardYear: 2024,
            uploadId: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    await db
      .insertInto('issuerProfiles')
      .values({
        organizationId,
        publicId: 'benchbenchbenchbench',
        issuingAllowed: true,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('credentialIssuing')
      .values({ credentialId, enabled: true, updatedAt: now })
      .execute();
    await db
      .insertInto('appSettings')
      .values({ key: 'secret_key', value: 'bench-secret-key-0123456789abcdef0123' })
      .execute();
    const handler = createJobHandlers({
      db,
      dialect: database.dialect,
      openBadges: { publicUrl: 'https://laurel.example', secretKey: undefined },
    })[JOB_TYPES.issueCredentials]!;
    const context: JobContext = {
      db,
      dialect: database.dialect,
      log: pino({ level: 'silent' }),
      job: {
        id: 1,
        type: JOB_TYPES.issueCredentials,
        organizationId,
        payload: {
          credentialId,
          awardIds: null,
          actor: { userId: null, impersonating: false, ip: null, requestId: null },
        },
        attempt: 1,
        maxAttempts: 3,
      },
      heartbeat: async () => undefined,
      enqueue: async () => undefined,
      stopping: false,
    };
    const started = performance.now();
    await handler.run(context);
    const seconds = (performance.now() - started) / 1000;
    const issued = await db
      .selectFrom('issuedCredentials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(issued.n) !== AWARDS) throw new Error(`issued ${issued.n} of ${AWARDS}`);
    return AWARDS / seconds;
  } finally {
    await database.destroy();
  }
}

export async function benchOpenBadges(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-badges-'));
  try {
    const rate = await issueAll(`sqlite:${join(dir, 'bench.db')}`);
    rows.push({
      name: `Signed credentials issued (${AWARDS} awards, SQLite)`,
      value: Math.round(rate),
      unit: 'per s',
      target: `≥ ${TARGET_PER_SECOND}`,
      pass: rate >= TARGET_PER_SECOND,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `laurel_bench_badges_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const rate = await issueAll(url.toString());
      rows.push({
        name: `Signed credentials issued (${AWARDS} awards, PostgreSQL)`,
        value: Math.round(rate),
        unit: 'per s',
        target: `≥ ${TARGET_PER_SECOND}`,
        pass: rate >= TARGET_PER_SECOND,
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchOpenBadges())
    console.log(`${row.name}: ${row.value} ${row.unit} (target ${row.target})`);
}
