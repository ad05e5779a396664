// Upload benchmark: a generated CSV of awards (100,000 rows; BENCH_UPLOAD_ROWS=1000000 for the
// large run) sent over HTTP to the real server in a child process (demo mode, fresh SQLite file),
// timed until the upload is COMPLETED and until the matching and aggregate jobs it queued are done,
// with the peak resident memory of the server process (VmHWM).
import SQLite from 'better-sqlite3';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

import type { TUpload } from '../packages/contract/src/uploads.ts';
import { UPLOAD_COLUMNS } from '../packages/contract/src/uploads.ts';
import {
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_PASSWORD,
} from '../apps/server/src/seed/demo-data.ts';
import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import { serverRuntimeEnv } from '../scripts/server-runtime.ts';
import { type BenchRow, ROOT, startProcess } from './lib.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const ADMIN_EMAIL = 'orgadmin@northwind.demo';
const TARGET_SECONDS = 60;
const TARGET_RSS_MB = 400;
const FINISHED = new Set(['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak and current resident memory of a process, in MB (Linux). */
export function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

/**
 * Writes `rows` awards spread over the given credential codes, their external ids starting with
 * `prefix`; a few rows are deliberately bad.
 */
export async function writeCsv(
  path: string,
  rows: number,
  codes: string[],
  prefix = 'BENCH-',
): Promise<void> {
  const out = createWriteStream(path);
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pad = (n: number) => String(n).padStart(2, '0');
  let buffer = `${UPLOAD_COLUMNS.join(',')}\r\n`;
  for (let i = 1; i <= rows; i++) {
    const year = 2012 + Math.floor(next() * 12);
    const awardDate = `${year}-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}`;
    const birth = `${year - 19 - Math.floor(next() * 25)}-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}`;
    const first = pick(DEMO_FIRST_NAMES);
    const last = pick(DEMO_LAST_NAMES);
    // one row in a thousand has an unknown credential code, to exercise the error path
    const code = i % 1000 === 0 ? 'NO-SUCH-CODE' : codes[i % codes.length]!;
    const email = `${first}.${last}${i}@example.com`.toLowerCase();
    buffer += `${code},${prefix}${String(i).padStart(7, '0')},${first},${last},${email},${birth},${awardDate}\r\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

/** Streams the file as multipart/form-data (field `file`) and returns the answer's body. */
export function postFile<T = TUpload>(
  url: string,
  token: string,
  path: string,
  options: { fileName?: string; status?: number } = {},
): Promise<T> {
  const boundary = `----laurel-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'bench-awards.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + statSync(path).size + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        response.statusCode === (options.status ?? 201)
          ? resolve(JSON.parse(body) as T)
          : reject(new Error(`upload answered ${response.statusCode}: ${body}`)),
      );
    });
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

export async function benchUploads(
  rows = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000),
): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-uploads-'));
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
        // As `npm start` runs it.
        ...serverRuntimeEnv(),
      },
      `http://127.0.0.1:${port}`,
      '/readyz',
    );
  // The first start creates the demo world (and keeps what that took as resident memory); the
  // server measured is a second start on that database, as a running installation would be.
  await (await start()).stop();
  const server = await start();
  const pid = server.process.pid!;
  const jobsDb = new SQLite(dbFile, { readonly: true });
  try {
    const token = await signIn(server.url, ADMIN_EMAIL, DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const profile = (await (
      await fetch(`${server.url}/api/users/profile`, { headers: auth })
    ).json()) as {
      organizationId: number;
    };
    const credentials = (await (
      await fetch(`${server.url}/api/credentials?status=ACTIVE&pageSize=100`, { headers: auth })
    ).json()) as { items: Array<{ code: string; organizationId: number }> };
    const codes = credentials.items
      .filter((c) => c.organizationId === profile.organizationId)
      .map((c) => c.code);
    if (codes.length === 0) throw new Error('the demo organization has no active credential');

    const csvPath = join(dataDir, 'awards.csv');
    await writeCsv(csvPath, rows, codes);
    const fileMb = statSync(csvPath).size / (1024 * 1024);
    const rssBefore = memoryOf(pid).now;
    // The peak counts from here: start-up and seeding the demo world are not part of the upload.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let uploadPeak = 0;
    const sampler = setInterval(() => {
      uploadPeak = Math.max(uploadPeak, memoryOf(pid).now);
    }, 100);

    const started = performance.now();
    const created = await postFile(
      `${server.url}/api/organizations/${profile.organizationId}/uploads`,
      token,
      csvPath,
    );
    const accepted = (performance.now() - started) / 1000;

    let upload = created;
    let lastPrinted = 0;
    while (!FINISHED.has(upload.status)) {
      await sleep(250);
      upload = (await (
        await fetch(`${server.url}/api/uploads/${created.id}`, { headers: auth })
      ).json()) as TUpload;
      if (performance.now() - lastPrinted > 5000) {
        lastPrinted = performance.now();
        console.error(
          `  ${upload.status} ${upload.rowsProcessed.toLocaleString('en-US')}/${upload.rowsTotal.toLocaleString('en-US')} rows, server RSS ${Math.round(memoryOf(pid).now)} MB`,
        );
      }
    }
    const processed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    uploadPeak = Math.max(uploadPeak, memoryOf(pid).now);

    // then the matching and aggregate jobs the upload queued
    const pending = jobsDb.prepare(
      `select count(*) as n from jobs where organization_id = ? and status in ('QUEUED', 'RUNNING')`,
    );
    while ((pending.get(profile.organizationId) as { n: number }).n > 0) await sleep(250);
    const endToEnd = (performance.now() - started) / 1000;
    const failedJobs = (
      jobsDb
        .prepare(`select count(*) as n from jobs where organization_id = ? and status = 'FAILED'`)
        .get(profile.organizationId) as { n: number }
    ).n;
    const memory = memoryOf(pid);
    const label = rows.toLocaleString('en-US');

    return [
      {
        name: `upload ${label} rows: file accepted (${fileMb.toFixed(1)} MB)`,
        value: accepted,
        unit: 's',
      },
      {
        name: `upload ${label} rows: COMPLETED`,
        value: processed,
        unit: 's',
        note: `${upload.status}, ${upload.rowsOk.toLocaleString('en-US')} ok, ${upload.rowsFailed.toLocaleString('en-US')} refused, ${Math.round(rows / processed).toLocaleString('en-US')} rows/s`,
      },
      {
        name: `upload ${label} rows: end to end with matching and aggregates`,
        value: endToEnd,
        unit: 's',
        target: `≤ ${TARGET_SECONDS} s`,
        pass: endToEnd <= TARGET_SECONDS && upload.status !== 'FAILED' && failedJobs === 0,
        note: failedJobs ? `${failedJobs} failed jobs` : '',
      },
      {
        name: `upload ${label} rows: server peak RSS`,
        value: Math.round(memory.peak),
        unit: 'MB',
        target: `≤ ${TARGET_RSS_MB} MB`,
        pass: memory.peak <= TARGET_RSS_MB,
        note: `RSS ${Math.round(rssBefore)} MB before the upload, ${Math.round(memory.now)} MB after; includes matching and aggregates`,
      },
      {
        name: `upload ${label} rows: server RSS until COMPLETED`,
        value: Math.round(uploadPeak),
        unit: 'MB',
        target: `≤ ${TARGET_RSS_MB} MB`,
        pass: uploadPeak <= TARGET_RSS_MB,
        note: 'highest sample (every 100 ms) while the file was received and processed',
      },
    ];
  } finally {
    if (process.env.BENCH_SERVER_LOG_LEVEL) console.error(server.output());
    jobsDb.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
