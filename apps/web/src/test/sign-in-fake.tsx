import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { API_PATHS, IDENTITY_BASE_PATH } from '@laurel/contract/paths';

import { AuthProvider } from '../lib/auth/auth-provider';
import PasskeySignInRoute from '../features/auth/routes/passkey-sign-in';
import PasswordSignInRoute from '../features/auth/routes/password-sign-in';
import SelectMethodRoute from '../features/auth/routes/select-method';
import SelectMfaRoute from '../features/auth/routes/select-mfa';
import VerifyEmailCodeRoute from '../features/auth/routes/verify-email-code';
import { jsonResponse, renderWithProviders } from './render';

/** The sign-in screens' tests: the identity service faked at the network, and the first step. */

export const EMAIL = 'user@northwind.demo';

export interface IdentityCall {
  action: string;
  body: Record<string, unknown>;
}

type Answer = { body: Record<string, unknown>; status?: number };

/**
 * The server and the identity service, faked at the network: `answer` says what the identity
 * service replies to each call (its JSON protocol), in the order the calls come.
 */
export function serve(answer: (call: IdentityCall) => Answer) {
  const calls: IdentityCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const { pathname } = new URL(request.url);
    if (pathname === API_PATHS.cognitoConfig)
      return jsonResponse({
        poolId: 'local-1_Laurel',
        clientId: 'laurel-web',
        endpoint: IDENTITY_BASE_PATH,
      });
    if (pathname === API_PATHS.checkFederated)
      return jsonResponse({ isFederated: false, redirectUri: null });
    if (pathname.startsWith(IDENTITY_BASE_PATH)) {
      const target = request.headers.get('x-amz-target') ?? '';
      const call = {
        action: target.split('.').pop() ?? target,
        body: (await request.json()) as Record<string, unknown>,
      };
      calls.push(call);
      const { body, status = 200 } = answer(call);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/x-amz-json-1.1' },
      });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return calls;
}

export function renderSignIn() {
  return renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/auth/password-sign-in" element={<PasswordSignInRoute />} />
        <Route path="/auth/passkey-sign-in" element={<PasskeySignInRoute />} />
        <Route path="/auth/select-method" element={<SelectMethodRoute />} />
        <Route path="/auth/select-mfa" element={<SelectMfaRoute />} />
        <Route path="/auth/verify-email-code" element={<VerifyEmailCodeRoute />} />
      </Routes>
    </AuthProvider>,
    { route: '/auth/password-sign-in' },
  );
}

export async function enterEmail() {
  await userEvent.type(await screen.findByLabelText('E-mail address'), EMAIL);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByLabelText('Password', { exact: true });
}

export const challenge = (name: string, parameters: Record<string, string> = {}) => ({
  body: { ChallengeName: name, Session: `session-${name}`, ChallengeParameters: parameters },
});
export const refusal = (type: string, message: string) => ({
  status: 400,
  body: { __type: type, message },
});
