import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';
import { API_PATHS } from '@laurel/contract/paths';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RemoveAuthenticatorDialog } from './remove-authenticator-dialog';

const bodiesSent: unknown[] = [];

function serverAnswering(respond: (body: Record<string, string>) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    expect(new URL(request.url).pathname).toBe(API_PATHS.removeAuthenticator);
    expect(request.method).toBe('POST');
    const body = (await request.json()) as Record<string, string>;
    bodiesSent.push(body);
    return respond(body);
  });
}

afterEach(() => {
  bodiesSent.length = 0;
  vi.restoreAllMocks();
});

describe('removing the authenticator app', () => {
  it('sends the code, shows the server refusing it on the field, and removes nothing', async () => {
    serverAnswering(() =>
      jsonResponse(
        { message: MESSAGES.stepUpWrongCode, fieldErrors: { code: MESSAGES.stepUpWrongCode } },
        400,
      ),
    );
    const onRemoved = vi.fn();
    renderWithProviders(
      <RemoveAuthenticatorDialog open onClose={() => undefined} onRemoved={onRemoved} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await userEvent.type(screen.getByLabelText('Code from the app'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the app' }));
    await screen.findByText(MESSAGES.stepUpWrongCode);
    expect(bodiesSent).toEqual([{ code: '123456' }]);
    expect(onRemoved).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);
  });

  it('says what removing does, and a click on Remove alone removes nothing', async () => {
    const fetchMock = serverAnswering(() => jsonResponse(null, 204));
    const onRemoved = vi.fn();
    renderWithProviders(
      <RemoveAuthenticatorDialog open onClose={() => undefined} onRemoved={onRemoved} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    expect(dialog.textContent).toContain('sign-in will ask only for your password');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the app' }));
    await screen.findByText('Enter the 6-digit code from your authenticator app.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onRemoved).not.toHaveBeenCalled();
  });

  it('checks the code locally before asking the server', async () => {
    const fetchMock = serverAnswering(() => jsonResponse(null, 204));
    renderWithProviders(
      <RemoveAuthenticatorDialog open onClose={() => undefined} onRemoved={() => undefined} />,
    );
    await userEvent.type(screen.getByLabelText('Code from the app'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the app' }));
    await screen.findByText('Enter the 6-digit code from your authenticator app.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the password instead when the app is out of reach', async () => {
    serverAnswering(() => new Response(null, { status: 204 }));
    const onRemoved = vi.fn();
    renderWithProviders(
      <RemoveAuthenticatorDialog open onClose={() => undefined} onRemoved={onRemoved} />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'No access to the app? Use your password' }),
    );
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Correct-horse-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the app' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledTimes(1));
    expect(bodiesSent).toEqual([{ password: 'Correct-horse-2026!' }]);
  });
});
