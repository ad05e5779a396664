// Jobs beside requests: while a 100,000-row upload is parsed, matched and aggregated by the
// background jobs, how long do reads take (p95 of GET /api/credentials and GET /api/insights-data)
// and how long until a second upload is accepted? The same reads measured first with no job
// running, on the same server (`npm start`'s runtime settings, default log level), in three
// interleaved rounds. SQLite by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import { serverRuntimeEnv } from '../scripts/server-runtime.ts';
import { type BenchRow, ROOT, startProcess } from './lib.ts';
import { postFile, writeCsv } from './uploads.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const ADMIN_EMAIL = 'orgadmin@northwind.demo';
const READ_TARGET_MS = 50;
const ACCEPT_TARGET_S = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
};

/** Reads in a closed loop (two at a time) for `ms`, or until `until()` says stop; latencies in ms. */
async function readLoop(
  urls: string[],
  headers: Record<string, string>,
  ms: number,
  until = () => false,
) {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  const worker = async (offset: number) => {
    for (let i = offset; performance.now() < end && !until(); i++) {
      const started = performance.now();
      const response = await fetch(urls[i % urls.length]!, { headers });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`${urls[i % urls.length]} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all([worker(0), worker(1)]);
  return latencies;
}

export async function benchStarvation(
  rows = Number(process.env.BENCH_STARVATION_ROWS ?? 100_000),
): Promise<BenchRow[]> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const dialect = pgUrl ? 'PostgreSQL' : 'SQLite';
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-starvation-'));
  let databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  let dropDatabase = async () => {};
  if (pgUrl) {
    const name = `laurel_bench_starvation_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const port = await freePort();
  const server = await startProcess(
    MAIN,
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      SHUTDOWN_DRAIN_SECONDS: '0',
      API_RATE_LIMIT_PER_USER: '1000000',
      API_RATE_LIMIT_PER_ADDRESS: '1000000',
      ...serverRuntimeEnv(),
    },
    `http://127.0.0.1:${port}`,
    '/readyz',
  );
  try {
    const token = await signIn(server.url, ADMIN_EMAIL, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const profile = (await (
      await fetch(`${server.url}/api/users/profile`, { headers })
    ).json()) as {
      organizationId: number;
    };
    const credentials = (await (
      await fetch(`${server.url}/api/credentials?status=ACTIVE&pageSize=100`, { headers })
    ).json()) as { items: Array<{ code: string; organizationId: number }> };
    const codes = credentials.items
      .filter((c) => c.organizationId === profile.organizationId)
      .map((c) => c.code);
    const big = join(dataDir, 'awards.csv');
    await writeCsv(big, rows, codes);
    const reads = [
      `${server.url}/api/credentials?page=1&pageSize=25`,
      `${server.url}/api/insights-data?organizationId=${profile.organizationId}`,
    ];
    const uploadUrl = `${server.url}/api/organizations/${profile.organizationId}/uploads`;
    // Any job queued or running: the upload's parsing, then matching, then the aggregates.
    const QUEUED = `select count(*) as n from jobs where status in ('QUEUED', 'RUNNING')`;
    let jobsRunning: () => Promise<boolean>;
    let closeJobsCheck = async () => {};
    if (pgUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      jobsRunning = async () => Number((await client.query(QUEUED)).rows[0].n) > 0;
      closeJobsCheck = () => client.end();
    } else {
      const sqlite = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true });
      const statement = sqlite.prepare(QUEUED);
      jobsRunning = async () => (statement.get() as { n: number }).n > 0;
      closeJobsCheck = async () => {
        sqlite.close();
      };
    }

    const idle: number[] = [];
    const busy: number[] = [];
    const accepts: number[] = [];
    for (let round = 1; round <= 3; round++) {
      idle.push(...(await readLoop(reads, headers, 4_000)));
      await postFile(uploadUrl, token, big);
      await sleep(500);
      // While the upload's jobs run: reads, and a second upload a second in.
      let done = false;
      const watcher = (async () => {
        while (!done) {
          await sleep(500);
          if (!(await jobsRunning())) done = true;
        }
      })();
      const readsDuring = readLoop(reads, headers, 120_000, () => done);
      await sleep(1_000);
      const started = performance.now();
      // A file as large as the first (the size an institution uploads), while its jobs run.
      await postFile(uploadUrl, token, big);
      accepts.push((performance.now() - started) / 1000);
      busy.push(...(await readsDuring));
      await watcher;
      console.error(`  round ${round}: ${busy.length} reads during jobs so far`);
    }
    await closeJobsCheck();
    const load = loadavg()[0]!.toFixed(2);
    const busyP95 = p95(busy);
    const worstAccept = Math.max(...accepts);
    return [
      {
        name: `${dialect}: read p95, no job running`,
        value: Math.round(p95(idle) * 10) / 10,
        unit: 'ms',
        note: `${idle.length} reads; load ${load}`,
      },
      {
        name: `${dialect}: read p95 while a ${rows.toLocaleString('en-US')}-row upload is processed`,
        value: Math.round(busyP95 * 10) / 10,
        unit: 'ms',
        target: `≤ ${READ_TARGET_MS} ms`,
        pass: busyP95 <= READ_TARGET_MS,
        note: `${busy.length} reads; ${(busyP95 / p95(idle)).toFixed(1)}× the idle p95; max ${Math.round(Math.max(...busy))} ms; load ${load}`,
      },
      {
        name: `${dialect}: a second ${rows.toLocaleString('en-US')}-row upload accepted while jobs run (worst of 3)`,
        value: Math.round(worstAccept * 100) / 100,
        unit: 's',
        target: `≤ ${ACCEPT_TARGET_S} s`,
        pass: worstAccept <= ACCEPT_TARGET_S,
        note: accepts.map((s) => `${s.toFixed(2)} s`).join(', '),
      },
    ];
  } finally {
    await server.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
