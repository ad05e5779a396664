/** The user's confirmed devices. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({ AccessToken: requiredField });

export const errors = ACCESS_TOKEN_ERRORS;

export async function handler(
  _input: unknown,
  { pool }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const devices = (await pool.repo.listDevices(user.username)).filter((device) => device.confirmed);
  return {
    Devices: devices.map((device) => ({
      DeviceKey: device.deviceKey,
      DeviceAttributes: [
        { Name: 'device_status', Value: device.remembered ? 'valid' : 'not_remembered' },
        ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      ],
      DeviceCreateDate: device.createdAt / 1000,
      DeviceLastModifiedDate: device.lastUsedAt / 1000,
      DeviceLastAuthenticatedDate: device.lastUsedAt / 1000,
    })),
  };
}
