/** The embedded pool: passkeys, WebAuthn (service.ts puts the parts together). */
import { isIP } from 'node:net';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import type { UserRecord, WebAuthnCredentialRecord } from './repository.ts';
import {
  type Input,
  type Output,
  PASSKEY_ALGORITHMS,
  type PoolContext,
  type PoolParts,
  optionalString,
  requireString,
  sha256Hex,
} from './service-context.ts';

/**
 * SimpleWebAuthn, loaded by the first passkey ceremony: with its ASN.1 and COSE parsers it was a
 * fifth of the server's start (220 ms on a two-core machine), for a feature a pool may not use.
 */
let webAuthnLibrary: Promise<typeof SimpleWebAuthn> | undefined;
const webAuthn = () => (webAuthnLibrary ??= import('@simplewebauthn/server'));

/** The pool's passkeys (WebAuthn), over the shared context. */
export function createPasskeys(
  ctx: PoolContext,
): Pick<
  PoolParts,
  | 'relyingPartyProblem'
  | 'requireRelyingParty'
  | 'assertPasskeysEnabled'
  | 'webAuthnRefusal'
  | 'credentialJson'
  | 'passkeyChallenge'
  | 'answerPasskey'
  | 'registrationKey'
  | 'passkeyName'
  | 'startWebAuthnRegistration'
  | 'completeWebAuthnRegistration'
  | 'listWebAuthnCredentials'
  | 'deleteWebAuthnCredential'
