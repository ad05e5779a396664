/** Sets a new password with a reset code, and signs the user out everywhere. */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, MESSAGES } from '../errors.ts';
import { requiredField } from '../input.ts';

export const access = 'client';

export const input = z.object({
  ClientId: requiredField,
  Username: requiredField,
  ConfirmationCode: requiredField,
  Password: requiredField,
});

export const errors = {
  InvalidParameterException: 'a parameter missing',
  ResourceNotFoundException: 'another app client',
  CodeMismatchException: 'a wrong code (or an unknown user)',
  ExpiredCodeException: 'no code, an expired or used one',
  LimitExceededException: 'too many wrong codes',
  InvalidPasswordException: 'a password the policy refuses',
  UserNotFoundException: 'an unknown user, when user existence errors are not prevented',
} as const;

export async function handler(
  { Username, ConfirmationCode, Password }: z.output<typeof input>,
  { pool, events, users, tokens, codes }: IdentityDeps,
) {
  const user = await users.findUser(Username);
  if (!user) {
    if (pool.preventExistenceErrors)
      throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
    throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
  }
  const stored = await pool.repo.findResetCode(user.username);
  if (!stored || stored.expiresAt <= pool.now())
    throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
  if (stored.attempts >= pool.limits.codeAttempts) {
    await pool.repo.deleteResetCode(user.username);
    throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  }
  const candidate = codes.hashCode(user.username, ConfirmationCode.trim());
  if (
    candidate.length !== stored.codeHash.length ||
    !timingSafeEqual(Buffer.from(candidate), Buffer.from(stored.codeHash))
  ) {
    await pool.repo.incrementResetCodeAttempts(user.username);
    throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  users.assertPolicy(Password, 'ConfirmForgotPassword');
  if (!(await pool.repo.consumeResetCode(user.username, candidate)))
    throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
  await events.changeTold(
    { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'completed' } },
    async (repository) => {
      await repository.updateUser(
        user.username,
        {
          ...users.passwordFields(user.username, Password),
          status: 'CONFIRMED',
          failedAttempts: 0,
          lockedUntil: null,
        },
        pool.now(),
      );
      await tokens.revokeAll(user.username, repository);
    },
  );
  return {};
}
