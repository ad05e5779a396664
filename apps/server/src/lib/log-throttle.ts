/**
 * Keeps a repeating failure to one log line per interval: the first occurrence is logged at once,
 * the next ones are counted and reported with the following line (`suppressed`), and `recovered()`
 * says how many occurred since the last line, so that the next outage is logged at once again.
 * @example
 * const throttle = createLogThrottle(60_000);
 * throttle.failed((suppressed) => log.error({ err, suppressed }, 'the database is unreachable'));
 */
export function createLogThrottle(intervalMs: number, now: () => number = Date.now) {
  let lastLoggedAt: number | undefined;
  let suppressed = 0;
  let failing = false;
  return {
    /** A failure: `log` runs when a line is due, with the number of failures not logged since. */
    failed(log: (suppressed: number) => void): void {
      failing = true;
      const time = now();
      if (lastLoggedAt !== undefined && time - lastLoggedAt < intervalMs) {
        suppressed += 1;
        return;
      }
      lastLoggedAt = time;
      const count = suppressed;
      suppressed = 0;
      log(count);
    },
    /**
     * The operation worked: when it had been failing, `log` runs with the failures not logged
     * yet, and the next failure is logged at once.
     */
    recovered(log?: (suppressed: number) => void): void {
      if (!failing) return;
      const count = suppressed;
      failing = false;
      suppressed = 0;
      lastLoggedAt = undefined;
      log?.(count);
    },
  };
}
export type LogThrottle = ReturnType<typeof createLogThrottle>;
