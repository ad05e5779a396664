import type { CohortAggregate } from './cohorts.ts';
import { storedAggregateOf } from './insights.repository.ts';

/** A cohort as the consistency check names it: its credential (0: all) and award years. */
export interface CohortKey {
  credentialId: number;
  awardYearFrom: number;
  awardYearTo: number;
}

/** How one cohort's stored figures differ from what a full rebuild computes. */
export type CohortDifference = CohortKey &
  (
    | { kind: 'missing' }
    | { kind: 'extra' }
    | {
        kind: 'changed';
        /** What differs: figures (`earnings.median`, at most two levels) or `asOfYear`, `method`… */
        figures: string[];
      }
  );

/** At most this many differences are described in the stored sentence. */
export const DESCRIBED_DIFFERENCES = 3;

/**
 * JSON of a value with every object's keys sorted, so that two equal values give the same text
 * whatever the order their keys were written in.
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

const keyOf = (cohort: CohortKey) =>
  `${cohort.credentialId}:${cohort.awardYearFrom}:${cohort.awardYearTo}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The names of the parts of two values that differ, at most `depth` levels down. */
function differingNames(a: unknown, b: unknown, depth: number, prefix = ''): string[] {
  if (canonicalJson(a) === canonicalJson(b)) return [];
  if (depth === 0 || !isRecord(a) || !isRecord(b)) return [prefix || '(the whole payload)'];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  // The payload's figures are named as figures (`earnings.median`), its other members as such.
  return keys.flatMap((key) =>
    key === 'figures' && prefix === ''
      ? differingNames(a[key], b[key], depth, '').map((name) =>
          name === '(the whole payload)' ? 'figures' : name,
        )
      : differingNames(a[key], b[key], depth - 1, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Compares what a full rebuild would store of an organization (its aggregates, as `replace`
 * stores them) with the stored rows: each cohort's payload canonically (keys sorted), cohorts
 * sorted by credential and award years. Names the cohorts stored but not rebuilt (`extra`),
 * rebuilt but not stored (`missing`), and those whose figures differ, with which.
 */
export function compareWithStored(
  rebuilt: { aggregates: CohortAggregate[]; asOfYear: number; dollarsOfYear: number },
  stored: ReadonlyArray<CohortKey & { payload: string }>,
): CohortDifference[] {
  const expected = new Map<string, CohortKey & { payload: unknown }>();
  for (const aggregate of rebuilt.aggregates) {
    const cohort = {
      credentialId: aggregate.credentialId,
      awardYearFrom: aggregate.awardYearFrom,
      awardYearTo: aggregate.awardYearTo,
    };
    // Through JSON, as it is stored: `undefined` members drop out, numbers are as written.
    const payload: unknown = JSON.parse(
      JSON.stringify(storedAggregateOf(aggregate.figures, rebuilt.asOfYear, rebuilt.dollarsOfYear)),
    );
    expected.set(keyOf(cohort), { ...cohort, payload });
  }
  const differences: CohortDifference[] = [];
  const seen = new Set<string>();
  for (const row of stored) {
    const cohort = {
      credentialId: row.credentialId,
      awardYearFrom: row.awardYearFrom,
      awardYearTo: row.awardYearTo,
    };
    const key = keyOf(cohort);
    seen.add(key);
    const wanted = expected.get(key);
    if (!wanted) {
      differences.push({ ...cohort, kind: 'extra' });
      continue;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(row.payload);
    } catch {
      payload = row.payload;
    }
    const figures = differingNames(payload, wanted.payload, 2);
    if (figures.length > 0) differences.push({ ...cohort, kind: 'changed', figures });
  }
  for (const [key, wanted] of expected)
    if (!seen.has(key))
      differences.push({
        credentialId: wanted.credentialId,
        awardYearFrom: wanted.awardYearFrom,
        awardYearTo: wanted.awardYearTo,
        kind: 'missing',
      });
  return differences.sort(
    (a, b) =>
      a.credentialId - b.credentialId ||
      a.awardYearFrom - b.awardYearFrom ||
      a.awardYearTo - b.awardYearTo,
  );
}

const cohortName = (cohort: CohortKey) =>
  `${cohort.credentialId === 0 ? 'all credentials' : `credential ${cohort.credentialId}`}, ${
    cohort.awardYearFrom === cohort.awardYearTo
      ? cohort.awardYearFrom
      : `${cohort.awardYearFrom}–${cohort.awardYearTo}`
  }`;

/**
 * The first few differences in a sentence, for the platform dashboard; null when there are none.
 * @example describeDifferences([{ credentialId: 0, awardYearFrom: 2020, awardYearTo: 2020, kind: 'missing' }]) // 'all credentials, 2020: not stored.'
 */
export function describeDifferences(
  differences: readonly CohortDifference[],
  limit = DESCRIBED_DIFFERENCES,
): string | null {
  if (differences.length === 0) return null;
  const described = differences.slice(0, limit).map((difference) => {
    const what =
      difference.kind === 'missing'
        ? 'not stored'
        : difference.kind === 'extra'
          ? 'stored but not rebuilt'
          : `${difference.figures.slice(0, 4).join(', ')}${difference.figures.length > 4 ? ', …' : ''} differ`;
    return `${cohortName(difference)}: ${what}`;
  });
  const more = differences.length - described.length;
  return `${described.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}
