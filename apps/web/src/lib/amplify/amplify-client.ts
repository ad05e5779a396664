/**
 * The identity client. This module pulls in aws-amplify, so it is only ever imported
 * dynamically (see load-amplify.ts) and stays out of the first screen's bundle.
 */
import { Amplify } from 'aws-amplify';
import {
  associateWebAuthnCredential,
  confirmResetPassword,
  decodeJWT,
  confirmSignIn,
  deleteWebAuthnCredential,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  listWebAuthnCredentials,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { ListWebAuthnCredentialsInput } from 'aws-amplify/auth';
import { ConsoleLogger, CookieStorage, Hub } from 'aws-amplify/utils';
import { COOKIE_MAX_AGE_DAYS } from '@laurel/contract/constants';

export interface IdentityPoolConfig {
  poolId: string;
  clientId: string;
  endpoint?: string;
}

/** `userPoolEndpoint` must be absolute; the server may give a path such as `/identity`. */
export function absoluteEndpoint(endpoint: string | undefined, origin: string): string | undefined {
  if (!endpoint) return undefined;
  return /^https?:\/\//i.test(endpoint)
    ? endpoint
    : new URL(endpoint, origin).toString().replace(/\/$/, '');
}

/**
 * Runs `configure` with Amplify's loggers showing errors only. Amplify warns on every
 * configuration that names a custom user pool endpoint ("You are using a custom Amazon Amazon
 * Cognito User Pool endpoint, ensure the endpoint is correct."), which the embedded pool's
 * `/identity` always is. The warning is written while `Amplify.configure` runs, so only that call
 * is quieted: Amplify's warnings at any other time still reach the console.
 */
function withoutAmplifyWarnings(configure: () => void): void {
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    configure();
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}

export function configureAmplify(config: IdentityPoolConfig): void {
  const userPoolEndpoint = absoluteEndpoint(config.endpoint, window.location.origin);
  const configure = () =>
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.poolId,
          userPoolClientId: config.clientId,
          ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        },
      },
    });
  if (userPoolEndpoint) withoutAmplifyWarnings(configure);
  else configure();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({
      path: '/',
      expires: COOKIE_MAX_AGE_DAYS,
      secure: window.location.protocol === 'https:',
      sameSite: 'lax',
    }),
  );
}

export const authClient = {
  associateWebAuthnCredential,
  confirmResetPassword,
  confirmSignIn,
  deleteWebAuthnCredential,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  listWebAuthnCredentials,
  /**
   * One page of the signed-in person's passkeys with their last use where the service tells it.
   * Its module (and zod, which reads the service's answer) loads with the first list: the passkeys
   * screen is the only one that asks, and every signed-in visit loads this client.
   */
  async listPasskeys(input?: ListWebAuthnCredentialsInput) {
    const { listPasskeys } = await import('./passkey-list');
    return listPasskeys(input);
  },
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
  /** Keeps the tokens of a federated (company) sign-in that the server exchanged for us. */
  async storeFederatedTokens(tokens: {
    username: string;
    idToken: string;
    accessToken: string;
    refreshToken?: string;
  }) {
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
      tokens: {
        username: tokens.username,
        idToken: decodeJWT(tokens.idToken),
        accessToken: decodeJWT(tokens.accessToken),
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        clockDrift: 0,
      },
    });
  },
  /** Subscribes to token refresh and sign-out events; returns the unsubscribe function. */
  listenToAuthEvents(listener: (event: string) => void): () => void {
    return Hub.listen('auth', ({ payload }) => listener(payload.event));
  },
};

export type AuthClient = typeof authClient;
