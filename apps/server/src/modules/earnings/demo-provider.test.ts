import { describe, expect, it } from 'vitest';

import { DEMO_ORGANIZATIONS } from '../../seed/demo-data.ts';
import { realFactor } from '../insights/cpi-u.ts';
import { demoHistory, programOf } from './demo-provider.ts';
import type { AwardToMatch, EarningsYearResult } from './earnings-provider.ts';
import { OCCUPATIONS } from './demo-wages.ts';

const LAST_YEAR = 2025;

function cohort(
  credential: AwardToMatch['credential'],
  options: { size?: number; awardYears?: readonly number[] } = {},
) {
  const size = options.size ?? 1500;
  const awardYears = options.awardYears ?? [2014, 2015, 2016, 2017, 2018, 2019];
  return Array.from({ length: size }, (_, i) => {
    const awardYear = awardYears[i % awardYears.length]!;
    const award: AwardToMatch = {
      id: i + 1,
      organizationId: 1,
      credentialId: 1,
      externalId: `${credential.code}-${i}`,
      firstName: 'Demo',
      lastName: 'Person',
      email: null,
      dateOfBirth: i % 4 === 0 ? null : `${awardYear - 19 - (i % 23)}-03-01`,
      awardDate: `${awardYear}-06-01`,
      awardYear,
      credential,
    };
    const result = demoHistory(award, LAST_YEAR);
    return { awardYear, years: result.matched ? result.years : [] };
  });
}

type Cohort = ReturnType<typeof cohort>;

/** Full-time wages at a relative year, in 2024 dollars. */
function wagesAt(people: Cohort, relativeYear: number): number[] {
  const wages: number[] = [];
  for (const person of people) {
    const y = person.years.find((e) => e.year === person.awardYear + relativeYear);
    if (y?.fullTime && y.wage !== null) wages.push(y.wage * realFactor(y.year, 2024));
  }
  return wages.sort((a, b) => a - b);
}

const quantile = (sorted: number[], p: number) => sorted[Math.floor(p * (sorted.length - 1))]!;
const spread = (sorted: number[]) => quantile(sorted, 0.75) / quantile(sorted, 0.25);

function yearsMatching(people: Cohort, test: (y: EarningsYearResult, r: number) => boolean) {
  return people.flatMap((p) => p.years.filter((y) => test(y, y.year - p.awardYear)));
}

function employmentIn(people: Cohort, year: number): number {
  const years = yearsMatching(people, (y) => y.year === year);
  return years.filter((y) => y.employed).length / years.length;
}

const credential = (
  code: string,
  name: string,
  typeCode: string,
  programCode: string,
): AwardToMatch['credential'] => ({ code, name, typeCode, programCode });

const RN = credential('RN', 'Registered Nursing (ADN)', 'ASSOCIATE', '51.3801');
const CNA = credential('CNA', 'Certified Nursing Assistant', 'LICENSE', '51.3902');
const CS = credential('CS', 'Computer Science (AS)', 'ASSOCIATE', '11.0701');
const ECE = credential('ECE', 'Early Childhood Education Certificate', 'CERTIFICATE', '19.0708');
const ELECTRICIAN = credential('EL', 'Electrician Apprenticeship', 'APPRENTICESHIP', '46.0302');

describe('the demo world’s wages', () => {
  it('pays a registered nurse far more than a nursing assistant a year after the award', () => {
    const rn = quantile(wagesAt(cohort(RN), 1), 0.5);
    const cna = quantile(wagesAt(cohort(CNA), 1), 0.5);
    expect(rn / cna).toBeGreaterThan(1.8);
    // Both near the published medians of their occupations (2023 dollars), a newcomer below them.
    expect(rn).toBeGreaterThan(0.7 * OCCUPATIONS['29-1141'].median);
    expect(rn).toBeLessThan(1.05 * OCCUPATIONS['29-1141'].median);
    expect(cna).toBeGreaterThan(0.7 * OCCUPATIONS['31-1131'].median);
    expect(cna).toBeLessThan(1.05 * OCCUPATIONS['31-1131'].median);
  });

  it('spreads and grows wages differently by field', () => {
    const cs = cohort(CS);
    const cna = cohort(CNA);
    const ece = cohort(ECE);
    expect(spread(wagesAt(cs, 1))).toBeGreaterThan(1.3 * spread(wagesAt(cna, 1)));
    const growth = (people: Cohort) =>
      quantile(wagesAt(people, 5), 0.5) / quantile(wagesAt(people, 1), 0.5);
    expect(growth(cs)).toBeGreaterThan(growth(ece) + 0.1);
    expect(growth(ece)).toBeGreaterThan(1);
  });

  it('employs fewer people in 2020, most of all where the pandemic hit hardest', () => {
    const years = [2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020];
    const ece = cohort(ECE, { size: 3000, awardYears: years });
    const rn = cohort(RN, { size: 3000, awardYears: years });
    const dip = (people: Cohort) =>
      (employmentIn(people, 2019) + employmentIn(people, 2022)) / 2 - employmentIn(people, 2020);
    expect(dip(ece)).toBeGreaterThan(0.05);
    expect(dip(rn)).toBeLessThan(dip(ece) / 2);
  });

  it('varies wages before the award: some work part time, some not at all, apprentices in the trade', () => {
    const rn = cohort(RN);
    const before = yearsMatching(rn, (_, r) => r === -2);
    const employed = before.filter((y) => y.employed);
    const share = employed.length / before.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.85);
    const partTime = employed.filter((y) => !y.fullTime).length / employed.length;
    expect(partTime).toBeGreaterThan(0.3);
    expect(partTime).toBeLessThan(0.8);
    // Some people never worked in the five years before the award.
    const neverWorked = rn.filter(
      (p) =>
        p.years.length > 0 && p.years.filter((y) => y.year < p.awardYear).every((y) => !y.employed),
    );
    expect(neverWorked.length / rn.length).toBeGreaterThan(0.05);
    // Before the award, jobs are not yet nursing jobs.
    expect(employed.filter((y) => y.jobRole === 'Registered Nurses')).toHaveLength(0);
    // Apprentices earn in their trade before the award, more than students in part-time jobs.
    const apprentices = cohort(ELECTRICIAN);
    expect(quantile(wagesAt(apprentices, -2), 0.5)).toBeGreaterThan(
      1.2 * quantile(wagesAt(rn, -2), 0.5),
    );
    expect(
      yearsMatching(apprentices, (y, r) => r === -2 && y.jobRole === 'Electricians').length,
    ).toBeGreaterThan(0);
  });

  it('places every demo credential’s people mostly in an occupation of its program', () => {
    for (const organization of DEMO_ORGANIZATIONS) {
      for (const [code, name, typeCode, programCode] of organization.credentials) {
        const people = cohort(credential(code, name, typeCode, programCode), { size: 400 });
        const roles = new Map<string, number>();
        for (const y of yearsMatching(people, (e, r) => r === 1 && e.employed))
          roles.set(y.jobRole!, (roles.get(y.jobRole!) ?? 0) + 1);
        const top = [...roles].sort((a, b) => b[1] - a[1])[0]![0];
        const program = programOf({ code, name, typeCode, programCode });
        const titles = program.occupations.map(([soc]) => OCCUPATIONS[soc].title as string);
        expect(titles, `${code}: ${top}`).toContain(top);
      }
    }
    expect(
      programOf({ code: 'W', name: 'Welding', typeCode: 'CERTIFICATE', programCode: null }),
    ).toBe(programOf({ code: 'W', name: 'x', typeCode: 'CERTIFICATE', programCode: '48.0508' }));
  });
});
