// The attack on the insights' lookup counts, as a reader of the API would run it (decision
// record 017): every published count about the awards looked up (awards, matched, the unmatched
// data gap, the employment rate's n, coverage's n and the rate over all awards' n), of every
// credential and all credentials over every offered range, is a sum of unknown groups
// (credential × award year × first award of the person or a later one × match status). Every
// group of people those counts could single out (each row's offered ranges, and all years less
// one pool; matched, unmatched or both; every award, only those whose +1 year is complete, or
// only the others) is looked for in their linear span.
import type { TInsightsData } from '@laurel/contract/insights';

import { LinearSpan } from './linear-span.ts';

export interface AttackedAward {
  id: number;
  externalId: string;
  credentialId: number;
  awardYear: number;
  matchStatus: string;
}

type Select = {
  credentialId: number | null;
  years: (y: number) => boolean;
  statuses: string[];
  measured?: boolean;
};

const STATUSES = ['MATCHED', 'NOT_MATCHED', 'PENDING'];

/**
 * What the attack recovers of 1–9 people in one organization ("label = n"); `data` answers
 * `/api/insights-data?<query>` for a reader who sees every credential of the organization.
 */
export async function lookupAttack(
  organizationId: number,
  awards: readonly AttackedAward[],
  data: (query: string) => Promise<TInsightsData>,
): Promise<string[]> {
  // Each person's first award (award year, then id) is the one all-credentials views count.
  const firstOf = new Map<string, AttackedAward>();
  for (const a of [...awards].sort((x, y) => x.awardYear - y.awardYear || x.id - y.id))
    if (!firstOf.has(a.externalId)) firstOf.set(a.externalId, a);
  const credentialIds = [...new Set(awards.map((a) => a.credentialId))].sort((a, b) => a - b);
  const years = awards.map((a) => a.awardYear);
  const groups: Array<{ credentialId: number; year: number; first: boolean; status: string }> = [];
  const index = new Map<string, number>();
  for (const credentialId of credentialIds)
    for (let year = Math.min(...years); year <= Math.max(...years); year += 1)
      for (const first of [true, false])
        for (const status of STATUSES) {
          index.set(`${credentialId}:${year}:${first}:${status}`, groups.length);
          groups.push({ credentialId, year, first, status });
        }
  const truth = new Array<number>(groups.length).fill(0);
  for (const a of awards)
    truth[
      index.get(
        `${a.credentialId}:${a.awardYear}:${firstOf.get(a.externalId) === a}:${a.matchStatus}`,
      )!
    ]! += 1;

  let asOfYear = 0;
  const vectorOf = (s: Select) => {
    const v = new Map<number, number>();
    groups.forEach((g, i) => {
      if (s.credentialId === null ? !g.first : g.credentialId !== s.credentialId) return;
      if (!s.years(g.year) || !s.statuses.includes(g.status)) return;
      if (s.measured !== undefined && s.measured !== g.year + 1 <= asOfYear) return;
      v.set(i, 1);
    });
    return v;
  };
  const span = new LinearSpan(groups.length);
  const checks: Array<{ label: string; select: Select }> = [];
  for (const credentialId of [null, ...credentialIds]) {
    const q = `organizationId=${organizationId}${credentialId ? `&credentialId=${credentialId}` : ''}`;
    const ranges = (await data(q)).ranges;
    const all = ranges.find((r) => r.kind === 'ALL');
    const yearSets: Array<{ label: string; years: (y: number) => boolean }> = [];
    for (const range of ranges) {
      const within = (y: number) => y >= range.from && y <= range.to;
      const got = await data(`${q}&awardYearFrom=${range.from}&awardYearTo=${range.to}`);
      asOfYear = got.asOfYear;
      const published: Array<[number | null, Omit<Select, 'credentialId' | 'years'>]> = [
        [got.cohort.awards, { statuses: STATUSES }],
        [got.cohort.matched.count, { statuses: ['MATCHED'] }],
        [got.dataGaps[0]!.count, { statuses: ['NOT_MATCHED'] }],
        [got.employment.employmentRate.n, { statuses: ['MATCHED'], measured: true }],
        [got.employment.coverage.n, { statuses: ['MATCHED', 'NOT_MATCHED'], measured: true }],
        [
          got.employment.employmentRateAllAwards.n,
          { statuses: ['MATCHED', 'NOT_MATCHED'], measured: true },
        ],
      ];
      for (const [n, select] of published)
        if (n !== null) span.add(vectorOf({ credentialId, years: within, ...select }));
      yearSets.push({ label: `${range.from}–${range.to}`, years: within });
      if (range.kind === 'POOL' && all)
        yearSets.push({
          label: `${all.from}–${all.to} less ${range.from}–${range.to}`,
          years: (y) => y >= all.from && y <= all.to && !within(y),
        });
    }
    for (const { label, years: inYears } of yearSets)
      for (const [what, statuses] of [
        ['matched', ['MATCHED']],
        ['not matched', ['NOT_MATCHED']],
        ['looked up', ['MATCHED', 'NOT_MATCHED']],
      ] as const)
        for (const measured of [undefined, true, false])
          checks.push({
            label: `${what}${measured === undefined ? '' : measured ? ' with +1 complete' : ' without +1'} of ${credentialId ?? 'all'} ${label}`,
            select: { credentialId, years: inYears, statuses: [...statuses], measured },
          });
  }
  const recovered: string[] = [];
  for (const { label, select } of checks) {
    const vector = vectorOf(select);
    let n = 0;
    for (const i of vector.keys()) n += truth[i]!;
    if (n >= 1 && n <= 9 && span.contains(vector)) recovered.push(`${label} = ${n}`);
  }
  return recovered;
}
