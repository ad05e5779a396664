import { act } from 'react';
import { screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { useListParams, type ListParams } from './use-list-params';

type UploadsParams = ListParams<'createdAt' | 'status', 'status'>;

/** A list's parameters as one drawing of it hands them out, and the address as drawn. */
let drawn: UploadsParams[] = [];

function UploadsList() {
  const params = useListParams({
    sorts: ['createdAt', 'status'] as const,
    defaultSort: 'createdAt',
    filters: ['status'] as const,
  });
  drawn.push(params);
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{useLocation().search}</output>
      <button type="button" onClick={() => void navigate('/uploads')}>
        Uploads
      </button>
    </>
  );
}

describe('a list’s parameters in the address', () => {
  it('keep two changes made before the first is drawn (a status picked, then a typed search commits)', async () => {
    drawn = [];
    renderWithProviders(<UploadsList />, { route: '/uploads?page=2' });
    const first = drawn.at(-1)!;
    // Both with the handlers of the same drawing: the search's delay ran out before the status
    // was drawn.
    await act(async () => {
      first.setFilter('status', 'FAILED');
      first.setSearch('e2e-export.csv');
    });
    const address = new URLSearchParams(
      screen.getByRole('status', { name: 'address' }).textContent!,
    );
    expect(Object.fromEntries(address)).toEqual({ status: 'FAILED', search: 'e2e-export.csv' });
    expect(drawn.at(-1)!.filters).toEqual({ status: 'FAILED' });
    expect(drawn.at(-1)!.search).toBe('e2e-export.csv');

    // A change from a later drawing builds on what that drawing shows.
    await act(async () => drawn.at(-1)!.setFilter('status', null));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '?search=e2e-export.csv',
    );
    // Back at the bare list by a link, then filtered: nothing of before comes back.
    await act(async () => screen.getByRole('button', { name: 'Uploads' }).click());
    await act(async () => drawn.at(-1)!.setFilter('status', 'COMPLETED'));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?status=COMPLETED');
  });
});
