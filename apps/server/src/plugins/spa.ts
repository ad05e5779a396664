import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CSP_NONCE_PLACEHOLDER, styleNonce } from './security-headers.ts';

/**
 * Serves the built web app: hashed assets with a long cache life (precompressed at build), and
 * index.html (compressed per response by the compression plugin) for every other
 * GET that is not an API or identity call, so that client-side routes load on refresh. Each page
 * carries this response's style nonce; source maps are served only when WEB_SOURCEMAPS is on.
 */
export const spaPlugin = fp<{ root: string; sourceMaps: boolean }>(
  async (app: FastifyInstance, { root, sourceMaps }) => {
    const indexFile = join(root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ root }, 'web app not built: run `npm run build` to serve the user interface');
      return;
    }
    const indexHtml = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build stores .br and .gz copies of large assets; the browser gets the one it accepts.
      preCompressed: true,
      allowedPath: (path) => sourceMaps || !/\.map(\.(br|gz))?$/.test(path),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
    app.get('/*', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (path.startsWith('/api/') || path === '/api' || path.startsWith('/identity/')) {
        return reply.callNotFound();
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonce(reply.raw)));
    });
  },
);
