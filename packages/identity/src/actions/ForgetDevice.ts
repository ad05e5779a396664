/** Forgets one of the user's devices (the token's own when none is named). */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { invalidParameter } from '../errors.ts';
import { optionalField, requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField, DeviceKey: optionalField });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; no device named and none in the token`,
  ResourceNotFoundException: 'a device key the user does not have',
} as const;

export async function handler(
  { DeviceKey }: z.output<typeof input>,
  { pool, users }: IdentityDeps,
  { caller: { user, deviceKey: tokenDevice } }: UserCall,
) {
  const deviceKey = DeviceKey ?? tokenDevice;
  if (!deviceKey) throw invalidParameter('Missing required parameter DeviceKey');
  await users.requireDevice(deviceKey, user.username);
  await pool.repo.deleteDevice(deviceKey);
  return {};
}
