import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterRes } from 'rate-limiter-flexible';

import type { TErrorResponse } from '@laurel/contract/errors';

import { clientAddressOf } from '../lib/audit.ts';
import type { Limiter, RateLimitStore } from '../lib/rate-limit-store.ts';

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
} as const satisfies Record<string, RouteRateLimit>;

function tooMany(retryAfterMs: number): TErrorResponse {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return {
    message: `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  };
}

/**
 * Counts the requests of every route whose config has `rateLimit`, per client address and per
 * signed-in user, in the deployment's shared store (so N instances allow the limit, not N times
 * it), and answers 429 with `Retry-After` beyond the limit. Registered after the auth plugin, so
 * its hook sees the principal.
 */
export const rateLimitPlugin = fp<{ store: RateLimitStore }>(
  async (app: FastifyInstance, { store }) => {
    const limiters = new Map<string, Limiter>();

    function limiterFor(route: string, limit: RouteRateLimit): Limiter {
      let limiter = limiters.get(route);
      if (!limiter) {
        limiter = store.limiter(`route:${route}`, limit.points, limit.seconds);
        limiters.set(route, limiter);
      }
      return limiter;
    }

    function keysOf(request: FastifyRequest): string[] {
      const keys = [`ip:${clientAddressOf(request) ?? 'unknown'}`];
      if (request.principal) keys.push(`user:${request.principal.userId}`);
      return keys;
    }

    app.addHook('onRequest', async (request, reply) => {
      const limit = request.routeOptions.config?.rateLimit;
      if (!limit) return;
      const route = `${request.method} ${request.routeOptions.url}`;
      const limiter = limiterFor(route, limit);
      try {
        for (const key of keysOf(request)) await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return reply
          .status(429)
          .header('retry-after', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))))
          .send(tooMany(rejection.msBeforeNext));
      }
    });
  },
);
