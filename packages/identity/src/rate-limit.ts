/** What counting one hit found: whether it is allowed, and when the key's window ends. */
export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Fixed-window counters behind a small interface, so a Redis implementation can replace the
 * in-process one when several instances must share limits.
 */
export interface RateLimiter {
  /**
   * Counts one hit on `key`; `allowed` is false once more than `limit` hits fall in the window.
   * Counters in memory answer at once, shared ones with a promise.
   */
  hit(key: string, limit: number, windowMs: number): RateLimitVerdict | Promise<RateLimitVerdict>;
}

/**
 * Counters in this process's memory, answered without a promise: every API request counts itself,
 * so the hot path allocates nothing but the verdict and the window of a new key. Expired windows
 * are swept at most once a minute.
 * @example const limiter = createMemoryRateLimiter(() => Date.now()); limiter.hit('ip:1.2.3.4', 100, 60_000)
 */
export function createMemoryRateLimiter(
  now: () => number = Date.now,
): RateLimiter & { hit(key: string, limit: number, windowMs: number): RateLimitVerdict } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit(key, limit, windowMs) {
      const current = now();
      if (current - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= current) windows.delete(k);
        lastSweep = current;
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= current) {
        entry = { count: 0, resetAt: current + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterMs: Math.max(0, entry.resetAt - current) };
    },
  };
}
