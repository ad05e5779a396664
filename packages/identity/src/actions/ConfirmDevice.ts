/** Confirms a device the user signed in on, with the SRP verifier it will prove itself with. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { invalidParameter } from '../errors.ts';
import { mapField, optionalField, parseInput, requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({
  AccessToken: requiredField,
  DeviceKey: requiredField,
  DeviceSecretVerifierConfig: mapField,
  DeviceName: optionalField,
});

/** Read once the device is known to be the user's: an unknown device is told first. */
const verifierConfig = z.object({ PasswordVerifier: requiredField, Salt: requiredField });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; a parameter missing, a verifier or salt that is not base64`,
  ResourceNotFoundException: 'a device key the user does not have',
} as const;

export async function handler(
  { DeviceKey, DeviceSecretVerifierConfig, DeviceName }: z.output<typeof input>,
  { pool, users }: IdentityDeps,
  { caller: { user } }: UserCall,
) {
  const device = await users.requireDevice(DeviceKey, user.username);
  const { PasswordVerifier, Salt } = parseInput(verifierConfig, DeviceSecretVerifierConfig);
  const verifierHex = Buffer.from(PasswordVerifier, 'base64').toString('hex');
  const saltHex = Buffer.from(Salt, 'base64').toString('hex');
  if (!verifierHex || !saltHex) throw invalidParameter('DeviceSecretVerifierConfig is invalid');
  await pool.repo.updateDevice(device.deviceKey, {
    srpSalt: saltHex,
    srpVerifier: verifierHex,
    name: DeviceName ?? null,
    confirmed: true,
    remembered: pool.deviceTracking === 'always',
  });
  return { UserConfirmationNecessary: pool.deviceTracking === 'opt-in' };
}
