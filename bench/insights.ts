// Insights benchmarks: one organization with 1,000,000 awards (one in seven a person's second)
// over 20 credentials, each with 11 years of earnings (award year − 5 … + 5; 11,000,000 rows),
// histories from the demo provider.
// Measures the full aggregate rebuild in a process of its own with the server's runtime settings
// (256 MB heap; bench/insights-rebuild.ts): its time (targets at 1 M awards ≤ 10 s on SQLite,
// ≤ 20 s on PostgreSQL; at 10 M ≤ 40 s and ≤ 60 s; none at other sizes) and the process's peak
// resident memory (≤ 256 MB at every size); then the warm p95 server time of
// GET /api/insights-data through the real app for a credential (≤ 50 ms) and for the whole
// organization (≤ 100 ms), on SQLite and, with BENCH_DATABASE_URL, PostgreSQL.
//
// Generating takes minutes, so the generated database is cached (a SQLite file and a PostgreSQL
// template database named after GENERATOR_VERSION); every run measures a fresh copy. Change
// GENERATOR_VERSION whenever the generated data changes; BENCH_REGENERATE=1 forces a new copy.
// BENCH_INSIGHTS_AWARDS=100000 generates a smaller data set (cached under its own name).
import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';

import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { packEarnings } from '../apps/server/src/db/migrations/20261215T1000-earnings-by-award.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../apps/server/src/identity.ts';
import { demoHistory } from '../apps/server/src/modules/earnings/demo-provider.ts';
import type {
  AwardToMatch,
  EarningsYearResult,
} from '../apps/server/src/modules/earnings/earnings-provider.ts';
import { createRandom } from '../apps/server/src/seed/random.ts';
import { serverRuntimeEnv } from '../scripts/server-runtime.ts';
import {
  benchConfig,
  benchOnBothDialects,
  type CachedDataset,
  describeOrigin,
  type Origin,
  p95,
  signedInApp,
  silentLogger,
} from './datasets.ts';
import type { BenchRow } from './lib.ts';

const GENERATOR_VERSION = 2;
/**
 * One award in seven is a second award of the person three awards before it (the same external
 * id, so the demo provider gives the same history): all-credentials views count that person once,
 * by their first award, which a rebuild has to find among the organization's people.
 */
const SECOND_AWARD_EVERY = 7;
const SECOND_AWARD_OF = 3;
const AWARDS = Number(process.env.BENCH_INSIGHTS_AWARDS ?? 1_000_000);
/** The organization that holds the generated awards. */
export const INSIGHTS_ORGANIZATION_ID = 2;
const CREDENTIALS = 20;
const AWARD_YEARS = { from: 2008, to: 2020 };
/** The data's latest complete year: every award has all 11 years. */
const LAST_YEAR = 2025;
const ORGANIZATION_ID = INSIGHTS_ORGANIZATION_ID;
/** The data set's platform admin. */
export const INSIGHTS_ADMIN = {
  email: 'bench-insights@laurel.test',
  password: 'Bench-password-2026!',
};
const PASSWORD = INSIGHTS_ADMIN.password;
const ADMIN_EMAIL = INSIGHTS_ADMIN.email;
const nameOf = (awards: number) => `insights-v${GENERATOR_VERSION}-${awards}`;
const NAME = nameOf(AWARDS);
/** The rebuild's time targets by data set size; other sizes are measured without one. */
const REBUILD_TARGET_SECONDS: Record<number, { sqlite: number; postgres: number }> = {
  1_000_000: { sqlite: 10, postgres: 20 },
  10_000_000: { sqlite: 40, postgres: 60 },
};
const PEAK_RSS_TARGET_MB = 256;

