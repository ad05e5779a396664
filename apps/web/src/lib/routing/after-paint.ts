import { startTransition, useEffect, useState } from 'react';

/** How long a page that draws no frames (a hidden tab) waits instead of the next paint. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Whether the page's first contentful paint is on screen, as the browser reports it (a browser that
 * does not report paints is taken to have shown it).
 */
function firstPaintShown(): boolean {
  return (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    performance.getEntriesByName('first-contentful-paint', 'paint').length > 0
  );
}

/**
 * Calls `callback` once the browser has painted the frame being prepared, in a task of its own:
 * for work that must not delay that paint (fetching the next part of a screen, warming up a
 * formatter). The page's first paint reaches the screen a little after its frame is painted (the
 * compositor's turn, 10 ms and more): until the browser reports it shown, the callback waits for
 * that report, so that what it fetches comes after the first screen, not with it. A page that draws
 * no frames (a hidden tab) runs it after a short wait instead. Returns a function that cancels the
 * call.
 * @example useEffect(() => afterNextPaint(() => void loadSections()), []);
 */
export function afterNextPaint(callback: () => void): () => void {
  let pending = true;
  let shown: PerformanceObserver | undefined;
  const cancel = () => {
    pending = false;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(fallback);
    shown?.disconnect();
  };
  const run = () => {
    if (!pending) return;
    cancel();
    callback();
  };
  const afterFrame = () => {
    if (!pending) return;
    if (firstPaintShown()) return run();
    // Reported in a task of its own once the paint is on screen.
    shown = new PerformanceObserver(() => {
      if (firstPaintShown()) run();
    });
    shown.observe({ type: 'paint' });
  };
  // A frame callback runs just before the paint; a task queued from it runs after the paint.
  const frame = window.requestAnimationFrame(() => window.setTimeout(afterFrame));
  const fallback = window.setTimeout(run, HIDDEN_PAGE_WAIT_MS);
  return cancel;
}

/**
 * Resolves in a task of its own (a timer's): work chained to it runs after the current task and
 * its microtasks, so that pieces of work each short enough do not add up to one long task on a
 * phone's main thread.
 * @example for (const load of loads) void nextTask().then(load);
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    window.setTimeout(resolve, 0);
  });

/**
 * How many of a screen's `total` parts to draw: the first at once, then one more after each paint,
 * each in a transition of its own, once `ready` (the parts have their data). A screen drawn in one
 * commit holds the main thread for as long as all of its parts take; drawn in turn, a tap between
 * two parts is answered between them. Never counts down: parts drawn stay drawn.
 * @example const parts = usePartsInTurn(3, data !== undefined); … {parts >= 2 ? <Chart /> : null}
 */
export function usePartsInTurn(total: number, ready = true): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (!ready || shown >= total) return;
    return afterNextPaint(() => startTransition(() => setShown((count) => count + 1)));
  }, [ready, shown, total]);
  return shown;
}
