import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

import type { TLanguage } from '@laurel/contract/profile';

import type { Principal } from '../plugins/auth.ts';
import { requestLanguage } from './i18n.ts';

/** Who did something, from where: what every audit entry records about the request. */
export interface Actor {
  principal: Principal;
  ip: string | null;
  requestId: string | null;
  /** The language the request is answered in (`Accept-Language`), e.g. for e-mails it sends. */
  language?: TLanguage;
}

/** The client's address as an audit entry stores it: a valid IP address, or none. */
export function clientAddressOf(request: FastifyRequest): string | null {
  return validAddress(request.ip);
}

/** A valid IP address, or null. */
export function validAddress(ip: unknown): string | null {
  return typeof ip === 'string' && isIP(ip) ? ip : null;
}

/** Who an audit entry names as its actor: the person, or the API key or SCIM token that called. */
export function actorColumns(principal: Principal): {
  actorUserId: number | null;
  actorApiKeyId: number | null;
  actorScimTokenId: number | null;
} {
  return principal.apiKey
    ? { actorUserId: null, actorApiKeyId: principal.apiKey.id, actorScimTokenId: null }
    : principal.scimToken
      ? { actorUserId: null, actorApiKeyId: null, actorScimTokenId: principal.scimToken.id }
      : { actorUserId: principal.userId, actorApiKeyId: null, actorScimTokenId: null };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.principal) throw new Error('actorOf() needs an authenticated request');
  return {
    principal: request.principal,
    ip: clientAddressOf(request),
    requestId: request.id,
    language: requestLanguage(request),
  };
}
