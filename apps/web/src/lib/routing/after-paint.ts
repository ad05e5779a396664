/** How long a page that draws no frames (a hidden tab) waits instead of the next paint. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Calls `callback` once the browser has painted the frame being prepared, in a task of its own:
 * for work that must not delay that paint (fetching the next part of a screen, warming up a
 * formatter). A page that draws no frames (a hidden tab) runs it after a short wait instead.
 * Returns a function that cancels the call.
 * @example useEffect(() => afterNextPaint(() => void loadSections()), []);
 */
export function afterNextPaint(callback: () => void): () => void {
  let pending = true;
  const cancel = () => {
    pending = false;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(fallback);
  };
  const run = () => {
    if (!pending) return;
    cancel();
    callback();
  };
  // A frame callback runs just before the paint; a task queued from it runs after the paint.
  const frame = window.requestAnimationFrame(() => window.setTimeout(run));
  const fallback = window.setTimeout(run, HIDDEN_PAGE_WAIT_MS);
  return cancel;
}
