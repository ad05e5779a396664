/** Finishes registering a passkey: checks the browser's attestation and keeps the public key. */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, invalidParameter, MESSAGES } from '../errors.ts';
import { requiredField } from '../input.ts';
import type { WebAuthnCredentialRecord } from '../repository.ts';
import { PASSKEY_ALGORITHMS, webAuthn } from '../service-passkeys.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

/** `Credential` is read once passkeys are known to be on: their refusals are told first. */
export const input = z.object({ AccessToken: requiredField, Credential: z.unknown().optional() });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; a credential that is not a public key credential, one already registered, an attestation that does not verify`,
  WebAuthnConfigurationMissingException: 'a public URL that names no domain',
  WebAuthnNotEnabledException: 'passkeys not allowed by the pool or for this user',
  WebAuthnChallengeNotFoundException:
    'no registration started, an expired or answered one, an answer to another challenge',
  WebAuthnClientMismatchException: 'a registration started by another app client',
  WebAuthnRelyingPartyMismatchException: 'a credential made for another relying party',
  WebAuthnOriginNotAllowedException: 'a credential made at another origin',
  WebAuthnCredentialNotSupportedException: 'an algorithm or attestation format not supported',
} as const;

/** Cognito's error for what the WebAuthn verifier refused in a passkey registration. */
function webAuthnRefusal(error: unknown, fallback: IdentityError): IdentityError {
  if (error instanceof IdentityError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  if (name === 'UnexpectedRPIDHash')
    return new IdentityError(
      'WebAuthnRelyingPartyMismatchException',
      MESSAGES.webAuthnRelyingPartyMismatch,
    );
  if (/response origin/.test(message))
    return new IdentityError(
      'WebAuthnOriginNotAllowedException',
      MESSAGES.webAuthnOriginNotAllowed,
    );
  if (/response challenge/.test(message))
    return new IdentityError(
      'WebAuthnChallengeNotFoundException',
      MESSAGES.webAuthnChallengeNotFound,
    );
  if (/public key alg|Attestation Format/.test(message))
    return new IdentityError(
      'WebAuthnCredentialNotSupportedException',
      MESSAGES.webAuthnNotSupported,
    );
  return fallback;
}

/** The name a passkey is listed under until the user names it. */
function passkeyName(transports: string[], attachment: string | null): string {
  if (transports.includes('hybrid')) return 'Passkey on a phone';
  if (attachment === 'platform' || transports.includes('internal')) return 'Passkey on this device';
  return 'Security key';
}

export async function handler(
  { Credential }: z.output<typeof input>,
  { pool, events, passkeys }: IdentityDeps,
  { caller: { user, clientId } }: UserCall,
) {
  passkeys.requireRelyingParty();
  await passkeys.assertPasskeysEnabled(user);
  const response = passkeys.credentialJson<RegistrationResponseJSON>(Credential, 'Credential');
  const key = passkeys.registrationKey(user.username);
  const pending = await pool.repo.findAuthSession(key);
  if (!pending || pending.expiresAt <= pool.now() || pending.step !== 'WEBAUTHN_REGISTRATION')
    throw new IdentityError(
      'WebAuthnChallengeNotFoundException',
      MESSAGES.webAuthnChallengeNotFound,
    );
  if (pending.state.clientId !== clientId)
    throw new IdentityError('WebAuthnClientMismatchException', MESSAGES.webAuthnClientMismatch);
  // One answer per started registration.
  if (!(await pool.repo.consumeAuthSession(key)))
    throw new IdentityError(
      'WebAuthnChallengeNotFoundException',
      MESSAGES.webAuthnChallengeNotFound,
    );
  let verified;
  const { verifyRegistrationResponse } = await webAuthn();
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: String(pending.state.challenge),
      expectedOrigin: pool.relyingParty.origins,
      expectedRPID: pool.relyingParty.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch (error) {
    throw webAuthnRefusal(error, invalidParameter(MESSAGES.passkeyRefused));
  }
  if (!verified.verified) throw invalidParameter(MESSAGES.passkeyRefused);
  const { credential } = verified.registrationInfo;
  if (await pool.repo.findWebAuthnCredential(credential.id))
    throw invalidParameter('This passkey is already registered.');
  const transports = (credential.transports ?? []).map(String);
  const attachment =
    typeof response.authenticatorAttachment === 'string' ? response.authenticatorAttachment : null;
  const record: WebAuthnCredentialRecord = {
    credentialId: credential.id,
    username: user.username,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports,
    attachment,
    friendlyName: passkeyName(transports, attachment),
    relyingPartyId: pool.relyingParty.id,
    createdAt: pool.now(),
    lastUsedAt: null,
  };
  await events.changeTold(
    {
      username: user.username,
      detail: {
        type: 'PASSKEY_ADDED',
        credentialId: record.credentialId,
        name: record.friendlyName,
      },
    },
    (repository) => repository.insertWebAuthnCredential(record),
  );
  return {};
}
