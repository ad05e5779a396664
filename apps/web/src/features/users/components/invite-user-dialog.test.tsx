import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES, type TSeatLine } from '@laurel/contract/invitations';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { InviteUserDialog } from './invite-user-dialog';

afterEach(() => vi.restoreAllMocks());

const line = (usedSeats: number): TSeatLine => ({
  contractId: 7,
  contractNumber: 'LC-2026-0003',
  contractName: 'Northwind — Outcomes subscription 2026',
  includedSeats: 10,
  usedSeats,
  unitPrice: 240,
});

/** The server, faked at the network: the seats as they are, and the invitations sent. */
function serve(usedSeats: number) {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (pathname === API_PATHS.organizationInvitationSeats(3))
      return jsonResponse({ organizationId: 3, lines: [line(usedSeats)] });
    if (pathname === API_PATHS.organizationInvitations(3) && request.method === 'POST') {
      const body = (await request.json()) as { email: string };
      sent.push(body);
      return jsonResponse(
        {
          user: { id: 99, email: body.email },
          invitation: { id: 1, status: 'PENDING' },
        },
        201,
      );
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

async function fillIn() {
  const dialog = await screen.findByRole('dialog', { name: 'Invite a user to Northwind' });
  await userEvent.type(within(dialog).getByLabelText(/^E-mail address/), 'new@northwind.demo');
  await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Nova');
  await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Newcomer');
  return dialog;
}

const openDialog = () =>
  renderWithProviders(
    <InviteUserDialog
      open
      organizationId={3}
      organizationName="Northwind"
      roles={[ROLES.ORGANIZATION_ADMIN, ROLES.USER]}
      onClose={() => undefined}
    />,
  );

describe('the invite dialog', () => {
  it('warns before a seat beyond the contract, and sends only once it is approved', async () => {
    const sent = serve(10);
    openDialog();
    const dialog = await fillIn();
    const warning = await within(dialog).findByRole('region', { name: 'Additional seat' });
    expect(warning.textContent).toContain(
      'This will be seat 11 of 10 under contract LC-2026-0003 (Northwind — Outcomes subscription 2026).',
    );
    expect(warning.textContent).toContain(
      'Additional seats are billed under the contract at $240.00 each.',
    );
    expect(warning.textContent).toContain(
      'Organization admins and platform admins may approve an additional seat.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText(INVITATION_MESSAGES.approveSeat);
    expect(sent).toEqual([]);

    await userEvent.click(
      within(warning).getByRole('checkbox', {
        name: 'I approve an additional seat under LC-2026-0003',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      email: 'new@northwind.demo',
      first_name: 'Nova',
      last_name: 'Newcomer',
      role_id: ROLES.USER,
      approve_additional_seat: true,
    });
  });

  it('says nothing of seats while the contract has room', async () => {
    const sent = serve(9);
    openDialog();
    const dialog = await fillIn();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('approve_additional_seat');
    expect(screen.queryByRole('region', { name: 'Additional seat' })).toBeNull();
  });
});
