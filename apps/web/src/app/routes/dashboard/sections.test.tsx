import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookDisabledNotice } from '@laurel/contract/dashboard-constants';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/format/format';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import DashboardSections from './sections';

const reason = 'Every delivery failed for three days, since 2026-03-06 08:30 UTC.';
const item = {
  kind: 'WEBHOOK_DISABLED',
  organizationId: 2,
  organizationName: 'Northwind Technical College',
  subjectId: 31,
  title: 'https://hooks.northwind.test/laurel',
  detail: reason,
  at: '2026-03-09T08:30:00.000Z',
  daysLeft: null,
};

/** The member dashboard of a person of organization 2, with one disabled webhook endpoint. */
function renderMemberDashboard(roleId: RoleId) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === API_PATHS.organizationAttention(2))
      return jsonResponse({
        attention: { items: [item], total: 1, byKind: { WEBHOOK_DISABLED: 1 } },
      });
    if (url.pathname === API_PATHS.organization(2))
      return jsonResponse({ id: 2, name: 'Northwind Technical College', insightsEntitled: false });
    if (url.pathname === API_PATHS.bookmarks) return jsonResponse([]);
    if (url.pathname === API_PATHS.organizationContractUsage(2))
      return jsonResponse({ organizationId: 2, today: '2026-03-10', contracts: [] });
    return jsonResponse({ items: [], total: 0, page: 1, pageSize: 5 });
  });
  const profile = profileOf(roleId);
  renderWithProviders(
    <AuthContext.Provider value={authValue(profile)}>
      <DashboardSections platformAdmin={false} profile={profile} />
    </AuthContext.Provider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an organization’s dashboard', () => {
  it('tells its admins of a webhook endpoint its deliveries disabled, linking to the Webhooks tab', async () => {
    renderMemberDashboard(ROLES.ORGANIZATION_ADMIN);
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const link = within(list).getByRole('link');
    within(link).getByText(webhookDisabledNotice(item.title, formatDate(item.at), reason));
    expect(link.getAttribute('href')).toBe('/organizations/2/webhooks');
  });

  it('neither asks nor tells its users, who do not manage its webhooks', async () => {
    const fetchMock = renderMemberDashboard(ROLES.USER);
    await screen.findByRole('region', { name: 'Your bookmarks' });
    expect(screen.queryByRole('list', { name: 'Needs attention' })).toBeNull();
    const asked = fetchMock.mock.calls.map(
      ([input]) =>
        new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname,
    );
    expect(asked).not.toContain(API_PATHS.organizationAttention(2));
  });
});
