/**
 * The first requests of a visit with a stored session, sent as soon as this module runs. It is an
 * entry of the build of its own and imports nothing (vite.config.ts): the page of such a visit
 * names it as a script (the server's `spa.ts`), which runs as soon as it has arrived, while React
 * is still downloading, and the profile and the deployment's facts are answered by the time the
 * app asks for them. The app does not import it: it finds the requests on `window` (see
 * `EarlyRequests`), where only such a page has put them; the sign-in page never loads it.
 *
 * Without imports, it reads aws-amplify's cookies itself (identity-cookies.ts reads them for the
 * app) and names the three paths (early-requests.test.ts checks them against `API_PATHS`).
 */

/**
 * How `apiRequest` takes the early requests' answers: `window[EARLY_REQUESTS]` on such a page, or
 * `null` where the app started before this module ran (it then sends nothing).
 */
export interface EarlyRequests {
  /**
   * The response to a GET of `path` sent as the page started, if there is one that `idToken` may
   * use (one sent without a token, or with this one); each is taken once.
   */
  take(path: string, idToken: string | undefined): Promise<Response> | undefined;
}

export const EARLY_REQUESTS = 'laurelEarlyRequests';

export const EARLY_PATHS = {
  cognitoConfig: '/api/config/cognito',
  appConfig: '/api/config/app',
  profile: '/api/users/profile',
} as const;

interface EarlyRequest {
  response: Promise<Response>;
  /** The id token it was sent with, if any. */
  idToken: string | undefined;
}

const early = new Map<string, EarlyRequest>();

/** Statuses whose responses have no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** How long the stored id token must still be good for, as `sendStoredSessionToken` asks. */
const MIN_VALIDITY_SECONDS = 5;

/** The value of cookie `name`, decoded, if the page has it. */
function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    try {
      if (decodeURIComponent(part.slice(0, at).trim()) === name)
        return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // Another application's cookie that is not percent-encoding.
    }
  }
  return undefined;
}

/** The app clients whose last user aws-amplify remembers. */
function rememberedClients(): string[] {
  return [
    ...document.cookie.matchAll(
      /(?:^|;)\s*CognitoIdentityServiceProvider\.([^.=;]+)\.LastAuthUser=/g,
    ),
  ].map((match) => match[1]!);
}

/** The stored session's id token while it is good for a few more seconds, for one app client. */
function storedIdToken(clientId: string): string | undefined {
  const base = `CognitoIdentityServiceProvider.${clientId}`;
  const username = cookie(`${base}.LastAuthUser`);
  const token = username && cookie(`${base}.${username}.idToken`);
  if (!token || !cookie(`${base}.${username}.accessToken`)) return undefined;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' && exp - MIN_VALIDITY_SECONDS > Date.now() / 1000
      ? token
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the session's first screen asks for before anything else (see `createAppRouter`). */
function sendEarlyRequests(): void {
  const clients = rememberedClients();
  if (clients.length === 0) return;
  const idToken = clients.length === 1 ? storedIdToken(clients[0]!) : undefined;
  const send = (path: string, withToken: string | undefined) => {
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (withToken) headers.set('Authorization', `Bearer ${withToken}`);
    // Read whole as it arrives, so that an answer the app does not take (another token) does not
    // hold its connection open; a failure is no one's unhandled rejection: the app asks again.
    const response = fetch(new URL(path, window.location.origin), { headers }).then(
      async (answer) =>
        new Response(NULL_BODY_STATUSES.has(answer.status) ? null : await answer.arrayBuffer(), {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
        }),
    );
    response.catch(() => undefined);
    early.set(path, { response, idToken: withToken });
  };
  send(EARLY_PATHS.cognitoConfig, undefined);
  send(EARLY_PATHS.appConfig, undefined);
  if (idToken) send(EARLY_PATHS.profile, idToken);
}

const requests: EarlyRequests = {
  take(path, idToken) {
    const request = early.get(path);
    if (!request || (request.idToken !== undefined && request.idToken !== idToken))
      return undefined;
    early.delete(path);
    return request.response;
  },
};

// The app asks itself once it has started without them (its code came first, from the cache).
if (typeof window !== 'undefined' && !(EARLY_REQUESTS in window)) {
  sendEarlyRequests();
  (window as unknown as Record<string, EarlyRequests>)[EARLY_REQUESTS] = requests;
}
