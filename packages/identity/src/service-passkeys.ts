/** The embedded pool's passkeys (WebAuthn): the relying party, and signing in with a passkey. */
import { isIP } from 'node:net';
import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { requireString } from './input.ts';
import type { UserRecord } from './repository.ts';
import { type Pool, sha256Hex } from './pool.ts';
import type { Events } from './service-events.ts';
import type { AuthSessions } from './service-sessions.ts';
import type { Tokens } from './service-tokens.ts';
import type { Users } from './service-users.ts';
import type { Input, Output } from './types.ts';

/** COSE algorithms a passkey may use: ES256 and RS256, as Cognito. */
export const PASSKEY_ALGORITHMS = [-7, -257];

/**
 * SimpleWebAuthn, loaded by the first passkey ceremony: with its ASN.1 and COSE parsers it was a
 * fifth of the server's start (220 ms on a two-core machine), for a feature a pool may not use.
 */
let webAuthnLibrary: Promise<typeof SimpleWebAuthn> | undefined;
export const webAuthn = () => (webAuthnLibrary ??= import('@simplewebauthn/server'));

export type Passkeys = ReturnType<typeof createPasskeys>;

export function createPasskeys(
  pool: Pool,
  {
    events,
    users,
    sessions,
    tokens,
  }: { events: Events; users: Users; sessions: AuthSessions; tokens: Tokens },
) {
  /** Why passkeys cannot work with this pool's public URL, if they cannot. */
  function relyingPartyProblem(): string | undefined {
    // A relying party is a domain; browsers refuse an IP address.
    if (!pool.relyingParty.id || isIP(pool.relyingParty.id.replace(/^\[|\]$/g, '')) !== 0)
      return MESSAGES.webAuthnConfigurationMissing;
    return undefined;
  }

  function requireRelyingParty() {
    const problem = relyingPartyProblem();
    if (problem) throw new IdentityError('WebAuthnConfigurationMissingException', problem);
  }

  /** Whether this user may register passkeys: the pool's and the application's word. */
  async function assertPasskeysEnabled(user: UserRecord) {
    const allowed = pool.options.signInFactorsFor
      ? (await pool.options.signInFactorsFor(user.username)).webAuthn
      : true;
    if (!pool.poolFactors.has('WEB_AUTHN') || !allowed)
      throw new IdentityError('WebAuthnNotEnabledException', MESSAGES.webAuthnNotEnabled);
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
    const credentials = await pool.repo.listWebAuthnCredentials(user.username);
    const { generateAuthenticationOptions } = await webAuthn();
    const requestOptions = await generateAuthenticationOptions({
      rpID: pool.relyingParty.id,
      allowCredentials: credentials.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports as AuthenticatorTransport[],
      })),
      userVerification: 'required',
      timeout: pool.authSessionTtlMs,
    });
    const session = await sessions.createAuthSession(user.username, 'WEB_AUTHN', {
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
    events.signingInWith('passkey');
    const session = await sessions.loadAuthSession(sessionId, ['WEB_AUTHN']);
    const user = await users.requireUser(session.username);
    sessions.assertSameUser(user, responses);
    const assertion = credentialJson<AuthenticationResponseJSON>(
      requireString(responses, 'CREDENTIAL'),
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
    await sessions.consume(session.idHash);
    users.assertCanSignIn(user);
    const credential = await pool.repo.findWebAuthnCredential(assertion.id);
    if (!credential || credential.username !== user.username)
      throw notAuthorized(MESSAGES.passkeyRefused);
    let newCounter: number;
    const { verifyAuthenticationResponse } = await webAuthn();
    try {
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: String(session.state.challenge),
        expectedOrigin: pool.relyingParty.origins,
        expectedRPID: pool.relyingParty.id,
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
      !(await pool.repo.claimWebAuthnCounter(
        credential.credentialId,
        credential.signCount,
        newCounter,
        pool.now(),
      ))
    )
      throw notAuthorized(MESSAGES.passkeyRefused);
    return tokens.issueTokens(user, sessions.contextFromState(session.state), 'passkey');
  }

  const registrationKey = (username: string) => sha256Hex(`webauthn-registration:${username}`);

  return {
    relyingPartyProblem,
    requireRelyingParty,
    assertPasskeysEnabled,
    credentialJson,
    passkeyChallenge,
    answerPasskey,
    registrationKey,
  };
}
