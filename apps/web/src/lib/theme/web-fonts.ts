import { afterNextPaint } from '../routing/after-paint';

/**
 * A signed-in visit's page comes with `data-fonts="later"` on its root (the server's `spa.ts`):
 * its text is then set in the fallback sized like Lato (tokens.css), and Lato is fetched only once
 * the first screen has been painted, not beside the screen's code on a phone's connection. Lines
 * keep their height and length when it arrives (lato-fallback.css). Returns a function that
 * cancels a switch not yet made.
 * @example useEffect(() => webFontsAfterFirstPaint(), []);
 */
export function webFontsAfterFirstPaint(): () => void {
  const root = document.documentElement;
  if (!root.hasAttribute('data-fonts')) return () => undefined;
  return afterNextPaint(() => root.removeAttribute('data-fonts'));
}
