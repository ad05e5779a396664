/** Removes one of the user's passkeys. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, MESSAGES } from '../errors.ts';
import { requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField, CredentialId: requiredField });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  ResourceNotFoundException: 'a passkey the user does not have',
} as const;

export async function handler(
  { CredentialId: credentialId }: z.output<typeof input>,
  { pool, events }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const credential = await pool.repo.findWebAuthnCredential(credentialId);
  if (!credential || credential.username !== user.username)
    throw new IdentityError('ResourceNotFoundException', MESSAGES.passkeyNotFound);
  await events.changeTold(
    {
      username: user.username,
      detail: { type: 'PASSKEY_REMOVED', credentialId, name: credential.friendlyName },
    },
    (repository) => repository.deleteWebAuthnCredential(credentialId, user.username),
  );
  return {};
}
