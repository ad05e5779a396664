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

/** 10,000 organizations behind a server that searches by name and pages as the API does. */
const organizations = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  name: `Organization ${String(index + 1).padStart(5, '0')}`,
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
    // A search matching more than 1,000 lists 1,000 of them and says its total is a lower bound.
    const capped = search !== '' && matching.length > 1000;
    return jsonResponse({
      items: matching.slice(0, pageSize),
      total: capped ? 1000 : matching.length,
      ...(capped ? { totalIsLowerBound: true } : {}),
      page: 1,
      pageSize,
    });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('organization pickers', () => {
  it('names the chosen organization of a filter from the address, though it is far past the first page', async () => {
    const fetchMock = serveOrganizations();
    renderWithProviders(<OrganizationFilter value="8437" onChange={() => undefined} />);
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Organization' }) as HTMLInputElement).value,
      ).toBe('Organization 08437'),
    );
    const urls = fetchMock.mock.calls.map(
      ([request]) => new URL((request as Request).url).pathname,
    );
    expect(urls).toContain('/api/organizations/8437');
  });

  it('asks for its options only once it is wanted, not with the screen', async () => {
    const fetchMock = serveOrganizations();
    renderWithProviders(<OrganizationFilter value={undefined} onChange={() => undefined} />);
    const box = screen.getByRole('combobox', { name: 'Organization' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(box);
    await screen.findByRole('option', { name: 'Organization 00001' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads no layout while the screen holding it is drawn: its box is measured after the paint', async () => {
    serveOrganizations();
    // Reading a width lays the screen out at once when it has just been drawn; the Autocomplete
    // reads its box's width as soon as it knows the box.
    const widthRead = vi.fn(() => 300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(widthRead);
    let painted = () => undefined as void;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      painted = () => callback(performance.now());
      return 1;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      renderWithProviders(<OrganizationFilter value={undefined} onChange={() => undefined} />);
      const box = screen.getByRole('combobox', { name: 'Organization' });
      expect(widthRead).not.toHaveBeenCalled();
      painted();
      await waitFor(() => expect(widthRead).toHaveBeenCalled());
      await userEvent.click(box);
      expect(await screen.findAllByRole('option')).toHaveLength(20);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('finds an organization among 10,000 by searching the server as the person types', async () => {
    const fetchMock = serveOrganizations();
    const onChange = vi.fn();
    renderWithProviders(<OrganizationFilter value={undefined} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Organization' });
    await userEvent.type(box, '9876');
    const option = await screen.findByRole('option', { name: 'Organization 09876' });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    const searched = fetchMock.mock.calls.map(([request]) =>
      new URL((request as Request).url).searchParams.get('search'),
    );
    expect(searched).toContain('9876');
    await userEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('9876');
  });

  it('says when it shows only the first of many, in a form field and in a filter', async () => {
    serveOrganizations();
    function Field() {
      const [value, setValue] = useState<OrganizationOption | null>(null);
      return <OrganizationPicker value={value} onChange={setValue} />;
    }
    renderWithProviders(
      <>
        <Field />
        <OrganizationFilter value={undefined} onChange={() => undefined} />
      </>,
    );
    const [field, filter] = screen.getAllByRole('combobox', { name: /Organization/ });
    await userEvent.click(field!);
    expect(await screen.findAllByRole('option')).toHaveLength(20);
    screen.getByText('Showing 20 of 10,000 — type to narrow');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(filter!);
    await userEvent.type(filter!, '0999');
    // "Organization 00999" and "Organization 09990" to "Organization 09999": all shown, no line.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(11));
    expect(screen.queryByText(/^Showing/)).toBeNull();
    await userEvent.clear(filter!);
    await screen.findByText('Showing 20 of 10,000 — type to narrow');
    await userEvent.type(filter!, 'organization 0');
    await screen.findByText('Showing 20 of 1,000+ — type to narrow');
  });
});
