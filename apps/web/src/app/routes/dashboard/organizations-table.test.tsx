import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPlatformOrganization } from '@laurel/contract/dashboard';
import { API_PATHS } from '@laurel/contract/paths';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { OrganizationsTable } from './organizations-table';

const row = (overrides: Partial<TPlatformOrganization>): TPlatformOrganization => ({
  id: 1,
  name: 'Laurel Platform',
  status: 'ACTIVE',
  insightsEntitled: true,
  insightsStatus: 'available',
  awards: 0,
  matchRate: null,
  contractUsage: null,
  lastUpload: null,
  ...overrides,
});

describe('the organizations at a glance', () => {
  it('says an organization without awards has none yet, rather than that its insights are available', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === API_PATHS.platformOrganizations)
        return jsonResponse({
          items: [
            row({}),
            row({ id: 2, name: 'Northwind Technical College', awards: 14_000, matchRate: 0.88 }),
            row({
              id: 3,
              name: 'Keystone',
              insightsEntitled: false,
              insightsStatus: 'unavailable',
            }),
          ],
          total: 3,
        });
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    renderWithProviders(<OrganizationsTable />);
    const table = await screen.findByRole('table', { name: 'Organizations at a glance' });
    const rowOf = async (name: string) =>
      (await within(table).findByRole('link', { name })).closest('tr') as HTMLElement;
    within(await rowOf('Laurel Platform')).getByText('No awards yet');
    expect(within(await rowOf('Laurel Platform')).queryByText('Available')).toBeNull();
    within(await rowOf('Northwind Technical College')).getByText('Available');
    within(await rowOf('Keystone')).getByText('Not included');
  });
});
