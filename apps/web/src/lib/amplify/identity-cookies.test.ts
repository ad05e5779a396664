import { afterEach, describe, expect, it } from 'vitest';

import { mayHaveSession, readStoredSession } from './identity-cookies';

const CLIENT_ID = 'laurelwebclient';
const USERNAME = 'c3f1a2b4-0000-4000-8000-000000000001';
const base = `CognitoIdentityServiceProvider.${CLIENT_ID}`;

const jwt = (payload: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

function setCookie(name: string, value: string) {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/`;
}

function storeSession(expiresInSeconds: number) {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  setCookie(`${base}.LastAuthUser`, USERNAME);
  setCookie(
    `${base}.${USERNAME}.idToken`,
    jwt({ sub: USERNAME, email: 'orgadmin@northwind.demo', exp }),
  );
  setCookie(
    `${base}.${USERNAME}.accessToken`,
    jwt({ sub: USERNAME, 'cognito:groups': ['Admins'], exp }),
  );
}

afterEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe('the session aws-amplify keeps in cookies', () => {
  it('is read with its tokens and claims while the id token is good', () => {
    storeSession(3600);
    expect(mayHaveSession()).toBe(true);
    const stored = readStoredSession(CLIENT_ID);
    expect(stored?.username).toBe(USERNAME);
    expect(stored?.idToken.payload.email).toBe('orgadmin@northwind.demo');
    expect(stored?.accessToken.payload['cognito:groups']).toEqual(['Admins']);
    expect(stored?.idToken.toString()).toMatch(/^eyJ/);
  });

  it('is not used once the id token is about to expire, nor for another app client', () => {
    storeSession(30);
    expect(readStoredSession(CLIENT_ID)).toBeNull();
    expect(readStoredSession(CLIENT_ID, 5)).not.toBeNull();
    expect(readStoredSession('anotherclient')).toBeNull();
  });

  it('is absent without cookies, and an unreadable token is no session', () => {
    expect(mayHaveSession()).toBe(false);
    expect(readStoredSession(CLIENT_ID)).toBeNull();
    setCookie(`${base}.LastAuthUser`, USERNAME);
    setCookie(`${base}.${USERNAME}.idToken`, 'not-a-token');
    setCookie(`${base}.${USERNAME}.accessToken`, 'not.a.token');
    expect(mayHaveSession()).toBe(true);
    expect(readStoredSession(CLIENT_ID)).toBeNull();
  });

  it('follows the cookies as they change: a refreshed token and a sign-out are seen at once', () => {
    storeSession(3600);
    const first = readStoredSession(CLIENT_ID);
    expect(readStoredSession(CLIENT_ID)?.idToken.toString()).toBe(first?.idToken.toString());
    setCookie(
      `${base}.${USERNAME}.idToken`,
      jwt({ sub: USERNAME, email: 'renamed@northwind.demo', exp: Date.now() / 1000 + 7200 }),
    );
    expect(readStoredSession(CLIENT_ID)?.idToken.payload.email).toBe('renamed@northwind.demo');
    document.cookie = `${encodeURIComponent(`${base}.LastAuthUser`)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    expect(readStoredSession(CLIENT_ID)).toBeNull();
  });

  it("is read beside another app's cookie that is not valid percent-encoding", () => {
    document.cookie = 'other=%E0%A4%A; path=/';
    storeSession(3600);
    expect(readStoredSession(CLIENT_ID)?.username).toBe(USERNAME);
  });
});
