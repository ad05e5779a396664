// Signed credentials benchmark. Issuing: an organization with BENCH_BADGES awards (10,000 by
// default) of one credential, all issued by the issuing job as it runs in the worker (sign, store,
// audit), on SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL: credentials
// issued per second (target 500/s). Verification: `npm start` as people run it (demo mode, default
// log level) with a Northwind credential's awards issued; the server's own time of the public page
// `/verify/<id>` (which checks the credential then and there) beside that of the credential's JSON
// (the same lookup, nothing checked), three interleaved rounds: p95 (target ≤ 20 ms).
// `npm run bench -- open-badges`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import pg from 'pg';

import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { createJobHandlers } from '../apps/server/src/jobs/handlers.ts';
import { JOB_TYPES, type JobContext } from '../apps/server/src/jobs/types.ts';
import { enqueueJob } from '../apps/server/src/jobs/queue.ts';
import { freePort } from '../e2e/support/server.ts';
import { type BenchRow, startProcess, untilJobsDone } from './lib.ts';

const VERIFY_TARGET_MS = 20;
const VERIFY_ROUNDS = 3;
const VERIFY_REQUESTS = 200;

/**
 * In a demo database a server runs on: lets Northwind issue, turns its first credential's signed
 * credentials on and queues their issuing as an admin's click does, then waits until the server's
 * worker has issued them. Returns the verification ids of some of them.
 */
export async function issueDemoCredentials(databaseUrl: string, count = 20): Promise<string[]> {
  const database = createDatabase(databaseUrl);
  const { db } = database;
  try {
    const organization = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', 'like', 'Northwind%')
      .executeTakeFirstOrThrow();
    const organizationId = Number(organization.id);
    const credential = await db
      .selectFrom('credentials')
      .select('id')
      .where('organizationId', '=', organizationId)
      .orderBy('awardCount', 'desc')
      .executeTakeFirstOrThrow();
    const credentialId = Number(credential.id);
    const now = new Date().toISOString();
    await db
      .insertInto('issuerProfiles')
      .values({
        organizationId,
        publicId: 'northwindbenchissuer',
        issuingAllowed: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('organizationId').doUpdateSet({ issuingAllowed: true }))
      .execute();
    await db
      .insertInto('credentialIssuing')
      .values({ credentialId, enabled: true, updatedAt: now })
      .onConflict((oc) => oc.column('credentialId').doUpdateSet({ enabled: true }))
      .execute();
    await enqueueJob(db, {
      type: JOB_TYPES.issueCredentials,
      organizationId,
      payload: {
        credentialId,
        awardIds: null,
        actor: { userId: null, impersonating: false, ip: null, requestId: null },
      },
      dedupeKey: `issue-credentials:${credentialId}`,
    });
    await untilJobsDone(database);
    const rows = await db
      .selectFrom('issuedCredentials')
      .select('verificationId')
      .where('credentialId', '=', credentialId)
      .where('status', '=', 'ISSUED')
      .orderBy('id')
      .limit(count)
      .execute();
    if (rows.length === 0) throw new Error('no credential was issued');
    return rows.map((row) => row.verificationId);
  } finally {
    await database.destroy();
  }
}

const AWARDS = Number(process.env.BENCH_BADGES ?? 10_000);
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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The server's own time of each timed request (`x-request-id` bench-…), from its log lines. */
async function serverTimes(logFile: string, ids: string[]): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    const times = new Map<string, number>();
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { reqId?: string; responseTime?: number };
      if (entry.reqId?.startsWith('bench-') && entry.responseTime !== undefined)
        times.set(entry.reqId, entry.responseTime);
    }
    const found = ids.map((id) => times.get(id)).filter((t) => t !== undefined);
    if (found.length === ids.length) return found;
    if (attempt === 50) throw new Error(`the server logged ${found.length} of ${ids.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The public verification page's server time, beside the credential's JSON without a check. */
async function benchVerifyPage(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-verify-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${join(dir, 'laurel.db')}`;
  const logFile = join(dir, 'server.log');
  const server = await startProcess(
    '',
    ['start'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      // Behind one proxy hop, as in production: each request comes from a visitor's own address,
      // so that the per-address limit of the public page counts each visitor as it does there.
      TRUST_PROXY: '1',
    },
    baseUrl,
    '/readyz',
    180_000,
    { command: 'npm', stdoutFile: logFile },
  );
  try {
    await untilJobsDone(databaseUrl);
    const ids = await issueDemoCredentials(databaseUrl);
    let sequence = 0;
    const timed = async (path: string) => {
      const requestId = `bench-${++sequence}`;
      const visitor = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
      const response = await fetch(baseUrl + path, {
        headers: { 'x-request-id': requestId, 'x-forwarded-for': visitor },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
      return requestId;
    };
    // Warm-up: the first checks load the verifier's code and the issuer's documents.
    for (const id of ids) await timed(`/verify/${id}`);
    const page: string[] = [];
    const json: string[] = [];
    const load: string[] = [];
    for (let round = 0; round < VERIFY_ROUNDS; round++) {
      load.push(loadavg()[0]!.toFixed(2));
      for (let i = 0; i < VERIFY_REQUESTS; i++) {
        const id = ids[i % ids.length]!;
        page.push(await timed(`/verify/${id}`));
        json.push(await timed(`/verify/${id}/credential.json`));
      }
    }
    const pageTimes = await serverTimes(logFile, page);
    const jsonTimes = await serverTimes(logFile, json);
    const p95 = percentile(pageTimes, 95);
    return [
      {
        name: 'verification page /verify/<id>: server time p95',
        value: Math.round(p95 * 10) / 10,
        unit: 'ms',
        target: `≤ ${VERIFY_TARGET_MS} ms`,
        pass: p95 <= VERIFY_TARGET_MS,
        note: `median ${percentile(pageTimes, 50).toFixed(1)} ms, p99 ${percentile(pageTimes, 99).toFixed(1)} ms; the credential's JSON (no check) p95 ${percentile(jsonTimes, 95).toFixed(1)} ms; ${VERIFY_ROUNDS} rounds of ${VERIFY_REQUESTS}, load avg ${load.join(', ')}`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchOpenBadges(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [...(await benchVerifyPage())];
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
