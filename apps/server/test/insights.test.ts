import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { InsightHiddenReason, TInsightsData } from '@laurel/contract/insights';
import { ROLES } from '@laurel/contract/roles';

import type { AwardTable, Database, EarningsYearTable } from '../src/db/schema.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { CPI_U_ANNUAL } from '../src/modules/insights/cpi-u.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createRandom } from '../src/seed/random.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type BuiltUser, createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { storedInsights } from './helpers/graduates.ts';
import { lookupAttack } from './helpers/lookup-attack.ts';
import { readPdf } from './helpers/read-pdf.ts';
import { createWorld, type World } from './helpers/world.ts';

// The clock of every rebuild here: the latest complete year is 2025, money in 2025 dollars.
const NOW = new Date('2026-03-15T12:00:00.000Z');
const AS_OF = 2025;

interface Person {
  id: number;
  externalId: string;
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

const FLOOR = 15_080;

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo]! + (h - lo) * (x[lo + 1]! - x[lo]!) : x[lo]!;
}
const real = (row: Row) => (row.wage! * CPI_U_ANNUAL[AS_OF]!) / CPI_U_ANNUAL[row.year]!;
/** A wage the figures count: employed full time, at or above the earnings floor. */
const counted = (row: Row | undefined) =>
  row !== undefined && row.employed && row.fullTime && row.wage !== null && row.wage >= FLOOR;
const poolOf = (year: number) => year - (year % 3);

interface RefFigure {
  value: number | null;
  n: number;
}
interface Reference {
  salary: RefFigure;
  salaryIncrease: RefFigure;
  /** Growth at each horizon h = 1…5 over the people with counted wages at −1 and h. */
  growth: RefFigure[];
  employmentRate: RefFigure;
  coverage: RefFigure;
  employmentRateAllAwards: RefFigure;
  topIndustry: RefFigure & { name: string | null };
  topJobRole: RefFigure & { name: string | null };
  points: Array<RefFigure & { p25: number | null; p75: number | null }>;
  awards: number;
  /** The earliest award year of the cohort: relative year r has data once this year's has. */
  firstAwardYear: number;
  matched: number;
  gaps: number[];
}

function topOf(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const n = names.length;
  return { name: ranked[0]?.[0] ?? null, value: n ? ranked[0]![1] / n : null, n };
}

/**
 * The awards of a cohort: the credential's, or for all credentials each person's (external id)
 * first award (award year, then id), when it lies in the cohort's award years.
 */
function members(people: Person[], credentialId: number | null, years: (y: number) => boolean) {
  const inRange = people.filter(
    (p) => (credentialId === null || p.credentialId === credentialId) && years(p.awardYear),
  );
  if (credentialId !== null) return inRange;
  const first = new Map<string, Person>();
  for (const p of [...people].sort((a, b) => a.awardYear - b.awardYear || a.id - b.id))
    if (!first.has(p.externalId)) first.set(p.externalId, p);
  return inRange.filter((p) => first.get(p.externalId) === p);
}

function reference(people: Person[], rows: Row[], inCohort: Person[]): Reference {
  const matched = inCohort.filter((p) => p.matchStatus === 'MATCHED');
  const rowOf = new Map(rows.map((r) => [`${r.awardId}:${r.year}`, r]));
  const at = (p: Person, r: number) =>
    p.awardYear + r <= AS_OF ? rowOf.get(`${p.id}:${p.awardYear + r}`) : undefined;
  const wage = (p: Person, r: number) => (counted(at(p, r)) ? real(at(p, r)!) : null);

  const points: Reference['points'] = [];
  for (let r = -5; r <= 5; r += 1) {
    const wages = matched.map((p) => wage(p, r)).filter((w) => w !== null);
    points.push({
      value: percentile(wages, 0.5),
      p25: percentile(wages, 0.25),
      p75: percentile(wages, 0.75),
      n: wages.length,
    });
  }
  const paired = (h: number) => matched.filter((p) => wage(p, -1) !== null && wage(p, h) !== null);
  const increases = paired(1).map((p) => wage(p, 1)! - wage(p, -1)!);
  const growth: RefFigure[] = [];
  for (let h = 1; h <= 5; h += 1) {
    const both = paired(h);
    const start = percentile(
      both.map((p) => wage(p, -1)!),
      0.5,
    );
    const end = percentile(
      both.map((p) => wage(p, h)!),
      0.5,
    );
    growth.push({ value: start ? (end! - start) / start : null, n: both.length });
  }

  const measured = matched.filter((p) => p.awardYear + 1 <= AS_OF);
  const notMatchedMeasured = inCohort.filter(
    (p) => p.matchStatus === 'NOT_MATCHED' && p.awardYear + 1 <= AS_OF,
  );
  const lookedUp = measured.length + notMatchedMeasured.length;
  const employedAtOne = measured.map((p) => at(p, 1)).filter((row) => row?.employed);
  const window = (p: Person) =>
    rows.filter(
      (row) => row.awardId === p.id && Math.abs(row.year - p.awardYear) <= 5 && row.year <= AS_OF,
    );

  return {
    salary: { value: points[6]!.value, n: points[6]!.n },
    salaryIncrease: { value: percentile(increases, 0.5), n: increases.length },
    growth,
    employmentRate: {
      value: measured.length ? employedAtOne.length / measured.length : null,
      n: measured.length,
    },
    coverage: { value: lookedUp ? measured.length / lookedUp : null, n: lookedUp },
    employmentRateAllAwards: {
      value: lookedUp ? employedAtOne.length / lookedUp : null,
      n: lookedUp,
    },
    topIndustry: topOf(employedAtOne.map((row) => row!.industry).filter((x) => x !== null)),
    topJobRole: topOf(employedAtOne.map((row) => row!.jobRole).filter((x) => x !== null)),
    points,
    awards: inCohort.length,
    firstAwardYear: Math.min(...inCohort.map((p) => p.awardYear)),
    matched: matched.length,
    gaps: [
      inCohort.filter((p) => p.matchStatus === 'NOT_MATCHED').length,
      matched.filter((p) => !window(p).some((row) => row.wage !== null)).length,
      matched.filter((p) => !window(p).some((row) => row.employed)).length,
    ],
  };
}

/** The reference of an answered cohort (all years, or a pool). */
function referenceOf(
  people: Person[],
  rows: Row[],
  cohort: { credentialId: number | null; from: number; to: number },
) {
  return reference(
    people,
    rows,
    members(people, cohort.credentialId, (y) => y >= cohort.from && y <= cohort.to),
  );
}

