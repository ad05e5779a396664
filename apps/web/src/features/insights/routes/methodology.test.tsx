import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSIGHT_FIGURES } from '@laurel/contract/insight-figures';
import {
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';
import { MESSAGES } from '@laurel/contract/messages';

import { renderWithProviders } from '../../../test/render';
import { DATA_GAP_LABELS } from '@laurel/contract/constants';
import { formatMoney } from '../lib/format-insights';
import methodology from '../../../../../../docs/insights-methodology.md?raw';
import MethodologyRoute from './methodology';

/** The text of the methodology page's section `id`, as a reader sees it. */
function sectionText(id: string): string {
  return document.getElementById(id)?.textContent ?? '';
}

describe('the methodology page', () => {
  it('shows the plain-words part of docs/insights-methodology.md, one section per anchor', () => {
    renderWithProviders(<MethodologyRoute />);
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    const anchors = [...methodology.matchAll(/^<a id="([a-z0-9-]+)"><\/a>$/gm)].map((m) => m[1]);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(anchors.map((id) => `#${id}`));
    expect(anchors).toEqual([
      'cohort',
      'salary',
      'salary-growth',
      'salary-increase',
      'employment-rate',
      'top-industry',
      'top-job-role',
      'chart',
      'constant-dollars',
      'benchmarks',
      'privacy',
      'sources',
      'data-gaps',
    ]);
    screen.getByRole('heading', { level: 2, name: 'Who is counted' });
    within(document.getElementById('sources')!).getByText('Same as PSEO:');
  });

  it('defines every insight figure under its title, in the section its card links to', () => {
    renderWithProviders(<MethodologyRoute />);
    for (const figure of INSIGHT_FIGURES) {
      const section = document.getElementById(figure.methodologySection);
      expect(section, figure.key).not.toBeNull();
      if (figure.card) within(section!).getByRole('heading', { level: 2, name: figure.title });
    }
    within(document.getElementById('chart')!).getByRole('heading', {
      name: MESSAGES.salaryChartTitle,
    });
  });

  it("states the rules' numbers, messages and data-gap labels as the contract has them", () => {
    renderWithProviders(<MethodologyRoute />);
    const span = INSIGHTS_YEARS_AROUND_AWARD;
    const min = INSIGHTS_SUPPRESSION_MIN;
    expect(sectionText('cohort')).toContain(`up to ${span} years each way`);
    expect(sectionText('cohort')).toContain(`one fixed pool of ${INSIGHTS_POOL_YEARS} years`);
    expect(sectionText('salary')).toContain(`${INSIGHTS_MEASURE_YEAR} year after the award`);
    expect(sectionText('salary')).toContain(
      `by default ${formatMoney(INSIGHTS_DEFAULT_EARNINGS_FLOOR)}`,
    );
    expect(sectionText('salary-growth')).toContain(`at most ${span} years on`);
    expect(sectionText('chart')).toContain(`from ${span} years before to ${span} years after`);
    expect(sectionText('chart')).toContain(`whose +${span} year is complete`);
    expect(sectionText('privacy')).toContain(`fewer than ${min} people is never shown`);
    expect(sectionText('privacy')).toContain(
      `“Fewer than ${min} people: hidden to protect privacy”`,
    );
    expect(sectionText('privacy')).toContain(
      `from ${min} to ${INSIGHTS_SMALL_SAMPLE_MIN - 1} people`,
    );
    expect(sectionText('sources')).toContain(MESSAGES.salaryFooter);
    for (const [code, label] of Object.entries(DATA_GAP_LABELS))
      expect(sectionText('data-gaps')).toContain(`${label} ${code}: `);
  });
});
