import { type DestinationStream, type Logger, pino } from 'pino';

/** Log lines wait at most this long in memory before they are written. */
const FLUSH_EVERY_MS = 100;
/** …or until this many bytes have gathered, whichever comes first. */
// Each write costs the main thread about 70 µs whatever its size up to here (handing it to the
// thread pool, which shares the core): 8 KiB batches cost about 3 µs a request at 25,000 requests
// a second, 64 KiB ones under 1 µs.
const FLUSH_AT_BYTES = 64 * 1024;
/** The most one write takes (sonic-boom's minimum must stay below it). */
const WRITE_AT_MOST_BYTES = 2 * FLUSH_AT_BYTES;

/**
 * The server's logger. On a terminal, people read the output (pino-pretty); elsewhere a log
 * collector does: one JSON line per event on standard output, gathered in memory and written in
 * batches (every 100 ms or 64 KiB), not with one write per line: under load the writes cost more
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
  return pino({ level }, batchedLines(dest));
}

/**
 * Lines gathered as bytes. pino's destination (sonic-boom) gathers text by appending each line to
 * one string and measuring that string's UTF-8 length again at every line, which copies the whole
 * batch for each line; gathered as buffers, a line is encoded once and a batch is joined once when
 * it is written (about 40 % less CPU per line). The destination is still pino's own, so its exit
 * hook writes what is pending.
 */
function batchedLines(
  dest: number | string,
): DestinationStream & { flush(done: () => void): void } {
  const bytes = pino.destination({
    dest,
    sync: false,
    minLength: FLUSH_AT_BYTES,
    maxWrite: WRITE_AT_MOST_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
    contentMode: 'buffer',
  });
  // In buffer mode sonic-boom's `write` takes bytes, though its types say text.
  const writeBytes = bytes.write.bind(bytes) as unknown as (line: Buffer) => boolean;
  // sonic-boom calls a flush back once fewer bytes than its high-water mark (here the batch size)
  // wait, not once none do: the flush is asked for again while any wait. Its count of waiting
  // bytes is internal; without it (another version), one flush is all there is.
  const waiting = bytes as unknown as { _len?: unknown };
  const flushAll = (done: () => void): void =>
    bytes.flush((error?: Error) => {
      if (!error && typeof waiting._len === 'number' && waiting._len > 0) flushAll(done);
      else done();
    });
  return {
    write: (line: string) => writeBytes(Buffer.from(line)),
    flush: flushAll,
  };
}

/** Writes the lines still gathered in memory; resolves once they are out. */
export function flushLog(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    logger.flush(() => resolve());
  });
}
