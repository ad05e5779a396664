/** The user's passkeys, a page at a time. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { optionalField, requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({
  AccessToken: requiredField,
  MaxResults: z
    .unknown()
    .optional()
    .transform((value, context) => {
      const max = value === undefined ? 20 : value;
      if (typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= 20) return max;
      context.addIssue({
        code: 'custom',
        message: `1 validation error detected: Value '${String(max)}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20`,
      });
      return z.NEVER;
    }),
  /** Where the page starts (the index in base64url). */
  NextToken: optionalField.transform((token, context) => {
    if (!token) return 0;
    const start = Number.parseInt(Buffer.from(token, 'base64url').toString(), 10);
    if (Number.isInteger(start) && start >= 0) return start;
    context.addIssue({ code: 'custom', message: 'NextToken is invalid' });
    return z.NEVER;
  }),
});

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; MaxResults not from 1 to 20, a NextToken not given by this action`,
} as const;

export async function handler(
  { MaxResults: max, NextToken: start }: z.output<typeof input>,
  { pool }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const all = await pool.repo.listWebAuthnCredentials(user.username);
  const page = all.slice(start, start + max);
  const next =
    start + max < all.length ? Buffer.from(String(start + max)).toString('base64url') : undefined;
  return {
    Credentials: page.map((credential) => ({
      CredentialId: credential.credentialId,
      ...(credential.friendlyName ? { FriendlyCredentialName: credential.friendlyName } : {}),
      RelyingPartyId: credential.relyingPartyId,
      ...(credential.attachment ? { AuthenticatorAttachment: credential.attachment } : {}),
      AuthenticatorTransports: credential.transports,
      CreatedAt: credential.createdAt / 1000,
      // Not in Cognito's shape (its clients ignore it): when the passkey last signed in, null
      // when it never has. Always present, so a client can tell this pool from Cognito.
      LastUsedAt: credential.lastUsedAt === null ? null : credential.lastUsedAt / 1000,
    })),
    ...(next ? { NextToken: next } : {}),
  };
}
