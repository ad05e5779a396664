import type { TChartPoint, TInsightsData, TInsightsLookups } from '@laurel/contract/insights';

/** A chart from −5 to +5 where year −2 has too few people. */
export function chartPointsFixture(): TChartPoint[] {
  return Array.from({ length: 11 }, (_, index) => {
    const relativeYear = index - 5;
    if (relativeYear === -2)
      return { relativeYear, median: null, p25: null, p75: null, n: 6, suppressed: true };
    const median = relativeYear === 1 ? 52_300 : 40_000 + relativeYear * 2_000;
    return {
      relativeYear,
      median,
      p25: relativeYear === 1 ? 40_000 : median - 8_000,
      p75: relativeYear === 1 ? 66_000 : median + 9_000,
      n: relativeYear === 1 ? 1_234 : 900,
      suppressed: false,
    };
  });
}

/** Insights for an organization with everything available. */
export function insightsFixture(): TInsightsData {
  return {
    earnings: {
      status: 'available',
      salary: { value: 52_300, n: 1_234, suppressed: false, smallSample: false },
      salaryIncrease: { value: 9_800, n: 24, suppressed: false, smallSample: true },
      salaryGrowth: {
        value: 0.38,
        n: 800,
        suppressed: false,
        smallSample: false,
        horizonYears: 5,
      },
    },
    employment: {
      status: 'available',
      employmentRate: { value: 0.64, n: 1_500, suppressed: false, smallSample: false },
      topIndustry: {
        name: 'Health Care and Social Assistance',
        share: 0.31,
        n: 960,
        suppressed: false,
      },
      topJobRole: { name: null, share: null, n: 7, suppressed: true },
    },
    chart: { points: chartPointsFixture() },
    cohort: { awards: 2_000, matched: 1_620 },
    dataGaps: [
      { code: 'MISSING_EQUIFAX', count: 120 },
      { code: 'MISSING_EARNINGS', count: 45 },
      { code: 'MISSING_EMPLOYMENT', count: 0 },
    ],
    asOfYear: 2025,
    dollarsOfYear: 2025,
    organizationId: 2,
    credentialId: null,
    awardYearFrom: 2015,
    awardYearTo: 2024,
    builtAt: '2026-01-10T08:00:00.000Z',
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
  };
}
