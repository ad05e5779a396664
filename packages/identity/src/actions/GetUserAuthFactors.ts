/**
 * The user's MFA settings and the factors they have for signing in: what `USER_AUTH` offers them
 * now (PASSWORD_SRP is the password too) and their second steps. SOFTWARE_TOKEN is an
 * authenticator app, a second step only; SMS_OTP never (the pool sends no text messages).
 */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { requiredField } from '../input.ts';
import { mfaSettings } from '../service-users.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField });

export const errors = ACCESS_TOKEN_ERRORS;

export async function handler(
  _input: unknown,
  { choice }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const firstFactors = await choice.availableFactors(user);
  const factors = [
    ...(user.status === 'EXTERNAL_PROVIDER' ? [] : ['PASSWORD']),
    ...(firstFactors.includes('EMAIL_OTP') || user.emailMfaEnabled ? ['EMAIL_OTP'] : []),
    ...(firstFactors.includes('WEB_AUTHN') ? ['WEB_AUTHN'] : []),
    ...(user.totpEnabled ? ['SOFTWARE_TOKEN'] : []),
  ];
  return { Username: user.username, ...mfaSettings(user), ConfiguredUserAuthFactors: factors };
}
