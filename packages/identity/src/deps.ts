/**
 * The services of the embedded pool, made once per service in the order they depend on each
 * other, and handed to every action as one typed object.
 */
import type { IdentityServiceOptions } from './options.ts';
import { createPool } from './pool.ts';
import { createChoiceSignIn } from './service-choice.ts';
import { createCodes } from './service-codes.ts';
import { createEvents } from './service-events.ts';
import { createGuards } from './service-guards.ts';
import { createPasskeys } from './service-passkeys.ts';
import { createAuthSessions } from './service-sessions.ts';
import { createSignInFlow } from './service-sign-in.ts';
import { createTokens } from './service-tokens.ts';
import { createUsers } from './service-users.ts';

export type IdentityDeps = Awaited<ReturnType<typeof createDeps>>;

export async function createDeps(options: IdentityServiceOptions) {
  const pool = await createPool(options);
  const events = createEvents(pool);
  const guards = createGuards(pool);
  const users = createUsers(pool, events);
  const sessions = createAuthSessions(pool, events);
  const tokens = createTokens(pool, events);
  const codes = createCodes(pool, guards, sessions);
  const signIn = createSignInFlow(pool, { events, users, sessions, tokens, codes });
  const passkeys = createPasskeys(pool, { events, users, sessions, tokens });
  const choice = createChoiceSignIn(pool, {
    events,
    users,
    sessions,
    tokens,
    codes,
    signIn,
    passkeys,
  });
  return { pool, events, guards, users, sessions, tokens, codes, signIn, passkeys, choice };
}
