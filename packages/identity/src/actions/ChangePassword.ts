/** Changes the signed-in user's password; their other sign-ins stay (as Cognito). */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';
import { requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({
  AccessToken: requiredField,
  PreviousPassword: requiredField,
  ProposedPassword: requiredField,
});

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  NotAuthorizedException: `${ACCESS_TOKEN_ERRORS.NotAuthorizedException}; a wrong previous password, too many wrong passwords`,
  InvalidPasswordException: 'a proposed password the policy refuses',
} as const;

export async function handler(
  { PreviousPassword, ProposedPassword }: z.output<typeof input>,
  { pool, events, users }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  if (user.lockedUntil !== null && user.lockedUntil > pool.now())
    throw notAuthorized(MESSAGES.attemptsExceeded);
  if (!users.passwordMatches(user, PreviousPassword)) return users.recordFailedPassword(user);
  users.assertPolicy(ProposedPassword, 'ChangePassword');
  await events.changeTold(
    { username: user.username, detail: { type: 'PASSWORD_CHANGE', firstPassword: false } },
    (repository) =>
      repository.updateUser(
        user.username,
        {
          ...users.passwordFields(user.username, ProposedPassword),
          failedAttempts: 0,
          lockedUntil: null,
        },
        pool.now(),
      ),
  );
  return {};
}
