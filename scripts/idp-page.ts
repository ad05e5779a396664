// The sign-in page of the local identity providers (`npm run dev:idp`, `npm run dev:saml-idp`):
// HTML escaping, a posted form, and the page itself in the provider's own colours.
import type { IncomingMessage } from 'node:http';

export const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A posted form, read up to 16 KB. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 16_384) break;
  }
  return new URLSearchParams(body);
}

/** A page of the provider: `colors` are its backdrop and its button. */
export function page(
  company: string,
  body: string,
  colors: { backdrop: string; button: string },
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(company)} sign-in</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: ${colors.backdrop}; }
  main { background: Canvas; color: CanvasText; border-radius: 12px; padding: 32px; width: min(360px, calc(100vw - 48px)); }
  h1 { font-size: 20px; margin: 0 0 4px; } p { margin: 0 0 16px; opacity: .8; font-size: 14px; }
  label { display: block; font-size: 13px; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 15px; border-radius: 6px; border: 1px solid #9ca3af; }
  button { margin-top: 20px; width: 100%; padding: 12px; font-size: 15px; border: 0; border-radius: 6px; background: ${colors.button}; color: #fff; cursor: pointer; }
  .error { color: #dc2626; opacity: 1; } ul { padding-left: 18px; font-size: 13px; opacity: .8; }
</style></head><body><main>${body}</main></body></html>`;
}
