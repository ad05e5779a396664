/** The embedded pool: sign-in sessions (service.ts puts the parts together). */
import { randomBytes } from 'node:crypto';
import { type IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import type { UserRecord } from './repository.ts';
import {
  type Input,
  type PoolContext,
  type PoolParts,
  type SignInContext,
  optionalString,
  sha256Hex,
} from './service-context.ts';

/** The pool's sign-in sessions, over the shared context. */
export function createSessions(
  ctx: PoolContext,
): Pick<
  PoolParts,
  | 'createAuthSession'
  | 'loadAuthSession'
  | 'consume'
  | 'wrongCode'
  | 'contextFromState'
  | 'assertSameUser'
> {
  async function createAuthSession(
    username: string,
    step: string,
    state: Record<string, unknown>,
    ttlMs = ctx.authSessionTtlMs,
  ): Promise<string> {
    const id = randomBytes(48).toString('base64url');
    await ctx.repo.insertAuthSession(sha256Hex(id), {
      username,
      step,
      state,
      attempts: 0,
      expiresAt: ctx.now() + ttlMs,
    });
    return id;
  }

  async function loadAuthSession(session: string | undefined, steps: string[]) {
    if (!session) throw invalidParameter('Missing required parameter Session');
    const idHash = sha256Hex(session);
    const found = await ctx.repo.findAuthSession(idHash);
    if (found) ctx.concerns(found.username);
    if (!found || found.expiresAt <= ctx.now() || !steps.includes(found.step))
      throw notAuthorized(MESSAGES.invalidSession);
    return { idHash, ...found };
  }

  async function consume(idHash: string) {
    if (!(await ctx.repo.consumeAuthSession(idHash))) throw notAuthorized(MESSAGES.invalidSession);
  }

  /** Counts a wrong code on a sign-in session; the session ends once the allowance is used up. */
  async function wrongCode(idHash: string, attempts: number, error: IdentityError): Promise<never> {
    if (attempts + 1 >= ctx.limits.codeAttempts) await ctx.repo.consumeAuthSession(idHash);
    else await ctx.repo.incrementAuthSessionAttempts(idHash);
    throw error;
  }

  function contextFromState(state: Record<string, unknown>): SignInContext {
    return {
      clientId: String(state.clientId ?? ctx.options.clientId),
      deviceKey: typeof state.deviceKey === 'string' ? state.deviceKey : null,
      deviceVerified: state.deviceVerified === true,
    };
  }

  function assertSameUser(user: UserRecord, responses: Input) {
    const login = optionalString(responses, 'USERNAME');
    if (
      login &&
      login.toLowerCase() !== user.username &&
      login.trim().toLowerCase() !== user.email
    ) {
      throw notAuthorized(MESSAGES.invalidSession);
    }
  }

  return {
    createAuthSession,
    loadAuthSession,
    consume,
    wrongCode,
    contextFromState,
    assertSameUser,
  };
}
