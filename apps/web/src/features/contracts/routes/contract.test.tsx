import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TContract } from '@laurel/contract/contracts';
import { BILLING_CODE_LABELS } from '@laurel/contract/labels';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ContractRoute from './contract';

const line = {
  unitPrice: 240,
  includedQuantity: 10,
  used: 8,
  remaining: 2,
  overage: 0,
};
const contract: TContract = {
  id: 1,
  organizationId: 2,
  organizationName: 'Northwind Technical College',
  number: 'LC-2026-0002',
  name: 'Outcomes subscription 2026',
  status: 'ACTIVE',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  lineItems: [
    {
      ...line,
      id: 11,
      billingCode: 'A_ADDL_USER',
      billingCodeLabel: BILLING_CODE_LABELS.A_ADDL_USER,
      description: 'Seats',
    },
    {
      ...line,
      id: 12,
      billingCode: 'D_MATCH_EQUIFAX_TWN',
      billingCodeLabel: BILLING_CODE_LABELS.D_MATCH_EQUIFAX_TWN,
      description: 'Earnings matches',
    },
  ],
};

/** The contract page as `roleId` sees it, the API answering with the codes (as for a platform admin). */
function renderContract(roleId: RoleId) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === API_PATHS.contract(1)) return jsonResponse(contract);
    return jsonResponse([]);
  });
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <Routes>
        <Route
          path="/organizations/:organizationId/contracts/:contractId"
          element={<ContractRoute />}
        />
      </Routes>
    </AuthContext.Provider>,
    { route: '/organizations/2/contracts/1' },
  );
}

describe('the contract page', () => {
  it.each([
    ['an organization admin', ROLES.ORGANIZATION_ADMIN],
    ['a user', ROLES.USER],
  ])('names line items in words for %s, without billing codes', async (_who, roleId) => {
    renderContract(roleId);
    const table = await screen.findByRole('table', { name: 'Line items' });
    expect(table.textContent).toContain(BILLING_CODE_LABELS.A_ADDL_USER);
    expect(table.textContent).toContain(BILLING_CODE_LABELS.D_MATCH_EQUIFAX_TWN);
    expect(document.body.textContent).not.toMatch(/A_ADDL_USER|D_MATCH_/);
  });

  it('adds the billing codes for a platform admin', async () => {
    renderContract(ROLES.PLATFORM_ADMIN);
    const table = await screen.findByRole('table', { name: 'Line items' });
    expect(table.textContent).toContain('A_ADDL_USER');
    expect(table.textContent).toContain('D_MATCH_EQUIFAX_TWN');
  });
});
