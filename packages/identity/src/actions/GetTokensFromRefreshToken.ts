/** New id and access tokens for a refresh token. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { requiredField } from '../input.ts';

export const access = 'client';

export const input = z.object({ ClientId: requiredField, RefreshToken: requiredField });

export const errors = {
  InvalidParameterException: 'a parameter missing',
  ResourceNotFoundException: 'another app client',
  NotAuthorizedException:
    'an unknown, revoked or expired refresh token, one of another client, a disabled user',
} as const;

export async function handler(
  { ClientId, RefreshToken }: z.output<typeof input>,
  { tokens }: IdentityDeps,
) {
  const result = await tokens.refresh(RefreshToken, ClientId);
  return { AuthenticationResult: result.AuthenticationResult };
}
