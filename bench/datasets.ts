// Generated benchmark data sets are expensive (minutes for millions of rows), so each is made once
// and cached: a SQLite file under BENCH_CACHE_DIR and a PostgreSQL template database, both named
// after the generator version. Every run measures a fresh copy. BENCH_REGENERATE=1 makes them anew.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';

import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle, Dialect } from '../apps/server/src/db/database.ts';
import { createIdentity } from '../apps/server/src/identity.ts';
import { type BenchRow, skippedRow } from './lib.ts';

const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'laurel-bench-cache');
const REGENERATE = process.env.BENCH_REGENERATE === '1';

/** How the copy measured was made: generated now (seconds) or taken from the cache. */
export type Origin = { generatedSeconds: number } | { cached: true };

export interface CachedDataset {
  /** Names the cache entry, with the generator version: `directory-v3`. */
  name: string;
  /** Fills an empty database (`sqlite:<file>` or `postgres://…`); returns the seconds it took. */
  generate(url: string): Promise<number>;
  /** The measurements on a fresh copy of the data set. */
  run(dialect: Dialect, url: string, origin: Origin): Promise<BenchRow[]>;
}

export const describeOrigin = (name: string, origin: Origin) =>
  'cached' in origin
    ? `data from the cache (${name})`
    : `data generated in ${origin.generatedSeconds} s`;

async function sqliteCopy(dataset: CachedDataset, dir: string) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const cached = join(CACHE_DIR, `${dataset.name}.db`);
  let origin: Origin = { cached: true };
  if (REGENERATE || !existsSync(cached)) {
    const partial = `${cached}.partial`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
    origin = { generatedSeconds: await dataset.generate(`sqlite:${partial}`) };
    renameSync(partial, cached);
  }
  const file = join(dir, 'bench.db');
  copyFileSync(cached, file);
  return { url: `sqlite:${file}`, origin };
}

async function postgresCopy(
  dataset: CachedDataset,
  admin: pg.Client,
  adminUrl: string,
  name: string,
) {
  const urlOf = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const template = `laurel_bench_${dataset.name.replace(/-/g, '_')}`;
  const exists = async (database: string) =>
    (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1;
  let origin: Origin = { cached: true };
  if (REGENERATE || !(await exists(template))) {
    const partial = `${template}_partial`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    origin = { generatedSeconds: await dataset.generate(urlOf(partial)) };
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`alter database ${partial} rename to ${template}`);
  }
  await admin.query(`create database ${name} template ${template}`);
  return { url: urlOf(name), origin };
}

/**
 * Runs a data set's measurements on SQLite, and on PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server to create databases on.
 */
export async function benchOnBothDialects(
  label: string,
  dataset: CachedDataset,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), `laurel-bench-${label}-`));
  try {
    const { url, origin } = await sqliteCopy(dataset, dir);
    rows.push(...(await dataset.run('sqlite', url, origin)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    rows.push(
      skippedRow(
        `[postgres] ${label} benchmarks`,
        'set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server',
      ),
    );
    return rows;
  }
  const name = `laurel_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { url, origin } = await postgresCopy(dataset, admin, adminUrl, name);
    rows.push(...(await dataset.run('postgres', url, origin)));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}

/** The server's configuration for a benchmark database: nothing logged, nothing served but the API. */
/**
 * The configuration of an in-process benchmark app. Benchmarks call far faster than a person
 * would: the API limits are raised out of the way (as `startProcess` does), every request still
 * counted.
 */
export const benchConfig = (url: string) =>
  loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost',
    API_RATE_LIMIT_PER_USER: '1000000000',
    API_RATE_LIMIT_PER_ADDRESS: '1000000000',
  });
export const silentLogger = pino({ level: 'silent' });

/** A percentile (0–1) of some timings, by nearest rank. */
export function percentile(times: number[], fraction: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1))]!;
}

/** The 95th percentile of some timings (nearest rank). */
export const p95 = (times: number[]): number => percentile(times, 0.95);

/**
 * The real app over a benchmark database, in this process (requests by `inject`, so timings are
 * the server's own), and an id token of `email` signed in through the identity service.
 */
export async function signedInApp(
  url: string,
  handle: DatabaseHandle,
  email: string,
  password: string,
): Promise<{ app: FastifyInstance; token: string }> {
  const config = benchConfig(url);
  const identity = await createIdentity(config, handle, silentLogger);
  const app = await buildApp({
    config,
    database: handle,
    identity: identity.integration,
    logger: false,
    serveWeb: false,
  });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  return { app, token: signIn.json().AuthenticationResult.IdToken as string };
}
