/**
 * aws-amplify keeps the session in cookies named `CognitoIdentityServiceProvider.<clientId>.…`.
 * Reading them directly lets the app know, without loading aws-amplify, that nobody is signed in.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';

function cookieNames(): string[] {
  if (typeof document === 'undefined' || !document.cookie) return [];
  return document.cookie
    .split(';')
    .map((part) => decodeURIComponent(part.split('=')[0]?.trim() ?? ''))
    .filter(Boolean);
}

export function hasIdentityCookies(clientId: string): boolean {
  const lastAuthUser = `${PREFIX}${clientId}.LastAuthUser`;
  return cookieNames().some((name) => name === lastAuthUser);
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