const CREDENTIAL_KINDS: Array<[string, string, string]> = [
  ['Registered Nursing', 'ASSOCIATE', '51.3801'],
  ['Medical Assisting', 'CERTIFICATE', '51.0801'],
  ['Welding Technology', 'CERTIFICATE', '48.0508'],
  ['Software Development', 'BACHELOR', '11.0701'],
  ['Cybersecurity', 'INDUSTRY_CERTIFICATION', '11.1003'],
  ['Accounting', 'ASSOCIATE', '52.0301'],
  ['Business Administration', 'MASTER', '52.0201'],
  ['HVAC Technician', 'APPRENTICESHIP', '47.0201'],
  ['Electrician', 'LICENSE', '46.0302'],
  ['Commercial Driving', 'LICENSE', '49.0205'],
  ['Early Childhood Education', 'ASSOCIATE', '13.1210'],
  ['Paralegal Studies', 'CERTIFICATE', '22.0302'],
  ['Culinary Arts', 'CERTIFICATE', '12.0503'],
  ['Data Analytics', 'BADGE', '11.0802'],
  ['Pharmacy Technician', 'CERTIFICATE', '51.0805'],
  ['Machining', 'CERTIFICATE', '48.0501'],
  ['Nursing', 'BACHELOR', '51.3801'],
  ['Network Administration', 'ASSOCIATE', '11.0901'],
  ['Criminal Justice', 'ASSOCIATE', '43.0104'],
  ['General Studies', 'ASSOCIATE', '24.0102'],
];
/** The credentials' codes, as an upload names them. */
export const INSIGHTS_CREDENTIAL_CODES = CREDENTIAL_KINDS.map((_, i) => `CR-${i + 1}`);
const TYPE_IDS: Record<string, number> = {
  CERTIFICATE: 1,
  ASSOCIATE: 2,
  BACHELOR: 3,
  MASTER: 4,
  INDUSTRY_CERTIFICATION: 5,
  LICENSE: 6,
  APPRENTICESHIP: 7,
  BADGE: 8,
};

interface GeneratedAward {
  id: number;
  credentialId: number;
  externalId: string;
  awardYear: number;
  awardDate: string;
}

/** Awards and their 11 earnings years, a block at a time (deterministic). */
function* generate(
  blockSize: number,
  awardCount: number,
): Generator<{ awards: GeneratedAward[]; years: Array<[number, EarningsYearResult]> }> {
  const random = createRandom(11);
  let awards: GeneratedAward[] = [];
  let years: Array<[number, EarningsYearResult]> = [];
  for (let i = 0; i < awardCount; i += 1) {
    const credentialIndex = Math.min(
      CREDENTIALS - 1,
      Math.floor(random.next() ** 1.3 * CREDENTIALS),
    );
    const [name, typeCode, programCode] = CREDENTIAL_KINDS[credentialIndex]!;
    const awardYear = random.int(AWARD_YEARS.from, AWARD_YEARS.to);
    // A second award is dated the 16th: never the same credential and date as the first (15th).
    const second = i % SECOND_AWARD_EVERY === SECOND_AWARD_OF;
    const award: GeneratedAward = {
      id: i + 1,
      credentialId: credentialIndex + 1,
      externalId: `B${String(second ? i - SECOND_AWARD_OF : i).padStart(7, '0')}`,
      awardYear,
      awardDate: `${awardYear}-${String(random.int(1, 12)).padStart(2, '0')}-${second ? 16 : 15}`,
    };
    const asProvider: AwardToMatch = {
      id: award.id,
      organizationId: ORGANIZATION_ID,
      credentialId: award.credentialId,
      externalId: award.externalId,
      firstName: 'Bench',
      lastName: 'Person',
      email: null,
      dateOfBirth: null,
      awardDate: award.awardDate,
      awardYear,
      credential: { code: `CR-${award.credentialId}`, name, typeCode, programCode },
    };
    // Every award gets a full history: draw again (another seed) when the provider had none.
    let history = demoHistory(asProvider, LAST_YEAR);
    for (let attempt = 0; !history.matched || history.years.length !== 11; attempt += 1) {
      history = demoHistory(
        { ...asProvider, externalId: `${award.externalId}~${attempt}` },
        LAST_YEAR,
      );
    }
    awards.push(award);
    for (const y of history.years) years.push([award.id, y]);
    if (awards.length === blockSize) {
      yield { awards, years };
      awards = [];
      years = [];
    }
  }
  if (awards.length > 0) yield { awards, years };
}

