/** The embedded pool's sign-in sessions: the state of a sign-in between its calls. */
import { randomBytes } from 'node:crypto';
import { type IdentityError, invalidParameter, MESSAGES, notAuthorized } from './errors.ts';
import { optionalString } from './input.ts';
import type { UserRecord } from './repository.ts';
import { type Pool, sha256Hex } from './pool.ts';
import type { Events } from './service-events.ts';
import type { Input, SignInContext } from './types.ts';

export type AuthSessions = ReturnType<typeof createAuthSessions>;

export function createAuthSessions(pool: Pool, events: Events) {
  async function createAuthSession(
    username: string,
    step: string,
    state: Record<string, unknown>,
    ttlMs = pool.authSessionTtlMs,
  ): Promise<string> {
    const id = randomBytes(48).toString('base64url');
    await pool.repo.insertAuthSession(sha256Hex(id), {
      username,
      step,
      state,
      attempts: 0,
      expiresAt: pool.now() + ttlMs,
    });
    return id;
  }

  async function loadAuthSession(session: string | undefined, steps: string[]) {
    if (!session) throw invalidParameter('Missing required parameter Session');
    const idHash = sha256Hex(session);
    const found = await pool.repo.findAuthSession(idHash);
    if (found) events.concerns(found.username);
    if (!found || found.expiresAt <= pool.now() || !steps.includes(found.step))
      throw notAuthorized(MESSAGES.invalidSession);
    return { idHash, ...found };
  }

  async function consume(idHash: string) {
    if (!(await pool.repo.consumeAuthSession(idHash))) throw notAuthorized(MESSAGES.invalidSession);
  }

  /** Counts a wrong code on a sign-in session; the session ends once the allowance is used up. */
  async function wrongCode(idHash: string, attempts: number, error: IdentityError): Promise<never> {
    if (attempts + 1 >= pool.limits.codeAttempts) await pool.repo.consumeAuthSession(idHash);
    else await pool.repo.incrementAuthSessionAttempts(idHash);
    throw error;
  }

  function contextFromState(state: Record<string, unknown>): SignInContext {
    return {
      clientId: String(state.clientId ?? pool.options.clientId),
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
