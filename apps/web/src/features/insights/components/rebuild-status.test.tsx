import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TInsightsData, TInsightsRebuild } from '@laurel/contract/insights';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { insightsFixture, lookupsFixture } from '../test/fixtures';
import InsightsPanel from './insights-panel';

/** The figures, stale while a rebuild of them is queued or runs, as the API answers them. */
function serveRebuilding(rebuild: TInsightsRebuild, changes: Partial<TInsightsData> = {}) {
  const data = insightsFixture();
  const answer: TInsightsData = {
    ...data,
    earnings: { ...data.earnings, status: 'processing' },
    employment: { ...data.employment, status: 'processing' },
    rebuild,
    ...changes,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/insights-data/lookups') return jsonResponse(lookupsFixture());
    if (url.pathname === '/api/organizations/2')
      return jsonResponse({ id: 2, name: 'Northwind', insightsEntitled: true });
    if (url.pathname === '/api/insights-data') return jsonResponse(answer);
    if (url.pathname === '/api/credentials')
      return jsonResponse({ items: [], total: 0, page: 1, pageSize: 50 });
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function renderPanel() {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
      <InsightsPanel organizationId={2} subject="Northwind" title="Workforce insights" />
    </AuthContext.Provider>,
  );
}

const running: TInsightsRebuild = {
  state: 'RUNNING',
  phase: 'READING',
  rowsRead: 250_000,
  rowsTotal: 1_000_000,
  startedAt: '2026-03-01T12:00:00.000Z',
  secondsLeft: 150,
};

describe('the status of an insights rebuild', () => {
  it('says the figures are being updated, with the minutes left, and still shows them', async () => {
    serveRebuilding(running);
    renderPanel();
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('These figures are being updated: about 3 minutes left.');
    const progress = screen.getByRole('progressbar', { name: 'Update progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    // The progress bar is not part of what is announced.
    expect(within(status).queryByRole('progressbar')).toBeNull();
    await within(await screen.findByRole('article', { name: 'Salary' })).findByText('$52,300');
    expect(screen.queryByText(MESSAGES.earningsTemporarilyUnavailable)).toBeNull();
  });

  it('says without an estimate that the figures are being updated while nothing tells how long', async () => {
    serveRebuilding({ ...running, phase: 'COMPUTING', secondsLeft: null });
    renderPanel();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('These figures are being updated.'),
    );
  });

  it('says an update waits for the ones ahead of it, with how long it takes once started', async () => {
    serveRebuilding({
      state: 'WAITING',
      phase: null,
      rowsRead: 0,
      rowsTotal: 0,
      startedAt: null,
      secondsLeft: 40,
    });
    renderPanel();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'An update of these figures is waiting: it starts once the updates ahead of it finish, then takes about 1 minute.',
    );
    expect(screen.queryByRole('progressbar', { name: 'Update progress' })).toBeNull();
  });

  it('says nothing of an update when none is queued', async () => {
    serveRebuilding(running, {
      rebuild: null,
      earnings: { ...insightsFixture().earnings, status: 'available' },
      employment: { ...insightsFixture().employment, status: 'available' },
    });
    renderPanel();
    await screen.findByRole('article', { name: 'Salary' });
    expect(screen.queryByTestId('insights-rebuild-status')).toBeNull();
  });
});
