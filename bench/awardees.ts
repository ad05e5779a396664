// Awardee search benchmark: 1,000,000 awards (850,000 people, 1,000 organizations, one of them
// holding 30 % of the awards) generated here; the server's own p95 time of global search for
// awardees (a common surname, a rarer one, a full name, an external id, part of an e-mail address,
// a text nothing holds) as a platform admin over every organization and acting within the large
// and a small organization, and of the person view, through the real app in this process, on
// SQLite and PostgreSQL. With BENCH_EXPLAIN=1 the PostgreSQL plans of the awardee candidates are
// printed as well.
//
// The data is generated on the schema before the awardee search (migration 20261202T1000) and
// cached (a SQLite file and a PostgreSQL template database named after GENERATOR_VERSION); every
// run copies it and applies the later migrations to the copy, timing them: the first is the
// migration that builds the awardee text indexes over the million awards.
import type { Migration } from 'kysely';
import { sql } from 'kysely';

import { ACTING_ORGANIZATION_HEADER } from '@laurel/contract/paths';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';

import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../apps/server/src/identity.ts';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../apps/server/src/seed/demo-data.ts';
import {
  benchConfig,
  benchOnBothDialects,
  describeOrigin,
  type Origin,
  p95,
  percentile,
  signedInApp,
  silentLogger,
} from './datasets.ts';
import type { BenchRow } from './lib.ts';

const GENERATOR_VERSION = 1;
const AWARDS = Number(process.env.BENCH_AWARDEES ?? 1_000_000);
const NAME = `awardees-v${GENERATOR_VERSION}-${AWARDS}`;
/** The last migration the data is generated on; later ones run on every copy. */
const BASE_MIGRATION = '20261201T1020-combined-bigrams';
const ORGANIZATIONS = 1000;
const CREDENTIALS = 10_000;
/** Credentials 0 … LARGE_CREDENTIALS − 1 belong to the large organization (id 2). */
const LARGE_CREDENTIALS = 3000;
/** A person's external id: award i and award i + PEOPLE are the same person's. */
const PEOPLE = Math.round(AWARDS * 0.85);
const ADMIN = { email: 'bench-awardees@laurel.test', password: 'Bench-password-2026!' };
const SEARCH_TARGET_MS = 50;
const PERSON_TARGET_MS = 10;
const ROUNDS = 40;
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'vo', 'shi', 'dan', 'bel', 'or', 'ze', 'qu'];

/** Person `p`'s names, e-mail address and external id (the same for each of their awards). */
function person(p: number) {
  const first = DEMO_FIRST_NAMES[p % DEMO_FIRST_NAMES.length]!;
  // Four in five people have one of the demo surnames (about 30,000 awards each); the others one
  // of 1,728 rarer ones (about 120 each).
  const rare = p % 5 === 4;
  const last = rare
    ? [7, 11, 13]
        .map((k, i) => SYLLABLES[Math.floor(p / k / (i + 1)) % SYLLABLES.length]!)
        .join('')
        .replace(/^./, (c) => c.toUpperCase())
    : DEMO_LAST_NAMES[Math.floor(p / DEMO_FIRST_NAMES.length) % DEMO_LAST_NAMES.length]!;
  return {
    externalId: `NEW-${10_000 + p}`,
    firstName: first,
    lastName: last,
    email: p % 10 === 3 ? null : `${first}.${last}.${p}@mail.example`.toLowerCase(),
  };
}

const organizationOfCredential = (c: number) =>
  c < LARGE_CREDENTIALS ? 2 : 3 + (c % (ORGANIZATIONS - 1));

async function generate(url: string): Promise<number> {
  const started = performance.now();
  const handle = createDatabase(url);
  try {
    const keep = (set: Record<string, Migration>) =>
      Object.fromEntries(Object.entries(set).filter(([n]) => n <= BASE_MIGRATION));
    await migrateToLatest(handle.db, [keep(serverMigrations), ...IDENTITY_MIGRATIONS]);
    await fill(handle, url);
  } finally {
    await handle.destroy();
  }
  return Math.round((performance.now() - started) / 1000);
}

