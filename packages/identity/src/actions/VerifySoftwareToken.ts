/** Checks the first code of a new authenticator app, which then replaces or waits to become MFA. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError, invalidParameter } from '../errors.ts';
import { optionalField, requiredField } from '../input.ts';
import { matchTotpStep } from '../totp.ts';
import { ACCESS_TOKEN_ERRORS } from './action.ts';

export const access = 'public';

export const input = z.object({
  UserCode: requiredField,
  AccessToken: optionalField,
  Session: optionalField,
  FriendlyDeviceName: optionalField,
});

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: 'a parameter missing, no app associated first',
  NotAuthorizedException: `${ACCESS_TOKEN_ERRORS.NotAuthorizedException}; an expired or used session`,
  EnableSoftwareTokenMFAException: 'a wrong code',
} as const;

export async function handler(
  { UserCode: code, AccessToken, Session, FriendlyDeviceName }: z.output<typeof input>,
  { pool, events, sessions, tokens }: IdentityDeps,
) {
  const mismatch = new IdentityError(
    'EnableSoftwareTokenMFAException',
    'Code mismatch and fail enable Software Token MFA',
  );
  if (AccessToken) {
    const { user } = await tokens.authenticate(AccessToken);
    if (!user.totpPendingSecret) throw invalidParameter('User has not associated a software token');
    const step = matchTotpStep(pool.totpBox.open(user.totpPendingSecret), code, pool.now());
    if (step === undefined) throw mismatch;
    const pending = user.totpPendingSecret;
    // A new app for a second factor already on replaces it now; otherwise it waits for
    // SetUserMFAPreference to turn it on.
    await events.changeTold(
      user.totpEnabled
        ? {
            username: user.username,
            detail: { type: 'MFA_SET_UP', duringSignIn: false, replaced: true },
          }
        : undefined,
      (repository) =>
        repository.updateUser(
          user.username,
          {
            totpSecret: pending,
            totpPendingSecret: null,
            totpLastStep: step,
            totpDeviceName: FriendlyDeviceName ?? null,
          },
          pool.now(),
        ),
    );
    return { Status: 'SUCCESS' };
  }
  const session = await sessions.loadAuthSession(Session, ['MFA_SETUP']);
  const pending = session.state.pendingSecret;
  if (typeof pending !== 'string')
    throw invalidParameter('User has not associated a software token');
  const step = matchTotpStep(pool.totpBox.open(pending), code, pool.now());
  if (step === undefined) return sessions.wrongCode(session.idHash, session.attempts, mismatch);
  await sessions.consume(session.idHash);
  // Set up during sign-in: the token becomes the user's MFA at once (Cognito pools with MFA required do the same).
  await events.changeTold(
    {
      username: session.username,
      detail: { type: 'MFA_SET_UP', duringSignIn: true, replaced: false },
    },
    (repository) =>
      repository.updateUser(
        session.username,
        {
          totpSecret: pending,
          totpPendingSecret: null,
          totpEnabled: true,
          totpPreferred: true,
          totpLastStep: step,
          totpDeviceName: FriendlyDeviceName ?? null,
        },
        pool.now(),
      ),
  );
  const { pendingSecret: _pending, ...state } = session.state;
  const next = await sessions.createAuthSession(session.username, 'MFA_SETUP_VERIFIED', state);
  return { Status: 'SUCCESS', Session: next };
}
