import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where a server process is in its life; `/readyz` answers 200 only when `ready`. */
export type LifecycleState = 'starting' | 'ready' | 'stopping';

export interface Lifecycle {
  readonly state: LifecycleState;
  ready(): void;
  stopping(): void;
}

export function createLifecycle(initial: LifecycleState = 'starting'): Lifecycle {
  let state = initial;
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    stopping() {
      state = 'stopping';
    },
  };
}

/** Seconds a client is asked to wait while the server starts. */
const STARTING_RETRY_AFTER = '5';

/**
 * Answers on the server's port while it migrates the database and prepares the demo world, so
 * that a load balancer or an operator sees a process that is alive but not ready yet:
 * `/healthz` 200, `/readyz` 503 `{"status":"starting"}`, anything else 503 with `Retry-After`.
 */
export function startingResponder(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '/').split('?')[0];
  const send = (status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...(status === 503 ? { 'retry-after': STARTING_RETRY_AFTER } : {}),
    });
    response.end(JSON.stringify(body));
  };
  if (path === '/healthz') return send(200, { status: 'ok' });
  if (path === '/readyz') return send(503, { status: 'starting' });
  send(503, { message: 'Laurel is starting. Try again in a few seconds.' });
}