async function fill(handle: DatabaseHandle, url: string) {
  const db = handle.db;
  const now = '2026-06-01T00:00:00.000Z';
  const identity = await createIdentity(benchConfig(url), handle, silentLogger);
  const { username } = await identity.admin.createUser({
    email: ADMIN.email,
    password: ADMIN.password,
    groups: ['Admins'],
  });
  const organizations = Array.from({ length: ORGANIZATIONS + 1 }, (_, i) => ({
    name: i === 0 ? PLATFORM_ORGANIZATION_NAME : `Bench College ${i}`,
    typeId: i === 0 ? 1 : 3,
    loginModeId: 1,
    website: null,
    city: null,
    state: null,
    salesforceAccountId: null,
    insightsEntitled: true,
    mfaRequired: false,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < organizations.length; i += 500)
    await db
      .insertInto('organizations')
      .values(organizations.slice(i, i + 500))
      .execute();
  await db
    .insertInto('users')
    .values({
      organizationId: 1,
      identityUsername: username,
      email: ADMIN.email,
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
  const credentials = Array.from({ length: CREDENTIALS }, (_, c) => ({
    organizationId: organizationOfCredential(c),
    name: `Program ${c}`,
    code: `P-${c}`,
    typeId: 1 + (c % 8),
    programCode: null,
    description: null,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < credentials.length; i += 500)
    await db
      .insertInto('credentials')
      .values(credentials.slice(i, i + 500))
      .execute();
  const chunk = handle.dialect === 'sqlite' ? 1000 : 2000;
  for (let start = 0; start < AWARDS; start += chunk) {
    const rows = [];
    for (let i = start; i < Math.min(AWARDS, start + chunk); i++) {
      const p = i % PEOPLE;
      // A person's second award is of another credential of the same organization.
      const c = (i + Math.floor(i / PEOPLE) * 1000) % CREDENTIALS;
      const year = 2008 + (i % 17);
      rows.push({
        organizationId: organizationOfCredential(c),
        credentialId: c + 1,
        ...person(p),
        dateOfBirth: null,
        awardDate: `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        awardYear: year,
        uploadId: null,
        matchStatus: ['PENDING', 'MATCHED', 'NOT_MATCHED'][i % 3]!,
        createdAt: now,
        updatedAt: now,
      });
    }
    await db.insertInto('awards').values(rows).execute();
  }
  await (handle.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

/** The texts searched, and how many awards hold each. */
const SEARCHES = [
  ['common surname', DEMO_LAST_NAMES[6]!.toLowerCase()],
  ['rare surname', person(4).lastName.toLowerCase()],
  ['full name', `${person(123_459).firstName} ${person(123_459).lastName}`],
  ['external id', person(123_456).externalId],
  ['e-mail address part', `${person(654_321).email!.split('@')[0]}`],
  ['nothing holds it', 'zzqx'],
] as const;

async function run(dialect: 'sqlite' | 'postgres', url: string, origin: Origin) {
  const handle = createDatabase(url);
  const rows: BenchRow[] = [];
  try {
    const migrationStarted = performance.now();
    await migrateToLatest(handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
    await sql`analyze`.execute(handle.db);
    const migrated = ((performance.now() - migrationStarted) / 1000).toFixed(1);
    const { app, token } = await signedInApp(url, handle, ADMIN.email, ADMIN.password);
    const smallOrganization = 77;
    const scopes: Array<[string, Record<string, string>]> = [
      ['every organization', {}],
      ['acting in the large organization (300,000 awards)', { [ACTING_ORGANIZATION_HEADER]: '2' }],
      [
        'acting in a small organization (700 awards)',
        { [ACTING_ORGANIZATION_HEADER]: String(smallOrganization) },
      ],
    ];
    const timed = async (path: string, headers: Record<string, string>) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return { ms, body: response.json() as { results?: Array<{ itemType: string }> } };
    };
    const times = new Map<string, number[]>();
    const found = new Map<string, number>();
    for (let round = 0; round <= ROUNDS; round++)
      for (const [scope, headers] of scopes)
        for (const [label, q] of SEARCHES) {
          const key = `${scope}: ${label} "${q}"`;
          const { ms, body } = await timed(`/api/search?q=${encodeURIComponent(q)}`, headers);
          if (round === 0) {
            found.set(key, body.results!.filter((r) => r.itemType === 'awardees').length);
            continue;
          }
          times.set(key, [...(times.get(key) ?? []), ms]);
        }
    for (const [key, ms] of times) {
      const value = p95(ms);
      rows.push({
        name: `[${dialect}] global search, ${key} p95`,
        value: Number(value.toFixed(1)),
        unit: 'ms',
        target: `≤ ${SEARCH_TARGET_MS} ms`,
        pass: value <= SEARCH_TARGET_MS,
        note: `median ${percentile(ms, 0.5).toFixed(1)} ms; ${found.get(key)} awardees listed; ${ROUNDS} requests`,
      });
    }
    const person = await handle.db
      .selectFrom('awards')
      .select('id')
      .where('externalId', '=', 'NEW-10077')
      .executeTakeFirstOrThrow();
    const personTimes: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const { ms } = await timed(`/api/awards/${person.id}/awardee`, {});
      if (round) personTimes.push(ms);
    }
    rows.push({
      name: `[${dialect}] person view p95`,
      value: Number(p95(personTimes).toFixed(1)),
      unit: 'ms',
      target: `≤ ${PERSON_TARGET_MS} ms`,
      pass: p95(personTimes) <= PERSON_TARGET_MS,
      note: `median ${percentile(personTimes, 0.5).toFixed(1)} ms; ${AWARDS.toLocaleString('en-US')} awards; ${describeOrigin(NAME, origin)}; later migrations ${migrated} s`,
    });
    if (dialect === 'postgres' && process.env.BENCH_EXPLAIN === '1')
      for (const [label, q] of SEARCHES) {
        for (const scope of [undefined, 2, smallOrganization]) {
          const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers, costs off)
            select a.id from awards as a
            where a.search_text like ${`%${q.toLowerCase()}%`} escape '\\'
            ${scope === undefined ? sql`` : sql`and a.organization_id = ${scope}`}
            limit 200`.execute(handle.db);
          console.error(
            `\n-- ${label} "${q}", ${scope === undefined ? 'every organization' : `organization ${scope}`}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
          );
        }
      }
    await app.close();
  } finally {
    await handle.destroy();
  }
  return rows;
}

export async function benchAwardees(): Promise<BenchRow[]> {
  return benchOnBothDialects('awardees', { name: NAME, generate, run });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./lib.ts');
  printTable(await benchAwardees());
}
