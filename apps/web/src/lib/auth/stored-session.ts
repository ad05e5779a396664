import { readStoredSession } from '../amplify/identity-cookies';
import { setIdTokenProvider } from '../auth-token/id-token';

/**
 * API calls carry the id token aws-amplify stored in its cookies until aws-amplify has loaded
 * and registers itself (it then refreshes the token when it is due).
 */
export function sendStoredSessionToken(clientId?: string): void {
  setIdTokenProvider(async () => readStoredSession(clientId, 5)?.idToken.toString());
}
