/** The signed-in user's attributes and MFA settings. */
import { z } from 'zod';
import { requiredField } from '../input.ts';
import { mfaSettings } from '../service-users.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField });

export const errors = ACCESS_TOKEN_ERRORS;

export async function handler(_input: unknown, _deps: unknown, { caller: { user } }: UserCall) {
  const attributes = [
    { Name: 'sub', Value: user.username },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
  ];
  return { Username: user.username, UserAttributes: attributes, ...mfaSettings(user) };
}
