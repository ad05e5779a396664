import type { OutboundFetch } from '../../lib/outbound.ts';

/**
 * The wait before each attempt after the first, per the Standard Webhooks specification: 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A delivery has eight attempts over about 28 hours.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_MS.length + 1;
/** Each wait is lengthened or shortened by up to this share, so that retries do not bunch up. */
export const WEBHOOK_JITTER = 0.2;
/** A receiver's `Retry-After` is followed up to this long. */
const RETRY_AFTER_CAP_MS = 10 * 3_600_000;
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** What is kept of a receiver's answer. */
export const RESPONSE_BYTES_KEPT = 500;
/** An endpoint whose deliveries have failed this long, without a success between, is disabled. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3_600_000;
/** Deliveries in flight to one endpoint at once, across every instance. */
export const WEBHOOK_CONCURRENCY_PER_ENDPOINT = 3;

/**
 * The wait after failed attempt number `attempt` (1-based), with jitter, or at least the receiver's
 * `Retry-After`; null when that was the last attempt.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  const scheduled = WEBHOOK_RETRY_SCHEDULE_MS[attempt - 1];
  if (scheduled === undefined) return null;
  const jittered = Math.round(scheduled * (1 - WEBHOOK_JITTER + 2 * WEBHOOK_JITTER * random()));
  return retryAfterMs === null
    ? jittered
    : Math.max(jittered, Math.min(retryAfterMs, RETRY_AFTER_CAP_MS));
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string;
  retryAfterMs: number | null;
}

/** The first bytes of an answer, read no further (a receiver may answer with a large page). */
async function firstBytes(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** What went wrong, as the delivery log says it: the deepest cause's message. */
function describe(error: unknown): string {
  let current = error as { message?: string; cause?: unknown; name?: string } | undefined;
  const messages: string[] = [];
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.name === 'TimeoutError')
      return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`;
    if (current.message) messages.push(current.message);
    current = current.cause as typeof current;
  }
  return messages.at(-1) ?? 'The request failed';
}

/**
 * One attempt: POSTs the body with its headers, follows no redirect, gives up after 15 seconds,
 * and keeps the answer's first 500 bytes.
 */
export async function attemptDelivery(
  fetchFn: OutboundFetch,
  url: string,
  body: string,
  headers: Record<string, string>,
  now: () => number,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Laurel-Webhooks/1',
        ...headers,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const responseBody = await firstBytes(response, RESPONSE_BYTES_KEPT).catch(() => '');
    const redirected = response.status >= 300 && response.status < 400;
    return {
      statusCode: response.status,
      error: redirected
        ? `Redirects are not followed (to ${response.headers.get('location') ?? 'nowhere'})`
        : null,
      durationMs: elapsed(),
      responseBody,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
    };
  } catch (error) {
    return {
      statusCode: null,
      error: describe(error),
      durationMs: elapsed(),
      responseBody: '',
      retryAfterMs: null,
    };
  }
}
