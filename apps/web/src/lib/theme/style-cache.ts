import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The style engine's cache, carrying the page's CSP nonce so that the `<style>` elements it adds
 * pass the server's Content-Security-Policy (`style-src 'self' 'nonce-…'`). The server writes a
 * fresh nonce into `<meta property="csp-nonce">` on every page it serves.
 */
export function createStyleCache(doc: Document = document): EmotionCache {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
