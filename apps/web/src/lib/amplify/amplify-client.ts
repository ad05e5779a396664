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
import type { AuthWebAuthnCredential, ListWebAuthnCredentialsInput } from 'aws-amplify/auth';
import { CookieStorage, Hub } from 'aws-amplify/utils';
import { z } from 'zod';
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

export function configureAmplify(config: IdentityPoolConfig): void {
  const userPoolEndpoint = absoluteEndpoint(config.endpoint, window.location.origin);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.poolId,
        userPoolClientId: config.clientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({
      path: '/',
      expires: COOKIE_MAX_AGE_DAYS,
      secure: window.location.protocol === 'https:',
      sameSite: 'lax',
    }),
  );
}

/**
 * A passkey as aws-amplify lists it, with when it last signed someone in: null when it never has,
 * absent when the identity service does not say (AWS Cognito keeps no such time).
 */
export type PasskeyCredential = AuthWebAuthnCredential & { lastUsedAt?: Date | null };

/** The part of the embedded pool's ListWebAuthnCredentials answer that aws-amplify drops. */
const ZLastUseAnswer = z.object({
  Credentials: z.array(
    z.object({ CredentialId: z.string(), LastUsedAt: z.number().nullable().optional() }),
  ),
});

/**
 * When each passkey of one page (the same page amplify asks for) last signed in, by credential id,
 * read from the identity service's raw answer. The embedded pool always sends `LastUsedAt` (a number or null); AWS Cognito never
 * does, and without an endpoint of our own the service is Cognito, so it is not asked twice. The
 * time is an extra: when it cannot be read, the passkeys are listed without it.
 */
async function readLastUse(
  input: ListWebAuthnCredentialsInput | undefined,
): Promise<Map<string, Date | null>> {
  const lastUse = new Map<string, Date | null>();
  const endpoint = Amplify.getConfig().Auth?.Cognito.userPoolEndpoint;
  if (!endpoint) return lastUse;
  try {
    const accessToken = (await fetchAuthSession()).tokens?.accessToken.toString();
    if (!accessToken) return lastUse;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListWebAuthnCredentials',
      },
      body: JSON.stringify({
        AccessToken: accessToken,
        ...(input?.pageSize ? { MaxResults: input.pageSize } : {}),
        ...(input?.nextToken ? { NextToken: input.nextToken } : {}),
      }),
    });
    const answer = ZLastUseAnswer.safeParse(response.ok ? await response.json() : null);
    if (!answer.success) return lastUse;
    for (const { CredentialId, LastUsedAt } of answer.data.Credentials) {
      if (LastUsedAt !== undefined)
        lastUse.set(CredentialId, LastUsedAt === null ? null : new Date(LastUsedAt * 1000));
    }
  } catch {
    // Unreachable or not JSON: amplify's own request says whether listing failed.
  }
  return lastUse;
}

/** One page of the signed-in person's passkeys with their last use where the service tells it. */
async function listPasskeys(
  input?: ListWebAuthnCredentialsInput,
): Promise<{ credentials: PasskeyCredential[]; nextToken?: string }> {
  const [page, lastUse] = await Promise.all([listWebAuthnCredentials(input), readLastUse(input)]);
  return {
    ...page,
    credentials: page.credentials.map((credential) => {
      const lastUsedAt = credential.credentialId ? lastUse.get(credential.credentialId) : undefined;
      return lastUsedAt === undefined ? credential : { ...credential, lastUsedAt };
    }),
  };
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
  listPasskeys,
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
