import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, IDENTITY_BASE_PATH } from '@laurel/contract/paths';

import { AuthProvider } from '../../../lib/auth/auth-provider';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import PasswordSignInRoute from './password-sign-in';
import ResetPasswordRoute from './reset-password';

/**
 * The server and the identity service, faked at the network: the configuration and a confirmed
 * password reset (the identity service's JSON protocol).
 */
function serve() {
  const identityActions: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const { pathname } = new URL(request.url);
    if (pathname === API_PATHS.cognitoConfig)
      return jsonResponse({
        poolId: 'local-1_Laurel',
        clientId: 'laurel-web',
        endpoint: IDENTITY_BASE_PATH,
      });
    if (pathname.startsWith(IDENTITY_BASE_PATH)) {
      identityActions.push(request.headers.get('x-amz-target') ?? '');
      return new Response('{}', { headers: { 'content-type': 'application/x-amz-json-1.1' } });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return identityActions;
}

function renderAuthScreens(route: string) {
  return renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/auth/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/auth/password-sign-in" element={<PasswordSignInRoute />} />
      </Routes>
    </AuthProvider>,
    { route },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the sign-in screen knows the address', () => {
  it('after a password reset', async () => {
    const identityActions = serve();
    renderAuthScreens('/auth/reset-password?email=Robin%40Northwind.demo');
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await userEvent.type(
      screen.getByLabelText('New password', { exact: true }),
      'Brand-new-Passw0rd',
    );
    await userEvent.type(
      screen.getByLabelText('Repeat the new password', { exact: true }),
      'Brand-new-Passw0rd',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => screen.getByRole('heading', { level: 1, name: 'Sign in' }));
    expect(identityActions).toContain('AWSCognitoIdentityProviderService.ConfirmForgotPassword');
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'robin@northwind.demo',
    );
  });

  it('checks the reset form as the person goes, not before', async () => {
    serve();
    renderAuthScreens('/auth/reset-password?email=robin%40northwind.demo');
    const password = screen.getByLabelText('New password', { exact: true });
    await userEvent.type(password, 'short');
    expect(screen.queryByText('Use at least 14 characters.')).toBeNull();
    await userEvent.tab();
    await screen.findByText('Use at least 14 characters.');
    // Once shown, the message follows each keystroke.
    await userEvent.type(password, 'ButLongerNow1');
    await waitFor(() => expect(screen.queryByText('Use at least 14 characters.')).toBeNull());
    // The repetition was never reached: nothing is said about it yet.
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
  });
});
