// A daily upload into a large organization: the insights data set (bench/insights.ts) at
// 3,000,000 awards (BENCH_INSIGHTS_UPLOAD_AWARDS for another size), its figures first built by a
// full rebuild as the job thread runs it (bench/insights-rebuild.ts: what every upload costs
// while each one rebuilds the whole organization), then the server as `npm start` runs it on that
// database (runtime settings, default log level, its log to a file, the demo earnings provider)
// takes three uploads of 1,000 awards over HTTP, one after another, each once the server's jobs
// are idle: from the upload accepted to the organization's figures updated as a reader sees them
// (`GET /api/insights-data` answers a newer `builtAt` and no rebuild pending), target ≤ 3 s; with
// the full rebuild's time beside it, the part of each round the rebuild job took and how it
// counted (its log line), and the load average. On SQLite and, with BENCH_DATABASE_URL, PostgreSQL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TInsightsData } from '../packages/contract/src/insights.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../apps/server/src/identity.ts';
import { freePort } from '../e2e/support/server.ts';
import { serverRuntimeEnv } from '../scripts/server-runtime.ts';
import { benchOnBothDialects, describeOrigin, type Origin } from './datasets.ts';
import { signIn } from './foundation.ts';
import {
  INSIGHTS_ADMIN,
  INSIGHTS_CREDENTIAL_CODES,
  INSIGHTS_ORGANIZATION_ID,
  insightsDataset,
  rebuildInProcess,
} from './insights.ts';
import { type BenchRow, ROOT, startProcess } from './lib.ts';
import { postFile, writeCsv } from './uploads.ts';

const AWARDS = Number(process.env.BENCH_INSIGHTS_UPLOAD_AWARDS ?? 3_000_000);
const UPLOAD_ROWS = 1000;
const ROUNDS = 3;
const TARGET_SECONDS = 3;
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const ORGANIZATION_ID = INSIGHTS_ORGANIZATION_ID;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function runOn(
  dialect: 'sqlite' | 'postgres',
  url: string,
  origin: Origin,
): Promise<BenchRow[]> {
  // Today's cost of every upload: the full rebuild, as the job thread runs it (it also stores the
  // figures the uploads then change).
  const migrating = createDatabase(url);
  await migrateToLatest(migrating.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
  await migrating.destroy();
  const fullLoad = loadavg()[0]!;
  const full = await rebuildInProcess(url, new Date().toISOString(), 'full');
  // Then as the job rebuilds: the first time it reads every award and stores their blocks.
  const first = await rebuildInProcess(url, new Date().toISOString());

  const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-insights-upload-'));
  const port = await freePort();
  const server = await startProcess(
    MAIN,
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      EARNINGS_PROVIDER: 'demo',
      ...serverRuntimeEnv(),
    },
    `http://127.0.0.1:${port}`,
    '/readyz',
    120_000,
    { stdoutFile: join(dir, 'server.log') },
  );
  const handle = createDatabase(url);
  try {
    const token = await signIn(server.url, INSIGHTS_ADMIN.email, INSIGHTS_ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const insights = async () => {
      const response = await fetch(
        `${server.url}/api/insights-data?organizationId=${ORGANIZATION_ID}`,
        { headers: auth },
      );
      if (!response.ok) throw new Error(`insights-data answered ${response.status}`);
      return (await response.json()) as TInsightsData;
    };
    /** Until no job of the organization is queued or running (the server's own start-up work). */
    const untilIdle = async () => {
      for (;;) {
        const { n } = await handle.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['QUEUED', 'RUNNING'])
          .executeTakeFirstOrThrow();
        if (Number(n) === 0) return;
        await sleep(250);
      }
    };

    /** How the last rebuild counted, as its log line says (decision record 069). */
    const lastRebuild = (): string => {
      const lines = readFileSync(join(dir, 'server.log'), 'utf8').split('\n');
      for (let i = lines.length - 1; i >= 0; i -= 1) {
        if (!lines[i]!.includes('"insights rebuilt"')) continue;
        const line = JSON.parse(lines[i]!) as {
          countedBy?: string;
          refilled?: number;
          fallback?: string;
          ms?: number;
        };
        const refilled = line.refilled ? `, ${line.refilled} samples selected again` : '';
        const fallback = line.fallback ? ` (${line.fallback})` : '';
        return `${((line.ms ?? 0) / 1000).toFixed(1)} s counted by ${line.countedBy}${refilled}${fallback}`;
      }
      return 'no rebuild logged';
    };
    const rounds: Array<{ seconds: number; rebuild: string; load: number }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await untilIdle();
      const before = await insights();
      const csv = join(dir, `awards-${round}.csv`);
      await writeCsv(csv, UPLOAD_ROWS, INSIGHTS_CREDENTIAL_CODES, `ROUND${round}-`);
      const load = loadavg()[0]!;
      const started = performance.now();
      await postFile(`${server.url}/api/organizations/${ORGANIZATION_ID}/uploads`, token, csv);
      let now = before;
      while (now.builtAt === before.builtAt || now.rebuild !== null) {
        if (performance.now() - started > 15 * 60_000)
          throw new Error('the figures were not updated within 15 minutes of the upload');
        await sleep(50);
        now = await insights();
      }
      const seconds = (performance.now() - started) / 1000;
      rounds.push({ seconds, rebuild: lastRebuild(), load });
    }
    const seconds = median(rounds.map((r) => r.seconds));
    return [
      {
        name: `[${dialect}] insights: full rebuild of ${AWARDS.toLocaleString('en-US')} awards`,
        value: Number(full.seconds.toFixed(1)),
        unit: 's',
        note: `every award read from its earnings, as each upload cost before the blocks were kept; load average ${fullLoad.toFixed(2)}; ${describeOrigin(insightsDataset(AWARDS).name, origin)}`,
      },
      {
        name: `[${dialect}] insights: first rebuild as the job runs it, storing every block`,
        value: Number(first.seconds.toFixed(1)),
        unit: 's',
        note: `${first.awardsRead.toLocaleString('en-US')} awards read; peak RSS ${Math.round(first.peakRssMb)} MB`,
      },
      {
        name: `[${dialect}] insights: upload of ${UPLOAD_ROWS.toLocaleString('en-US')} awards into ${AWARDS.toLocaleString('en-US')}, accepted → figures updated`,
        value: Number(seconds.toFixed(1)),
        unit: 's',
        target: `≤ ${TARGET_SECONDS} s`,
        pass: seconds <= TARGET_SECONDS,
        note: `median of ${ROUNDS} rounds: ${rounds
          .map((r) => `${r.seconds.toFixed(1)} s (rebuild ${r.rebuild}; load ${r.load.toFixed(2)})`)
          .join(', ')}`,
      },
    ];
  } finally {
    await handle.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchInsightsUpload(): Promise<BenchRow[]> {
  return benchOnBothDialects('insights-upload', { ...insightsDataset(AWARDS), run: runOn });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./lib.ts');
  printTable(await benchInsightsUpload());
}
