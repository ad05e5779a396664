import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TChartPoint, TInsightsData } from '@laurel/contract/insights';
import { ROLES } from '@laurel/contract/roles';

import type { AwardTable, Database, EarningsYearTable } from '../src/db/schema.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { CPI_U_ANNUAL } from '../src/modules/insights/cpi-u.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createRandom } from '../src/seed/random.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

// The clock of every rebuild here: the latest complete year is 2025, money in 2025 dollars.
const NOW = new Date('2026-03-15T12:00:00.000Z');
const AS_OF = 2025;

interface Person {
  id: number;
  credentialId: number;
  awardYear: number;
  matchStatus: 'MATCHED' | 'NOT_MATCHED' | 'PENDING';
}
interface Row {
  awardId: number;
  year: number;
  wage: number | null;
  employed: boolean;
  fullTime: boolean;
  industry: string | null;
  jobRole: string | null;
}

// ---------------------------------------------------------------------------------------------
// The reference: the methodology computed plainly over the raw rows this file wrote.

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo]! + (h - lo) * (x[lo + 1]! - x[lo]!) : x[lo]!;
}
const real = (row: Row) => (row.wage! * CPI_U_ANNUAL[AS_OF]!) / CPI_U_ANNUAL[row.year]!;
const fullTimeWage = (row: Row | undefined) =>
  row !== undefined && row.employed && row.fullTime && row.wage !== null;

function flags(n: number, value: number | null) {
  const suppressed = n < 10 || value === null;
  return { value: suppressed ? null : value, n, suppressed, smallSample: !suppressed && n < 30 };
}

function topOf(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const n = names.length;
  if (n < 10) return { name: null, share: null, n, suppressed: true };
  return { name: ranked[0]![0], share: ranked[0]![1] / n, n, suppressed: false };
}

function reference(
  people: Person[],
  rows: Row[],
  cohort: { credentialId: number | null; from: number; to: number },
) {
  const inCohort = people.filter(
    (p) =>
      (cohort.credentialId === null || p.credentialId === cohort.credentialId) &&
      p.awardYear >= cohort.from &&
      p.awardYear <= cohort.to,
  );
  const matched = inCohort.filter((p) => p.matchStatus === 'MATCHED');
  const rowOf = new Map(rows.map((r) => [`${r.awardId}:${r.year}`, r]));
  const at = (p: Person, r: number) =>
    p.awardYear + r <= AS_OF ? rowOf.get(`${p.id}:${p.awardYear + r}`) : undefined;

  const points: TChartPoint[] = [];
  for (let r = -5; r <= 5; r += 1) {
    const wages = matched
      .map((p) => at(p, r))
      .filter(fullTimeWage)
      .map((row) => real(row!));
    const n = wages.length;
    const suppressed = n < 10;
    points.push({
      relativeYear: r,
      median: suppressed ? null : percentile(wages, 0.5),
      p25: suppressed ? null : percentile(wages, 0.25),
      p75: suppressed ? null : percentile(wages, 0.75),
      n,
      suppressed,
    });
  }
  const point = (r: number) => points[r + 5]!;

  const increases = matched
    .filter((p) => fullTimeWage(at(p, -1)) && fullTimeWage(at(p, 1)))
    .map((p) => real(at(p, 1)!) - real(at(p, -1)!));

  let h = 0;
  for (let r = 5; r >= 1; r -= 1) if (!point(r).suppressed && h === 0) h = r;
  let salaryGrowth;
  if (h > 0) {
    const base = point(-1);
    const value = base.suppressed ? null : (point(h).median! - base.median!) / base.median!;
    salaryGrowth = { ...flags(point(h).n, value), horizonYears: h };
  } else {
    let latest = 5;
    for (let r = 5; r >= 1; r -= 1) {
      if (point(r).n > 0) {
        latest = r;
        break;
      }
    }
    salaryGrowth = { ...flags(point(latest).n, null), horizonYears: latest };
  }

  const measured = matched.filter((p) => p.awardYear + 1 <= AS_OF);
  const employedAtOne = measured.map((p) => at(p, 1)).filter((row) => row?.employed);
  const window = (p: Person) =>
    rows.filter(
      (row) => row.awardId === p.id && Math.abs(row.year - p.awardYear) <= 5 && row.year <= AS_OF,
    );

  return {
    earnings: {
      salary: flags(point(1).n, point(1).median),
      salaryIncrease: flags(increases.length, percentile(increases, 0.5)),
      salaryGrowth,
    },
    employment: {
      employmentRate: flags(
        measured.length,
        measured.length ? employedAtOne.length / measured.length : null,
      ),
      topIndustry: topOf(employedAtOne.map((row) => row!.industry).filter((x) => x !== null)),
      topJobRole: topOf(employedAtOne.map((row) => row!.jobRole).filter((x) => x !== null)),
    },
    chart: { points },
    cohort: { awards: inCohort.length, matched: matched.length },
    dataGaps: [
      {
        code: 'MISSING_EQUIFAX',
        count: inCohort.filter((p) => p.matchStatus === 'NOT_MATCHED').length,
      },
      {
        code: 'MISSING_EARNINGS',
        count: matched.filter((p) => !window(p).some((row) => row.wage !== null)).length,
      },
      {
        code: 'MISSING_EMPLOYMENT',
        count: matched.filter((p) => !window(p).some((row) => row.employed)).length,
      },
    ],
  };
}

