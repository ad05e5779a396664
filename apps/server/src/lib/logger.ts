import { type Logger, pino } from 'pino';

/** Log lines wait at most this long in memory before they are written. */
const FLUSH_EVERY_MS = 100;
/** …or until this many bytes have gathered, whichever comes first. */
const FLUSH_AT_BYTES = 8 * 1024;

/**
 * The server's logger. On a terminal, people read the output (pino-pretty); elsewhere a log
 * collector does: one JSON line per event on standard output, gathered in memory and written in
 * batches (every 100 ms or 8 KiB), not with one write per line: under load the writes cost more
 * than the lines. Lines still pending are written synchronously when the process exits, however
 * it exits (pino's exit hook), so a fatal line is never lost.
 */
export function createLogger(level: string, forPeople: boolean, dest: number | string = 1): Logger {
  if (forPeople)
    return pino({
      level,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    });
  return pino(
    { level },
    pino.destination({
      dest,
      sync: false,
      minLength: FLUSH_AT_BYTES,
      periodicFlush: FLUSH_EVERY_MS,
    }),
  );
}

/** Writes the lines still gathered in memory; resolves once they are out. */
export function flushLog(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    logger.flush(() => resolve());
  });
}
