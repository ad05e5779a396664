import type { FastifyPluginAsync } from 'fastify';

import type { MailRepository } from './mail.repository.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Demo mode only: a page listing the e-mails Laurel sent, newest first. */
export const mailboxRoutes: FastifyPluginAsync<{ outbox: MailRepository }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/dev/mailbox',
    { schema: { hide: true }, config: { public: true } },
    async (_request, reply) => {
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
<style>
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
<main><p class="note">Demo mode: the e-mails Laurel sent (reset codes, invitations), newest first. Refresh to see new ones.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
};
