/** Signs out the sign-in a refresh token belongs to. */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { IdentityError } from '../errors.ts';
import { requiredField } from '../input.ts';
import { sha256Hex } from '../pool.ts';

export const access = 'client';

export const input = z.object({ ClientId: requiredField, Token: requiredField });

export const errors = {
  InvalidParameterException: 'a parameter missing',
  ResourceNotFoundException: 'another app client',
  UnsupportedTokenTypeException: 'an id or access token instead of a refresh token',
} as const;

export async function handler(
  { ClientId, Token }: z.output<typeof input>,
  { pool, events, tokens }: IdentityDeps,
) {
  if (await pool.keys.verifyJwt(Token))
    throw new IdentityError('UnsupportedTokenTypeException', 'Only refresh tokens can be revoked.');
  const session = await pool.repo.findSessionByRefreshHash(sha256Hex(Token));
  if (session && session.clientId === ClientId) {
    await events.changeTold(
      session.revokedAt === null
        ? {
            username: session.username,
            detail: { type: 'SIGN_OUT', sessionId: session.originJti, everywhere: false },
          }
        : undefined,
      (repository) => repository.revokeSession(session.originJti, pool.now()),
    );
    tokens.invalidateCache([session.originJti]);
  }
  return {};
}
