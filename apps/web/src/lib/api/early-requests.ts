import { API_PATHS } from '@laurel/contract/paths';

import { mayHaveSession, readStoredSession } from '../amplify/identity-cookies';

/**
 * The first requests of a visit with a stored session, sent as soon as this module runs. It is a
 * chunk without imports of other chunks (vite.config.ts), and the page of such a visit names it as
 * a script of its own (the server's `spa.ts`), so that it runs as soon as it has arrived, while
 * React is still downloading: the profile and the deployment's facts are then answered by the
 * time the app asks for them (`apiRequest` takes them, once each). Elsewhere it runs with the
 * app's code and sends nothing.
 */

interface EarlyRequest {
  response: Promise<Response>;
  /** The id token it was sent with, if any. */
  idToken: string | undefined;
}

const early = new Map<string, EarlyRequest>();

/** What the session's first screen asks for before anything else (see `createAppRouter`). */
function sendEarlyRequests(): void {
  if (typeof window === 'undefined' || !mayHaveSession()) return;
  // As `sendStoredSessionToken` does: a token good for at least 5 more seconds.
  const idToken = readStoredSession(undefined, 5)?.idToken.toString();
  const send = (path: string, withToken: string | undefined) => {
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (withToken) headers.set('Authorization', `Bearer ${withToken}`);
    const response = fetch(new URL(path, window.location.origin), { headers });
    // Taken or not, a failure here is no one's unhandled rejection: the app asks again.
    response.catch(() => undefined);
    early.set(path, { response, idToken: withToken });
  };
  send(API_PATHS.cognitoConfig, undefined);
  send(API_PATHS.appConfig, undefined);
  if (idToken) send(API_PATHS.profile, idToken);
}

sendEarlyRequests();

/**
 * The response to a GET of `path` sent as the page started, if there is one that `idToken` may
 * use (one sent without a token, or with this one); each is taken once.
 */
export function takeEarlyResponse(
  path: string,
  idToken: string | undefined,
): Promise<Response> | undefined {
  const request = early.get(path);
  if (!request || (request.idToken !== undefined && request.idToken !== idToken)) return undefined;
  early.delete(path);
  return request.response;
}
