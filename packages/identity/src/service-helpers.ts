/** The embedded pool: helpers (service.ts puts the parts together). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { IdentityError, MESSAGES, notAuthorized } from './errors.ts';
import { type PasswordAction, passwordProblem } from './password-policy.ts';
import type { IdentityRepository, UserRecord } from './repository.ts';
import { computeVerifier, randomSaltHex } from './srp.ts';
import { type PoolContext, type PoolParts, USERNAME_PATTERN } from './service-context.ts';

/** The pool's helpers, over the shared context. */
export function createHelpers(
  ctx: PoolContext,
): Pick<
  PoolParts,
  | 'hashCode'
  | 'checkClient'
  | 'rateLimit'
  | 'findUser'
  | 'requireUser'
  | 'assertCanSignIn'
  | 'recordFailedPassword'
  | 'recordPasswordSuccess'
  | 'assertPolicy'
  | 'passwordFields'
  | 'passwordMatches'
  | 'invalidateCache'
  | 'revokeAll'
> {
  const hashCode = (username: string, code: string): string =>
    createHmac('sha256', ctx.codeKey).update(`${username}:${code}`).digest('hex');

  function checkClient(clientId: string): void {
    if (clientId !== ctx.options.clientId)
      throw new IdentityError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
  }

  async function rateLimit(
    key: string,
    limit: number,
    windowMs: number,
    type: 'TooManyRequestsException' | 'LimitExceededException',
  ): Promise<void> {
    const { allowed } = await ctx.limiter.hit(key, limit, windowMs);
    if (!allowed)
      throw new IdentityError(
        type,
        type === 'LimitExceededException' ? MESSAGES.limitExceeded : MESSAGES.tooManyRequests,
      );
  }

  /** The user a password flow names; users of company sign-in have no password and count as unknown. */
  async function findUser(login: string): Promise<UserRecord | undefined> {
    const trimmed = login.trim();
    let user: UserRecord | undefined;
    if (trimmed.includes('@')) user = await ctx.repo.findUserByEmail(trimmed.toLowerCase());
    else if (USERNAME_PATTERN.test(trimmed.toLowerCase()))
      user = await ctx.repo.findUserByUsername(trimmed.toLowerCase());
    if (!user || user.status === 'EXTERNAL_PROVIDER') return undefined;
    ctx.concerns(user.username);
    return user;
  }

  async function requireUser(username: string): Promise<UserRecord> {
    const user = await ctx.repo.findUserByUsername(username);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    ctx.concerns(user.username);
    return user;
  }

  function assertCanSignIn(user: UserRecord): void {
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    if (user.lockedUntil !== null && user.lockedUntil > ctx.now())
      throw notAuthorized(MESSAGES.attemptsExceeded);
    if (user.status === 'RESET_REQUIRED')
      throw new IdentityError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }

  async function recordFailedPassword(user: UserRecord): Promise<never> {
    const count = await ctx.repo.incrementFailedAttempts(user.username, ctx.now());
    if (count >= ctx.limits.lockoutThreshold) {
      const delay = Math.min(
        ctx.limits.lockoutMaxMs,
        ctx.limits.lockoutBaseMs * 2 ** (count - ctx.limits.lockoutThreshold),
      );
      await ctx.repo.updateUser(user.username, { lockedUntil: ctx.now() + delay }, ctx.now());
    }
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }

  async function recordPasswordSuccess(user: UserRecord): Promise<void> {
    if (user.failedAttempts !== 0 || user.lockedUntil !== null) {
      await ctx.repo.updateUser(user.username, { failedAttempts: 0, lockedUntil: null }, ctx.now());
    }
  }

  /** Refuses a password the policy does not allow, in the words of the action setting it. */
  function assertPolicy(password: string, action: PasswordAction): void {
    const problem = passwordProblem(password, action, ctx.policy);
    if (problem) throw new IdentityError('InvalidPasswordException', problem);
  }

  function passwordFields(
    username: string,
    password: string,
  ): { srpSalt: string; srpVerifier: string; passwordSetAt: number } {
    const srpSalt = randomSaltHex();
    return {
      srpSalt,
      srpVerifier: computeVerifier(ctx.poolName!, username, password, srpSalt),
      passwordSetAt: ctx.now(),
    };
  }

  function passwordMatches(user: UserRecord, password: string): boolean {
    const candidate = Buffer.from(
      computeVerifier(ctx.poolName!, user.username, password, user.srpSalt),
    );
    const stored = Buffer.from(user.srpVerifier);
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  }

  function invalidateCache(originJtis: string[]): void {
    for (const jti of originJtis) ctx.sessionCache.delete(jti);
  }

  async function revokeAll(
    username: string,
    repository: IdentityRepository = ctx.repo,
  ): Promise<void> {
    invalidateCache(await repository.revokeUserSessions(username, ctx.now()));
  }

  return {
    hashCode,
    checkClient,
    rateLimit,
    findUser,
    requireUser,
    assertCanSignIn,
    recordFailedPassword,
    recordPasswordSuccess,
    assertPolicy,
    passwordFields,
    passwordMatches,
    invalidateCache,
    revokeAll,
  };
}
