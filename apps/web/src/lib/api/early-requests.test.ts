import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import { EARLY_REQUESTS, type EarlyRequests } from './early-requests';

const USERNAME = 'c3f1a2b4-0000-4000-8000-000000000001';
const base = `CognitoIdentityServiceProvider.laurelwebclient`;

const jwt = (payload: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

function setCookie(name: string, value: string) {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/`;
}

/** A session aws-amplify stored, whose id token is good for `expiresInSeconds`; its id token. */
function storeSession(expiresInSeconds: number): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const idToken = jwt({ sub: USERNAME, exp });
  setCookie(`${base}.LastAuthUser`, USERNAME);
  setCookie(`${base}.${USERNAME}.idToken`, idToken);
  setCookie(`${base}.${USERNAME}.accessToken`, jwt({ sub: USERNAME, exp }));
  return idToken;
}

/** Each request the server got: its path and its Authorization header. */
let sent: { path: string; authorization: string | null }[];

/** What the early requests' module leaves on `window` for the app. */
const onWindow = () =>
  (window as unknown as Partial<Record<string, EarlyRequests>>)[EARLY_REQUESTS];

beforeEach(() => {
  sent = [];
  vi.resetModules();
  delete (window as unknown as Record<string, unknown>)[EARLY_REQUESTS];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      const path = new URL(url).pathname;
      sent.push({ path, authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(JSON.stringify({ answered: path }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

/** The modules as a page loads them: the early requests run first, the app's calls after. */
async function startPage() {
  const early = await import('./early-requests');
  const { apiRequest } = await import('./request');
  const { setIdTokenProvider } = await import('../auth-token/id-token');
  return { ...early, apiRequest, setIdTokenProvider };
}

describe('the requests a visit with a stored session sends as the page starts', () => {
  it('name the API’s paths', async () => {
    const { EARLY_PATHS } = await import('./early-requests');
    expect(EARLY_PATHS).toEqual({
      cognitoConfig: API_PATHS.cognitoConfig,
      appConfig: API_PATHS.appConfig,
      profile: API_PATHS.profile,
    });
  });

  it('are the profile with the stored id token and the deployment’s facts, each answering the app’s call once', async () => {
    const idToken = storeSession(3600);
    const { apiRequest, setIdTokenProvider } = await startPage();
    expect(sent).toEqual([
      { path: API_PATHS.cognitoConfig, authorization: null },
      { path: API_PATHS.appConfig, authorization: null },
      { path: API_PATHS.profile, authorization: `Bearer ${idToken}` },
    ]);

    setIdTokenProvider(async () => idToken);
    await expect(apiRequest(API_PATHS.profile)).resolves.toEqual({ answered: API_PATHS.profile });
    await expect(apiRequest(API_PATHS.appConfig)).resolves.toEqual({
      answered: API_PATHS.appConfig,
    });
    expect(sent).toHaveLength(3);
    // Taken once: the next call is a request of its own.
    await apiRequest(API_PATHS.profile);
    expect(sent).toHaveLength(4);
  });

  it('are not used for a call with another token, nor for one that is not a plain GET', async () => {
    storeSession(3600);
    const { apiRequest, setIdTokenProvider } = await startPage();
    setIdTokenProvider(async () => 'a-refreshed-token');
    await apiRequest(API_PATHS.profile);
    expect(sent.at(-1)).toEqual({
      path: API_PATHS.profile,
      authorization: 'Bearer a-refreshed-token',
    });
    await apiRequest(API_PATHS.appConfig, { method: 'POST', body: {} });
    expect(sent).toHaveLength(5);
    // The unused early answer is still there for a call that may take it.
    expect(onWindow()?.take(API_PATHS.appConfig, undefined)).toBeDefined();
  });

  it('are not there on a page that did not load them: the app asks itself', async () => {
    const idToken = storeSession(3600);
    const { apiRequest } = await import('./request');
    const { setIdTokenProvider } = await import('../auth-token/id-token');
    setIdTokenProvider(async () => idToken);
    expect(onWindow()).toBeUndefined();
    await expect(apiRequest(API_PATHS.profile)).resolves.toEqual({ answered: API_PATHS.profile });
    expect(sent).toEqual([{ path: API_PATHS.profile, authorization: `Bearer ${idToken}` }]);
    // Arriving after the app has started (its code came from the cache first), they send nothing.
    await import('./early-requests');
    expect(sent).toHaveLength(1);
    await apiRequest(API_PATHS.appConfig);
    expect(sent.map(({ path }) => path)).toEqual([API_PATHS.profile, API_PATHS.appConfig]);
  });

  it('are read whole as they arrive, an answer without a body included', async () => {
    const idToken = storeSession(3600);
    vi.mocked(fetch).mockImplementation(async (url) =>
      new URL(url as URL).pathname === API_PATHS.profile
        ? new Response(null, { status: 204 })
        : new Response('{"facts":true}', { status: 200, statusText: 'OK' }),
    );
    const { apiRequest, setIdTokenProvider } = await startPage();
    setIdTokenProvider(async () => idToken);
    await expect(apiRequest(API_PATHS.profile)).resolves.toBeNull();
    await expect(apiRequest(API_PATHS.cognitoConfig)).resolves.toEqual({ facts: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('are sent again by the app when the early one failed', async () => {
    const idToken = storeSession(3600);
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { apiRequest, setIdTokenProvider } = await startPage();
    setIdTokenProvider(async () => idToken);
    await expect(apiRequest(API_PATHS.cognitoConfig)).resolves.toEqual({
      answered: API_PATHS.cognitoConfig,
    });
    const asked = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => new URL(url as URL).pathname === API_PATHS.cognitoConfig);
    expect(asked).toHaveLength(2);
  });

  it('leave the profile to the app when the stored token is about to expire, and send nothing without a session', async () => {
    storeSession(3);
    await startPage();
    expect(sent.map(({ path }) => path)).toEqual([API_PATHS.cognitoConfig, API_PATHS.appConfig]);

    document.cookie = `${encodeURIComponent(`${base}.LastAuthUser`)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    sent = [];
    vi.resetModules();
    await startPage();
    expect(sent).toEqual([]);
  });
});
