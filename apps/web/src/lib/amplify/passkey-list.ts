/**
 * The signed-in person's passkeys with when each last signed in: aws-amplify's list, and the part
 * of the embedded pool's answer that aws-amplify drops. Imported only by `authClient.listPasskeys`.
 */
import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession,
  listWebAuthnCredentials,
  type AuthWebAuthnCredential,
  type ListWebAuthnCredentialsInput,
} from 'aws-amplify/auth';
import { z } from 'zod';

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
export async function listPasskeys(
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