/** How many figures were checked as shown and as hidden for each reason, since the last reset. */
let checkedFigures: Record<'SHOWN' | InsightHiddenReason, number>;
function resetCheckedFigures() {
  checkedFigures = { SHOWN: 0, TOO_RECENT: 0, FEWER_THAN_MIN: 0, WITHHELD: 0 };
}
resetCheckedFigures();

/**
 * A published figure against the reference: over no one, where no award of the cohort has the
 * year it is measured at complete yet, it is hidden as too recent; over fewer than 10 people it is
 * hidden as "fewer than 10"; withheld by complementary suppression it gives neither value nor n
 * and says so; otherwise it equals the reference, with the small-sample flag below 30.
 */
function expectFigure(
  got: {
    value?: number | null;
    n: number | null;
    lessThan: number | null;
    suppressed: boolean;
    reason: InsightHiddenReason | null;
    smallSample?: boolean;
  },
  expected: RefFigure,
  path: string,
  tooRecent = false,
) {
  const value = 'value' in got ? got.value : (got as unknown as { median: number | null }).median;
  const shown = {
    n: got.n,
    lessThan: got.lessThan,
    suppressed: got.suppressed,
    reason: got.reason,
  };
  if (expected.n < 10) {
    const reason = tooRecent && expected.n === 0 ? 'TOO_RECENT' : 'FEWER_THAN_MIN';
    expect(shown, path).toEqual({ n: null, lessThan: 10, suppressed: true, reason });
    expect(value, path).toBeNull();
    checkedFigures[reason] += 1;
    return;
  }
  if (got.n === null) {
    expect(shown, path).toEqual({ n: null, lessThan: null, suppressed: true, reason: 'WITHHELD' });
    expect(value, path).toBeNull();
    checkedFigures.WITHHELD += 1;
    return;
  }
  expect(got.n, path).toBe(expected.n);
  expectClose(value, expected.value, path);
  expect([got.suppressed, got.reason], path).toEqual([expected.value === null, null]);
  if (got.smallSample !== undefined && !got.suppressed)
    expect(got.smallSample, path).toBe(expected.n < 30);
  checkedFigures.SHOWN += 1;
}

function expectCount(
  got: { count: number | null; lessThan: number | null },
  n: number,
  path: string,
) {
  if (n < 10) expect([got.count, got.lessThan], path).toEqual([null, 10]);
  else if (got.count === null) expect(got.lessThan, path).toBeNull();
  else expect(got.count, path).toBe(n);
}

