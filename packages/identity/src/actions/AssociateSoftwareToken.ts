/**
 * A new authenticator app secret: for the signed-in user (with an access token), or during a
 * sign-in that must set MFA up (with its `MFA_SETUP` session).
 */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { optionalField } from '../input.ts';
import { generateTotpSecret } from '../totp.ts';
import { ACCESS_TOKEN_ERRORS } from './action.ts';

export const access = 'public';

export const input = z.object({ AccessToken: optionalField, Session: optionalField });

export const errors = {
  ...ACCESS_TOKEN_ERRORS,
  InvalidParameterException: 'neither an access token nor a session',
  NotAuthorizedException: `${ACCESS_TOKEN_ERRORS.NotAuthorizedException}; an expired or used session`,
} as const;

export async function handler(
  { AccessToken, Session }: z.output<typeof input>,
  { pool, sessions, tokens }: IdentityDeps,
) {
  const secret = generateTotpSecret();
  if (AccessToken) {
    const { user } = await tokens.authenticate(AccessToken);
    await pool.repo.updateUser(
      user.username,
      { totpPendingSecret: pool.totpBox.seal(secret) },
      pool.now(),
    );
    return { SecretCode: secret };
  }
  const session = await sessions.loadAuthSession(Session, ['MFA_SETUP']);
  await sessions.consume(session.idHash);
  const next = await sessions.createAuthSession(session.username, 'MFA_SETUP', {
    ...session.state,
    pendingSecret: pool.totpBox.seal(secret),
  });
  return { SecretCode: secret, Session: next };
}
