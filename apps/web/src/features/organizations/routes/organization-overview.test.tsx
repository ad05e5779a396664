import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TOrganization } from '@laurel/contract/organizations';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import OrganizationOverviewRoute from './organization-overview';

const northwind: TOrganization = {
  id: 2,
  name: 'Northwind Technical College',
  organizationName: 'Northwind Technical College',
  typeId: 3,
  typeName: 'Technical college',
  loginMode: 'PASSWORD',
  loginModeId: 1,
  city: 'Portland',
  state: 'OR',
  status: 'ACTIVE',
  userCount: 8,
  credentialCount: 8,
  contractCount: 1,
  website: 'https://northwind.demo',
  insightsEntitled: true,
  mfaRequired: false,
  passkeysAllowed: true,
  emailCodesAllowed: true,
  isPlatform: false,
  createdAt: '2026-08-31T00:00:00.000Z',
  updatedAt: '2026-08-31T00:00:00.000Z',
};

/**
 * The overview as `roleId` sees it, the API answering as for a platform admin (the CRM account
 * included), so that the screen's own check is what is tested.
 */
function renderOverview(roleId: RoleId) {
  const requests: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url.pathname);
    if (url.pathname === API_PATHS.organization(2))
      return jsonResponse({ ...northwind, salesforceAccountId: '001A000001ABCDEFGH' });
    if (url.pathname === API_PATHS.salesforceUrl)
      return jsonResponse({ baseUrl: 'https://laurel-demo.lightning.force.com' });
    if (url.pathname === API_PATHS.organizationScim(2))
      return jsonResponse({
        organizationId: 2,
        baseUrl: 'http://localhost:3000/scim/v2/abcdefghijkmnpqrstuv',
        tokens: [],
        lastActivityAt: null,
        lastActivity: null,
      });
    return jsonResponse([]);
  });
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <Routes>
        <Route path="/organizations/:organizationId" element={<OrganizationOverviewRoute />} />
      </Routes>
    </AuthContext.Provider>,
    { route: '/organizations/2' },
  );
  return requests;
}

describe('the organization overview', () => {
  it.each([
    ['an organization admin', ROLES.ORGANIZATION_ADMIN],
    ['a user', ROLES.USER],
  ])('shows %s no CRM link and never asks for its address', async (_who, roleId) => {
    const requests = renderOverview(roleId);
    await screen.findByText('Technical college');
    expect(screen.queryByText('Salesforce')).toBeNull();
    expect(screen.queryByRole('link', { name: /Salesforce/ })).toBeNull();
    expect(requests).not.toContain(API_PATHS.salesforceUrl);
  });

  it('links a platform admin to the CRM account', async () => {
    renderOverview(ROLES.PLATFORM_ADMIN);
    const link = await screen.findByRole('link', { name: /Open in Salesforce/ });
    expect(link.getAttribute('href')).toBe(
      'https://laurel-demo.lightning.force.com/lightning/r/Account/001A000001ABCDEFGH/view',
    );
  });
});
