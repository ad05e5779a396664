import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

import { createMemoryRateLimiter, type RateLimiter, type RateLimitVerdict } from '@laurel/identity';

import { ConfigError } from '../config.ts';
import { addressOf, causeOf } from './reach.ts';

export type RateLimitStoreKind = 'memory' | 'postgres' | 'redis';

/**
 * Where request counters live. Several instances behind a load balancer must count together, so
 * they share Redis when REDIS_URL is set, or else PostgreSQL; one SQLite instance counts in memory.
 */
export interface RateLimitStore {
  kind: RateLimitStoreKind;
  /** A limiter of `points` per `seconds` whose keys are prefixed with `name`. */
  limiter(name: string, points: number, seconds: number): Limiter;
  /** The identity service's counters (sign-in, reset codes…), in the same store. */
  identityLimiter(): RateLimiter;
  /** Removes PostgreSQL counters that expired over an hour ago (hourly housekeeping). */
  purgeExpired(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counts one request on `key`: whether it is allowed and when the key's window ends. Counters in
 * memory answer at once (no promise on the hot path of every API request), shared ones with a
 * promise.
 */
export interface Limiter {
  hit(key: string): RateLimitVerdict | Promise<RateLimitVerdict>;
}

export const RATE_LIMIT_TABLE = 'rate_limits';
/** Keys longer than this (an e-mail address typed at sign-in can be long) are stored hashed. */
const MAX_PLAIN_KEY = 160;

interface StoreLog {
  warn(object: object, message: string): void;
}

function storedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Connects to Redis, or stops the start with a message naming REDIS_URL. */
async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    // A limiter must answer at once: with Redis away, counting falls back to memory (below).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  // A failed connection rejects with "Connection is closed."; its cause comes as an 'error' event.
  let cause: unknown;
  client.on('error', (error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new ConfigError(
      `REDIS_URL: cannot reach Redis at ${addressOf(url, 6379)} (${causeOf(cause ?? error, 5)})`,
    );
  }
  return client;
}

/**
 * Opens the store for this deployment: Redis when `redisUrl` is given, PostgreSQL when the
 * database is PostgreSQL, memory otherwise. Should the shared store fail later, each limiter
 * counts in this instance's memory until it is back (with a warning at most once a minute), so
 * that an outage of Redis does not take sign-in down with it. The PostgreSQL table `rate_limits`
 * is created by a migration (db/migrations), which must have run.
 */
export async function createRateLimitStore(options: {
  redisUrl: string | undefined;
  /** Prefix of the Redis keys (default `laurel:`). */
  redisKeyPrefix?: string;
  pool?: pg.Pool | undefined;
  log: StoreLog;
}): Promise<RateLimitStore> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl) : undefined;
  const pool = redis ? undefined : options.pool;
  const kind: RateLimitStoreKind = redis ? 'redis' : pool ? 'postgres' : 'memory';

  let lastWarning = 0;
  const warnOnce = (error: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    options.log.warn(
      { err: error, store: kind },
      'rate limit store unreachable; counting in this instance only until it is back',
    );
  };

  function limiter(name: string, points: number, seconds: number): Limiter {
    const common = { keyPrefix: name, points, duration: seconds };
    // Windows in this process (one per limiter, so keys need no prefix): the store of one SQLite
    // instance, and where a shared store's counting falls back while it is unreachable.
    const windows = createMemoryRateLimiter();
    const memory = (key: string) => windows.hit(key, points, seconds * 1000);
    if (kind === 'memory') return { hit: memory };
    const shared: RateLimiterAbstract = redis
      ? new RateLimiterRedis({
          ...common,
          keyPrefix: `${options.redisKeyPrefix ?? 'laurel:'}${name}`,
          storeClient: redis,
        })
      : new RateLimiterPostgres({
          ...common,
          storeClient: pool,
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
        });
    return {
      async hit(key) {
        try {
          const counted = await shared.consume(key);
          return { allowed: true, retryAfterMs: Math.max(0, counted.msBeforeNext) };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes)
            return { allowed: false, retryAfterMs: Math.max(0, rejection.msBeforeNext) };
          warnOnce(rejection);
          return memory(key);
        }
      },
    };
  }

  const identityLimiters = new Map<string, Limiter>();
  const identityLimiter: RateLimiter = {
    hit(key, limit, windowMs) {
      const seconds = Math.max(1, Math.ceil(windowMs / 1000));
      const name = `identity:${limit}:${seconds}`;
      let found = identityLimiters.get(name);
      if (!found) {
        found = limiter(name, limit, seconds);
        identityLimiters.set(name, found);
      }
      return found.hit(storedKey(key));
    },
  };

  return {
    kind,
    limiter,
    identityLimiter: () => identityLimiter,
    async purgeExpired() {
      if (!pool) return;
      await pool.query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [
        Date.now() - 3_600_000,
      ]);
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