/** Deep equality where numbers may differ in the last bits (the CPI factor is applied in another order). */
function expectClose(actual: unknown, expected: unknown, path = ''): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Math.abs(actual - expected) > 1e-7 * Math.max(1, Math.abs(expected))) {
      throw new Error(`${path}: ${actual} ≠ ${expected}`);
    }
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    expect(actual, path).toBeTypeOf('object');
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual as object)]);
    for (const key of keys) {
      expectClose(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
    }
    return;
  }
  expect(actual, path).toEqual(expected);
}

// ---------------------------------------------------------------------------------------------
// Cohorts written straight into the database.

const INDUSTRIES = [
  'Health Care and Social Assistance',
  'Manufacturing',
  'Construction',
  'Retail Trade',
];
const ROLES_OF_JOBS = [
  'Registered Nurses',
  'Welders',
  'Electricians',
  'Cashiers',
  'Medical Assistants',
];

class Cohorts {
  people: Person[] = [];
  rows: Row[] = [];
  private sequence = 0;
  private readonly db: Kysely<Database>;
  private readonly organizationId: number;
  constructor(db: Kysely<Database>, organizationId: number) {
    this.db = db;
    this.organizationId = organizationId;
  }

  async credential(code: string, name: string, typeId = 1): Promise<number> {
    const now = new Date().toISOString();
    return (
      await this.db
        .insertInto('credentials')
        .values({
          organizationId: this.organizationId,
          code,
          name,
          typeId,
          programCode: null,
          description: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  /** One award; `years` gives its earnings rows (omit a year for a gap). */
  async person(
    credentialId: number,
    awardYear: number,
    matchStatus: Person['matchStatus'],
    years: Array<Omit<Row, 'awardId'>> = [],
  ): Promise<void> {
    this.sequence += 1;
    const now = new Date().toISOString();
    const award: Insertable<AwardTable> = {
      organizationId: this.organizationId,
      credentialId,
      externalId: `P${String(this.sequence).padStart(5, '0')}`,
      firstName: 'Test',
      lastName: `Person ${this.sequence}`,
      email: null,
      dateOfBirth: null,
      awardDate: `${awardYear}-06-15`,
      awardYear,
      uploadId: null,
      matchStatus,
      matchProvider: matchStatus === 'PENDING' ? null : 'EQUIFAX_TWN',
      matchedAt: matchStatus === 'MATCHED' ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    const { id } = await this.db
      .insertInto('awards')
      .values(award)
      .returning('id')
      .executeTakeFirstOrThrow();
    this.people.push({ id, credentialId, awardYear, matchStatus });
    if (years.length === 0) return;
    const rows = years.map((y) => ({ ...y, awardId: id }));
    this.rows.push(...rows);
    await this.db
      .insertInto('earningsYears')
      .values(rows.map((r): Insertable<EarningsYearTable> => ({ ...r, source: 'EQUIFAX_TWN' })))
      .execute();
  }
}

const job = (
  year: number,
  wage: number | null,
  industry: string | null = 'Manufacturing',
  jobRole: string | null = 'Welders',
  fullTime = true,
) => ({ year, wage, employed: true, fullTime, industry, jobRole });
const idle = (year: number) => ({
  year,
  wage: null,
  employed: false,
  fullTime: false,
  industry: null,
  jobRole: null,
});

describe.each(DIALECTS)('insights on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let orgId: number;
  let member: BuiltUser;
  let orgAdmin: BuiltUser;
  let cohorts: Cohorts;
  const credentials: Record<string, number> = {};
  // The server's clock; one test moves it into the next year.
  let clock = NOW;

  async function get(user: BuiltUser, url: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(user)}`, ...headers },
    });
  }
  async function data(query: string, user: BuiltUser = member): Promise<TInsightsData> {
    const response = await get(user, `/api/insights-data?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => clock });
    w = await createWorld(t);
    db = t.database.handle.db;
    const org = await createOrganization(db, { name: 'Cohort College' });
    orgId = org.id;
    member = await t.createUser(orgId, { roleId: ROLES.USER });
    orgAdmin = await t.createUser(orgId, { roleId: ROLES.ORGANIZATION_ADMIN });
    cohorts = new Cohorts(db, orgId);

    // EDGE: hand-made award years that sit on every threshold.
    const edge = (credentials.edge = await cohorts.credential('EDGE', 'Edge Welding Certificate'));
    // 2019: 10 people with full-time wages at −1 and +1 (n = 10, shown, small sample); industries
    // tie 5–5 (Construction wins alphabetically), job roles tie 4–4–2 (Machinists wins); two more
    // people are not employed at +1.
    for (let i = 0; i < 10; i += 1) {
      await cohorts.person(edge, 2019, 'MATCHED', [
        job(2018, 30_000 + i * 1000),
        job(
          2020,
          41_000 + i * 1500,
          i < 5 ? 'Manufacturing' : 'Construction',
          i < 4 ? 'Welders' : i < 8 ? 'Machinists' : 'Electricians',
        ),
      ]);
    }
    for (let i = 0; i < 2; i += 1)
      await cohorts.person(edge, 2019, 'MATCHED', [job(2018, 28_000), idle(2020)]);
    // 2020: 9 people (n = 9, suppressed).
    for (let i = 0; i < 9; i += 1) {
      await cohorts.person(edge, 2020, 'MATCHED', [
        job(2019, 31_000 + i * 700),
        job(2021, 45_000 + i * 900),
      ]);
    }
    // 2016: 30 people at +1 (no small-sample warning); 2017: 29 (warning).
    for (let i = 0; i < 30; i += 1)
      await cohorts.person(edge, 2016, 'MATCHED', [
        job(2015, 25_000 + i * 300),
        job(2017, 39_000 + i * 450),
      ]);
    for (let i = 0; i < 29; i += 1)
      await cohorts.person(edge, 2017, 'MATCHED', [
        job(2016, 26_000 + i * 310),
        job(2018, 40_000 + i * 470),
      ]);
    // 2025: awarded too recently for +1; their 2026 rows lie beyond the latest complete year.
    for (let i = 0; i < 12; i += 1) {
      await cohorts.person(edge, 2025, 'MATCHED', [
        job(2024, 33_000 + i * 100),
        job(2025, 36_000),
        job(2026, 52_000),
      ]);
    }
    // Matched people without wages, without any employment, not matched, and still pending.
    await cohorts.person(edge, 2019, 'MATCHED', [job(2018, null), job(2020, null, null, null)]);
    await cohorts.person(edge, 2019, 'MATCHED', [idle(2018), idle(2020)]);
    await cohorts.person(edge, 2019, 'MATCHED', []);
    for (let i = 0; i < 3; i += 1) await cohorts.person(edge, 2019, 'NOT_MATCHED');
    await cohorts.person(edge, 2020, 'PENDING');

    // MIXED: two credentials of random people over many award years, with gap years, part-time
    // years, people out of work, wages missing, and rows outside the ±5 window.
    const random = createRandom(20261121);
    credentials.nursing = await cohorts.credential('RN', 'Nursing Associate Degree', 2);
    credentials.business = await cohorts.credential('BUS', 'Business Certificate', 1);
    for (const [credentialId, count, first, last] of [
      [credentials.nursing, 260, 2012, 2024],
      [credentials.business, 140, 2014, 2023],
    ] as const) {
      for (let i = 0; i < count; i += 1) {
        const awardYear = random.int(first, last);
        const u = random.next();
        const status = u < 0.8 ? 'MATCHED' : u < 0.9 ? 'NOT_MATCHED' : 'PENDING';
        const years: Array<Omit<Row, 'awardId'>> = [];
        if (status === 'MATCHED' && random.next() > 0.04) {
          const level = 28_000 + random.next() * 40_000;
          for (let year = awardYear - 6; year <= awardYear + 6; year += 1) {
            if (random.next() < 0.12) continue; // a gap year
            if (random.next() < 0.15) {
              years.push(idle(year));
              continue;
            }
            const fullTime = random.next() < 0.75;
            const wage =
              random.next() < 0.06
                ? null
                : Math.round(
                    (level * (year > awardYear ? 1.25 : 1) * (fullTime ? 1 : 0.45) +
                      random.int(0, 9000)) *
                      100,
                  ) / 100;
            years.push(
              job(
                year,
                wage,
                random.next() < 0.1 ? null : random.pick(INDUSTRIES),
                random.next() < 0.1 ? null : random.pick(ROLES_OF_JOBS),
                fullTime,
              ),
            );
          }
        }
        await cohorts.person(credentialId, awardYear, status, years);
      }
    }
    await rebuildInsights(db, orgId, { now: NOW, batchSize: 97 });
  });
  afterAll(() => t?.close());

  it('matches the reference computation for every cohort and award-year range', async () => {
    const cohortsToCheck: Array<[number | null, number, number]> = [
      [null, 2012, 2025],
      [credentials.edge!, 2016, 2025],
      [credentials.nursing!, 2012, 2024],
      [credentials.business!, 2014, 2023],
    ];
    let checked = 0;
    for (const [credentialId, first, last] of cohortsToCheck) {
      for (let from = first; from <= last; from += 1) {
        for (let to = from; to <= last; to += 1) {
          const got = await data(
            `organizationId=${orgId}&awardYearFrom=${from}&awardYearTo=${to}${credentialId ? `&credentialId=${credentialId}` : ''}`,
          );
          const expected = reference(cohorts.people, cohorts.rows, { credentialId, from, to });
          expect(got.awardYearFrom).toBe(from);
          expect(got.awardYearTo).toBe(to);
          const { earnings, employment, chart, cohort, dataGaps } = got;
          const { status: earningsStatus, ...earningsFigures } = earnings;
          const { status: employmentStatus, ...employmentFigures } = employment;
          expect([earningsStatus, employmentStatus]).toEqual(['available', 'available']);
          expectClose(
            { earnings: earningsFigures, employment: employmentFigures, chart, cohort, dataGaps },
            expected,
            `credential ${credentialId ?? 'all'} ${from}–${to}`,
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBe(105 + 55 + 91 + 55);
  });

  it('suppresses 9 people and shows 10, warning below 30', async () => {
    const edge = credentials.edge!;
    const y2019 = await data(`credentialId=${edge}&awardYearFrom=2019&awardYearTo=2019`);
    expect(y2019.earnings.salary).toMatchObject({ n: 10, suppressed: false, smallSample: true });
    // The median of ten: the mean of the 5th and 6th wages at +1, in 2025 dollars.
    expect(y2019.earnings.salary.value).toBeCloseTo(
      ((47_000 + 48_500) / 2) * (CPI_U_ANNUAL[2025]! / CPI_U_ANNUAL[2020]!),
      6,
    );
    expect(y2019.earnings.salaryIncrease).toMatchObject({ n: 10, suppressed: false });
    // Employed at +1: the ten, and the person whose employer reported no wage.
    expect(y2019.employment.employmentRate).toMatchObject({
      n: 15,
      value: 11 / 15,
      smallSample: true,
    });
    expect(y2019.employment.topIndustry).toEqual({
      name: 'Construction',
      share: 0.5,
      n: 10,
      suppressed: false,
    });
    expect(y2019.employment.topJobRole).toEqual({
      name: 'Machinists',
      share: 0.4,
      n: 10,
      suppressed: false,
    });
    expect(y2019.cohort).toEqual({ awards: 18, matched: 15 });
    expect(y2019.dataGaps).toEqual([
      { code: 'MISSING_EQUIFAX', count: 3 },
      { code: 'MISSING_EARNINGS', count: 3 },
      { code: 'MISSING_EMPLOYMENT', count: 2 },
    ]);

    const y2020 = await data(`credentialId=${edge}&awardYearFrom=2020&awardYearTo=2020`);
    expect(y2020.earnings.salary).toEqual({
      value: null,
      n: 9,
      suppressed: true,
      smallSample: false,
    });
    expect(y2020.chart.points[6]).toMatchObject({
      relativeYear: 1,
      median: null,
      p25: null,
      p75: null,
      n: 9,
      suppressed: true,
    });
    expect(y2020.earnings.salaryGrowth).toMatchObject({
      suppressed: true,
      value: null,
      horizonYears: 1,
      n: 9,
    });

    const y2016 = await data(`credentialId=${edge}&awardYearFrom=2016&awardYearTo=2016`);
    expect(y2016.earnings.salary).toMatchObject({ n: 30, suppressed: false, smallSample: false });
    expect(y2016.earnings.salaryGrowth).toMatchObject({
      horizonYears: 1,
      n: 30,
      suppressed: false,
    });
    const y2017 = await data(`credentialId=${edge}&awardYearFrom=2017&awardYearTo=2017`);
    expect(y2017.earnings.salary).toMatchObject({ n: 29, suppressed: false, smallSample: true });
  });

  it('ignores years after the latest complete year and awards too recent for +1', async () => {
    const recent = await data(
      `credentialId=${credentials.edge}&awardYearFrom=2025&awardYearTo=2025`,
    );
    expect(recent.asOfYear).toBe(AS_OF);
    expect(recent.dollarsOfYear).toBe(AS_OF);
    expect(recent.chart.points.map((p) => p.n)).toEqual([0, 0, 0, 0, 12, 12, 0, 0, 0, 0, 0]);
    expect(recent.employment.employmentRate).toMatchObject({ n: 0, suppressed: true });
    expect(recent.earnings.salaryGrowth).toMatchObject({ suppressed: true, horizonYears: 5, n: 0 });
    // At r = 0 the 2025 wage of 36,000 is already in 2025 dollars.
    expect(recent.chart.points[5]!.median).toBe(36_000);
  });

  it('clamps the award-year range to the data and defaults to all years', async () => {
    const all = await data(`credentialId=${credentials.business}`);
    expect([all.awardYearFrom, all.awardYearTo]).toEqual([2014, 2023]);
    const wide = await data(
      `credentialId=${credentials.business}&awardYearFrom=1990&awardYearTo=2100`,
    );
    expect([wide.awardYearFrom, wide.awardYearTo]).toEqual([2014, 2023]);
    expect(wide.cohort).toEqual(all.cohort);
    const outside = await data(
      `credentialId=${credentials.business}&awardYearFrom=1990&awardYearTo=2000`,
    );
    expect([outside.awardYearFrom, outside.awardYearTo]).toEqual([null, null]);
    expect(outside.cohort).toEqual({ awards: 0, matched: 0 });
    const organization = await data('');
    expect(organization.organizationId).toBe(orgId);
    expect(organization.credentialId).toBeNull();
    expect([organization.awardYearFrom, organization.awardYearTo]).toEqual([2012, 2025]);
    expect(organization.cohort.awards).toBe(cohorts.people.length);
    expect(organization.builtAt).toBe(NOW.toISOString());
  });

  it('refuses bad queries with field errors', async () => {
    const letters = await get(member, '/api/insights-data?awardYearFrom=abc');
    expect(letters.statusCode).toBe(400);
    expect(letters.json().fieldErrors).toHaveProperty('awardYearFrom');
    const reversed = await get(member, '/api/insights-data?awardYearFrom=2020&awardYearTo=2019');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toHaveProperty('awardYearTo');
    expect((await get(member, '/api/insights-data?color=red')).statusCode).toBe(400);
  });

  it('lets members and platform admins read, and nobody else', async () => {
    expect((await get(orgAdmin, `/api/insights-data?organizationId=${orgId}`)).statusCode).toBe(
      200,
    );
    expect((await get(w.userB, `/api/insights-data?organizationId=${orgId}`)).statusCode).toBe(404);
    expect(
      (await get(w.userB, `/api/insights-data?credentialId=${credentials.edge}`)).statusCode,
    ).toBe(404);
    expect((await get(member, `/api/insights-data?credentialId=${w.credentialB}`)).statusCode).toBe(
      404,
    );
    const admin = await get(
      w.platformAdmin,
      `/api/insights-data?organizationId=${orgId}&credentialId=${credentials.edge}`,
    );
    expect(admin.statusCode).toBe(200);
    expect(admin.json().cohort.awards).toBe(
      cohorts.people.filter((p) => p.credentialId === credentials.edge).length,
    );
    const acting = await get(w.platformAdmin, '/api/insights-data', {
      'x-acting-organization': String(orgId),
    });
    expect(acting.json().organizationId).toBe(orgId);
    expect(
      (await get(w.platformAdmin, '/api/insights-data?organizationId=999999')).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/insights-data' })).statusCode).toBe(401);
  });

  it('answers lookups with the caller’s award years, thresholds and support address', async () => {
    const lookups = (await get(member, '/api/insights-data/lookups')).json();
    expect(lookups.awardYears).toEqual({ min: 2012, max: 2025 });
    expect(lookups.supportEmail).toBe('support@laurel.demo');
    expect([lookups.suppressionMin, lookups.smallSampleMin]).toEqual([10, 30]);
    expect(lookups.aggregationOptions.map((o: { code: string }) => o.code)).toEqual([
      'ORGANIZATION',
      'CREDENTIAL',
    ]);
    expect(lookups.credentialTypes.map((c: { code: string }) => c.code)).toContain('BACHELOR');
    const other = (await get(w.userB, '/api/insights-data/lookups')).json();
    expect(other.awardYears).toEqual({ min: null, max: null });
  });

  it('says processing while a job for the organization is queued, keeping the last figures', async () => {
    const before = await data('');
    const jobId = await enqueueJob(db, {
      type: JOB_TYPES.rebuildInsights,
      organizationId: orgId,
      dedupeKey: `rebuild-insights:${orgId}`,
    });
    const during = await data('');
    expect(during.earnings.status).toBe('processing');
    expect(during.employment.status).toBe('processing');
    expect(during.earnings.salary).toEqual(before.earnings.salary);
    await db.deleteFrom('jobs').where('id', '=', jobId!).execute();
    expect((await data('')).earnings.status).toBe('available');
  });

  it('queues a rebuild once a new calendar year is complete, and says processing meanwhile', async () => {
    const before = await data('');
    clock = new Date('2027-02-01T12:00:00.000Z');
    try {
      const stale = await data('');
      expect(stale.earnings.status).toBe('processing');
      expect(stale.asOfYear).toBe(before.asOfYear);
      expect(stale.earnings.salary).toEqual(before.earnings.salary);
      await data('');
      const queued = await db
        .selectFrom('jobs')
        .select('id')
        .where('organizationId', '=', orgId)
        .where('type', '=', JOB_TYPES.rebuildInsights)
        .where('status', '=', 'QUEUED')
        .execute();
      expect(queued).toHaveLength(1);
      await db.deleteFrom('jobs').where('id', '=', queued[0]!.id).execute();
    } finally {
      clock = NOW;
    }
    expect((await data('')).earnings.status).toBe('available');
  });

  it('is unavailable for an organization without the insights entitlement', async () => {
    const closed = await createOrganization(db, {
      name: 'Closed College',
      insightsEntitled: false,
    });
    const user = await t.createUser(closed.id, { roleId: ROLES.USER });
    const other = new Cohorts(db, closed.id);
    const credentialId = await other.credential('CLOSED', 'Closed Certificate');
    for (let i = 0; i < 12; i += 1)
      await other.person(credentialId, 2020, 'MATCHED', [job(2021, 50_000)]);
    await rebuildInsights(db, closed.id, { now: NOW });
    const response = await data('', user);
    expect(response.earnings.status).toBe('unavailable');
    expect(response.employment.status).toBe('unavailable');
    expect(response.earnings.salary).toEqual({
      value: null,
      n: 0,
      suppressed: true,
      smallSample: false,
    });
    expect(response.chart.points.every((p) => p.suppressed)).toBe(true);
  });

  it('replaces the figures on the next rebuild', async () => {
    const edge = credentials.edge!;
    await cohorts.person(edge, 2020, 'MATCHED', [job(2019, 30_000), job(2021, 44_444)]);
    const stale = await data(`credentialId=${edge}&awardYearFrom=2020&awardYearTo=2020`);
    expect(stale.earnings.salary.suppressed).toBe(true);
    await rebuildInsights(db, orgId, { now: NOW });
    const fresh = await data(`credentialId=${edge}&awardYearFrom=2020&awardYearTo=2020`);
    expect(fresh.earnings.salary).toMatchObject({ n: 10, suppressed: false });
    expectClose(
      fresh.earnings.salary,
      reference(cohorts.people, cohorts.rows, { credentialId: edge, from: 2020, to: 2020 }).earnings
        .salary,
    );
    const summary = await db
      .selectFrom('credentialInsightSummaries')
      .selectAll()
      .where('credentialId', '=', edge)
      .executeTakeFirstOrThrow();
    expect(summary).toMatchObject({
      awards: cohorts.people.filter((p) => p.credentialId === edge).length,
      awardYearMin: 2016,
      awardYearMax: 2025,
      missingEquifax: 3,
    });
  });
  it('shows the match rate and data gaps of the latest build on the credential', async () => {
    const edge = cohorts.people.filter((p) => p.credentialId === credentials.edge);
    const matched = edge.filter((p) => p.matchStatus === 'MATCHED').length;
    const gaps = reference(cohorts.people, cohorts.rows, {
      credentialId: credentials.edge!,
      from: 2000,
      to: 2030,
    }).dataGaps;
    const credential = (await get(member, `/api/credentials/${credentials.edge}`)).json();
    expect(credential.insights).toEqual({
      matched,
      matchRate: matched / (matched + 3),
      dataGaps: gaps,
      builtAt: NOW.toISOString(),
    });
  });
});
