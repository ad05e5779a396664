import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, IDENTITY_BASE_PATH } from '@laurel/contract/paths';

import { AuthProvider } from '../../../lib/auth/auth-provider';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import PasskeySignInRoute from './passkey-sign-in';
import en from '../../../lib/i18n/messages/en.json';
import PasswordSignInRoute from './password-sign-in';
import SelectMethodRoute from './select-method';
import SelectMfaRoute from './select-mfa';
import VerifyEmailCodeRoute from './verify-email-code';

const EMAIL = 'user@northwind.demo';

interface IdentityCall {
  action: string;
  body: Record<string, unknown>;
}

type Answer = { body: Record<string, unknown>; status?: number };

/**
 * The server and the identity service, faked at the network: `answer` says what the identity
 * service replies to each call (its JSON protocol), in the order the calls come.
 */
function serve(answer: (call: IdentityCall) => Answer) {
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

function renderSignIn() {
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

async function enterEmail() {
  await userEvent.type(await screen.findByLabelText('E-mail address'), EMAIL);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByLabelText('Password', { exact: true });
}

const challenge = (name: string, parameters: Record<string, string> = {}) => ({
  body: { ChallengeName: name, Session: `session-${name}`, ChallengeParameters: parameters },
});
const refusal = (type: string, message: string) => ({
  status: 400,
  body: { __type: type, message },
});

afterEach(() => vi.restoreAllMocks());

// Each test steps through several screens; on a loaded machine that takes longer than the default.
describe('signing in without the password', { timeout: 20_000 }, () => {
  it('e-mails a code and asks for its 8 digits, saying a wrong code under the field', async () => {
    const calls = serve(({ action }) =>
      action === 'InitiateAuth'
        ? challenge('EMAIL_OTP', {
            CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
            CODE_DELIVERY_DESTINATION: 'u***@n***',
          })
        : refusal('CodeMismatchException', 'Invalid code received for user'),
    );
    renderSignIn();
    await enterEmail();
    await userEvent.click(screen.getByRole('button', { name: en['auth.passwordless.emailCode'] }));

    await screen.findByRole('heading', { name: 'Check your e-mail' });
    screen.getByText(/We e-mailed an 8-digit code to u\*\*\*@n\*\*\*/);
    expect(calls[0]).toMatchObject({
      action: 'InitiateAuth',
      body: {
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: EMAIL, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      },
    });

    const code = screen.getByLabelText('Code from the e-mail');
    await userEvent.type(code, '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Enter the 8-digit code from the e-mail.');
    expect(calls).toHaveLength(1);

    // Only digits, at most eight of them.
    await userEvent.type(code, '8x9');
    expect((code as HTMLInputElement).value).toBe('12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(/That code is not correct/);
    expect(calls[1]).toMatchObject({
      action: 'RespondToAuthChallenge',
      body: {
        ChallengeName: 'EMAIL_OTP',
        ChallengeResponses: { USERNAME: EMAIL, EMAIL_OTP_CODE: '12345678' },
      },
    });
  });

  it('sends a new code on request', async () => {
    let sent = 0;
    const calls = serve(({ action }) => {
      if (action === 'InitiateAuth') sent += 1;
      return challenge('EMAIL_OTP', { CODE_DELIVERY_DESTINATION: `u***@n*** (${sent})` });
    });
    renderSignIn();
    await enterEmail();
    await userEvent.click(screen.getByRole('button', { name: en['auth.passwordless.emailCode'] }));
    await screen.findByText(/\(1\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await screen.findByText(/A new code is on its way/);
    screen.getByText(/\(2\)/);
    expect(calls.map((call) => call.action)).toEqual(['InitiateAuth', 'InitiateAuth']);
  });

  it('says in words why a passkey could not be used, and tries again on request', async () => {
    const calls = serve(() =>
      challenge('WEB_AUTHN', {
        CREDENTIAL_REQUEST_OPTIONS: JSON.stringify({ challenge: 'AAAA', rpId: 'localhost' }),
      }),
    );
    renderSignIn();
    await enterEmail();
    await userEvent.click(screen.getByRole('button', { name: en['auth.passwordless.passkey'] }));

    await screen.findByRole('heading', { name: 'Sign in with a passkey' });
    // This browser (jsdom) has no WebAuthn: the identity client says passkeys are not supported.
    await screen.findByText(/This browser or device cannot use passkeys/);
    expect(calls[0]).toMatchObject({
      body: { AuthFlow: 'USER_AUTH', AuthParameters: { PREFERRED_CHALLENGE: 'WEB_AUTHN' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await screen.findByText(/cannot use passkeys/);
  });

  it('offers the ways the identity service allows, and a chosen password can lead to MFA selection and an e-mailed code', async () => {
    const calls = serve(({ action, body }) => {
      if (action === 'InitiateAuth')
        return {
          body: {
            ChallengeName: 'SELECT_CHALLENGE',
            Session: 's1',
            AvailableChallenges: ['PASSWORD', 'EMAIL_OTP'],
          },
        };
      const responses = body.ChallengeResponses as Record<string, string>;
      if (body.ChallengeName === 'SELECT_CHALLENGE' && responses.ANSWER === 'PASSWORD')
        return challenge('SELECT_MFA_TYPE', {
          MFAS_CAN_CHOOSE: JSON.stringify(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']),
        });
      if (body.ChallengeName === 'SELECT_MFA_TYPE' && responses.ANSWER === 'EMAIL_OTP')
        return challenge('EMAIL_OTP', { CODE_DELIVERY_DESTINATION: 'u***@n***' });
      return refusal('InvalidParameterException', 'unexpected');
    });
    renderSignIn();
    await enterEmail();
    // No passkey for this account: the identity service lists what it can do instead.
    await userEvent.click(screen.getByRole('button', { name: en['auth.passwordless.passkey'] }));

    await screen.findByRole('heading', { name: 'Choose how to sign in' });
    const choices = screen.getByRole('list', { name: 'Ways to sign in' });
    const offered = within(choices).getAllByRole('button');
    expect(offered.map((choice) => choice.textContent)).toEqual([
      `Code by e-mailWe e-mail an 8-digit code to ${EMAIL}.`,
      'PasswordEnter the password of your Laurel account.',
    ]);

    await userEvent.click(screen.getByRole('button', { name: /^Password/ }));
    await screen.findByRole('heading', { name: 'Enter your password' });
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Laurel-demo-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Two-step verification' });
    screen.getByRole('button', { name: /^Authenticator app/ });
    await userEvent.click(screen.getByRole('button', { name: /^Code by e-mail/ }));

    await screen.findByLabelText('Code from the e-mail');
    screen.getByRole('heading', { name: 'Two-step verification' });
    // The second step's code comes again only by signing in again.
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    expect(calls.map((call) => call.body.ChallengeName ?? call.body.AuthFlow)).toEqual([
      'USER_AUTH',
      'SELECT_CHALLENGE',
      'SELECT_MFA_TYPE',
    ]);
    expect(calls[1]).toMatchObject({
      body: {
        ChallengeResponses: { ANSWER: 'PASSWORD', USERNAME: EMAIL, PASSWORD: 'Laurel-demo-2026!' },
      },
    });
  });

  it('a selection step opened directly sends the person back to sign in', async () => {
    serve(() => refusal('InvalidParameterException', 'unexpected'));
    renderWithProviders(
      <AuthProvider>
        <Routes>
          <Route path="/auth/select-mfa" element={<SelectMfaRoute />} />
        </Routes>
      </AuthProvider>,
      { route: '/auth/select-mfa' },
    );
    await screen.findByText(/has expired or was opened directly/);
    screen.getByRole('link', { name: 'sign in again' });
  });
});
