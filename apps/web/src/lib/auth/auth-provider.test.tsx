import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { profileOf } from '../../test/auth';
import { AuthProvider } from './auth-provider';
import { requestStoredSessionProfile, takeStoredSessionProfile } from './stored-session';
import { useAuth } from './use-auth';

const CLIENT = 'webclient';
const base = `CognitoIdentityServiceProvider.${CLIENT}`;
const jwt = (claims: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.c2ln`;
const profile = profileOf(100);

/** Cookies as aws-amplify keeps a session, with an id token good for an hour. */
function storeSession(): void {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  document.cookie = `${base}.LastAuthUser=u-1; path=/`;
  document.cookie = `${base}.u-1.idToken=${jwt({ sub: 'u-1', email: profile.email, exp })}; path=/`;
  document.cookie = `${base}.u-1.accessToken=${jwt({ sub: 'u-1', exp })}; path=/`;
}

function clearSession(): void {
  for (const name of ['LastAuthUser', 'u-1.idToken', 'u-1.accessToken'])
    document.cookie = `${base}.${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The identity configuration and the profile, as the server answers them. */
function answerRequests(): void {
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = url.includes('/config/cognito')
      ? { poolId: 'eu-west-1_Pool', clientId: CLIENT }
      : profile;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** What each render of the screen under the provider saw of the session. */
function renderSeen() {
  const seen: string[] = [];
  function Screen() {
    const { isInitialized, isAuthenticated, user } = useAuth();
    seen.push(
      !isInitialized ? 'checking' : isAuthenticated ? `signed in: ${user?.profile?.email}` : 'out',
    );
    return null;
  }
  const view = render(
    <AuthProvider>
      <Screen />
    </AuthProvider>,
  );
  return { seen, view };
}

describe('AuthProvider: the first render of a stored session', () => {
  afterEach(() => {
    clearSession();
    // Whatever a test left of the page's early profile request.
    void takeStoredSessionProfile().catch(() => undefined);
  });

  it('is signed in at once when the profile asked for with the page has answered', async () => {
    storeSession();
    answerRequests();
    requestStoredSessionProfile();
    await new Promise((resolve) => setTimeout(resolve));
    const { seen, view } = renderSeen();
    expect(seen[0]).toBe(`signed in: ${profile.email}`);
    view.unmount();
  });

  it('checks the session first while that answer is still on its way', () => {
    storeSession();
    answerRequests();
    requestStoredSessionProfile();
    const { seen, view } = renderSeen();
    expect(seen[0]).toBe('checking');
    view.unmount();
  });

  it('checks the session first without a stored session', () => {
    answerRequests();
    const { seen, view } = renderSeen();
    expect(seen[0]).toBe('checking');
    view.unmount();
  });
});
