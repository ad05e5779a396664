// Demo start on an empty database: process start until /readyz answers 200 (migrations, the demo
// world, its matching and insights), on PostgreSQL and on SQLite, three interleaved rounds.
// Target: PostgreSQL ÷ SQLite ≤ 3. Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

import { freePort } from '../e2e/support/server.ts';
import { type BenchRow, ROOT, skippedRow, startProcess } from './lib.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const ROUNDS = 3;

async function timeDemoStart(databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = await startProcess(
    MAIN,
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
    },
    `http://127.0.0.1:${port}`,
    '/readyz',
    180_000,
  );
  const ms = performance.now() - started;
  await child.stop();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchDemoStart(): Promise<BenchRow[]> {
  const name = 'demo start on an empty database: PostgreSQL ÷ SQLite (median of 3)';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) return [skippedRow(name, 'set BENCH_DATABASE_URL to a PostgreSQL server')];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const directory = mkdtempSync(join(tmpdir(), 'laurel-demo-start-'));
  const sqlite: number[] = [];
  const postgres: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      sqlite.push(await timeDemoStart(`sqlite:${join(directory, `round-${round}.db`)}`));
      const database = `laurel_demo_start_${Date.now()}`;
      await admin.query(`create database ${database}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      try {
        postgres.push(await timeDemoStart(url.toString()));
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
      }
    }
  } finally {
    await admin.end();
    rmSync(directory, { recursive: true, force: true });
  }
  const ratio = median(postgres) / median(sqlite);
  return [
    {
      name,
      value: Number(ratio.toFixed(2)),
      unit: '×',
      target: '≤ 3',
      pass: ratio <= 3,
      note: `PostgreSQL ${postgres.map(Math.round).join(', ')} ms; SQLite ${sqlite.map(Math.round).join(', ')} ms; load ${loadavg()[0]!.toFixed(2)}`,
    },
  ];
}