/** Organizations, credentials and the platform admin, through Kysely (a few rows). */
async function generateDirectory(handle: DatabaseHandle, url: string): Promise<void> {
  const db = handle.db;
  const now = '2026-06-01T00:00:00.000Z';
  const identity = await createIdentity(benchConfig(url), handle, silentLogger);
  const { username } = await identity.admin.createUser({
    email: ADMIN_EMAIL,
    password: PASSWORD,
    groups: ['Admins'],
  });
  const organization = (name: string) => ({
    name,
    typeId: 3,
    loginModeId: 1,
    website: null,
    city: null,
    state: null,
    salesforceAccountId: null,
    insightsEntitled: true,
    mfaRequired: false,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('organizations')
    .values([organization(PLATFORM_ORGANIZATION_NAME), organization('Benchmark State College')])
    .execute();
  await db
    .insertInto('users')
    .values({
      organizationId: 1,
      identityUsername: username,
      email: ADMIN_EMAIL,
      firstName: 'Bench',
      lastName: 'Admin',
      salutation: null,
      pronoun: null,
      title: null,
      nameConfirmed: true,
      roleId: 0,
      active: true,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('credentials')
    .values(
      CREDENTIAL_KINDS.map(([name, typeCode, programCode], i) => ({
        organizationId: ORGANIZATION_ID,
        name,
        code: INSIGHTS_CREDENTIAL_CODES[i]!,
        typeId: TYPE_IDS[typeCode]!,
        programCode,
        description: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

/** The trigger that packs each inserted earnings year into its award's row (decision record 072). */
const PACKING_TRIGGER = 'earnings_by_award_inserted';
/** Awards packed by one statement when a data set's earnings are all written. */
const PACK_AWARDS = 100_000;
const packedRange = (from: number) =>
  `e.award_id > ${from} and e.award_id <= ${from + PACK_AWARDS}`;

async function generateSqlite(file: string, awardCount: number): Promise<number> {
  const started = performance.now();
  const handle = createDatabase(`sqlite:${file}`);
  await migrateToLatest(handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
  await generateDirectory(handle, `sqlite:${file}`);
  await handle.destroy();

  const raw = new SQLite(file);
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  const now = '2026-06-01T00:00:00.000Z';
  const insertAward = raw.prepare(
    `insert into awards (id, organization_id, credential_id, external_id, first_name, last_name, award_date, award_year, match_status, match_provider, matched_at, created_at, updated_at)
     values (?, ${ORGANIZATION_ID}, ?, ?, 'Bench', 'Person', ?, ?, 'MATCHED', 'EQUIFAX_TWN', '${now}', '${now}', '${now}')`,
  );
  const insertYear = raw.prepare(
    `insert into earnings_years (award_id, year, wage, employed, full_time, industry, job_role, source) values (?, ?, ?, ?, ?, ?, ?, 'EQUIFAX_TWN')`,
  );
  const store = raw.transaction(
    (block: ReturnType<typeof generate> extends Generator<infer B> ? B : never) => {
      for (const a of block.awards)
        insertAward.run(a.id, a.credentialId, a.externalId, a.awardDate, a.awardYear);
      for (const [awardId, y] of block.years) {
        insertYear.run(
          awardId,
          y.year,
          y.wage,
          y.employed ? 1 : 0,
          y.fullTime ? 1 : 0,
          y.industry,
          y.jobRole,
        );
      }
    },
  );
  // Each award's years are packed once at the end rather than by the trigger year by year (the
  // same rows, generated several times faster); the trigger is put back as the migration made it.
  const trigger = raw
    .prepare(`select sql from sqlite_master where type = 'trigger' and name = ?`)
    .pluck()
    .get(PACKING_TRIGGER) as string;
  raw.exec(`drop trigger ${PACKING_TRIGGER}`);
  for (const block of generate(50_000, awardCount)) store(block);
  for (let from = 0; from < awardCount; from += PACK_AWARDS) {
    raw.exec(packEarnings(false, packedRange(from)));
  }
  raw.exec(trigger);
  raw.exec('analyze');
  raw.close();
  return Math.round((performance.now() - started) / 1000);
}

async function generatePostgres(url: string, awardCount: number): Promise<number> {
  const started = performance.now();
  const handle = createDatabase(url);
  await migrateToLatest(handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
  await generateDirectory(handle, url);
  await handle.destroy();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = '2026-06-01T00:00:00.000Z';
  // As on SQLite: the years packed once at the end, not by the trigger statement by statement.
  await client.query(`alter table earnings_years disable trigger ${PACKING_TRIGGER}`);
  for (const block of generate(20_000, awardCount)) {
    await client.query('begin');
    await client.query(
      `insert into awards (id, organization_id, credential_id, external_id, first_name, last_name, award_date, award_year, match_status, match_provider, matched_at, created_at, updated_at)
       select id, ${ORGANIZATION_ID}, credential_id, external_id, 'Bench', 'Person', award_date, award_year, 'MATCHED', 'EQUIFAX_TWN', $6, $6, $6
       from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::int[]) as t(id, credential_id, external_id, award_date, award_year)`,
      [
        block.awards.map((a) => a.id),
        block.awards.map((a) => a.credentialId),
        block.awards.map((a) => a.externalId),
        block.awards.map((a) => a.awardDate),
        block.awards.map((a) => a.awardYear),
        now,
      ],
    );
    await client.query(
      `insert into earnings_years (award_id, year, wage, employed, full_time, industry, job_role, source)
       select award_id, year, wage, employed, full_time, industry, job_role, 'EQUIFAX_TWN'
       from unnest($1::bigint[], $2::int[], $3::numeric[], $4::boolean[], $5::boolean[], $6::text[], $7::text[])
         as t(award_id, year, wage, employed, full_time, industry, job_role)`,
      [
        block.years.map(([id]) => id),
        block.years.map(([, y]) => y.year),
        block.years.map(([, y]) => y.wage),
        block.years.map(([, y]) => y.employed),
        block.years.map(([, y]) => y.fullTime),
        block.years.map(([, y]) => y.industry),
        block.years.map(([, y]) => y.jobRole),
      ],
    );
    await client.query('commit');
  }
  for (let from = 0; from < awardCount; from += PACK_AWARDS) {
    await client.query(packEarnings(true, packedRange(from)));
  }
  await client.query(`alter table earnings_years enable trigger ${PACKING_TRIGGER}`);
  await client.query(`select setval(pg_get_serial_sequence('awards', 'id'), ${awardCount})`);
  // As autovacuum leaves a table that stopped growing: pages marked all-visible, so that index-only
  // scans read no row (a freshly written table would also have its hint bits set by the first
  // reader, which a real organization's rebuilds do not pay).
  await client.query('vacuum (analyze)');
  await client.end();
  return Math.round((performance.now() - started) / 1000);
}

/**
 * The data set's organization rebuilt as the job thread rebuilds it, in a process of its own with
 * the server's runtime settings (bench/insights-rebuild.ts), at the time `now`: its seconds, its
 * cohorts, and the process's resident memory before it and at its peak.
 */
export async function rebuildInProcess(
  url: string,
  now: string,
  /** `full`: read every award, store no block (bench/insights-rebuild.ts). */
  mode: 'job' | 'full' = 'job',
): Promise<{
  seconds: number;
  cohorts: number;
  awardsRead: number;
  /** The threads that read blocks (the second at the lowest priority, decision record 071). */
  threads: number;
  rssBeforeMb: number;
  peakRssMb: number;
}> {
  const script = new URL('./insights-rebuild.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, url, String(ORGANIZATION_ID), now, ...(mode === 'full' ? ['full'] : [])],
    { env: { ...process.env, ...serverRuntimeEnv({}) }, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as Awaited<
    ReturnType<typeof rebuildInProcess>
  >;
}

async function runOn(
  dialect: 'sqlite' | 'postgres',
  url: string,
  origin: Origin,
): Promise<BenchRow[]> {
  const handle = createDatabase(url);
  await migrateToLatest(handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);

  const load = loadavg()[0]!;
  const now = `${LAST_YEAR + 1}-03-01T00:00:00Z`;
  // The first rebuild reads every award (and stores its blocks); the second finds every block
  // stored and current: what any rebuild costs before the blocks it reads again.
  const rebuild = await rebuildInProcess(url, now);
  const again = await rebuildInProcess(url, now);

  const { app, token } = await signedInApp(url, handle, ADMIN_EMAIL, PASSWORD);

  const random = createRandom(5);
  const range = () => {
    const from = random.int(AWARD_YEARS.from, AWARD_YEARS.to);
    return `awardYearFrom=${from}&awardYearTo=${random.int(from, AWARD_YEARS.to)}`;
  };
  async function measure(urls: string[]): Promise<number> {
    const times: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const u of urls) {
        const t0 = performance.now();
        const response = await app.inject({
          url: u,
          headers: { authorization: `Bearer ${token}` },
        });
        const time = performance.now() - t0;
        if (response.statusCode !== 200)
          throw new Error(`${u}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (round > 0) times.push(time);
      }
    }
    return p95(times);
  }
  const credentialUrls = Array.from(
    { length: 300 },
    () =>
      `/api/insights-data?organizationId=${ORGANIZATION_ID}&credentialId=${random.int(1, CREDENTIALS)}&${range()}`,
  );
  const organizationUrls = Array.from(
    { length: 300 },
    (_, i) =>
      `/api/insights-data?organizationId=${ORGANIZATION_ID}${i % 3 === 0 ? '' : `&${range()}`}`,
  );
  const credentialP95 = await measure(credentialUrls);
  const organizationP95 = await measure(organizationUrls);
  await app.close();
  await handle.destroy();

  const target = REBUILD_TARGET_SECONDS[AWARDS];
  const rows: BenchRow[] = [
    {
      name: `[${dialect}] insights rebuild (${AWARDS.toLocaleString('en-US')} awards × 11 years)`,
      value: Number(rebuild.seconds.toFixed(1)),
      unit: 's',
      ...(target === undefined
        ? {}
        : { target: `≤ ${target[dialect]} s`, pass: rebuild.seconds <= target[dialect] }),
      note: `reads every award and stores its blocks, on ${rebuild.threads} thread${rebuild.threads === 1 ? '' : 's'}; ${rebuild.cohorts} cohorts; load average ${load.toFixed(2)} at its start; ${describeOrigin(NAME, origin)}`,
    },
    {
      name: `[${dialect}] insights rebuild, peak RSS of its process`,
      value: Math.round(rebuild.peakRssMb),
      unit: 'MB',
      target: `≤ ${PEAK_RSS_TARGET_MB} MB`,
      pass: rebuild.peakRssMb <= PEAK_RSS_TARGET_MB,
      note: `${Math.round(rebuild.rssBeforeMb)} MB before the rebuild; 256 MB heap as the server runs`,
    },
    {
      name: `[${dialect}] insights rebuild again, nothing changed (every block stored)`,
      value: Number(again.seconds.toFixed(1)),
      unit: 's',
      note: `${again.awardsRead} awards read from their earnings; peak RSS ${Math.round(again.peakRssMb)} MB`,
    },
    {
      name: `[${dialect}] GET /api/insights-data p95, one credential`,
      value: Number(credentialP95.toFixed(1)),
      unit: 'ms',
      target: '≤ 50 ms',
      pass: credentialP95 <= 50,
    },
    {
      name: `[${dialect}] GET /api/insights-data p95, whole organization`,
      value: Number(organizationP95.toFixed(1)),
      unit: 'ms',
      target: '≤ 100 ms',
      pass: organizationP95 <= 100,
    },
  ];
  return rows;
}

/**
 * The data set of `awards` awards (cached under its own name): its name and its generator, for
 * `benchOnBothDialects` with the measurements of a suite.
 */
export const insightsDataset = (awards: number): Omit<CachedDataset, 'run'> => ({
  name: nameOf(awards),
  generate: (url) =>
    url.startsWith('sqlite:')
      ? generateSqlite(url.slice('sqlite:'.length), awards)
      : generatePostgres(url, awards),
});

export async function benchInsights(): Promise<BenchRow[]> {
  return benchOnBothDialects('insights', { ...insightsDataset(AWARDS), run: runOn });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./lib.ts');
  printTable(await benchInsights());
}
