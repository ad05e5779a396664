/**
 * aws-amplify keeps the session in cookies named `CognitoIdentityServiceProvider.<clientId>.…`.
 * Reading them directly lets the app know, without loading aws-amplify, that nobody is signed in.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';

/** The page's cookies by name, read again only when `document.cookie` has changed. */
let parsed: { source: string; values: Map<string, string> } | undefined;

/** A cookie's name or value as written, where it is not valid percent-encoding (another app's). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function cookies(): Map<string, string> {
  const source = typeof document === 'undefined' ? '' : document.cookie;
  if (parsed?.source === source) return parsed.values;
  const values = new Map<string, string>();
  for (const part of source ? source.split(';') : []) {
    const separator = part.indexOf('=');
    const name = decoded((separator === -1 ? part : part.slice(0, separator)).trim());
    if (!name || values.has(name)) continue;
    values.set(name, separator === -1 ? '' : decoded(part.slice(separator + 1).trim()));
  }
  parsed = { source, values };
  return values;
}

function cookieNames(): string[] {
  return [...cookies().keys()];
}

export function hasIdentityCookies(clientId: string): boolean {
  return cookies().has(`${PREFIX}${clientId}.LastAuthUser`);
}

/** Removes every identity cookie (spec §8: failure to load the user at start clears them). */
export function clearIdentityCookies(): void {
  // Written with the attributes aws-amplify set them with (Secure on https, spec §9).
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  for (const name of cookieNames()) {
    if (!name.startsWith(PREFIX)) continue;
    document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; samesite=lax${secure}`;
  }
}

function cookieValue(name: string): string | undefined {
  return cookies().get(name);
}

/** Someone may be signed in: aws-amplify's last-user cookie of any app client is there. */
export function mayHaveSession(): boolean {
  return cookieNames().some((name) => name.startsWith(PREFIX) && name.endsWith('.LastAuthUser'));
}

/** The app client of the one session stored, before the identity configuration has arrived. */
function storedClientId(): string | undefined {
  const suffix = '.LastAuthUser';
  const clients = cookieNames()
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(suffix))
    .map((name) => name.slice(PREFIX.length, -suffix.length));
  return clients.length === 1 ? clients[0] : undefined;
}

/** The claims of the tokens read last: every API call of the first screen reads them. */
const claimsRead = new Map<string, Record<string, unknown> | null>();

/** A JWT's claims, read (not verified: the server verifies every token it is sent). */
function claimsOf(token: string): Record<string, unknown> | null {
  if (claimsRead.has(token)) return claimsRead.get(token) ?? null;
  // The id and access tokens of one session; a refreshed pair replaces them.
  if (claimsRead.size >= 4) claimsRead.clear();
  const claims = decodeClaims(token);
  claimsRead.set(token, claims);
  return claims;
}

function decodeClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(
        atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')),
        (c) => c.charCodeAt(0),
      ),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface StoredToken {
  toString(): string;
  payload: Record<string, unknown>;
}

export interface StoredSession {
  username: string;
  idToken: StoredToken;
  accessToken: StoredToken;
}

/**
 * The session aws-amplify keeps in its cookies, when its id token is good for at least
 * `minValiditySeconds` more. It lets the first screen call the API while aws-amplify is still
 * loading; aws-amplify then takes over (refresh, sign-out, and the check with the identity service).
 */
export function readStoredSession(
  clientId: string | undefined = storedClientId(),
  minValiditySeconds = 60,
): StoredSession | null {
  if (!clientId) return null;
  const base = `${PREFIX}${clientId}`;
  const username = cookieValue(`${base}.LastAuthUser`);
  if (!username) return null;
  const token = (kind: 'idToken' | 'accessToken'): StoredToken | null => {
    const raw = cookieValue(`${base}.${username}.${kind}`);
    const payload = raw ? claimsOf(raw) : null;
    return raw && payload ? { toString: () => raw, payload } : null;
  };
  const idToken = token('idToken');
  const accessToken = token('accessToken');
  if (!idToken || !accessToken) return null;
  const expiresAt = idToken.payload.exp;
  if (typeof expiresAt !== 'number' || expiresAt - minValiditySeconds <= Date.now() / 1000)
    return null;
  return { username, idToken, accessToken };
}
