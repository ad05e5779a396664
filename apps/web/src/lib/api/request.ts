import { textOf } from '../i18n/catalogue';

import { getIdToken } from '../auth-token/id-token';
import { currentLanguage } from '../i18n/language';
import type { EarlyRequests } from './early-requests';

/**
 * Where the early requests' module (early-requests.ts) leaves them, on a page that loaded it: its
 * `EARLY_REQUESTS`, written again because importing a value from that module would bring it into
 * the app and send its requests (early-requests.test.ts runs both against each other).
 */
const EARLY_REQUESTS = 'laurelEarlyRequests';

/**
 * The requests a page with a stored session sent as it started, if this page did. When the app
 * asks first (its code came from the cache before that module had run), it says so, and that
 * module then sends nothing.
 */
function earlyRequests(): EarlyRequests | undefined {
  if (typeof window === 'undefined') return undefined;
  const slot = window as unknown as Record<string, EarlyRequests | null>;
  if (!(EARLY_REQUESTS in slot)) slot[EARLY_REQUESTS] = null;
  return slot[EARLY_REQUESTS] ?? undefined;
}

/**
 * What a failed call rejects with: the server's response body when there is one
 * (normally `{ message, fieldErrors? }`), otherwise the text 'Something went wrong' (spec §7).
 */
export type ApiError =
  { message: string; fieldErrors?: Record<string, string>; status?: number } | string;

/** Only these statuses count as success; 202 is a job queued, 204 a call with no content. */
export const SUCCESS_STATUSES = new Set([200, 201, 202, 204]);

/** A response's body: JSON when it parses, otherwise its text, or null when empty. */
export async function readResponseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error a failed call rejects with, from the response's body and status. */
export function toApiError(body: unknown, status: number | undefined): ApiError {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : textOf('messages.requestFailed');
    const fieldErrors = record.fieldErrors as Record<string, string> | undefined;
    return {
      ...record,
      message,
      ...(fieldErrors ? { fieldErrors } : {}),
      ...(status ? { status } : {}),
    };
  }
  if (typeof body === 'string' && body.trim()) return body;
  return textOf('messages.requestFailed');
}

/**
 * One call to the server without the store, for the screens shown before anyone is signed in
 * (the sign-in screens do not load Redux, see docs/decisions/031): the same headers as the store's
 * calls (`Cache-Control: no-store`, the id token when there is one), JSON in and out; rejects with
 * an `ApiError`.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  // Before any wait: from the first call on, the app's own requests are the ones that count.
  const early = init.method === undefined && init.body === undefined ? earlyRequests() : undefined;
  const headers = new Headers({
    'Cache-Control': 'no-store',
    'Accept-Language': currentLanguage(),
  });
  const idToken = await getIdToken();
  if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  // A GET the page already sent as it started (early-requests.ts) is answered by that request.
  const earlyResponse = early?.take(path, idToken ?? undefined);
  let response: Response;
  try {
    response =
      (await earlyResponse?.catch(() => undefined)) ??
      (await fetch(new URL(path, window.location.origin), {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      }));
  } catch {
    throw textOf('messages.requestFailed');
  }
  const body = await readResponseBody(response);
  if (!SUCCESS_STATUSES.has(response.status)) throw toApiError(body, response.status);
  return body as T;
}

/**
 * `load` once per visit: later calls share the first call's answer; a failed call is tried again
 * by the next caller.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
