/** The embedded pool: choice-based sign-in (service.ts puts the parts together). */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import type { UserRecord } from './repository.ts';
import {
  EMAIL_CODE_TTL_MS,
  type FirstFactorChallenge,
  type Input,
  type Output,
  type PoolContext,
  type PoolParts,
  isFirstFactor,
  maskEmail,
  optionalString,
  requireString,
} from './service-context.ts';

/** The pool's choice-based sign-in, over the shared context. */
export function createChoiceSignIn(
  ctx: PoolContext,
): Pick<
  PoolParts,
  | 'availableFactors'
  | 'unknownUserSession'
  | 'openUnknownUserSession'
  | 'startUserAuth'
  | 'unknownUserChoice'
  | 'startFirstFactor'
  | 'sendSignInCode'
  | 'answerEmailCode'
  | 'selectChallenge'
> {
  /** The first factors `user` may choose now: the pool's, narrowed by the application's word. */
  async function availableFactors(user: UserRecord): Promise<FirstFactorChallenge[]> {
    const allowed = ctx.options.signInFactorsFor
      ? await ctx.options.signInFactorsFor(user.username)
      : { emailOtp: true, webAuthn: true };
    const factors: FirstFactorChallenge[] = ['PASSWORD', 'PASSWORD_SRP'];
    // Codes and passkeys sign in a person who chose their password already; a code alone does
    // not meet a second factor the user must have (as Cognito, where MFA is required).
    if (user.status !== 'CONFIRMED') return factors;
    if (ctx.poolFactors.has('EMAIL_OTP') && allowed.emailOtp && !user.mfaRequired)
      factors.push('EMAIL_OTP');
    if (
      ctx.poolFactors.has('WEB_AUTHN') &&
      allowed.webAuthn &&
      ctx.relyingPartyProblem() === undefined &&
      (await ctx.repo.countWebAuthnCredentials(user.username)) > 0
    )
      factors.push('WEB_AUTHN');
    return factors;
  }

  /** Session of a choice-based sign-in for a login the pool does not know (sealed, not stored). */
  function unknownUserSession(login: string, step: string): string {
    return `u.${ctx.stateBox.seal(JSON.stringify({ login, step, exp: ctx.now() + ctx.authSessionTtlMs }))}`;
  }

  function openUnknownUserSession(
    session: string | undefined,
    step: string,
  ): { login: string } | undefined {
    if (!session?.startsWith('u.')) return undefined;
    try {
      const opened = JSON.parse(ctx.stateBox.open(session.slice(2))) as {
        login: string;
        step: string;
        exp: number;
      };
      if (opened.step === step && opened.exp > ctx.now()) return { login: opened.login };
    } catch {
      // Not a session of this pool.
    }
    throw notAuthorized(MESSAGES.invalidSession);
  }

  async function startUserAuth(params: Input, clientId: string): Promise<Output> {
    const login = requireString(params, 'USERNAME', 'auth');
    const preferred = optionalString(params, 'PREFERRED_CHALLENGE');
    if (preferred !== undefined && !isFirstFactor(preferred))
      throw invalidParameter(`PREFERRED_CHALLENGE ${preferred} is not a first factor challenge`);
    const user = await ctx.findUser(login);
    if (!user) {
      if (!ctx.preventExistenceErrors)
        throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
      return unknownUserChoice(login, preferred, params);
    }
    ctx.assertCanSignIn(user);
    const available = await availableFactors(user);
    if (preferred && available.includes(preferred))
      return startFirstFactor(user, preferred, params, clientId);
    const session = await ctx.createAuthSession(user.username, 'SELECT_CHALLENGE', {
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
    if (ctx.poolFactors.has('EMAIL_OTP')) available.push('EMAIL_OTP');
    if (choice === 'PASSWORD') {
      requireString(params, 'PASSWORD', 'auth');
      throw notAuthorized(MESSAGES.incorrectCredentials);
    }
    if (choice === 'PASSWORD_SRP') return ctx.startSrp({ ...params, USERNAME: login });
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
        const password = requireString(params, 'PASSWORD', 'auth');
        const deviceKey = optionalString(params, 'DEVICE_KEY') ?? null;
        if (deviceKey) await ctx.requireDevice(deviceKey, user.username);
        if (!ctx.passwordMatches(user, password)) return ctx.recordFailedPassword(user);
        await ctx.recordPasswordSuccess(user);
        return ctx.afterPassword(user, { clientId, deviceKey, deviceVerified: false });
      }
      case 'PASSWORD_SRP':
        requireString(params, 'SRP_A', 'auth');
        return ctx.startSrp({ ...params, USERNAME: user.username });
      case 'EMAIL_OTP':
        ctx.signingInWith('email_code');
        return sendSignInCode(user, {
          clientId,
          deviceKey: null,
          deviceVerified: false,
          firstFactor: true,
        });
      case 'WEB_AUTHN':
        ctx.signingInWith('passkey');
        return ctx.passkeyChallenge(user, clientId);
    }
  }

  /** E-mails an eight-digit sign-in code and answers with the EMAIL_OTP challenge. */
  async function sendSignInCode(user: UserRecord, state: Record<string, unknown>): Promise<Output> {
    await ctx.rateLimit(
      `email-code:${user.username}`,
      ctx.limits.emailCodesPerUserPerHour,
      3600_000,
      'LimitExceededException',
    );
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    // The session outlives its code by a minute, so that a late code is told as expired.
    const session = await ctx.createAuthSession(
      user.username,
      'EMAIL_OTP',
      {
        ...state,
        codeHash: ctx.hashCode(user.username, `sign-in:${code}`),
        codeExpiresAt: ctx.now() + EMAIL_CODE_TTL_MS,
      },
      Math.max(ctx.authSessionTtlMs, EMAIL_CODE_TTL_MS + 60_000),
    );
    await ctx.options.sendEmail({
      to: user.email,
      subject: 'Your sign-in code',
      text: `Your sign-in code is ${code}. It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.`,
      html: `<p>Your sign-in code is <strong>${code}</strong>.</p><p>It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.</p>`,
      template: { name: 'sign-in-code', code, expiresInMinutes: 3 },
    });
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: session,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: maskEmail(user.email),
      },
    };
  }

  async function answerEmailCode(sessionId: string | undefined, responses: Input): Promise<Output> {
    if (openUnknownUserSession(sessionId, 'EMAIL_OTP')) {
      ctx.signingInWith('email_code');
      requireString(responses, 'EMAIL_OTP_CODE', 'challenge');
      throw new IdentityError('CodeMismatchException', MESSAGES.otpMismatch);
    }
    const session = await ctx.loadAuthSession(sessionId, ['EMAIL_OTP']);
    const firstFactor = session.state.firstFactor === true;
    if (firstFactor) ctx.signingInWith('email_code');
    const user = await ctx.requireUser(session.username);
    ctx.assertSameUser(user, responses);
    const code = requireString(responses, 'EMAIL_OTP_CODE', 'challenge');
    if (Number(session.state.codeExpiresAt) <= ctx.now()) {
      await ctx.repo.consumeAuthSession(session.idHash);
      throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
    }
    const candidate = Buffer.from(ctx.hashCode(user.username, `sign-in:${code.trim()}`));
    const stored = Buffer.from(String(session.state.codeHash));
    if (candidate.length !== stored.length || !timingSafeEqual(candidate, stored))
      return ctx.wrongCode(
        session.idHash,
        session.attempts,
        new IdentityError('CodeMismatchException', MESSAGES.otpMismatch),
      );
    await ctx.consume(session.idHash);
    if (firstFactor) ctx.assertCanSignIn(user);
    else if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return ctx.issueTokens(user, ctx.contextFromState(session.state));
  }

  async function selectChallenge(
    sessionId: string | undefined,
    responses: Input,
    clientId: string,
  ): Promise<Output> {
    const answer = requireString(responses, 'ANSWER', 'challenge');
    if (!isFirstFactor(answer))
      throw invalidParameter(`ANSWER ${answer} is not a first factor challenge`);
    const unknown = openUnknownUserSession(sessionId, 'SELECT_CHALLENGE');
    if (unknown) return unknownUserChoice(unknown.login, answer, responses);
    const session = await ctx.loadAuthSession(sessionId, ['SELECT_CHALLENGE']);
    const user = await ctx.requireUser(session.username);
    ctx.assertSameUser(user, responses);
    const available = Array.isArray(session.state.available) ? session.state.available : [];
    if (!available.includes(answer)) throw invalidParameter(MESSAGES.challengeNotAvailable);
    await ctx.consume(session.idHash);
    ctx.assertCanSignIn(user);
    // The user's choices may have narrowed since (a passkey removed, the organization's rule).
    if (!(await availableFactors(user)).includes(answer))
      throw invalidParameter(MESSAGES.challengeNotAvailable);
    return startFirstFactor(user, answer, responses, clientId);
  }

  return {
    availableFactors,
    unknownUserSession,
    openUnknownUserSession,
    startUserAuth,
    unknownUserChoice,
    startFirstFactor,
    sendSignInCode,
    answerEmailCode,
    selectChallenge,
  };
}
