/** The embedded pool's choice-based sign-in (`USER_AUTH`): passwords, e-mailed codes, passkeys. */
import { timingSafeEqual } from 'node:crypto';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { optionalString, requireString } from './input.ts';
import type { UserRecord } from './repository.ts';
import type { Pool } from './pool.ts';
import { type Codes, maskEmail } from './service-codes.ts';
import type { Events } from './service-events.ts';
import type { Passkeys } from './service-passkeys.ts';
import type { AuthSessions } from './service-sessions.ts';
import type { SignInFlow } from './service-sign-in.ts';
import type { Tokens } from './service-tokens.ts';
import type { Users } from './service-users.ts';
import type { Input, Output } from './types.ts';

/** The first factors of choice-based sign-in, in the order they are offered. */
const FIRST_FACTORS = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN'] as const;

type FirstFactorChallenge = (typeof FIRST_FACTORS)[number];

const isFirstFactor = (value: unknown): value is FirstFactorChallenge =>
  typeof value === 'string' && (FIRST_FACTORS as readonly string[]).includes(value);

export function createChoiceSignIn(
  pool: Pool,
  {
    events,
    users,
    sessions,
    tokens,
    codes,
    signIn,
    passkeys,
  }: {
    events: Events;
    users: Users;
    sessions: AuthSessions;
    tokens: Tokens;
    codes: Codes;
    signIn: SignInFlow;
    passkeys: Passkeys;
  },
) {
  /** The first factors `user` may choose now: the pool's, narrowed by the application's word. */
  async function availableFactors(user: UserRecord): Promise<FirstFactorChallenge[]> {
    const allowed = pool.options.signInFactorsFor
      ? await pool.options.signInFactorsFor(user.username)
      : { emailOtp: true, webAuthn: true };
    const factors: FirstFactorChallenge[] = ['PASSWORD', 'PASSWORD_SRP'];
    // Codes and passkeys sign in a person who chose their password already; a code alone does
    // not meet a second factor the user must have (as Cognito, where MFA is required).
    if (user.status !== 'CONFIRMED') return factors;
    if (pool.poolFactors.has('EMAIL_OTP') && allowed.emailOtp && !user.mfaRequired)
      factors.push('EMAIL_OTP');
    if (
      pool.poolFactors.has('WEB_AUTHN') &&
      allowed.webAuthn &&
      passkeys.relyingPartyProblem() === undefined &&
      (await pool.repo.countWebAuthnCredentials(user.username)) > 0
    )
      factors.push('WEB_AUTHN');
    return factors;
  }

  /** Session of a choice-based sign-in for a login the pool does not know (sealed, not stored). */
  function unknownUserSession(login: string, step: string): string {
    return `u.${pool.stateBox.seal(JSON.stringify({ login, step, exp: pool.now() + pool.authSessionTtlMs }))}`;
  }

  function openUnknownUserSession(
    session: string | undefined,
    step: string,
  ): { login: string } | undefined {
    if (!session?.startsWith('u.')) return undefined;
    try {
      const opened = JSON.parse(pool.stateBox.open(session.slice(2))) as {
        login: string;
        step: string;
        exp: number;
      };
      if (opened.step === step && opened.exp > pool.now()) return { login: opened.login };
    } catch {
      // Not a session of this pool.
    }
    throw notAuthorized(MESSAGES.invalidSession);
  }

  async function startUserAuth(params: Input, clientId: string): Promise<Output> {
    const login = requireString(params, 'USERNAME');
    const preferred = optionalString(params, 'PREFERRED_CHALLENGE');
    if (preferred !== undefined && !isFirstFactor(preferred))
      throw invalidParameter(`PREFERRED_CHALLENGE ${preferred} is not a first factor challenge`);
    const user = await users.findUser(login);
    if (!user) {
      if (!pool.preventExistenceErrors)
        throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      return unknownUserChoice(login, preferred, params);
    }
    users.assertCanSignIn(user);
    const available = await availableFactors(user);
    if (preferred && available.includes(preferred))
      return startFirstFactor(user, preferred, params, clientId);
    const session = await sessions.createAuthSession(user.username, 'SELECT_CHALLENGE', {
      clientId,
      available,
    });
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: session,
      ChallengeParameters: {},
      AvailableChallenges: available,
    };
  }

  /**
   * What an unknown login meets: the same choices as a person without a passkey, a code "sent"
   * to the address given, and a wrong password or code at the end, so that sign-in does not tell
   * who has an account.
   */
  function unknownUserChoice(
    login: string,
    choice: FirstFactorChallenge | undefined,
    params: Input,
  ): Promise<Output> | Output {
    const available: FirstFactorChallenge[] = ['PASSWORD', 'PASSWORD_SRP'];
    if (pool.poolFactors.has('EMAIL_OTP')) available.push('EMAIL_OTP');
    if (choice === 'PASSWORD') {
      requireString(params, 'PASSWORD');
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
    if (choice === 'PASSWORD_SRP') return signIn.startSrp({ ...params, USERNAME: login });
    if (choice === 'EMAIL_OTP' && available.includes('EMAIL_OTP')) {
      const address = login.includes('@') ? login.trim().toLowerCase() : 'user@example.com';
      return {
        ChallengeName: 'EMAIL_OTP',
        Session: unknownUserSession(login, 'EMAIL_OTP'),
        ChallengeParameters: {
          CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
          CODE_DELIVERY_DESTINATION: maskEmail(address),
        },
      };
    }
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: unknownUserSession(login, 'SELECT_CHALLENGE'),
      ChallengeParameters: {},
      AvailableChallenges: available,
    };
  }

  async function startFirstFactor(
    user: UserRecord,
    challenge: FirstFactorChallenge,
    params: Input,
    clientId: string,
  ): Promise<Output> {
    switch (challenge) {
      case 'PASSWORD': {
        const password = requireString(params, 'PASSWORD');
        const deviceKey = optionalString(params, 'DEVICE_KEY') ?? null;
        if (deviceKey) await users.requireDevice(deviceKey, user.username);
        if (!users.passwordMatches(user, password)) return users.recordFailedPassword(user);
        await users.recordPasswordSuccess(user);
        return signIn.afterPassword(user, { clientId, deviceKey, deviceVerified: false });
      }
      case 'PASSWORD_SRP':
        requireString(params, 'SRP_A');
        return signIn.startSrp({ ...params, USERNAME: user.username });
      case 'EMAIL_OTP':
        events.signingInWith('email_code');
        return codes.sendSignInCode(user, {
          clientId,
          deviceKey: null,
          deviceVerified: false,
          firstFactor: true,
        });
      case 'WEB_AUTHN':
        events.signingInWith('passkey');
        return passkeys.passkeyChallenge(user, clientId);
    }
  }

  async function answerEmailCode(sessionId: string | undefined, responses: Input): Promise<Output> {
    if (openUnknownUserSession(sessionId, 'EMAIL_OTP')) {
      events.signingInWith('email_code');
      requireString(responses, 'EMAIL_OTP_CODE');
      throw new IdentityError('CodeMismatchException', MESSAGES.otpMismatch);
    }
    const session = await sessions.loadAuthSession(sessionId, ['EMAIL_OTP']);
    const firstFactor = session.state.firstFactor === true;
    if (firstFactor) events.signingInWith('email_code');
    const user = await users.requireUser(session.username);
    sessions.assertSameUser(user, responses);
    const code = requireString(responses, 'EMAIL_OTP_CODE');
    if (Number(session.state.codeExpiresAt) <= pool.now()) {
      await pool.repo.consumeAuthSession(session.idHash);
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    }
    const candidate = Buffer.from(codes.hashCode(user.username, `sign-in:${code.trim()}`));
    const stored = Buffer.from(String(session.state.codeHash));
    if (candidate.length !== stored.length || !timingSafeEqual(candidate, stored))
      return sessions.wrongCode(
        session.idHash,
        session.attempts,
        new IdentityError('CodeMismatchException', MESSAGES.otpMismatch),
      );
    await sessions.consume(session.idHash);
    if (firstFactor) users.assertCanSignIn(user);
    else if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return tokens.issueTokens(user, sessions.contextFromState(session.state));
  }

  async function selectChallenge(
    sessionId: string | undefined,
    responses: Input,
    clientId: string,
  ): Promise<Output> {
    const answer = requireString(responses, 'ANSWER');
    if (!isFirstFactor(answer))
      throw invalidParameter(`ANSWER ${answer} is not a first factor challenge`);
    const unknown = openUnknownUserSession(sessionId, 'SELECT_CHALLENGE');
    if (unknown) return unknownUserChoice(unknown.login, answer, responses);
    const session = await sessions.loadAuthSession(sessionId, ['SELECT_CHALLENGE']);
    const user = await users.requireUser(session.username);
    sessions.assertSameUser(user, responses);
    const available = Array.isArray(session.state.available) ? session.state.available : [];
    if (!available.includes(answer)) throw invalidParameter(MESSAGES.challengeNotAvailable);
    await sessions.consume(session.idHash);
    users.assertCanSignIn(user);
    // The user's choices may have narrowed since (a passkey removed, the organization's rule).
    if (!(await availableFactors(user)).includes(answer))
      throw invalidParameter(MESSAGES.challengeNotAvailable);
    return startFirstFactor(user, answer, responses, clientId);
  }

  return { availableFactors, startUserAuth, answerEmailCode, selectChallenge };
}
