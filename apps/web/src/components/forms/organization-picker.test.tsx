import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '../../test/render';
import {
  OrganizationFilter,
  OrganizationPicker,
  type OrganizationOption,
} from './organization-picker';

/** 500 organizations behind a server that searches by name and pages as the API does. */
const organizations = Array.from({ length: 500 }, (_, index) => ({
  id: index + 1,
  name: `Organization ${String(index + 1).padStart(3, '0')}`,
}));

function serveOrganizations() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    const one = /^\/api\/organizations\/(\d+)$/.exec(url.pathname);
    if (one) {
      const found = organizations.find((organization) => organization.id === Number(one[1]));
      return found ? jsonResponse(found) : jsonResponse({ message: 'Not found' }, 404);
    }
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
    const matching = organizations.filter((organization) =>
      organization.name.toLowerCase().includes(search),
    );
    return jsonResponse({
      items: matching.slice(0, pageSize),
      total: matching.length,
      page: 1,
      pageSize,
    });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('organization pickers', () => {
  it('names the chosen organization of a filter from the address, though it is far past the first page', async () => {
    const fetchMock = serveOrganizations();
    renderWithProviders(<OrganizationFilter value="437" onChange={() => undefined} />);
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Organization' }) as HTMLInputElement).value,
      ).toBe('Organization 437'),
    );
    const urls = fetchMock.mock.calls.map(
      ([request]) => new URL((request as Request).url).pathname,
    );
    expect(urls).toContain('/api/organizations/437');
  });

  it('searches every organization on the server as the person types, and reports the choice', async () => {
    const fetchMock = serveOrganizations();
    const onChange = vi.fn();
    renderWithProviders(<OrganizationFilter value={undefined} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Organization' });
    await userEvent.type(box, '499');
    const option = await screen.findByRole('option', { name: 'Organization 499' });
    const searched = fetchMock.mock.calls.map(([request]) =>
      new URL((request as Request).url).searchParams.get('search'),
    );
    expect(searched).toContain('499');
    await userEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('499');
  });

  it('says how many match when there are more than it shows', async () => {
    serveOrganizations();
    function Field() {
      const [value, setValue] = useState<OrganizationOption | null>(null);
      return <OrganizationPicker value={value} onChange={setValue} />;
    }
    renderWithProviders(<Field />);
    expect(await screen.findByText('500 match; type more of the name to narrow them')).toBeTruthy();
  });
});
