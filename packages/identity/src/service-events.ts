/** The embedded pool's calls and account events: who a call concerns, and telling the application. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createIdentityRepository, type IdentityRepository } from './repository.ts';
import type { EventOrigin, IdentityEvent, IdentityEventDetail } from './identity-events.ts';
import type { SignInMethod } from './sign-in-events.ts';
import type { Pool } from './pool.ts';
import type { CallState, RequestContext } from './types.ts';

export type Events = ReturnType<typeof createEvents>;

export function createEvents(pool: Pool) {
  const calls = new AsyncLocalStorage<CallState>();

  /** Runs `work` as one call from `context`, so that its events carry where it came from. */
  function asCall<T>(
    context: Partial<RequestContext> | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    const origin: EventOrigin = {
      ...(context?.ip ? { ip: context.ip } : {}),
      ...(context?.requestId ? { requestId: context.requestId } : {}),
    };
    return calls.run({ origin }, work);
  }

  /** The current call concerns this user (a refused sign-in is then told as theirs). */
  function concerns(username: string): void {
    const state = calls.getStore();
    if (state) state.subject = username;
  }

  /** The sign-in this call continues proves who it is with `method`. */
  function signingInWith(method: SignInMethod): void {
    const state = calls.getStore();
    if (state) state.method = method;
  }

  function told(username: string, detail: IdentityEventDetail): IdentityEvent {
    return { ...detail, username, origin: calls.getStore()?.origin ?? {} };
  }

  /**
   * Makes a change and tells its event in one transaction, so that the application's record of
   * it commits with it. Without a hook (or an event) the change is made as it is.
   */
  async function changeTold<T>(
    event: { username: string; detail: IdentityEventDetail } | undefined,
    change: (repository: IdentityRepository) => Promise<T>,
  ): Promise<T> {
    const hook = pool.options.onEvent;
    if (!hook || !event) return change(pool.repo);
    return pool.options.db.transaction().execute(async (trx) => {
      const result = await change(createIdentityRepository(trx));
      await hook(told(event.username, event.detail), trx);
      return result;
    });
  }

  /** Tells an event that comes without a change (a refusal). */
  async function tell(username: string, detail: IdentityEventDetail): Promise<void> {
    await pool.options.onEvent?.(told(username, detail), pool.options.db);
  }

  return {
    calls,
    asCall,
    concerns,
    signingInWith,
    changeTold,
    tell,
  };
}
