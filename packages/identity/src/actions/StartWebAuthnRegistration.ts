/** Starts registering a passkey: the options for the browser's `navigator.credentials.create`. */
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, MESSAGES } from '../errors.ts';
import { requiredField } from '../input.ts';
import { PASSKEY_ALGORITHMS, webAuthn } from '../service-passkeys.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  WebAuthnConfigurationMissingException: 'a public URL that names no domain',
  WebAuthnNotEnabledException: 'passkeys not allowed by the pool or for this user',
  LimitExceededException: 'as many passkeys as a user may have',
} as const;

export async function handler(
  _input: unknown,
  { pool, passkeys }: IdentityDeps,
  { caller: { user, clientId } }: UserCall,
) {
  passkeys.requireRelyingParty();
  await passkeys.assertPasskeysEnabled(user);
  const existing = await pool.repo.listWebAuthnCredentials(user.username);
  if (existing.length >= pool.limits.passkeysPerUser)
    throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  const { generateRegistrationOptions } = await webAuthn();
  const creationOptions = await generateRegistrationOptions({
    rpName: pool.relyingParty.name,
    rpID: pool.relyingParty.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: new Uint8Array(Buffer.from(user.username)),
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({
      id: credential.credentialId,
      transports: credential.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    timeout: pool.authSessionTtlMs,
  });
  await pool.repo.replaceAuthSession(passkeys.registrationKey(user.username), {
    username: user.username,
    step: 'WEBAUTHN_REGISTRATION',
    state: { challenge: creationOptions.challenge, clientId },
    attempts: 0,
    expiresAt: pool.now() + pool.authSessionTtlMs,
  });
  return { CredentialCreationOptions: creationOptions };
}
