// Earnings import benchmark: a generated provider file of 500,000 rows (BENCH_EARNINGS_ROWS to
// change it; 10 years for each of 50,000 awards added to the demo organization) written to disk
// with a streaming writer, imported over HTTP into the real server in a child process (demo mode,
// fresh SQLite file, `npm start`'s runtime settings: a 256 MB heap), timed until the import is
// COMPLETED, with the rows per second and the server's peak resident memory.
import SQLite from 'better-sqlite3';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TEarningsImport } from '../packages/contract/src/earnings-imports.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import { serverRuntimeEnv } from '../scripts/server-runtime.ts';
import { type BenchRow, ROOT, startProcess } from './lib.ts';
import { memoryOf, postFile } from './uploads.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const PLATFORM_ADMIN = 'admin@laurel.demo';
const YEARS_PER_AWARD = 10;
const HEAP_MB = 256;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds `count` awards of one credential to the organization, for the file to name. */
function addAwards(dbFile: string, organizationId: number, count: number) {
  const db = new SQLite(dbFile);
  try {
    const credential = db
      .prepare(`select id, code from credentials where organization_id = ? order by id limit 1`)
      .get(organizationId) as { id: number; code: string };
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into awards (organization_id, credential_id, external_id, first_name, last_name,
         award_date, award_year, created_at, updated_at)
       values (?, ?, ?, 'Bench', ?, '2015-06-01', 2015, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++)
        insert.run(organizationId, credential.id, `EBENCH-${i}`, `Holder ${i}`, now, now);
    })();
    return credential.code;
  } finally {
    db.close();
  }
}

/** Writes the provider file: YEARS_PER_AWARD rows for each award, streamed to disk. */
async function writeFile(path: string, code: string, awards: number): Promise<number> {
  const out = createWriteStream(path);
  let buffer =
    'award_external_id,credential_code,award_date,provider,year,annual_wage,employed,full_time,industry,job_role\r\n';
  let rows = 0;
  for (let i = 0; i < awards; i++) {
    for (let y = 0; y < YEARS_PER_AWARD; y++) {
      const year = 2010 + y;
      const employed = (i + y) % 7 !== 0;
      const wage = employed ? (28_000 + ((i * 37 + y * 1_900) % 60_000)).toFixed(2) : '';
      buffer += `EBENCH-${i},${code},2015-06-01,EQUIFAX_TWN,${year},${wage},${employed},${employed && y % 3 !== 0},${employed ? 'Health Care and Social Assistance' : ''},${employed ? 'Registered Nurses' : ''}\r\n`;
      rows++;
    }
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return rows;
}

export async function benchEarningsImport(
  rows = Number(process.env.BENCH_EARNINGS_ROWS ?? 500_000),
): Promise<BenchRow[]> {
  const awards = Math.ceil(rows / YEARS_PER_AWARD);
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-earnings-'));
  const dbFile = join(dataDir, 'laurel.db');
  const port = await freePort();
  const start = () =>
    startProcess(
      MAIN,
      [],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `sqlite:${dbFile}`,
        DEMO_MODE: 'true',
        LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
        // As `npm start` runs it: the 256 MB heap.
        ...serverRuntimeEnv(),
      },
      `http://127.0.0.1:${port}`,
      '/readyz',
    );
  // The first start creates the demo world; the awards the file names are added between starts.
  await (await start()).stop();
  const setup = new SQLite(dbFile, { readonly: true });
  const organizationId = (
    setup.prepare(`select id from organizations where name like 'Northwind%' limit 1`).get() as {
      id: number;
    }
  ).id;
  setup.close();
  const code = addAwards(dbFile, organizationId, awards);
  const csvPath = join(dataDir, 'earnings.csv');
  const written = await writeFile(csvPath, code, awards);
  const fileMb = statSync(csvPath).size / (1024 * 1024);

  const server = await start();
  const pid = server.process.pid!;
  try {
    const token = await signIn(server.url, PLATFORM_ADMIN, DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const rssBefore = memoryOf(pid).now;
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).now);
    }, 100);

    const started = performance.now();
    const created = await postFile<TEarningsImport>(
      `${server.url}/api/organizations/${organizationId}/earnings-imports`,
      token,
      csvPath,
      { fileName: 'bench-earnings.csv', status: 201 },
    );
    const accepted = (performance.now() - started) / 1000;
    let state = created;
    let checkedAt = 0;
    let lastPrinted = 0;
    while (state.status === 'PENDING' || state.status === 'PROCESSING') {
      await sleep(250);
      const response = await fetch(`${server.url}/api/earnings-imports/${created.id}`, {
        headers: auth,
      });
      if (!response.ok) throw new Error(`the import answered ${response.status}`);
      state = (await response.json()) as TEarningsImport;
      if (!checkedAt && state.rowsTotal > 0) checkedAt = performance.now();
      if (performance.now() - lastPrinted > 5000) {
        lastPrinted = performance.now();
        console.error(
          `  ${state.status} checked ${state.rowsChecked.toLocaleString('en-US')}, stored ${state.rowsProcessed.toLocaleString('en-US')}/${state.rowsTotal.toLocaleString('en-US')} rows, server RSS ${Math.round(memoryOf(pid).now)} MB`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const memory = memoryOf(pid);
    peak = Math.max(peak, memory.now);
    const label = written.toLocaleString('en-US');
    const completed = state.status === 'COMPLETED' && state.rowsProcessed === written;
    return [
      {
        name: `earnings import ${label} rows: file accepted (${fileMb.toFixed(1)} MB)`,
        value: accepted,
        unit: 's',
      },
      {
        name: `earnings import ${label} rows: all rows checked`,
        value: checkedAt ? (checkedAt - started) / 1000 : seconds,
        unit: 's',
      },
      {
        name: `earnings import ${label} rows: COMPLETED`,
        value: seconds,
        unit: 's',
        target: `completes under the ${HEAP_MB} MB heap`,
        pass: completed,
        note: `${state.status}${state.errorMessage ? ` (${state.errorMessage})` : ''}, ${state.awards.toLocaleString('en-US')} awards, ${state.newlyMatched.toLocaleString('en-US')} newly matched, ${Math.round(written / seconds).toLocaleString('en-US')} rows/s`,
      },
      {
        name: `earnings import ${label} rows: server peak RSS`,
        value: Math.round(peak),
        unit: 'MB',
        note: `RSS ${Math.round(rssBefore)} MB before the import, ${Math.round(memory.now)} MB after`,
      },
    ];
  } finally {
    if (process.env.BENCH_SERVER_LOG_LEVEL) console.error(server.output());
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
