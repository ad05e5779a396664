import { parseCookie } from 'cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

import { ROLES } from '@laurel/contract/roles';

import { styleNonce } from '../../plugins/security-headers.ts';
import { type MailRepository, SECRET_MASK } from './mail.repository.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/**
 * A client on this computer. A request that a proxy forwarded counts only when TRUST_PROXY made
 * its address from the proxy's header: a proxy on the same machine that is not trusted would
 * otherwise make every visitor look local.
 */
function isLocalClient(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  const headers = request.headers;
  const forwarded = headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip'];
  return forwarded === undefined || request.ip !== request.socket.remoteAddress;
}

const IDENTITY_COOKIE_PREFIX = 'CognitoIdentityServiceProvider.';

/** The id token aws-amplify keeps in the browser's cookies for the last signed-in user. */
function idTokenFromCookies(request: FastifyRequest, clientId: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const cookies = parseCookie(header);
  const prefix = `${IDENTITY_COOKIE_PREFIX}${clientId}.`;
  const username = cookies[`${prefix}LastAuthUser`];
  return username ? cookies[`${prefix}${username}.idToken`] : undefined;
}

const refusal = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Laurel</title></head>
<body><h1>Dev mailbox</h1><p>The dev mailbox answers only on the computer Laurel runs on (a loopback address) or to a signed-in platform admin. Sign in as a platform admin in this browser, then reload.</p></body></html>`;

/**
 * Demo mode only: a page listing the e-mails Laurel sent, newest first. Reset codes and temporary
 * passwords grant access to accounts, so only a loopback client or a platform admin (signed in in
 * this browser) may read it, and secrets show only until delivery or for 24 hours.
 */
export const mailboxRoutes: FastifyPluginAsync<{
  outbox: MailRepository;
  clientId: string;
}> = async (app, { outbox, clientId }) => {
  async function mayRead(request: FastifyRequest): Promise<boolean> {
    if (isLocalClient(request)) return true;
    const token = idTokenFromCookies(request, clientId);
    if (!token) return false;
    try {
      const principal = await app.principalForToken(token, request.log);
      return principal.roleId === ROLES.PLATFORM_ADMIN;
    } catch {
      return false;
    }
  }

  app.get(
    '/dev/mailbox',
    { schema: { hide: true }, config: { public: true } },
    async (request, reply) => {
      if (!(await mayRead(request)))
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(refusal);
      await outbox.maskExpired();
      const emails = await outbox.latest(100);
      const items = emails
        .map(
          (email) => `<article>
  <header><h2>${escape(email.subject)}</h2><p>To <strong>${escape(email.to)}</strong> · <time datetime="${email.createdAt}">${escape(new Date(email.createdAt).toUTCString())}</time></p></header>
  <pre>${escape(email.text)}</pre>
</article>`,
        )
        .join('\n');
      const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Laurel</title>
<style nonce="${styleNonce(reply.raw)}">
  :root { color-scheme: light dark; font-family: Lato, system-ui, sans-serif; font-size: 14px; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  .bar { background: #0E4D8F; color: #fff; padding: 12px 24px; }
  .bar h1 { margin: 0; font-size: 18px; }
  main { max-width: 860px; margin: 0 auto; padding: 16px 24px; }
  .note { opacity: .8; }
  article { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
  article h2 { font-size: 16px; margin: 0 0 4px; }
  article p { margin: 0 0 8px; opacity: .85; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
</style></head>
<body><div class="bar"><h1>Laurel · Dev mailbox</h1></div>
<main><p class="note">Demo mode: the e-mails Laurel sent (reset codes, invitations), newest first. Refresh to see new ones. Codes, temporary passwords and invitation links show as ${SECRET_MASK} once the message was delivered or is older than 24 hours.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
};
