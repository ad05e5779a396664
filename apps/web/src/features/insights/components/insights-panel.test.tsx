import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TInsightsData } from '@laurel/contract/insights';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { insightsFixture, lookupsFixture } from '../test/fixtures';
import InsightsPanel from './insights-panel';

function serve(
  data: TInsightsData,
  organization: { insightsEntitled: boolean } = { insightsEntitled: true },
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/insights-data/lookups') return jsonResponse(lookupsFixture());
    if (url.pathname === '/api/organizations/2')
      return jsonResponse({ id: 2, name: 'Northwind', ...organization });
    if (url.pathname === '/api/insights-data') return jsonResponse(data);
    if (url.pathname === '/api/credentials')
      return jsonResponse({ items: [], total: 0, page: 1, pageSize: 50 });
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function requestedInsights(fetchMock: ReturnType<typeof serve>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === '/api/insights-data');
}

function renderPanel(route = '/', props: { credentialId?: number } = {}) {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
      <InsightsPanel organizationId={2} subject="Northwind" title="Workforce insights" {...props} />
    </AuthContext.Provider>,
    { route },
  );
}

const card = (name: string) => screen.getByRole('article', { name });

/** Once every part of the figures is drawn: they come one per paint, the panel busy until then. */
const allDrawn = () =>
  waitFor(() => expect(document.querySelector('section[aria-busy="false"]')).not.toBeNull());

