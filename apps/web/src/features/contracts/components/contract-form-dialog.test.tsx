import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@laurel/contract/paths';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ContractFormDialog } from './contract-form-dialog';

afterEach(() => vi.restoreAllMocks());

const helperOf = (field: HTMLElement) =>
  document
    .getElementById(field.getAttribute('aria-describedby') ?? '')
    ?.textContent?.replace('\u200b', '')
    .trim();

describe('the contract form', () => {
  it('checks each line item, and puts server errors on the line item field they name', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (new URL(request.url).pathname !== API_PATHS.contracts) return jsonResponse(null, 404);
      sent.push(await request.json());
      return jsonResponse(
        {
          message: 'Invalid body',
          fieldErrors: { 'line_items.0.description': 'Must not contain control characters' },
        },
        400,
      );
    });
    renderWithProviders(<ContractFormDialog open organizationId={4} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'New contract' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Number/ }), 'C-100');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Seats');
    await userEvent.type(within(dialog).getByLabelText(/^Starts/), '2026-01-01');
    await userEvent.type(within(dialog).getByLabelText(/^Ends/), '2026-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add line item' }));
    const line = within(dialog).getByRole('group', { name: 'Line item 1' });

    // A new line says nothing until it is left or submitted.
    expect(within(line).queryByText('Enter a price')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    const price = within(line).getByRole('spinbutton', { name: 'Unit price (USD)' });
    expect(helperOf(price)).toBe('Enter a price');
    expect(helperOf(within(line).getByRole('textbox', { name: 'Description' }))).toBe(
      'Describe the line item',
    );
    expect(sent).toEqual([]);

    await userEvent.type(price, '2.5');
    const description = within(line).getByRole('textbox', { name: 'Description' });
    await userEvent.type(description, 'Extra seat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    await waitFor(() => expect(helperOf(description)).toBe('Must not contain control characters'));
    expect(sent).toEqual([
      {
        organization_id: 4,
        number: 'C-100',
        name: 'Seats',
        status: 'DRAFT',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        line_items: [
          {
            billing_code: 'A_ADDL_USER',
            description: 'Extra seat',
            unit_price: 2.5,
            included_quantity: 0,
          },
        ],
      },
    ]);
  });
});
