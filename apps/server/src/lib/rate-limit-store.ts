import type { Redis } from 'ioredis';
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
  limiter(name: string, points: number, seconds: number, options?: LimiterOptions): Limiter;
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

export interface LimiterOptions {
  /**
   * Lets a request on at once while this instance's own count says the key is well under its
   * limit, still counting it in the shared store (see `countedAhead`). For the limits every API
   * call passes (hundreds a minute), not for those that stop guessing (sign-in, codes).
   */
  countAhead?: boolean;
}

export const RATE_LIMIT_TABLE = 'rate_limits';
/** How many keys a count-ahead limiter remembers before it forgets them (see `countedAhead`). */
const MAX_KNOWN_KEYS = 10_000;
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
  // Loaded only here: a deployment without Redis does not load its client as it starts.
  const { Redis } = await import('ioredis');
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

  function limiter(
    name: string,
    points: number,
    seconds: number,
    limiterOptions: LimiterOptions = {},
  ): Limiter {
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
    const consume = async (key: string): Promise<CountedVerdict> => {
      try {
        const counted = await shared.consume(key);
        return {
          allowed: true,
          retryAfterMs: Math.max(0, counted.msBeforeNext),
          consumed: counted.consumedPoints,
        };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return {
            allowed: false,
            retryAfterMs: Math.max(0, rejection.msBeforeNext),
            consumed: rejection.consumedPoints,
          };
        warnOnce(rejection);
        return memory(key);
      }
    };
    return limiterOptions.countAhead ? countedAhead(consume, points, seconds) : { hit: consume };
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

/** A shared store's answer, with the key's count in its window when the store gave one. */
type CountedVerdict = RateLimitVerdict & { consumed?: number };

/** What a count-ahead limiter knows of one key. */
interface KnownCount {
  /** The highest count the store answered in the current window. */
  consumed: number;
  /** When the window of `consumed` ends (ms since the epoch); 0 before the first answer. */
  windowEnd: number;
  /** This instance's hits of the key sent to the store (or waiting to be) and not yet answered. */
  inFlight: Set<Promise<unknown>>;
}

/**
 * A shared limiter that does not wait for the store while a key is clearly under its limit.
 * Every hit is still counted in the shared store, in the same statement as before; what changes
 * is when the request goes on. A hit goes on at once while the key's last count answered in its
 * window, plus this instance's hits not yet answered, plus this one, stay within half the limit;
 * its answer then updates the count. Otherwise (the key's first hit, a window that has ended, a
 * count in the upper half) the hit waits for this instance's earlier hits of the key to
 * be answered, then for its own answer, as every hit did before: so one instance refuses exactly
 * the hits beyond the limit, and with several, a hit goes past it only if the other instances
 * added half the limit since this one's last answer. Before, every API call waited for the
 * store (twice when signed in: address and user).
 */
function countedAhead(
  consume: (key: string) => Promise<CountedVerdict>,
  points: number,
  seconds: number,
): Limiter {
  const known = new Map<string, KnownCount>();
  // Answers to hits sent within one window end within an answer's delay of each other; an end
  // later than this is the next window's, an earlier one an old window's answer arriving late.
  const sameWindowMs = Math.min(1_000, (seconds * 1000) / 2);
  // Calls in the upper half of the limit always wait: other instances' calls reach this one's
  // count only through the store's answers, so going ahead on the last answer could let a call
  // past the limit only if the others had added half the limit since then.
  const aheadUpTo = Math.floor(points / 2);

  function countOf(key: string): KnownCount {
    let count = known.get(key);
    if (count) return count;
    if (known.size >= MAX_KNOWN_KEYS) {
      // Forgetting a key costs its next hit one wait; keys whose window ended go first, and when
      // they are not enough all go, so that a flood of new keys does not sweep at every hit.
      const now = Date.now();
      for (const [other, entry] of known)
        if (entry.inFlight.size === 0 && entry.windowEnd <= now) known.delete(other);
      if (known.size >= MAX_KNOWN_KEYS) known.clear();
    }
    count = { consumed: 0, windowEnd: 0, inFlight: new Set() };
    known.set(key, count);
    return count;
  }

  function learn(count: KnownCount, { retryAfterMs, consumed }: CountedVerdict): void {
    if (consumed === undefined) {
      // Counted in this instance's memory (the store is unreachable): wait for the store again.
      count.windowEnd = 0;
      return;
    }
    const end = Date.now() + retryAfterMs;
    if (end > count.windowEnd + sameWindowMs) {
      count.windowEnd = end;
      count.consumed = consumed;
    } else if (end >= count.windowEnd - sameWindowMs) {
      count.consumed = Math.max(count.consumed, consumed);
    }
  }

  /** Counts a hit once `after` has settled; it is in flight from now until answered. */
  function send(
    key: string,
    count: KnownCount,
    after?: Promise<unknown>,
  ): Promise<RateLimitVerdict> {
    const answer = (after ? after.then(() => consume(key)) : consume(key)).then((verdict) => {
      learn(count, verdict);
      return verdict;
    });
    count.inFlight.add(answer);
    void answer.finally(() => count.inFlight.delete(answer));
    return answer;
  }

  return {
    hit(key) {
      const count = countOf(key);
      const now = Date.now();
      if (now < count.windowEnd && count.consumed + count.inFlight.size + 1 <= aheadUpTo) {
        void send(key, count);
        return { allowed: true, retryAfterMs: count.windowEnd - now };
      }
      const earlier = count.inFlight.size ? Promise.allSettled([...count.inFlight]) : undefined;
      return send(key, count, earlier);
    },
  };
}
