import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@laurel/contract/roles';

import { authClient, configureAmplify } from '../../../lib/amplify/amplify-client';
import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { createIntl } from 'react-intl';

import en from '../../../lib/i18n/messages/en.json';
import { lastUseText, PasskeysForm } from './passkeys-form';

const POOL_ID = 'eu-west-1_Laurel';
const CLIENT_ID = 'laurel-web';
const LIST_TARGET = 'AWSCognitoIdentityProviderService.ListWebAuthnCredentials';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A token shaped as the identity service signs it (the web never checks the signature). */
function token(use: 'access' | 'id') {
  const now = Math.floor(Date.now() / 1000);
  return [
    base64url({ alg: 'RS256', kid: 'k' }),
    base64url({ sub: 'u-1', token_use: use, client_id: CLIENT_ID, iat: now, exp: now + 3600 }),
    'signature',
  ].join('.');
}

/** The identity service's answer to every ListWebAuthnCredentials request, and what it was sent. */
function identityServiceAnswering(body: object) {
  const sent: Array<{ url: string; target: string | null; body: Record<string, unknown> }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init);
    const target = request.headers.get('x-amz-target');
    sent.push({
      url: request.url,
      target,
      body: (await request.json()) as Record<string, unknown>,
    });
    expect(target).toBe(LIST_TARGET);
    return jsonResponse(body);
  });
  return sent;
}

/** The real identity client, signed in, against the embedded pool's endpoint or AWS Cognito. */
async function signedInClient(endpoint?: string) {
  configureAmplify({ poolId: POOL_ID, clientId: CLIENT_ID, ...(endpoint ? { endpoint } : {}) });
  const accessToken = token('access');
  await authClient.storeFederatedTokens({ username: 'u-1', idToken: token('id'), accessToken });
  return { client: authClient, accessToken };
}

function renderForm({ client }: { client: typeof authClient }) {
  return renderWithProviders(
    <AuthContext.Provider
      value={{
        ...authValue(profileOf(ROLES.ORGANIZATION_ADMIN)),
        getClient: () => Promise.resolve(client),
      }}
    >
      <PasskeysForm />
    </AuthContext.Provider>,
  );
}

const USED_AT = Date.UTC(2026, 10, 20, 12, 0) / 1000;
const credential = (id: string, name: string) => ({
  CredentialId: id,
  FriendlyCredentialName: name,
  RelyingPartyId: 'localhost',
  AuthenticatorTransports: ['internal'],
  CreatedAt: Date.UTC(2026, 9, 2, 12, 0) / 1000,
});

async function passkeyRows() {
  const list = await screen.findByRole('list', { name: 'Your passkeys' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the passkeys on the profile', () => {
  it('say when each last signed in, or that it never has, as the embedded pool tells', async () => {
    const sent = identityServiceAnswering({
      Credentials: [
        { ...credential('used', 'Laptop'), LastUsedAt: USED_AT },
        { ...credential('unused', 'Phone'), LastUsedAt: null },
      ],
    });
    const signedIn = await signedInClient('https://laurel.example/identity');
    renderForm(signedIn);

    expect(await passkeyRows()).toEqual([
      'LaptopAdded Oct 2, 2026Last used Nov 20, 2026Remove',
      'PhoneAdded Oct 2, 2026Never usedRemove',
    ]);
    // aws-amplify's request and the read of the extra field, both with the person's access token.
    expect(sent).toEqual([
      {
        url: 'https://laurel.example/identity',
        target: LIST_TARGET,
        body: { AccessToken: signedIn.accessToken },
      },
      {
        url: 'https://laurel.example/identity',
        target: LIST_TARGET,
        body: { AccessToken: signedIn.accessToken },
      },
    ]);
  });

  it('say nothing about last use when the identity service is AWS Cognito', async () => {
    const sent = identityServiceAnswering({ Credentials: [credential('used', 'Laptop')] });
    renderForm(await signedInClient());

    expect(await passkeyRows()).toEqual(['LaptopAdded Oct 2, 2026Remove']);
    // Cognito keeps no last-use time, so it is asked only once.
    expect(sent).toHaveLength(1);
  });

  it('say nothing about last use when the answer does not carry it', async () => {
    identityServiceAnswering({ Credentials: [credential('used', 'Laptop')] });
    renderForm(await signedInClient('https://laurel.example/identity'));

    expect(await passkeyRows()).toEqual(['LaptopAdded Oct 2, 2026Remove']);
  });
});

describe('the last use of a passkey', () => {
  const english = createIntl({ locale: 'en', messages: en });

  it('is a date, "Never used", or nothing when the service does not say', () => {
    expect(lastUseText(english, new Date(USED_AT * 1000))).toBe('Last used Nov 20, 2026');
    expect(lastUseText(english, null)).toBe('Never used');
    expect(lastUseText(english, undefined)).toBeNull();
  });
});
