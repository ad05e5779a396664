import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TBenchmarkComparison, TBenchmarkReference } from '@laurel/contract/benchmarks';
import { ROLES } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { insightsFixture, lookupsFixture } from '../test/fixtures';
import { describeBenchmarkDifference } from './benchmark-notes';
import InsightsPanel from './insights-panel';

const SOURCE = 'State wage records 2023';
const reference = (overrides: Partial<TBenchmarkReference>): TBenchmarkReference => ({
  metric: 'median_earnings',
  value: 44_100,
  reportedValue: 42_000,
  year: 2023,
  geography: 'OR',
  code: '48.0508',
  codeSystem: 'CIP',
  source: SOURCE,
  dataSetId: 1,
  dataSetName: 'state-wages.csv',
  ...overrides,
});

function serve(comparison: TBenchmarkComparison) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/insights-data/lookups') return jsonResponse(lookupsFixture());
    if (url.pathname === '/api/organizations/2')
      return jsonResponse({ id: 2, name: 'Northwind', insightsEntitled: true });
    if (url.pathname === '/api/insights-data')
      return jsonResponse({ ...insightsFixture(), credentialId: 9 });
    if (url.pathname === '/api/benchmarks/comparison') return jsonResponse(comparison);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function renderPanel() {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
      <InsightsPanel organizationId={2} credentialId={9} subject="Welding" />
    </AuthContext.Provider>,
    { route: '/' },
  );
}

describe('benchmarks beside the insights', () => {
  it('words the difference to the hundred dollars', () => {
    expect(describeBenchmarkDifference(52_300, 44_100)).toBe('+$8,200 above the benchmark');
    expect(describeBenchmarkDifference(41_000, 44_120)).toBe('$3,100 below the benchmark');
    expect(describeBenchmarkDifference(44_130, 44_100)).toBe('At the benchmark');
  });

  it('puts the benchmark and its source on the salary card, and the earnings premium under the chart', async () => {
    const fetchMock = serve({
      credentialId: 9,
      dollarsOfYear: 2025,
      benchmark: reference({}),
      threshold: reference({
        metric: 'hs_earnings_threshold',
        value: 33_600,
        code: null,
        codeSystem: null,
        source: 'Fictional demo benchmark (not official statistics)',
      }),
    });
    renderPanel();
    const line = await screen.findByTestId('salary-benchmark', {}, { timeout: 5000 });
    expect(
      within(screen.getByRole('article', { name: 'Salary' })).getByTestId('salary-benchmark'),
    ).toBe(line);
    expect(line.textContent).toBe(
      `+$8,200 above the benchmark ($44,100, CIP 48.0508 in OR, 2023; source: ${SOURCE}; data set: state-wages.csv)`,
    );
    const premium = await screen.findByTestId('earnings-premium');
    expect(premium.textContent).toContain(
      'Earnings premium +$18,700 over the high-school earnings threshold of $33,600 (high-school graduates in OR, 2023). Source: Fictional demo benchmark (not official statistics).',
    );
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((url) => url.pathname === '/api/benchmarks/comparison')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      credentialId: '9',
      dollarsOfYear: '2025',
    });
  });

  it('says nothing of benchmarks where the data have none', async () => {
    serve({ credentialId: 9, dollarsOfYear: 2025, benchmark: null, threshold: null });
    renderPanel();
    await screen.findByRole('article', { name: 'Salary' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('salary-benchmark')).toBeNull();
    expect(screen.queryByTestId('benchmark-legend')).toBeNull();
  });
});