> {
  /** Why passkeys cannot work with this pool's public URL, if they cannot. */
  function relyingPartyProblem(): string | undefined {
    // A relying party is a domain; browsers refuse an IP address.
    if (!ctx.relyingParty.id || isIP(ctx.relyingParty.id.replace(/^\[|\]$/g, '')) !== 0)
      return MESSAGES.webAuthnConfigurationMissing;
    return undefined;
  }

  function requireRelyingParty() {
    const problem = relyingPartyProblem();
    if (problem) throw new IdentityError('WebAuthnConfigurationMissingException', problem);
  }

  /** Whether this user may register passkeys: the pool's and the application's word. */
  async function assertPasskeysEnabled(user: UserRecord) {
    const allowed = ctx.options.signInFactorsFor
      ? (await ctx.options.signInFactorsFor(user.username)).webAuthn
      : true;
    if (!ctx.poolFactors.has('WEB_AUTHN') || !allowed)
      throw new IdentityError('WebAuthnNotEnabledException', MESSAGES.webAuthnNotEnabled);
  }

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

  /** A credential answer as JSON: an object (Cognito's document type) or its JSON text. */
  function credentialJson<T>(value: unknown, name: string): T {
    let parsed = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        throw invalidParameter(`${name} is not valid JSON`);
      }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalidParameter(`${name} must be a public key credential object`);
    const { id, response } = parsed as { id?: unknown; response?: unknown };
    if (typeof id !== 'string' || typeof response !== 'object' || response === null)
      throw invalidParameter(`${name} must be a public key credential object`);
    return parsed as T;
  }

  async function passkeyChallenge(user: UserRecord, clientId: string): Promise<Output> {
    requireRelyingParty();
    const credentials = await ctx.repo.listWebAuthnCredentials(user.username);
    const { generateAuthenticationOptions } = await webAuthn();
    const requestOptions = await generateAuthenticationOptions({
      rpID: ctx.relyingParty.id,
      allowCredentials: credentials.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports as AuthenticatorTransport[],
      })),
      userVerification: 'required',
      timeout: ctx.authSessionTtlMs,
    });
    const session = await ctx.createAuthSession(user.username, 'WEB_AUTHN', {
      clientId,
      challenge: requestOptions.challenge,
    });
    return {
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(requestOptions) },
    };
  }

  async function answerPasskey(sessionId: string | undefined, responses: Input): Promise<Output> {
    ctx.signingInWith('passkey');
    const session = await ctx.loadAuthSession(sessionId, ['WEB_AUTHN']);
    const user = await ctx.requireUser(session.username);
    ctx.assertSameUser(user, responses);
    const assertion = credentialJson<AuthenticationResponseJSON>(
      requireString(responses, 'CREDENTIAL', 'challenge'),
      'CREDENTIAL',
    );
    const { clientDataJSON, authenticatorData, signature } = assertion.response;
    if (
      typeof clientDataJSON !== 'string' ||
      typeof authenticatorData !== 'string' ||
      typeof signature !== 'string'
    )
      throw invalidParameter('CREDENTIAL must be a public key credential object');
    // The challenge is used once, whatever the answer.
    await ctx.consume(session.idHash);
    ctx.assertCanSignIn(user);
    const credential = await ctx.repo.findWebAuthnCredential(assertion.id);
    if (!credential || credential.username !== user.username)
      throw notAuthorized(MESSAGES.passkeyRefused);
    let newCounter: number;
    const { verifyAuthenticationResponse } = await webAuthn();
    try {
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: String(session.state.challenge),
        expectedOrigin: ctx.relyingParty.origins,
        expectedRPID: ctx.relyingParty.id,
        credential: {
          id: credential.credentialId,
          publicKey: Buffer.from(credential.publicKey, 'base64url'),
          counter: credential.signCount,
          transports: credential.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
      if (!result.verified) throw notAuthorized(MESSAGES.passkeyRefused);
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      // RespondToAuthChallenge throws none of the WebAuthn…Exception names (they are the
      // registration actions'): an assertion for another challenge, relying party or origin, or
      // with a bad signature, is refused as Cognito refuses any failed answer.
      throw notAuthorized(MESSAGES.passkeyRefused);
    }
    // Only one sign-in moves the counter from where it was: a replayed assertion is refused.
    if (
      !(await ctx.repo.claimWebAuthnCounter(
        credential.credentialId,
        credential.signCount,
        newCounter,
        ctx.now(),
      ))
    )
      throw notAuthorized(MESSAGES.passkeyRefused);
    return ctx.issueTokens(user, ctx.contextFromState(session.state), 'passkey');
  }

  const registrationKey = (username: string) => sha256Hex(`webauthn-registration:${username}`);

  function passkeyName(transports: string[], attachment: string | null): string {
    if (transports.includes('hybrid')) return 'Passkey on a phone';
    if (attachment === 'platform' || transports.includes('internal'))
      return 'Passkey on this device';
    return 'Security key';
  }

  async function startWebAuthnRegistration(input: Input): Promise<Output> {
    const { user, clientId } = await ctx.authenticate(input);
    requireRelyingParty();
    await assertPasskeysEnabled(user);
    const existing = await ctx.repo.listWebAuthnCredentials(user.username);
    if (existing.length >= ctx.limits.passkeysPerUser)
      throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
    const { generateRegistrationOptions } = await webAuthn();
    const creationOptions = await generateRegistrationOptions({
      rpName: ctx.relyingParty.name,
      rpID: ctx.relyingParty.id,
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
      timeout: ctx.authSessionTtlMs,
    });
    await ctx.repo.replaceAuthSession(registrationKey(user.username), {
      username: user.username,
      step: 'WEBAUTHN_REGISTRATION',
      state: { challenge: creationOptions.challenge, clientId },
      attempts: 0,
      expiresAt: ctx.now() + ctx.authSessionTtlMs,
    });
    return { CredentialCreationOptions: creationOptions };
  }

  async function completeWebAuthnRegistration(input: Input): Promise<Output> {
    const { user, clientId } = await ctx.authenticate(input);
    requireRelyingParty();
    await assertPasskeysEnabled(user);
    const response = credentialJson<RegistrationResponseJSON>(input.Credential, 'Credential');
    const key = registrationKey(user.username);
    const pending = await ctx.repo.findAuthSession(key);
    if (!pending || pending.expiresAt <= ctx.now() || pending.step !== 'WEBAUTHN_REGISTRATION')
      throw new IdentityError(
        'WebAuthnChallengeNotFoundException',
        MESSAGES.webAuthnChallengeNotFound,
      );
    if (pending.state.clientId !== clientId)
      throw new IdentityError('WebAuthnClientMismatchException', MESSAGES.webAuthnClientMismatch);
    // One answer per started registration.
    if (!(await ctx.repo.consumeAuthSession(key)))
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
        expectedOrigin: ctx.relyingParty.origins,
        expectedRPID: ctx.relyingParty.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch (error) {
      throw webAuthnRefusal(error, invalidParameter(MESSAGES.passkeyRefused));
    }
    if (!verified.verified) throw invalidParameter(MESSAGES.passkeyRefused);
    const { credential } = verified.registrationInfo;
    if (await ctx.repo.findWebAuthnCredential(credential.id))
      throw invalidParameter('This passkey is already registered.');
    const transports = (credential.transports ?? []).map(String);
    const attachment =
      typeof response.authenticatorAttachment === 'string'
        ? response.authenticatorAttachment
        : null;
    const record: WebAuthnCredentialRecord = {
      credentialId: credential.id,
      username: user.username,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports,
      attachment,
      friendlyName: passkeyName(transports, attachment),
      relyingPartyId: ctx.relyingParty.id,
      createdAt: ctx.now(),
      lastUsedAt: null,
    };
    await ctx.changeTold(
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

  async function listWebAuthnCredentials(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const max = input.MaxResults === undefined ? 20 : input.MaxResults;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 20)
      throw invalidParameter(
        `1 validation error detected: Value '${String(max)}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20`,
      );
    const token = optionalString(input, 'NextToken');
    let start = 0;
    if (token) {
      start = Number.parseInt(Buffer.from(token, 'base64url').toString(), 10);
      if (!Number.isInteger(start) || start < 0) throw invalidParameter('NextToken is invalid');
    }
    const all = await ctx.repo.listWebAuthnCredentials(user.username);
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

  async function deleteWebAuthnCredential(input: Input): Promise<Output> {
    const { user } = await ctx.authenticate(input);
    const credentialId = requireString(input, 'CredentialId');
    const credential = await ctx.repo.findWebAuthnCredential(credentialId);
    if (!credential || credential.username !== user.username)
      throw new IdentityError('ResourceNotFoundException', MESSAGES.passkeyNotFound);
    await ctx.changeTold(
      {
        username: user.username,
        detail: { type: 'PASSKEY_REMOVED', credentialId, name: credential.friendlyName },
      },
      (repository) => repository.deleteWebAuthnCredential(credentialId, user.username),
    );
    return {};
  }

  return {
    relyingPartyProblem,
    requireRelyingParty,
    assertPasskeysEnabled,
    webAuthnRefusal,
    credentialJson,
    passkeyChallenge,
    answerPasskey,
    registrationKey,
    passkeyName,
    startWebAuthnRegistration,
    completeWebAuthnRegistration,
    listWebAuthnCredentials,
    deleteWebAuthnCredential,
  };
}