/** Every figure of an answer against the reference of its cohort. */
function expectMatchesReference(got: TInsightsData, ref: Reference, path: string) {
  const tooRecent = (r: number) => ref.firstAwardYear + r > AS_OF;
  expectFigure(got.earnings.salary, ref.salary, `${path} salary`, tooRecent(1));
  expectFigure(got.earnings.salaryIncrease, ref.salaryIncrease, `${path} increase`, tooRecent(1));
  const g = got.earnings.salaryGrowth;
  if (!g.suppressed) {
    expectFigure(g, ref.growth[g.horizonYears - 1]!, `${path} growth`);
    expect([g.nAtStart, g.nAtEnd]).toEqual([g.n, g.n]);
  } else {
    for (let h = 1; h <= 5; h += 1)
      expect(ref.growth[h - 1]!.n < 10 || g.n === null, `${path} growth ${h}`).toBe(true);
    // Hidden, it names the latest horizon with anyone paired (else +5) and says why.
    let latest = 5;
    while (latest > 1 && ref.growth[latest - 1]!.n === 0) latest -= 1;
    if (ref.growth[latest - 1]!.n === 0) latest = 5;
    expect(g.horizonYears, `${path} growth horizon`).toBe(latest);
    expectFigure(g, ref.growth[latest - 1]!, `${path} growth`, tooRecent(1));
  }
  expectFigure(got.employment.employmentRate, ref.employmentRate, `${path} rate`, tooRecent(1));
  for (const key of ['coverage', 'employmentRateAllAwards'] as const)
    expectFigure(got.employment[key], ref[key], `${path} ${key}`, tooRecent(1));
  for (const key of ['topIndustry', 'topJobRole'] as const) {
    const top = got.employment[key];
    expectFigure({ ...top, value: top.share }, ref[key], `${path} ${key}`, tooRecent(1));
    expect(top.name, `${path} ${key}`).toBe(top.suppressed ? null : ref[key].name);
  }
  got.chart.points.forEach((point, i) => {
    expectFigure(point, ref.points[i]!, `${path} chart ${i - 5}`, tooRecent(i - 5));
    const hidden = point.suppressed;
    expectClose(point.p25, hidden ? null : ref.points[i]!.p25, `${path} chart p25 ${i - 5}`);
    expectClose(point.p75, hidden ? null : ref.points[i]!.p75, `${path} chart p75 ${i - 5}`);
  });
  expect(got.cohort.awards, path).toBe(ref.awards);
  expectCount(got.cohort.matched, ref.matched, `${path} matched`);
  got.dataGaps.forEach((gap, i) => expectCount(gap, ref.gaps[i]!, `${path} ${gap.code}`));
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
    return createCredential(this.db, this.organizationId, { code, name, typeId });
  }

  /** One award; `years` gives its earnings rows (omit a year for a gap). */
  async person(
    credentialId: number,
    awardYear: number,
    matchStatus: Person['matchStatus'],
    years: Array<Omit<Row, 'awardId'>> = [],
    /** The person (one per award unless given). */
    person?: string,
  ): Promise<void> {
    this.sequence += 1;
    const externalId = person ?? `P${String(this.sequence).padStart(5, '0')}`;
    const now = new Date().toISOString();
    const award: Insertable<AwardTable> = {
      organizationId: this.organizationId,
      credentialId,
      externalId,
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
    this.people.push({ id, externalId, credentialId, awardYear, matchStatus });
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

/** The people counts an answer publishes (null where withheld or "fewer than 10"). */
function publishedCounts(got: TInsightsData): Record<string, number | null> {
  const { earnings, employment } = got;
  const counts: Record<string, number | null> = {
    matched: got.cohort.matched.count,
    notMatched: got.dataGaps[0]!.count,
    missingEarnings: got.dataGaps[1]!.count,
    missingEmployment: got.dataGaps[2]!.count,
    measured: employment.employmentRate.n,
    lookedUp: employment.coverage.n ?? employment.employmentRateAllAwards.n,
    increase: earnings.salaryIncrease.n,
    [`growth${earnings.salaryGrowth.horizonYears}`]: earnings.salaryGrowth.n,
    industryNamed: employment.topIndustry.n,
    jobRoleNamed: employment.topJobRole.n,
  };
  for (const point of got.chart.points) counts[`wages${point.relativeYear}`] = point.n;
  return counts;
}

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

  it('hands on the same report in Spanish: its words, numbers and document language', async () => {
    const pdf = async (query: string, headers: Record<string, string> = {}) => {
      const response = await get(member, `/api/insights-data/report?${query}`, headers);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return readPdf(response.rawPayload);
    };
    // Written here from the API's numbers with Intl's es-419 formats, as a reader would check
    // (the reader sees the no-break space after "USD" as a space).
    const dollars = (v: number) =>
      new Intl.NumberFormat('es-419', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      })
        .format(Math.round(v))
        .replace(/\s/g, ' ');
    const whole = (v: number) => new Intl.NumberFormat('es-419').format(v);
    const count = (c: { count: number | null; lessThan: number | null }) =>
      c.count !== null ? whole(c.count) : c.lessThan !== null ? 'Menos de 10' : 'Reservado';
    const hidden = (f: { reason: InsightHiddenReason | null; lessThan: number | null }) =>
      f.reason === 'TOO_RECENT'
        ? 'Aún no hay datos (otorgamientos demasiado recientes)'
        : f.lessThan !== null
          ? 'Oculto: menos de 10 personas'
          : 'Reservado para proteger a un grupo más pequeño';
    const year = (relative: number) =>
      relative === 0
        ? 'Año del otorgamiento'
        : `${Math.abs(relative)} ${Math.abs(relative) === 1 ? 'año' : 'años'} ${relative < 0 ? 'antes' : 'después'}`;

    const query = `organizationId=${orgId}&credentialId=${credentials.nursing}`;
    const api = await data(query);
    // Asked for in the query, or by the request's language: the same document.
    for (const report of [
      await pdf(`${query}&language=es`),
      await pdf(query, { 'accept-language': 'es-MX,es;q=0.9' }),
    ]) {
      expect(report.language).toBe('es');
      // The document element on each page it spans says Spanish.
      expect(report.structureLanguages.length).toBeGreaterThan(0);
      expect(new Set(report.structureLanguages)).toEqual(new Set(['es']));
      expect(report.roles.slice(0, 3)).toEqual(['Root', 'Document', 'H1']);
      expect(report.title).toBe('Nursing Associate Degree (RN): ingresos y empleo');
      const text = report.text.split('\n');
      // Reading order: title, cohort, then the sections in the order they are written.
      const order = [
        'Nursing Associate Degree (RN): ingresos y empleo',
        'Resultados',
        'Salario desde cinco años antes hasta cinco años después del otorgamiento',
        'Cómo leer estas cifras',
      ].map((line) => text.indexOf(line));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(text).toContain('Cifra Valor Personas Nota');
      expect(text).toContain('Año Salario mediano Percentil 25 Percentil 75 Personas');
      for (const point of api.chart.points) {
        const expected =
          point.median === null
            ? `${year(point.relativeYear)} ${hidden(point)} ${count({ count: point.n, lessThan: point.lessThan })}`
            : `${year(point.relativeYear)} ${dollars(point.median)} ${dollars(point.p25!)} ${dollars(point.p75!)} ${count({ count: point.n, lessThan: point.lessThan })}`;
        expect(text, `${point.relativeYear}`).toContain(expected);
      }
      const salary = api.earnings.salary;
      expect(report.text).toContain(
        salary.value === null
          ? `Salario ${hidden(salary)}`
          : `Salario ${dollars(salary.value)} ${count({ count: salary.n, lessThan: salary.lessThan })}`,
      );
      const rate = api.employment.employmentRate;
      expect(report.text.replace(/\n/g, ' ')).toContain(
        rate.value === null
          ? `Tasa de empleo ${hidden(rate)}`
          : `Tasa de empleo ${new Intl.NumberFormat('es-419', { style: 'percent', maximumFractionDigits: 0 }).format(Math.round(rate.value * 100) / 100)}`,
      );
      expect(report.text).toContain(`Otorgamientos: ${whole(api.cohort.awards)}.`);
      expect(report.text).toContain(
        `Datos hasta ${api.asOfYear}, en dólares de ${api.dollarsOfYear}.`,
      );
      expect(report.figureAlts).toHaveLength(1);
      expect(report.figureAlts[0]).toMatch(
        /^Salario mediano por año en relación con el otorgamiento/,
      );
      for (const point of api.chart.points.filter((p) => p.median !== null))
        expect(report.figureAlts[0]!.replace(/\s/g, ' ')).toContain(dollars(point.median!));
      // No English sentence of the report is left.
      for (const english of ['Outcomes', 'How to read these figures', 'Median salary', 'People'])
        expect(text).not.toContain(english);
    }
    // The organization's report in Spanish, and English where nothing asks for Spanish.
    const organization = await pdf(`organizationId=${orgId}&language=es`);
    expect(organization.title).toBe('Cohort College: resultados por credencial');
    const overall = await data(`organizationId=${orgId}`);
    const flat = organization.text.replace(/\n/g, ' ');
    for (const words of [
      'Credencial',
      'Otorgamientos',
      'Cotejados',
      'Tasa de empleo',
      'Credenciales',
    ])
      expect(flat).toContain(words);
    expect(flat).toContain(`Todas las credenciales ${whole(overall.cohort.awards)} `);
    const english = await pdf(`organizationId=${orgId}`, { 'accept-language': 'fr-FR' });
    expect(english.language).toBe('en-US');
    expect(new Set(english.structureLanguages)).toEqual(new Set(['en-US']));
    expect(
      (await get(member, `/api/insights-data/report?organizationId=${orgId}&language=fr`))
        .statusCode,
    ).toBe(400);
  });

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
    // EDGES of the rules: people holding two credentials (counted once in all-credentials views,
    // by their first award), wages under the earnings floor, part-time work only, and growth
    // whose −1 year is missing for most.
    credentials.second = await cohorts.credential('WELD2', 'Advanced Welding Certificate');
    for (let i = 0; i < 14; i += 1) {
      const person = `TWO${i}`;
      await cohorts.person(
        credentials.edge!,
        2016,
        'MATCHED',
        [job(2015, 27_000 + i * 100), job(2017, 41_000 + i * 200)],
        person,
      );
      await cohorts.person(
        credentials.second,
        i < 7 ? 2017 : 2020,
        'MATCHED',
        [job(2016, 33_000), job(2018 + (i < 7 ? 0 : 3), 52_000 + i * 300)],
        person,
      );
    }
    for (let i = 0; i < 12; i += 1) {
      // Full time under the floor at +1, and a part-time wage at −1.
      await cohorts.person(credentials.second, 2017, 'MATCHED', [
        job(2016, 20_000, 'Retail Trade', 'Cashiers', false),
        job(2018, 14_000 + i * 10, 'Retail Trade', 'Cashiers'),
      ]);
    }
    for (let i = 0; i < 11; i += 1) {
      // Part-time only: employed, never a counted wage; −1 missing for all.
      await cohorts.person(credentials.second, 2018, 'MATCHED', [
        job(2019, 30_000, 'Retail Trade', 'Cashiers', false),
        job(2023, 34_000 + i * 500),
      ]);
    }
    await rebuildInsights(db, orgId, { now: NOW, batchSize: 97 });
  });
  afterAll(() => t?.close());

  it('matches the reference computation for every cohort and every range it offers', async () => {
    let checked = 0;
    resetCheckedFigures();
    for (const credentialId of [null, ...Object.values(credentials)]) {
      const q = credentialId ? `&credentialId=${credentialId}` : '';
      const all = await data(`organizationId=${orgId}${q}`);
      expect(all.ranges.filter((r) => r.kind === 'ALL')).toHaveLength(1);
      for (const range of all.ranges) {
        const got = await data(
          `organizationId=${orgId}&awardYearFrom=${range.from}&awardYearTo=${range.to}${q}`,
        );
        expect([got.awardYearFrom, got.awardYearTo]).toEqual([range.from, range.to]);
        if (range.kind === 'POOL') expect([range.from % 3, range.to - range.from]).toEqual([0, 2]);
        expect([got.earnings.status, got.employment.status]).toEqual(['available', 'available']);
        const path = `credential ${credentialId ?? 'all'} ${range.from}–${range.to}`;
        expectMatchesReference(
          got,
          referenceOf(cohorts.people, cohorts.rows, { credentialId, ...range }),
          path,
        );
        // The same-cohort chart: only award years whose +5 year is complete.
        const same = got.chart.sameCohort;
        const complete = (y: number) => poolOf(y) + 2 + 5 <= AS_OF;
        if (same.awardYearFrom !== null) {
          const ref = reference(
            cohorts.people,
            cohorts.rows,
            members(
              cohorts.people,
              credentialId,
              (y) => y >= range.from && y <= range.to && complete(y),
            ),
          );
          same.points.forEach((point, i) =>
            expectFigure(point, ref.points[i]!, `${path} same cohort ${i - 5}`),
          );
          expect(complete(same.awardYearTo!)).toBe(true);
        } else {
          expect(
            cohorts.people.some(
              (p) =>
                p.awardYear >= range.from &&
                p.awardYear <= range.to &&
                complete(p.awardYear) &&
                (credentialId === null || p.credentialId === credentialId),
            ),
          ).toBe(false);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(15);
    // The data hold every kind: shown figures, figures of years no award has reached yet, figures
    // over fewer than 10, and small subgroups that withhold some figures over 10 or more.
    for (const [kind, count] of Object.entries(checkedFigures))
      expect(count, `figures checked as ${kind}`).toBeGreaterThan(0);
  });

  it('hands on the same figures as a tagged PDF report, for a credential and the organization', async () => {
    const pdf = async (query: string) => {
      const response = await get(member, `/api/insights-data/report?${query}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      return { ...(await readPdf(response.rawPayload)), headers: response.headers };
    };
    // Written here from the API's numbers, as a reader of the report would check them.
    const dollars = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;
    const count = (c: { count: number | null; lessThan: number | null }) =>
      c.count !== null
        ? c.count.toLocaleString('en-US')
        : c.lessThan !== null
          ? 'Fewer than 10'
          : 'Withheld';
    const hidden = (f: { reason: InsightHiddenReason | null; lessThan: number | null }) =>
      f.reason === 'TOO_RECENT'
        ? 'No data yet (awards too recent)'
        : f.lessThan !== null
          ? 'Hidden: fewer than 10 people'
          : 'Withheld to protect a smaller group';
    const short = (f: { reason: InsightHiddenReason | null; lessThan: number | null }) =>
      f.reason === 'TOO_RECENT'
        ? 'No data yet'
        : f.lessThan !== null
          ? 'Fewer than 10'
          : 'Withheld';
    const lines = (text: string) => text.split('\n');

    for (const credentialId of [credentials.edge, credentials.nursing]) {
      const query = `organizationId=${orgId}&credentialId=${credentialId}`;
      const api = await data(query);
      const report = await pdf(query);
      expect(report.language).toBe('en-US');
      expect(report.title).toMatch(/: earnings and employment outcomes$/);
      expect(report.sizes.every(([w, h]) => w === 612 && h === 792)).toBe(true);
      expect(report.roles.slice(0, 3)).toEqual(['Root', 'Document', 'H1']);
      for (const role of ['H2', 'Table', 'TH', 'TD', 'Figure'])
        expect(report.roles).toContain(role);
      // The salary chart's data, row by row: the same medians, quartiles and counts, or why not.
      const text = lines(report.text);
      for (const point of api.chart.points) {
        const year =
          point.relativeYear === 0
            ? 'Award year'
            : `${Math.abs(point.relativeYear)} ${Math.abs(point.relativeYear) === 1 ? 'year' : 'years'} ${point.relativeYear < 0 ? 'before' : 'after'}`;
        const expected =
          point.median === null
            ? `${year} ${hidden(point)} ${count({ count: point.n, lessThan: point.lessThan })}`
            : `${year} ${dollars(point.median)} ${dollars(point.p25!)} ${dollars(point.p75!)} ${count({ count: point.n, lessThan: point.lessThan })}`;
        expect(text, `${credentialId} ${year}`).toContain(expected);
      }
      // The figures' values and people.
      const salary = api.earnings.salary;
      expect(report.text).toContain(
        salary.value === null
          ? `Salary ${hidden(salary)}`
          : `Salary ${dollars(salary.value)} ${count({ count: salary.n, lessThan: salary.lessThan })}`,
      );
      const rate = api.employment.employmentRate;
      expect(report.text.replace(/\n/g, ' ')).toContain(
        rate.value === null
          ? `Employment rate ${hidden(rate)}`
          : `Employment rate ${Math.round(rate.value * 100)}%`,
      );
      const industry = api.employment.topIndustry;
      if (industry.name !== null)
        expect(report.text).toContain(
          `Top industry ${industry.name} (${Math.round(industry.share! * 100)}%)`,
        );
      expect(report.figureAlts).toHaveLength(1);
      for (const point of api.chart.points.filter((p) => p.median !== null))
        expect(report.figureAlts[0]).toContain(dollars(point.median!));
      expect(report.text).toContain(`Awards: ${api.cohort.awards.toLocaleString('en-US')}.`);
      expect(report.text).toContain(
        `Data through ${api.asOfYear}, in ${api.dollarsOfYear} dollars.`,
      );
    }
    // A benchmark for the nursing field and the high-school threshold: stated beside the figures.
    await db
      .updateTable('credentials')
      .set({ programCode: '51.3801' })
      .where('id', '=', credentials.nursing!)
      .execute();
    const boundary = 'laurel-report-benchmarks';
    const file = [
      'geography,cip,soc,metric,year,value,source',
      'US,51.3801,,median_earnings,2025,61000,Test wages',
      'US,,,hs_earnings_threshold,2025,30000,Test threshold',
    ].join('\n');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/benchmarks',
      headers: {
        authorization: `Bearer ${await w.token(w.platformAdmin)}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    try {
      const nursing = await data(`organizationId=${orgId}&credentialId=${credentials.nursing}`);
      const salaryValue = nursing.earnings.salary.value!;
      const report = await pdf(`organizationId=${orgId}&credentialId=${credentials.nursing}`);
      const flat = report.text.replace(/\n/g, ' ');
      const gap = Math.round((salaryValue - 61000) / 100) * 100;
      expect(flat).toContain(
        `Benchmark $61,000: median earnings for CIP 51.3801 in the US, 2025, in 2025 dollars. Source: Test wages. The salary one year after the award is ${gap >= 0 ? '+' : ''}$${Math.abs(gap).toLocaleString('en-US')} ${gap >= 0 ? 'above' : 'below'} the benchmark.`,
      );
      const premium = Math.round((salaryValue - 30000) / 100) * 100;
      expect(flat).toContain(
        `Earnings premium ${premium >= 0 ? '+' : '-'}$${Math.abs(premium).toLocaleString('en-US')} over the high-school earnings threshold of $30,000`,
      );
      expect(report.figureAlts[0]).toContain('A dashed line marks the benchmark, $61,000.');
    } finally {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/benchmarks/${uploaded.json().id}`,
        headers: { authorization: `Bearer ${await w.token(w.platformAdmin)}` },
      });
    }

    // Withheld and too-few figures are marked as the API marks them (the edge cohort has both).
    const edge = await pdf(`organizationId=${orgId}&credentialId=${credentials.edge}`);
    expect(edge.text).toContain('Hidden: fewer than 10 people');
    expect(edge.headers['content-disposition']).toBe(
      'attachment; filename="edge-insights-report.pdf"',
    );

    // The organization: a row per credential, and one for all of them, on A4 paper.
    const organization = await pdf(`organizationId=${orgId}&paper=a4`);
    expect(organization.sizes.every(([w, h]) => w === 595 && h === 842)).toBe(true);
    expect(organization.title).toBe('Cohort College: outcomes by credential');
    const rows = lines(organization.text);
    for (const [credentialId, label] of [
      [credentials.edge, 'Edge Welding Certificate (EDGE)'],
      [credentials.nursing, 'Nursing Associate Degree (RN)'],
      [null, 'All credentials'],
    ] as const) {
      const api = await data(
        `organizationId=${orgId}${credentialId ? `&credentialId=${credentialId}` : ''}`,
      );
      const s = api.earnings.salary;
      const r = api.employment.employmentRate;
      const matched =
        api.cohort.matched.count !== null
          ? `${Math.round((api.cohort.matched.count / api.cohort.awards) * 100)}%`
          : count(api.cohort.matched);
      expect(rows, label).toContain(
        [
          label,
          api.cohort.awards.toLocaleString('en-US'),
          matched,
          s.value === null ? short(s) : dollars(s.value),
          r.value === null ? short(r) : `${Math.round(r.value * 100)}%`,
        ].join(' '),
      );
    }
    // Each download is on the audit trail, as an export.
    const entries = await db
      .selectFrom('auditEntries')
      .where('organizationId', '=', orgId)
      .where('resourceType', '=', 'insights')
      .select('summary')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.summary)).toContain(
      'Downloaded the insights report of all credentials of Cohort College as PDF',
    );
    expect(entries.map((e) => e.summary)).toContain(
      'Downloaded the insights report of credential "Edge Welding Certificate" (EDGE) as PDF',
    );
  });

  it('stores the same figures when a second thread reads and counts part of the awards', async () => {
    const stored = () => storedInsights(db, orgId);
    const onOneThread = await stored();
    const awards = cohorts.people.length;
    // Read from the earnings rather than from the stored blocks (a consistency check's reading).
    const result = await rebuildInsights(db, orgId, {
      now: NOW,
      batchSize: 37,
      databaseUrl: t.database.url,
      cores: 3,
      reuseBlocks: false,
    });
    expect([result.awards, result.threads]).toEqual([awards, 2]);
    // Two cores: one is left to HTTP, and the rebuild keeps to the job's thread.
    const onTwoCores = await rebuildInsights(db, orgId, {
      now: NOW,
      batchSize: 37,
      databaseUrl: t.database.url,
      cores: 2,
      reuseBlocks: false,
    });
    expect([onTwoCores.awards, onTwoCores.threads]).toEqual([awards, 1]);
    expect(await stored()).toEqual(onOneThread);
  });

  it('counts a person once in all-credentials views, and leaves out wages under the floor and part-time wages', async () => {
    const second = credentials.second!;
    const pool2016 = await data(`credentialId=${second}&awardYearFrom=2016&awardYearTo=2018`);
    // 7 two-credential people at +1, 12 under the floor and 11 part-time only: 7 wages at +1.
    expect(pool2016.chart.points[6]).toMatchObject({ n: null, lessThan: 10, suppressed: true });
    // All 30 are employed at +1 (part-time and under the floor too), a count that would single out
    // a smaller group of the credential's other pools: the rate and the top industry over them
    // are withheld.
    const withheld = { n: null, lessThan: null, suppressed: true, reason: 'WITHHELD' };
    expect(pool2016.employment.employmentRate).toMatchObject({ ...withheld, value: null });
    expect(pool2016.employment.topIndustry).toMatchObject({ ...withheld, name: null, share: null });
    // All credentials, all years: the 14 two-credential people count once, by their 2016 award.
    const organization = await data('');
    const people = new Set(cohorts.people.map((p) => p.externalId)).size;
    expect(organization.cohort.awards).toBe(people);
    expect(organization.cohort.awards).toBe(cohorts.people.length - 14);
  });

  it('lets no combination of its answers single out fewer than 10 people', async () => {
    // A second organization built to have small subgroups, beside the first.
    const small = await createOrganization(db, { name: 'Small Groups College' });
    const groups = new Cohorts(db, small.id);
    const s1 = await groups.credential('S1', 'Small One');
    const s2 = await groups.credential('S2', 'Small Two');
    const s3 = await groups.credential('S3', 'Small Three');
    const history = (y: number, i: number) => [
      job(y - 1, 30_000 + i * 150),
      job(y + 1, 40_000 + i * 170),
      job(y + 5, 52_000 + i * 190),
    ];
    for (const [credentialId, year, count] of [
      [s1, 2013, 15],
      [s1, 2017, 4],
      [s2, 2014, 12],
      [s2, 2016, 11],
      [s3, 2017, 3],
      [s3, 2020, 10],
    ] as const)
      for (let i = 0; i < count; i += 1)
        await groups.person(credentialId, year, 'MATCHED', history(year, i));
    for (let i = 0; i < 3; i += 1) await groups.person(s2, 2016, 'NOT_MATCHED');
    // Two people with two credentials each.
    for (let i = 0; i < 2; i += 1) {
      await groups.person(s1, 2013, 'MATCHED', history(2013, 20 + i), `BOTH${i}`);
      await groups.person(s3, 2020, 'MATCHED', history(2020, 20 + i), `BOTH${i}`);
    }
    await rebuildInsights(db, small.id, { now: NOW });

    for (const organizationId of [orgId, small.id]) {
      const credentialIds = (
        await db
          .selectFrom('credentials')
          .select('id')
          .where('organizationId', '=', organizationId)
          .execute()
      ).map((c) => c.id);
      /** Every published people count of every cohort the API offers, by cohort. */
      const cohortsSeen: Array<{
        credentialId: number | null;
        years: Set<number>;
        counts: Record<string, number | null>;
      }> = [];
      for (const credentialId of [null, ...credentialIds]) {
        const q = `organizationId=${organizationId}${credentialId ? `&credentialId=${credentialId}` : ''}`;
        for (const range of (await data(q, w.platformAdmin)).ranges) {
          const got = await data(
            `${q}&awardYearFrom=${range.from}&awardYearTo=${range.to}`,
            w.platformAdmin,
          );
          const years = new Set<number>();
          for (let y = range.from; y <= range.to; y += 1) years.add(y);
          cohortsSeen.push({ credentialId, years, counts: publishedCounts(got) });
          // The same-cohort chart of all years is a cohort of its own: the complete pools.
          const same = got.chart.sameCohort;
          if (range.kind === 'ALL' && same.awardYearFrom !== null) {
            const sameYears = new Set<number>();
            for (let y = range.from; y <= same.awardYearTo!; y += 1) sameYears.add(y);
            const counts: Record<string, number | null> = {};
            same.points.forEach((p) => (counts[`wages${p.relativeYear}`] = p.n));
            cohortsSeen.push({ credentialId, years: sameYears, counts });
          }
        }
      }
      const recovered: string[] = [];
      const check = (value: number, what: string) => {
        if (value >= 1 && value <= 9) recovered.push(`${what} = ${value}`);
      };
      const label = (c: (typeof cohortsSeen)[number]) =>
        `${c.credentialId ?? 'all'} ${Math.min(...c.years)}–${Math.max(...c.years)}`;
      const inside = (a: (typeof cohortsSeen)[number], b: (typeof cohortsSeen)[number]) =>
        a !== b &&
        (b.credentialId === null || b.credentialId === a.credentialId) &&
        [...a.years].every((y) => b.years.has(y));
      for (const cohort of cohortsSeen)
        for (const [m, n] of Object.entries(cohort.counts))
          if (n !== null) check(n, `${m} of ${label(cohort)}`);
      // Every nested pair.
      for (const a of cohortsSeen)
        for (const b of cohortsSeen) {
          if (!inside(a, b)) continue;
          for (const [m, n] of Object.entries(a.counts)) {
            const outer = b.counts[m];
            if (n !== null && outer !== null && outer !== undefined)
              check(outer - n, `${m}: ${label(b)} − ${label(a)}`);
          }
        }
      // Every complement set: a cohort less any set of disjoint cohorts that make it up (its
      // credential's pools, or every credential's cohort of the same award years).
      for (const outer of cohortsSeen) {
        const parts = cohortsSeen.filter(
          (a) =>
            inside(a, outer) &&
            (a.credentialId === outer.credentialId ||
              (outer.credentialId === null && a.years.size === outer.years.size)),
        );
        const disjoint = (x: (typeof cohortsSeen)[number], y: (typeof cohortsSeen)[number]) =>
          (x.credentialId !== y.credentialId &&
            x.credentialId !== null &&
            y.credentialId !== null) ||
          [...x.years].every((year) => !y.years.has(year));
        const walk = (start: number, chosen: Array<(typeof cohortsSeen)[number]>) => {
          if (chosen.length >= 2) {
            for (const [m, total] of Object.entries(outer.counts)) {
              if (total === null) continue;
              let rest = total;
              let known = true;
              for (const part of chosen) {
                const n = part.counts[m];
                if (n === null || n === undefined) known = false;
                else rest -= n;
              }
              if (known) check(rest, `${m}: ${label(outer)} − {${chosen.map(label).join(', ')}}`);
            }
          }
          for (let i = start; i < parts.length; i += 1)
            if (chosen.every((c) => disjoint(c, parts[i]!))) walk(i + 1, [...chosen, parts[i]!]);
        };
        walk(0, []);
      }
      expect(recovered, `organization ${organizationId}`).toEqual([]);
    }
  });

  it('lets no linear combination of the lookup counts recover a group of fewer than 10', async () => {
    const attackData = (query: string) => data(query, w.platformAdmin);
    // One credential's unmatched awards: 5 in 2016 (fewer than 10), 20 in 2019, 12 in 2025 (no
    // +1 year yet): protecting the 5 through the unmatched count and through coverage's n once
    // withheld different pools, and all years' coverage n less its employment rate's n, less
    // 2019–2021's unmatched count, gave the 5. The same beside a second credential.
    const history = (y: number, i: number) => [
      job(y - 1, 30_000 + i * 150),
      job(y + 1, 41_000 + i * 170),
    ];
    const one = [
      [2016, 30, 5],
      [2019, 30, 20],
      [2025, 15, 12],
    ] as const;
    const two = [
      [2017, 25, 14],
      [2020, 11, 3],
      [2024, 40, 16],
    ] as const;
    for (const [name, credentialsOf] of [
      ['One Lookup College', [one]],
      ['Two Lookups College', [one, two]],
    ] as const) {
      const organization = await createOrganization(db, { name });
      const groups = new Cohorts(db, organization.id);
      for (const [i, awards] of credentialsOf.entries()) {
        const credentialId = await groups.credential(`L${i}`, `Lookup ${i}`);
        for (const [year, matched, notMatched] of awards) {
          for (let k = 0; k < matched; k += 1)
            await groups.person(credentialId, year, 'MATCHED', history(year, k));
          for (let k = 0; k < notMatched; k += 1)
            await groups.person(credentialId, year, 'NOT_MATCHED');
        }
        await groups.person(credentialId, 2020, 'PENDING');
      }
      await rebuildInsights(db, organization.id, { now: NOW });
      expect(await lookupAttack(organization.id, groups.people, attackData), name).toEqual([]);
    }
    expect(await lookupAttack(orgId, cohorts.people, attackData), 'Cohort College').toEqual([]);
  });

  it('answers all years, or the fixed pool that holds the range asked for', async () => {
    const all = await data(`credentialId=${credentials.business}`);
    expect([all.awardYearFrom, all.awardYearTo]).toEqual([2014, 2023]);
    expect(all.ranges.map((r) => `${r.kind} ${r.from}–${r.to}`)).toEqual([
      'POOL 2013–2015',
      'ALL 2014–2023',
      'POOL 2016–2018',
      'POOL 2019–2021',
      'POOL 2022–2024',
    ]);
    for (const [query, range] of [
      ['awardYearFrom=1990&awardYearTo=2100', [2014, 2023]],
      ['awardYearFrom=2019&awardYearTo=2020', [2019, 2021]],
      ['awardYearFrom=2020', [2019, 2021]],
      ['awardYearFrom=2018&awardYearTo=2019', [2014, 2023]],
      ['awardYearFrom=1990&awardYearTo=2000', [2014, 2023]],
    ] as const) {
      const got = await data(`credentialId=${credentials.business}&${query}`);
      expect([got.awardYearFrom, got.awardYearTo], query).toEqual(range);
    }
    const organization = await data('');
    expect(organization.organizationId).toBe(orgId);
    expect(organization.credentialId).toBeNull();
    expect([organization.awardYearFrom, organization.awardYearTo]).toEqual([2012, 2025]);
    expect(organization.builtAt).toBe(NOW.toISOString());
    const recent = await data(`credentialId=${credentials.edge}&awardYearFrom=2025`);
    expect([recent.asOfYear, recent.dollarsOfYear]).toEqual([AS_OF, AS_OF]);
    expect(recent.chart.sameCohort.awardYearFrom).toBeNull();
    expect(recent.chart.sameCohort.points.every((p) => p.suppressed)).toBe(true);
    // Awards of the as-of year: the year after is not complete. No data yet, not privacy.
    for (const f of [
      recent.earnings.salary,
      recent.earnings.salaryIncrease,
      recent.earnings.salaryGrowth,
      recent.employment.employmentRate,
      recent.employment.coverage,
      recent.employment.topIndustry,
    ])
      expect([f.suppressed, f.reason]).toEqual([true, 'TOO_RECENT']);
    // The years before and of the award have data (shown or hidden for privacy); the years
    // after have none yet.
    expect(recent.chart.points.map((p) => p.reason === 'TOO_RECENT')).toEqual([
      ...Array<boolean>(6).fill(false),
      ...Array<boolean>(5).fill(true),
    ]);
    // A figure over a few people of a complete year is hidden for privacy.
    const few = await data(`credentialId=${credentials.edge}&awardYearFrom=2019`);
    expect(few.awardYearFrom).toBe(2019);
    expect(few.chart.points[5 + 5]).toMatchObject({ suppressed: true, reason: 'FEWER_THAN_MIN' });
    // +1 is shown; −1 covers 10 people or more but is withheld to protect a smaller group; every
    // other year covers fewer than 10.
    expect(few.chart.points.map((p) => p.reason)).toEqual([
      ...Array<string>(4).fill('FEWER_THAN_MIN'),
      'WITHHELD',
      'FEWER_THAN_MIN',
      null,
      ...Array<string>(4).fill('FEWER_THAN_MIN'),
    ]);
    for (const point of few.chart.points)
      expect(point.reason).toBe(
        !point.suppressed ? null : point.lessThan !== null ? 'FEWER_THAN_MIN' : 'WITHHELD',
      );
  });

  it('offers all years once, as one labelled range of the whole cohort, whatever pools its awards fill', async () => {
    const partial = await createOrganization(db, { name: 'Partial Pool College' });
    const groups = new Cohorts(db, partial.id);
    const history = (y: number, i: number) => [
      job(y - 1, 30_000 + i * 150),
      job(y + 1, 41_000 + i * 170),
    ];
    // Awards of 2019 and 2020 only: part of the pool 2019–2021.
    const inOnePool = await groups.credential('PART', 'Part of One Pool');
    // Awards of 2020 and 2022: all years span as many years as a pool, across two pools.
    const acrossTwo = await groups.credential('TWO', 'Across Two Pools');
    for (const [credentialId, year] of [
      [inOnePool, 2019],
      [inOnePool, 2020],
      [acrossTwo, 2020],
      [acrossTwo, 2022],
    ] as const)
      for (let i = 0; i < 12; i += 1)
        await groups.person(credentialId, year, 'MATCHED', history(year, i));
    await rebuildInsights(db, partial.id, { now: NOW });
    const q = (credentialId: number) => `organizationId=${partial.id}&credentialId=${credentialId}`;

    const one = await data(q(inOnePool), w.platformAdmin);
    expect(one.ranges).toEqual([{ kind: 'ALL', from: 2019, to: 2020 }]);
    expect([one.awardYearFrom, one.awardYearTo]).toEqual([2019, 2020]);
    // Asking for the pool answers the same people under the one label.
    const pool = await data(`${q(inOnePool)}&awardYearFrom=2019&awardYearTo=2021`, w.platformAdmin);
    expect([pool.awardYearFrom, pool.awardYearTo]).toEqual([2019, 2020]);
    expect(pool.employment).toEqual(one.employment);

    const two = await data(q(acrossTwo), w.platformAdmin);
    expect(two.ranges.map((r) => `${r.kind} ${r.from}–${r.to}`)).toEqual([
      'POOL 2019–2021',
      'ALL 2020–2022',
      'POOL 2022–2024',
    ]);
    expect([two.awardYearFrom, two.awardYearTo]).toEqual([2020, 2022]);
    expect(two.cohort.awards).toBe(24);
  });

  it('follows the readings the methodology spells out', async () => {
    const readings = await createOrganization(db, { name: 'Readings College' });
    const groups = new Cohorts(db, readings.id);
    // A $0 wage on record is a wage (not a data gap) but never a counted one: 12 people with only
    // $0 full-time records, 11 with no earnings at all.
    const zero = await groups.credential('ZERO', 'Zero Wages');
    for (let i = 0; i < 12; i += 1)
      await groups.person(zero, 2019, 'MATCHED', [job(2018, 0), job(2020, 0)]);
    for (let i = 0; i < 11; i += 1) await groups.person(zero, 2019, 'MATCHED');
    // People with two awards of the same year: the one recorded first (the lower id) is their
    // first award, matched here and not matched in the second credential.
    const first = await groups.credential('FIRST', 'Recorded First');
    const second = await groups.credential('SECOND', 'Recorded Second');
    for (let i = 0; i < 12; i += 1) {
      await groups.person(first, 2016, 'MATCHED', [job(2015, 30_000), job(2017, 40_000)], `D${i}`);
      await groups.person(second, 2016, 'NOT_MATCHED', [], `D${i}`);
    }
    await rebuildInsights(db, readings.id, { now: NOW });
    const q = `organizationId=${readings.id}`;

    const zeros = await data(`${q}&credentialId=${zero}`, w.platformAdmin);
    expect(zeros.dataGaps[1]).toEqual({ code: 'MISSING_EARNINGS', count: 11, lessThan: null });
    expect(zeros.chart.points[6]).toMatchObject({ n: null, lessThan: 10, suppressed: true });
    // No horizon can be shown: growth is suppressed and names the latest horizon with anyone
    // paired, else +5.
    expect(zeros.earnings.salaryGrowth).toMatchObject({
      value: null,
      suppressed: true,
      horizonYears: 5,
      n: null,
      lessThan: 10,
    });

    const all = await data(`${q}&awardYearFrom=2016&awardYearTo=2018`, w.platformAdmin);
    expect(all.cohort.awards).toBe(12);
    expect(all.cohort.matched).toEqual({ count: 12, lessThan: null });

    // Only one bound: the pool that holds it. The same-cohort chart names the award years the
    // data have (2016–2017 of the edge credential), while a pool keeps its fixed bounds.
    const edge = credentials.edge!;
    for (const query of ['awardYearTo=2017', 'awardYearFrom=2017', 'awardYearFrom=2016']) {
      const got = await data(`credentialId=${edge}&${query}`);
      expect([got.awardYearFrom, got.awardYearTo], query).toEqual([2016, 2018]);
      expect([got.chart.sameCohort.awardYearFrom, got.chart.sameCohort.awardYearTo], query).toEqual(
        [2016, 2017],
      );
    }
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
      n: null,
      lessThan: 10,
      suppressed: true,
      reason: 'FEWER_THAN_MIN',
      smallSample: false,
    });
    expect(response.chart.points.every((p) => p.suppressed)).toBe(true);
  });

  it('rebuilds figures stored under an earlier methodology before showing them', async () => {
    const rows = await db
      .selectFrom('insightAggregates')
      .select(['credentialId', 'awardYearFrom', 'awardYearTo', 'payload'])
      .where('organizationId', '=', orgId)
      .execute();
    for (const row of rows) {
      const payload = JSON.parse(row.payload);
      delete payload.method;
      await db
        .updateTable('insightAggregates')
        .set({ payload: JSON.stringify(payload) })
        .where('organizationId', '=', orgId)
        .where('credentialId', '=', row.credentialId)
        .where('awardYearFrom', '=', row.awardYearFrom)
        .where('awardYearTo', '=', row.awardYearTo)
        .execute();
    }
    const stale = await data('');
    expect(stale.earnings.status).toBe('processing');
    expect(stale.earnings.salary).toMatchObject({ value: null, suppressed: true });
    const credential = (await get(member, `/api/credentials/${credentials.edge}`)).json();
    expect(credential.insights).toBeUndefined();
    const queued = await db
      .selectFrom('jobs')
      .select('id')
      .where('organizationId', '=', orgId)
      .where('type', '=', JOB_TYPES.rebuildInsights)
      .execute();
    expect(queued).toHaveLength(1);
    await db.deleteFrom('jobs').where('id', '=', queued[0]!.id).execute();
    await rebuildInsights(db, orgId, { now: NOW });
    expect((await data('')).earnings.status).toBe('available');
  });

  it('replaces the figures on the next rebuild', async () => {
    const edge = credentials.edge!;
    const query = `credentialId=${edge}&awardYearFrom=2019&awardYearTo=2021`;
    const before = await data(query);
    await cohorts.person(edge, 2020, 'MATCHED', [job(2019, 30_000), job(2021, 44_444)]);
    expect((await data(query)).earnings.salary).toEqual(before.earnings.salary);
    await rebuildInsights(db, orgId, { now: NOW });
    const fresh = await data(query);
    resetCheckedFigures();
    expectMatchesReference(
      fresh,
      referenceOf(cohorts.people, cohorts.rows, { credentialId: edge, from: 2019, to: 2021 }),
      'edge 2019–2021',
    );
    // Its awards' every year up to +5 is complete: figures are shown, fewer than 10 or withheld.
    expect(checkedFigures.TOO_RECENT).toBe(0);
    for (const kind of ['SHOWN', 'FEWER_THAN_MIN', 'WITHHELD'] as const)
      expect(checkedFigures[kind], `figures checked as ${kind}`).toBeGreaterThan(0);
    expect(fresh.earnings.salary.n).toBe(20);
  });

  it('shows the match rate and data gaps of the latest build on the credential, small counts as fewer than 10', async () => {
    const credential = (await get(member, `/api/credentials/${credentials.edge}`)).json();
    expect(credential.insights).toEqual({
      // 3 not matched: fewer than 10, so neither they, the matched (awards less the unmatched)
      // nor the match rate are given.
      matched: { count: null, lessThan: null },
      matchRate: null,
      dataGaps: [
        { code: 'MISSING_EQUIFAX', count: null, lessThan: 10 },
        { code: 'MISSING_EARNINGS', count: null, lessThan: 10 },
        { code: 'MISSING_EMPLOYMENT', count: null, lessThan: 10 },
      ],
      builtAt: NOW.toISOString(),
    });
  });
});
