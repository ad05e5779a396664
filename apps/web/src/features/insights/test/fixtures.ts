import type { TChartPoint, TInsightsData, TInsightsLookups } from '@laurel/contract/insights';

/** A chart from −5 to +5 where year −2 has too few people. */
export function chartPointsFixture(): TChartPoint[] {
  return Array.from({ length: 11 }, (_, index) => {
    const relativeYear = index - 5;
    if (relativeYear === -2)
      return {
        relativeYear,
        median: null,
        p25: null,
        p75: null,
        n: null,
        lessThan: 10,
        suppressed: true,
        reason: 'FEWER_THAN_MIN',
        smallSample: false,
      };
    const median = relativeYear === 1 ? 52_300 : 40_000 + relativeYear * 2_000;
    return {
      relativeYear,
      median,
      p25: relativeYear === 1 ? 40_000 : median - 8_000,
      p75: relativeYear === 1 ? 66_000 : median + 9_000,
      n: relativeYear === 1 ? 1_234 : 900,
      lessThan: null,
      suppressed: false,
      reason: null,
      smallSample: false,
    };
  });
}

/** Insights for an organization with everything available. */
export function insightsFixture(): TInsightsData {
  return {
    earnings: {
      status: 'available',
      salary: {
        value: 52_300,
        n: 1_234,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
      },
      salaryIncrease: {
        value: 9_800,
        n: 24,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: true,
        horizonYears: 1,
        nAtStart: 24,
        nAtEnd: 24,
      },
      salaryGrowth: {
        value: 0.38,
        n: 800,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
        horizonYears: 5,
        nAtStart: 800,
        nAtEnd: 800,
      },
    },
    employment: {
      status: 'available',
      employmentRate: {
        value: 0.64,
        n: 1_500,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
      },
      coverage: {
        value: 0.81,
        n: 1_850,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
      },
      employmentRateAllAwards: {
        value: 0.52,
        n: 1_850,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
      },
      topIndustry: {
        name: 'Health Care and Social Assistance',
        share: 0.31,
        n: 960,
        lessThan: null,
        suppressed: false,
        reason: null,
        smallSample: false,
      },
      topJobRole: {
        name: null,
        share: null,
        n: null,
        lessThan: 10,
        suppressed: true,
        reason: 'FEWER_THAN_MIN',
        smallSample: false,
      },
    },
    chart: {
      points: chartPointsFixture(),
      sameCohort: {
        awardYearFrom: 2015,
        awardYearTo: 2017,
        points: chartPointsFixture().map((p) => ({
          ...p,
          n: p.n === null ? null : Math.round(p.n / 3),
        })),
      },
    },
    cohort: { awards: 2_000, matched: { count: 1_620, lessThan: null } },
    dataGaps: [
      { code: 'MISSING_EQUIFAX', count: 120, lessThan: null },
      { code: 'MISSING_EARNINGS', count: 45, lessThan: null },
      { code: 'MISSING_EMPLOYMENT', count: null, lessThan: 10 },
    ],
    asOfYear: 2025,
    dollarsOfYear: 2025,
    organizationId: 2,
    credentialId: null,
    awardYearFrom: 2015,
    awardYearTo: 2024,
    ranges: [
      { from: 2015, to: 2024, kind: 'ALL' },
      { from: 2015, to: 2017, kind: 'POOL' },
      { from: 2018, to: 2020, kind: 'POOL' },
      { from: 2021, to: 2023, kind: 'POOL' },
      { from: 2024, to: 2026, kind: 'POOL' },
    ],
    builtAt: '2026-01-10T08:00:00.000Z',
    rebuild: null,
  };
}

export function lookupsFixture(): TInsightsLookups {
  return {
    aggregationOptions: [{ code: 'ORGANIZATION', name: 'All credentials' }],
    awardYears: { min: 2015, max: 2024 },
    credentialTypes: [],
    supportEmail: 'support@laurel.example',
    suppressionMin: 10,
    smallSampleMin: 30,
    poolYears: 3,
    earningsFloor: 15_080,
  };
}
