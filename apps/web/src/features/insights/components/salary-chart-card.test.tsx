import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TInsightsData } from '@laurel/contract/insights';

import { renderWithProviders } from '../../../test/render';
import { insightsFixture } from '../test/fixtures';
import { NO_SAME_COHORT, NOTHING_TO_DRAW, SalaryChartCard } from './salary-chart-card';

function renderCard(chart: TInsightsData['chart']) {
  return renderWithProviders(
    <SalaryChartCard
      chart={chart}
      dollarsOfYear={2025}
      suppressionMin={10}
      fileName="northwind-salary-growth.png"
    />,
  );
}

const withoutSameCohort = (chart: TInsightsData['chart']): TInsightsData['chart'] => ({
  ...chart,
  sameCohort: { awardYearFrom: null, awardYearTo: null, points: [] },
});

describe('the salary chart card', () => {
  it('says why "Same cohort" is disabled, beside the chart and on the button', async () => {
    renderCard(withoutSameCohort(insightsFixture().chart));
    const same = screen.getByRole('button', { name: 'Same cohort' });
    expect(same).toHaveProperty('disabled', true);
    const note = document.getElementById(same.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(NO_SAME_COHORT);
    expect(screen.getByTestId('chart-view-note').textContent).toContain(NO_SAME_COHORT);

    await userEvent.hover(same.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NO_SAME_COHORT);
  });

  it('offers "Same cohort" when there is one, with no reason against it', () => {
    renderCard(insightsFixture().chart);
    const same = screen.getByRole('button', { name: 'Same cohort' });
    expect(same).toHaveProperty('disabled', false);
    expect(same.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByTestId('chart-view-note').textContent).not.toContain(NO_SAME_COHORT);
  });

  it('says why "Download PNG" is disabled when no year can be shown', async () => {
    const chart = insightsFixture().chart;
    const hidden = chart.points.map((point) => ({ ...point, suppressed: true, median: null }));
    renderCard(withoutSameCohort({ ...chart, points: hidden }));
    const download = screen.getByRole('button', { name: 'Download PNG' });
    expect(download).toHaveProperty('disabled', true);
    expect(document.getElementById(download.getAttribute('aria-describedby')!)?.textContent).toBe(
      NOTHING_TO_DRAW,
    );
    await userEvent.hover(download.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NOTHING_TO_DRAW);
  });
});
