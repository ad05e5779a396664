/** Turns the user's second steps (authenticator app, e-mailed codes) on or off and picks one. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { invalidParameter } from '../errors.ts';
import { objectField, requiredField } from '../input.ts';
import { ACCESS_TOKEN_ERRORS, type UserCall } from './action.ts';

export const access = 'user';

export const input = z.object({
  AccessToken: requiredField,
  SMSMfaSettings: objectField,
  EmailMfaSettings: objectField,
  SoftwareTokenMfaSettings: objectField,
});

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: `${ACCESS_TOKEN_ERRORS.InvalidParameterException}; SMS MFA, an authenticator app not verified, turning off the only second step of a user who must have one`,
} as const;

export async function handler(
  { SMSMfaSettings, EmailMfaSettings, SoftwareTokenMfaSettings }: z.output<typeof input>,
  { pool, events }: IdentityDeps,
  { caller }: UserCall,
) {
  let { user } = caller;
  const sms = SMSMfaSettings ?? {};
  if (sms.Enabled === true || sms.PreferredMfa === true)
    throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
  if (EmailMfaSettings) {
    const { Enabled, PreferredMfa } = EmailMfaSettings;
    if (Enabled === true || PreferredMfa === true) {
      await events.changeTold(
        user.emailMfaEnabled
          ? undefined
          : { username: user.username, detail: { type: 'EMAIL_MFA_CHANGED', enabled: true } },
        (repository) =>
          repository.updateUser(
            user.username,
            {
              emailMfaEnabled: true,
              emailMfaPreferred:
                PreferredMfa === true || (PreferredMfa === undefined && user.emailMfaPreferred),
              ...(PreferredMfa === true ? { totpPreferred: false } : {}),
            },
            pool.now(),
          ),
      );
    } else if (Enabled === false) {
      if (user.mfaRequired && !user.totpEnabled)
        throw invalidParameter('MFA is required for this user and cannot be disabled');
      await events.changeTold(
        user.emailMfaEnabled
          ? { username: user.username, detail: { type: 'EMAIL_MFA_CHANGED', enabled: false } }
          : undefined,
        (repository) =>
          repository.updateUser(
            user.username,
            { emailMfaEnabled: false, emailMfaPreferred: false },
            pool.now(),
          ),
      );
    } else if (PreferredMfa === false) {
      await pool.repo.updateUser(user.username, { emailMfaPreferred: false }, pool.now());
    }
    user = (await pool.repo.findUserByUsername(user.username)) ?? user;
  }
  if (!SoftwareTokenMfaSettings) return {};
  const { Enabled, PreferredMfa } = SoftwareTokenMfaSettings;
  if (Enabled === true || PreferredMfa === true) {
    if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
    await events.changeTold(
      user.totpEnabled
        ? undefined
        : {
            username: user.username,
            detail: { type: 'MFA_SET_UP', duringSignIn: false, replaced: false },
          },
      (repository) =>
        repository.updateUser(
          user.username,
          {
            totpEnabled: true,
            totpPreferred:
              PreferredMfa === true || (PreferredMfa === undefined && user.totpPreferred),
            ...(PreferredMfa === true ? { emailMfaPreferred: false } : {}),
          },
          pool.now(),
        ),
    );
  } else if (Enabled === false) {
    if (user.mfaRequired && !user.emailMfaEnabled)
      throw invalidParameter('MFA is required for this user and cannot be disabled');
    await events.changeTold(
      user.totpEnabled ? { username: user.username, detail: { type: 'MFA_REMOVED' } } : undefined,
      (repository) =>
        repository.updateUser(
          user.username,
          { totpEnabled: false, totpPreferred: false },
          pool.now(),
        ),
    );
  } else if (PreferredMfa === false) {
    await pool.repo.updateUser(user.username, { totpPreferred: false }, pool.now());
  }
  return {};
}
