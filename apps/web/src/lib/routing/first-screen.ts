/**
 * When the first screen of the visit has been shown, for work that is not part of it (the
 * identity client on a signed-in visit): started earlier, it would share the phone's bandwidth
 * and main thread with the screen itself.
 */
let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** A screen has been committed (called by every titled route, see `usePageTitle`). */
export function markScreenShown(): void {
  markShown();
}

const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves once a screen has been shown and the browser is next idle, or after `maxWaitMs`
 * whatever happens (a screen that never shows must not hold the work back for ever).
 * @example await afterFirstScreen(); const client = await getClient();
 */
export function afterFirstScreen(maxWaitMs = 8000): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else window.setTimeout(resolve, 200);
    });
  return Promise.race([
    shown.then(idle),
    new Promise<void>((resolve) => window.setTimeout(resolve, maxWaitMs)),
  ]);
}

/** `promise` settled (a failure counts), or `ms` passed, whichever comes first. */
export function atMost(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([
    promise.catch(() => undefined),
    new Promise((resolve) => window.setTimeout(resolve, ms)),
  ]);
}
