/** Signs the user out of every sign-in. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField });

export const errors = ACCESS_TOKEN_ERRORS;

export async function handler(
  _input: unknown,
  { events, tokens }: IdentityDeps,
  { caller: { user, originJti } }: UserCall,
) {
  await events.changeTold(
    {
      username: user.username,
      detail: { type: 'SIGN_OUT', sessionId: originJti, everywhere: true },
    },
    (repository) => tokens.revokeAll(user.username, repository),
  );
  return {};
}
