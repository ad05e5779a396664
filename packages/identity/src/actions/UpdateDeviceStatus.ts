/** Remembers a device (it then skips MFA) or stops remembering it. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { parseInput, requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({
  AccessToken: requiredField,
  DeviceKey: requiredField,
  DeviceRememberedStatus: z.unknown().optional(),
});

/** Read once the device is known to be the user's: an unknown device is told first. */
const statusInput = z.object({
  DeviceRememberedStatus: requiredField.pipe(
    z.enum(['remembered', 'not_remembered'], {
      error: 'DeviceRememberedStatus must be remembered or not_remembered',
    }),
  ),
});

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; a parameter missing, a status other than remembered or not_remembered`,
  ResourceNotFoundException: 'a device key the user does not have',
} as const;

export async function handler(
  { DeviceKey, DeviceRememberedStatus }: z.output<typeof input>,
  { pool, users }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const device = await users.requireDevice(DeviceKey, user.username);
  const status = parseInput(statusInput, { DeviceRememberedStatus }).DeviceRememberedStatus;
  await pool.repo.updateDevice(device.deviceKey, { remembered: status === 'remembered' });
  return {};
}
