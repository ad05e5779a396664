/** Starts a sign-in (`USER_SRP_AUTH`, `USER_PASSWORD_AUTH`, `USER_AUTH`) or refreshes tokens. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { mapField, requireString, requiredField } from '../input.ts';
import type { Call } from './action.ts';

const FLOWS = [
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'USER_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
] as const;

export const access = 'client';

export const input = z.object({
  ClientId: requiredField,
  AuthFlow: requiredField.pipe(
    z.enum(FLOWS, { error: (issue) => `Unsupported AuthFlow ${String(issue.input)}` }),
  ),
  AuthParameters: mapField,
});

export const errors = {
  InvalidParameterException:
    'a parameter missing or malformed, an unsupported flow, an SRP_A that is not a valid number',
  ResourceNotFoundException: 'another app client; a device key the user does not have',
  NotAuthorizedException:
    'a wrong password (or an unknown user), a disabled or locked user, an expired temporary password, an invalid or revoked refresh token',
  UserNotFoundException: 'an unknown user, when user existence errors are not prevented',
  PasswordResetRequiredException: 'a user whose password must be reset',
  TooManyRequestsException: 'too many sign-ins from the address',
  LimitExceededException: 'too many e-mailed codes for the person',
} as const;

export async function handler(
  { ClientId, AuthFlow, AuthParameters }: z.output<typeof input>,
  { guards, signIn, choice, tokens }: IdentityDeps,
  { context }: Call,
) {
  switch (AuthFlow) {
    case 'USER_SRP_AUTH':
      await guards.signInLimit(context.ip);
      return signIn.startSrp(AuthParameters);
    case 'USER_PASSWORD_AUTH':
      await guards.signInLimit(context.ip);
      return signIn.userPasswordAuth(AuthParameters, ClientId);
    case 'USER_AUTH':
      await guards.signInLimit(context.ip);
      return choice.startUserAuth(AuthParameters, ClientId);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return tokens.refresh(requireString(AuthParameters, 'REFRESH_TOKEN'), ClientId);
  }
}
