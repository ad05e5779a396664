import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterRes } from 'rate-limiter-flexible';

import type { TErrorResponse } from '@laurel/contract/errors';

import { clientAddressOf } from '../lib/audit.ts';
import type { Limiter, RateLimitStore } from '../lib/rate-limit-store.ts';
import { isApiCall } from './openapi.ts';

/** A route's limit: at most `points` requests per `seconds`, per client address and per user. */
export interface RouteRateLimit {
  points: number;
  seconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests allowed per client address, and per signed-in user where there is one. */
    rateLimit?: RouteRateLimit;
  }
}

/** Limits of the routes anyone can call, and of the client-reported event log. */
export const RATE_LIMITS = {
  /** The sign-in screen asks once per e-mail address typed. */
  publicSignIn: { points: 30, seconds: 60 },
  /** Reading or accepting an invitation link. */
  invitation: { points: 30, seconds: 60 },
  /** `POST /api/log-helper`: page views and client events. */
  clientEvents: { points: 60, seconds: 60 },
  /** Confirming a security change with a code or the password (guessing is what it stops). */
  stepUp: { points: 10, seconds: 300 },
  /** CSV exports: each reads a whole list and adds an entry to the audit trail. */
  exports: { points: 60, seconds: 60 },
} as const satisfies Record<string, RouteRateLimit>;

/** Limits every `/api` route shares, per minute (0 turns one off): API_RATE_LIMIT_PER_…. */
export interface ApiRateLimits {
  perAddress: number;
  perUser: number;
}

function tooMany(retryAfterMs: number): TErrorResponse {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return {
    message: `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  };
}

function refuse(reply: FastifyReply, rejection: RateLimiterRes) {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))))
    .send(tooMany(rejection.msBeforeNext));
}

async function consumeAll(limiter: Limiter, keys: string[]): Promise<RateLimiterRes | undefined> {
  try {
    for (const key of keys) await limiter.consume(key);
    return undefined;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    throw rejection;
  }
}

const addressKey = (request: FastifyRequest) => `ip:${clientAddressOf(request) ?? 'unknown'}`;

/**
 * Every `/api` call counts against its client address before anything else runs (a flood of
 * made-up tokens costs no signature checks beyond the limit). Registered before the auth plugin.
 */
export const apiAddressLimitPlugin = fp<{ store: RateLimitStore; limits: ApiRateLimits }>(
  async (app: FastifyInstance, { store, limits }) => {
    if (limits.perAddress <= 0) return;
    const limiter = store.limiter('api:address', limits.perAddress, 60);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiCall(request.url)) return;
      const refused = await consumeAll(limiter, [addressKey(request)]);
      if (refused) return refuse(reply, refused);
    });
  },
);

/**
 * Counts every `/api` call of a signed-in user, and the requests of every route whose config has
 * `rateLimit` per client address and per signed-in user, in the deployment's shared store (so N
 * instances allow the limit, not N times it); answers 429 with `Retry-After` beyond a limit.
 * Registered after the auth plugin, so its hook sees the principal.
 */
export const rateLimitPlugin = fp<{ store: RateLimitStore; limits: ApiRateLimits }>(
  async (app: FastifyInstance, { store, limits }) => {
    const limiters = new Map<string, Limiter>();
    const perUser = limits.perUser > 0 ? store.limiter('api:user', limits.perUser, 60) : null;

    function limiterFor(route: string, limit: RouteRateLimit): Limiter {
      let limiter = limiters.get(route);
      if (!limiter) {
        limiter = store.limiter(`route:${route}`, limit.points, limit.seconds);
        limiters.set(route, limiter);
      }
      return limiter;
    }

    app.addHook('onRequest', async (request, reply) => {
      const user = request.principal ? `user:${request.principal.userId}` : null;
      if (perUser && user && isApiCall(request.url)) {
        const refused = await consumeAll(perUser, [user]);
        if (refused) return refuse(reply, refused);
      }
      const limit = request.routeOptions.config?.rateLimit;
      if (!limit) return;
      const route = `${request.method} ${request.routeOptions.url}`;
      const refused = await consumeAll(limiterFor(route, limit), [
        addressKey(request),
        ...(user ? [user] : []),
      ]);
      if (refused) return refuse(reply, refused);
    });
  },
);
