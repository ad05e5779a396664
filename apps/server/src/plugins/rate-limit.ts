import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';

import type { RateLimitVerdict } from '@laurel/identity';

import type { TErrorResponse } from '@laurel/contract/errors';

import { clientAddressOf } from '../lib/actor.ts';
import { localizedError } from '../lib/i18n.ts';
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
  /** A directory's SCIM calls, per endpoint: a first synchronisation reads and writes quickly. */
  scim: { points: 1200, seconds: 60 },
} as const satisfies Record<string, RouteRateLimit>;

/** Limits every `/api` route shares, per minute (0 turns one off): API_RATE_LIMIT_PER_…. */
export interface ApiRateLimits {
  perAddress: number;
  perUser: number;
}

function tooMany(reply: FastifyReply, retryAfterMs: number): TErrorResponse {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return localizedError(
    reply.request,
    `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

function refuse(reply: FastifyReply, retryAfterMs: number) {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
    .send(tooMany(reply, retryAfterMs));
}

/**
 * Counts the request on each key in turn and lets it on, or answers 429 at the first key over its
 * limit (the keys after it are not counted). A hook in callback form: with counters in memory the
 * request passes without a promise; a shared store's answer is waited for.
 */
function countThen(
  limiter: Limiter,
  keys: readonly string[],
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  from = 0,
): void {
  for (let next = from; next < keys.length; next++) {
    const verdict = limiter.hit(keys[next]!);
    if (verdict instanceof Promise) {
      verdict.then((counted: RateLimitVerdict) => {
        if (!counted.allowed) refuse(reply, counted.retryAfterMs);
        else countThen(limiter, keys, reply, done, next + 1);
      }, done);
      return;
    }
    if (!verdict.allowed) {
      refuse(reply, verdict.retryAfterMs);
      return;
    }
  }
  done();
}

const addressKey = (request: FastifyRequest) => `ip:${clientAddressOf(request) ?? 'unknown'}`;

/**
 * Every `/api` call counts against its client address before anything else runs (a flood of
 * made-up tokens costs no signature checks beyond the limit). Registered before the auth plugin.
 */
export const apiAddressLimitPlugin = fp<{ store: RateLimitStore; limits: ApiRateLimits }>(
  async (app: FastifyInstance, { store, limits }) => {
    if (limits.perAddress <= 0) return;
    // Hundreds a minute: counted ahead, the shared store is waited for only near the limit.
    const limiter = store.limiter('api:address', limits.perAddress, 60, { countAhead: true });
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiCall(request.url)) return done();
      countThen(limiter, [addressKey(request)], reply, done);
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
    const perUser =
      limits.perUser > 0
        ? store.limiter('api:user', limits.perUser, 60, { countAhead: true })
        : null;

    function limiterFor(route: string, limit: RouteRateLimit): Limiter {
      let limiter = limiters.get(route);
      if (!limiter) {
        limiter = store.limiter(`route:${route}`, limit.points, limit.seconds);
        limiters.set(route, limiter);
      }
      return limiter;
    }

    /** The route's own limit, per client address and per signed-in user, if it has one. */
    function countRoute(
      request: FastifyRequest,
      reply: FastifyReply,
      user: string | null,
      done: HookHandlerDoneFunction,
    ): void {
      const limit = request.routeOptions.config?.rateLimit;
      if (!limit) return done();
      const route = `${request.method} ${request.routeOptions.url}`;
      const keys = user ? [addressKey(request), user] : [addressKey(request)];
      countThen(limiterFor(route, limit), keys, reply, done);
    }

    app.addHook('onRequest', (request, reply, done) => {
      // An API key has a limit of its own, apart from its creator's.
      const principal = request.principal;
      const user = principal
        ? principal.apiKey
          ? `key:${principal.apiKey.id}`
          : `user:${principal.userId}`
        : null;
      if (!perUser || !user || !isApiCall(request.url))
        return countRoute(request, reply, user, done);
      // Counters in memory answer at once: the route's own limit is counted next, without a
      // callback in between.
      const verdict = perUser.hit(user);
      if (verdict instanceof Promise)
        return void verdict.then((counted) => {
          if (!counted.allowed) refuse(reply, counted.retryAfterMs);
          else countRoute(request, reply, user, done);
        }, done);
      if (!verdict.allowed) return void refuse(reply, verdict.retryAfterMs);
      countRoute(request, reply, user, done);
    });
  },
);
