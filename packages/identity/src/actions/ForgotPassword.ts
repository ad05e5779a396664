/** E-mails a password reset code. */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, MESSAGES, notAuthorized } from '../errors.ts';
import { requiredField } from '../input.ts';
import { maskEmail } from '../service-codes.ts';
import type { Call } from './action.ts';

export const access = 'client';

export const input = z.object({ ClientId: requiredField, Username: requiredField });

export const errors = {
  InvalidParameterException: 'a parameter missing',
  ResourceNotFoundException: 'another app client',
  LimitExceededException: 'too many codes for the person or from the address',
  UserNotFoundException: 'an unknown user, when user existence errors are not prevented',
  NotAuthorizedException: 'a disabled user, when user existence errors are not prevented',
} as const;

export async function handler(
  { Username: login }: z.output<typeof input>,
  { pool, events, guards, users, codes }: IdentityDeps,
  { context }: Call,
) {
  await guards.rateLimit(
    `forgot-ip:${context.ip}`,
    pool.limits.forgotPasswordPerIpPerHour,
    3600_000,
    'LimitExceededException',
  );
  await guards.rateLimit(
    `forgot-user:${login.trim().toLowerCase()}`,
    pool.limits.forgotPasswordPerUserPerHour,
    3600_000,
    'LimitExceededException',
  );
  const user = await users.findUser(login);
  const delivery = (email: string) => ({
    CodeDeliveryDetails: {
      Destination: maskEmail(email),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    },
  });
  if (!user || !user.enabled) {
    if (pool.preventExistenceErrors)
      return delivery(login.includes('@') ? login.trim().toLowerCase() : 'user@example.com');
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    throw notAuthorized(MESSAGES.userDisabled);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await events.changeTold(
    { username: user.username, detail: { type: 'PASSWORD_RESET', step: 'code_sent' } },
    (repository) =>
      repository.upsertResetCode(
        user.username,
        codes.hashCode(user.username, code),
        pool.now(),
        pool.now() + 3600_000,
      ),
  );
  await pool.options.sendEmail({
    to: user.email,
    subject: 'Your password reset code',
    text: `Your password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this message.`,
    html: `<p>Your password reset code is <strong>${code}</strong>.</p><p>It expires in 1 hour. If you did not ask to reset your password, ignore this message.</p>`,
    template: { name: 'reset-code', code, expiresInMinutes: 60 },
  });
  return delivery(user.email);
}