describe('insights panel', () => {
  it('shows the six cards with their figures, n and privacy states', async () => {
    serve(insightsFixture());
    renderPanel();
    await within(await screen.findByRole('article', { name: 'Salary' })).findByText('$52,300');
    await allDrawn();
    within(card('Salary')).getByText('from 1,234 people');
    expect(card('Salary growth').textContent).toContain('+38% over 5 years');
    within(card('Salary increase')).getByText('+$9,800');
    within(card('Salary increase')).getByText(/^Small sample\./);
    expect(within(card('Salary')).queryByText(/Small sample/)).toBeNull();
    within(card('Employment rate')).getByText('64%');
    within(card('Top industry')).getByText('Health Care and Social Assistance');
    within(card('Top industry')).getByText(
      '31% of the 960 people employed a year after the award whose record names an industry',
    );
    // The rate's coverage and the rate over every award looked up, and what "employed" means.
    expect(within(card('Employment rate')).getByTestId('employment-coverage').textContent).toBe(
      'Coverage: 81% of the awards looked up were matched. Over all of them, unmatched counted as not found: 52%.',
    );
    within(card('Employment rate')).getByText(
      'Employed: any job on record that year, part-time included.',
    );
    within(card('Salary growth')).getByText('from 800 people, the same people at both ends');
    within(card('Salary')).getByText(
      'Full time as the employer reports it; wages under $15,080 a year are left out.',
    );
    const hidden = card('Top job role');
    expect(within(hidden).getByTestId('insight-value').textContent).toBe('—');
    within(hidden).getByText('Fewer than 10 people: hidden to protect privacy');
    for (const name of [
      'Salary',
      'Salary growth',
      'Salary increase',
      'Employment rate',
      'Top industry',
      'Top job role',
    ]) {
      const link = within(card(name)).getByRole('link', {
        name: new RegExp(`^How it’s measured \\(${name}\\)$`),
      });
      expect(link.getAttribute('href')).toMatch(/^\/insights\/methodology#/);
    }
    screen.getByText(MESSAGES.salaryFooter);
    screen.getByRole('heading', { name: MESSAGES.salaryChartTitle });
    screen.getByText('2,000 awards, 1,620 matched · data through 2025 · in 2025 dollars');
    screen.getByText('Not matched by the data provider');
    screen.getByText('Matched, no wage records');
    // A gap under 10 is listed as fewer than 10, never exactly.
    const small = screen.getByText('Matched, no employment records').closest('li')!;
    expect(small.textContent).toContain('Fewer than 10');
  });

  it('says that awards too recent for the year after have no data yet, not that they are hidden for privacy', async () => {
    const tooRecent = {
      value: null,
      n: null,
      lessThan: 10,
      suppressed: true,
      reason: 'TOO_RECENT' as const,
      smallSample: false,
    };
    const data = insightsFixture();
    serve({
      ...data,
      earnings: { ...data.earnings, salary: tooRecent },
      employment: {
        ...data.employment,
        employmentRate: tooRecent,
        coverage: tooRecent,
        employmentRateAllAwards: tooRecent,
      },
      ranges: [
        { kind: 'ALL', from: 2016, to: 2025 },
        { kind: 'POOL', from: 2025, to: 2027 },
      ],
    });
    renderPanel();
    await allDrawn();
    for (const name of ['Salary', 'Employment rate']) {
      expect(card(name).textContent).toContain('No data yet: not enough time has passed');
      expect(card(name).textContent).not.toContain('hidden to protect privacy');
    }
    // Another figure hidden for privacy still says so.
    expect(card('Top job role').textContent).toContain(
      'Fewer than 10 people: hidden to protect privacy',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Award years' }));
    await screen.findByRole('option', { name: '2025–2027 (too recent: no data yet)' });
  });

  it('draws the chart through the render queue, with a data table as the alternative', async () => {
    serve(insightsFixture());
    const { store } = renderPanel();
    await screen.findByRole('group', { name: /Salary Growth: 5 Years Before/ });
    expect(store.getState().chartCard.renderQueue).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    const table = screen.getByRole('table', {
      name: /Salary Growth: 5 Years Before - After Award Year/,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(12);
    const suppressed = within(table)
      .getByRole('rowheader', { name: '2 years before' })
      .closest('tr')!;
    expect(suppressed.textContent).toContain('Fewer than 10 people: hidden to protect privacy');
    const after = within(table).getByRole('rowheader', { name: '1 year after' }).closest('tr')!;
    expect(after.textContent).toContain('$52,300');
    expect(after.textContent).toContain('1,234');
  });

  it('switches the chart to the same cohort, saying which award years every year covers', async () => {
    serve(insightsFixture());
    renderPanel();
    await screen.findByRole('group', { name: /Salary Growth/ });
    await userEvent.click(screen.getByRole('button', { name: 'Same cohort' }));
    expect(screen.getByTestId('chart-view-note').textContent).toBe(
      'Same cohort: every year covers only the awards of 2015–2017, whose +5 year is complete.',
    );
    const chart = await screen.findByRole('group', { name: /Salary Growth/ });
    chart.focus();
    await userEvent.keyboard('{ArrowRight}');
    within(chart).getByText('Same cohort: awards of 2015–2017');
    within(chart).getByText('n = 411');
  });

  it('reads each year on the chart with the arrow keys, n included', async () => {
    serve(insightsFixture());
    renderPanel();
    const chart = await screen.findByRole('group', { name: /Salary Growth/ });
    chart.focus();
    await within(chart).findByText('Award year');
    await userEvent.keyboard('{ArrowRight}');
    within(chart).getByText('Median $52,300');
    within(chart).getByText('n = 1,234');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    within(chart).getByText('Fewer than 10 people: hidden to protect privacy');
  });

  it('says when earnings insights are unavailable for the organization', async () => {
    const data = insightsFixture();
    serve({
      ...data,
      earnings: { ...data.earnings, status: 'unavailable' },
      employment: { ...data.employment, status: 'unavailable' },
    });
    renderPanel();
    await screen.findByText(MESSAGES.earningsUnavailable);
    screen.getByText(MESSAGES.earningsUnavailableDescription);
    screen.getByRole('link', { name: 'support@laurel.example' });
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText(MESSAGES.salaryChartTitle)).toBeNull();
    // Nothing beside it counts awards or matches, asks for uploads or lists data gaps.
    expect(screen.queryByTestId('insights-summary')).toBeNull();
    expect(screen.queryByText(/No awards in this selection/)).toBeNull();
    expect(screen.queryByText('Who is counted')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('downloads the PDF report of what it shows, and says why when the server refuses', async () => {
    const fetchMock = serve(insightsFixture());
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPanel('/?tab=insights', { credentialId: 9 });
    const button = await screen.findByRole('button', { name: 'Download report (PDF)' });
    await waitFor(() => expect(button).not.toHaveProperty('disabled', true));
    const report = new Response(new Uint8Array([37, 80, 68, 70]), {
      headers: { 'content-type': 'application/pdf' },
    });
    fetchMock.mockImplementationOnce(async () => report);
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['northwind-insights-report.pdf']));
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((url) => url.pathname === '/api/insights-data/report')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      organizationId: '2',
      credentialId: '9',
    });

    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ message: 'Too many exports: try again in a minute' }, 429),
    );
    await userEvent.click(button);
    await screen.findByText('Too many exports: try again in a minute');
  });

  it('shows only the unavailable state for an organization without the entitlement, without asking for figures', async () => {
    const data = insightsFixture();
    const fetchMock = serve(
      { ...data, cohort: { awards: 0, matched: { count: null, lessThan: 10 } }, dataGaps: [] },
      { insightsEntitled: false },
    );
    renderPanel('/?tab=insights', { credentialId: 9 });
    const notice = await screen.findByTestId('insights-unavailable');
    within(notice).getByText(MESSAGES.earningsUnavailable);
    within(notice).getByText(new RegExp(MESSAGES.supportLine.replace(/[.'?]/g, '.')));
    await waitFor(() => within(notice).getByRole('link', { name: 'support@laurel.example' }));
    expect(screen.queryByText(/0 awards/)).toBeNull();
    expect(screen.queryByText(/Upload awards/)).toBeNull();
    expect(screen.queryByText(/Data gaps/i)).toBeNull();
    expect(requestedInsights(fetchMock).length).toBeLessThanOrEqual(1);
  });

  it('says nothing about awards while figures that never existed are computed', async () => {
    const data = insightsFixture();
    serve({
      ...data,
      earnings: { ...data.earnings, status: 'processing' },
      employment: { ...data.employment, status: 'processing' },
      cohort: { awards: 0, matched: { count: null, lessThan: 10 } },
      builtAt: null,
    });
    renderPanel();
    await screen.findByText(MESSAGES.earningsTemporarilyUnavailable);
    await allDrawn();
    screen.getByText(MESSAGES.employmentTemporarilyUnavailable);
    expect(screen.queryByTestId('insights-summary')).toBeNull();
    expect(screen.queryByText(/No awards in this selection/)).toBeNull();
    expect(screen.queryByText('Who is counted')).toBeNull();
  });

  it('says which insights are being processed, with the support address', async () => {
    const data = insightsFixture();
    serve({ ...data, earnings: { ...data.earnings, status: 'processing' } });
    renderPanel();
    await screen.findByText(MESSAGES.earningsTemporarilyUnavailable);
    await allDrawn();
    expect(screen.queryByText(MESSAGES.employmentTemporarilyUnavailable)).toBeNull();
    screen.getByText(new RegExp(MESSAGES.supportLine.replace(/[.'?]/g, '.')));
    const mail = screen.getByRole('link', { name: 'support@laurel.example' });
    expect(mail.getAttribute('href')).toBe('mailto:support@laurel.example');
    expect(screen.queryByRole('article', { name: 'Salary' })).toBeNull();
    screen.getByRole('article', { name: 'Employment rate' });
  });

  it('takes its filter from the URL and puts changes back there', async () => {
    const fetchMock = serve(insightsFixture());
    renderPanel('/?credentialId=5&awardYearFrom=2018');
    await screen.findByRole('article', { name: 'Salary' });
    const first = requestedInsights(fetchMock)[0]!;
    expect(first.searchParams.get('organizationId')).toBe('2');
    expect(first.searchParams.get('credentialId')).toBe('5');
    expect(first.searchParams.get('awardYearFrom')).toBe('2018');
    expect(first.searchParams.has('awardYearTo')).toBe(false);

    // Award years come as all years or one fixed pool; the URL's year picks its pool.
    const years = screen.getByRole('combobox', { name: 'Award years' });
    expect(years.textContent).toBe('2018–2020');
    await userEvent.click(years);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All years',
      '2024–2026',
      '2021–2023',
      '2018–2020',
      '2015–2017',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '2021–2023' }));
    await waitFor(() => {
      const last = requestedInsights(fetchMock).at(-1)?.searchParams;
      expect([last?.get('awardYearFrom'), last?.get('awardYearTo')]).toEqual(['2021', '2023']);
    });
  });

  it("chooses a credential among the organization's many by searching the server", async () => {
    const credentials = Array.from({ length: 1_234 }, (_, index) => ({
      id: index + 1,
      name: `Credential ${String(index + 1).padStart(4, '0')}`,
      code: `C-${index + 1}`,
    }));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      if (url.pathname === '/api/insights-data/lookups') return jsonResponse(lookupsFixture());
      if (url.pathname === '/api/insights-data') return jsonResponse(insightsFixture());
      if (url.pathname !== '/api/credentials') return jsonResponse({ message: 'Not found' }, 404);
      const search = url.searchParams.get('search') ?? '';
      const pageSize = Number(url.searchParams.get('pageSize'));
      const found = credentials.filter((item) => item.name.includes(search));
      return jsonResponse({
        items: found.slice(0, pageSize),
        total: found.length,
        page: 1,
        pageSize,
      });
    });
    renderPanel();
    const filter = await screen.findByRole('combobox', { name: 'Credential' });
    await userEvent.click(filter);
    await screen.findByText('Showing 20 of 1,234 — type to narrow');
    await userEvent.type(filter, '1200');
    await userEvent.click(await screen.findByRole('option', { name: 'Credential 1200 C-1200' }));
    await waitFor(() =>
      expect(requestedInsights(fetchMock).at(-1)?.searchParams.get('credentialId')).toBe('1200'),
    );
    const listed = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === '/api/credentials');
    expect(listed.map((url) => url.searchParams.get('organizationId'))).toContain('2');
    expect(listed.map((url) => url.searchParams.get('search'))).toContain('1200');
  });

  it('has no credential filter when fixed to one credential', async () => {
    const fetchMock = serve(insightsFixture());
    renderPanel('/?tab=insights', { credentialId: 9 });
    await screen.findByRole('article', { name: 'Salary' });
    expect(screen.queryByRole('combobox', { name: 'Credential' })).toBeNull();
    expect(requestedInsights(fetchMock)[0]!.searchParams.get('credentialId')).toBe('9');
  });
});
