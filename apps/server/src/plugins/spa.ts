import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CSP_NONCE_PLACEHOLDER, styleNonce } from './security-headers.ts';

/** The files a visit with a stored session fetches before its first render (the web app's build). */
interface SignedInFiles {
  /** The chunk that sends the session's first requests: run as a script of its own. */
  early: string;
  /** The signed-in frame's: theme, store, shell. */
  frame: { scripts: string[]; styles: string[] };
  /** The dashboard's, at `/`. */
  home: { scripts: string[]; styles: string[] };
}

/** The cookie aws-amplify keeps for the last user of an app client: someone may be signed in. */
const SESSION_COOKIE = /(?:^|;)\s*CognitoIdentityServiceProvider\.[^=;]+\.LastAuthUser=/;

/** A path is the dashboard's (`/`). */
const HOME = '/';

/** The build's list of the signed-in first screen's files, or nothing when it has none. */
function readSignedInFiles(root: string): SignedInFiles | undefined {
  const file = join(root, '.vite', 'signed-in.json');
  if (!existsSync(file)) return undefined;
  const files = JSON.parse(readFileSync(file, 'utf8')) as SignedInFiles;
  if (
    typeof files.early !== 'string' ||
    !Array.isArray(files.frame?.scripts) ||
    !Array.isArray(files.home?.scripts)
  )
    throw new Error(`${file} does not list the signed-in screen's files: build the web app again`);
  return files;
}

/**
 * index.html for a visit with a stored session: the early requests' chunk as a script that runs
 * as soon as it arrives (before the page's own, which wait for React), and `<link>`s that start
 * `files` with the page's scripts; the fonts neither preloaded nor used before the first screen
 * has been painted (`data-fonts="later"`, see the web app's web-fonts.ts; decision 041).
 */
function withPreloads(indexHtml: string, early: string, files: SignedInFiles['frame'][]): string {
  const links = files
    .flatMap(({ scripts, styles }) => [
      ...scripts.map(
        (file) =>
          `<link rel="modulepreload" crossorigin href="/${file}" nonce="${CSP_NONCE_PLACEHOLDER}">`,
      ),
      ...styles.map(
        (file) =>
          `<link rel="preload" as="style" crossorigin href="/${file}" nonce="${CSP_NONCE_PLACEHOLDER}">`,
      ),
    ])
    .join('\n    ');
  const script = `<script type="module" async crossorigin src="/${early}" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`;
  const page = indexHtml
    .replace(/\s*<link rel="preload" as="font"[^>]*>/g, '')
    .replace(/<html(?=[\s>])/, '<html data-fonts="later"');
  const first = page.search(/<script|<\/head>/);
  const at = page.indexOf('</head>');
  return `${page.slice(0, first)}${script}\n    ${page.slice(first, at)}  ${links}\n  ${page.slice(at)}`;
}

/**
 * Serves the built web app: hashed assets with a long cache life (precompressed at build), and
 * index.html (compressed per response by the compression plugin) for every other
 * GET that is not an API or identity call, so that client-side routes load on refresh. Each page
 * carries this response's style nonce; source maps are served only when WEB_SOURCEMAPS is on.
 * A page asked for with a stored session's cookie also names the signed-in frame's files (and on
 * `/` the dashboard's), so that the browser fetches them with React instead of after it.
 */
export const spaPlugin = fp<{ root: string; sourceMaps: boolean }>(
  async (app: FastifyInstance, { root, sourceMaps }) => {
    const indexFile = join(root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ root }, 'web app not built: run `npm run build` to serve the user interface');
      return;
    }
    const indexHtml = readFileSync(indexFile, 'utf8');
    const signedIn = readSignedInFiles(root);
    const pages = {
      signedOut: indexHtml,
      signedIn: signedIn ? withPreloads(indexHtml, signedIn.early, [signedIn.frame]) : indexHtml,
      signedInHome: signedIn
        ? withPreloads(indexHtml, signedIn.early, [signedIn.frame, signedIn.home])
        : indexHtml,
    };
    // The hashed assets: one route for the folder (a route per file cost 60-70 ms of each start),
    // so that a file the build does not have is a 404, never the app's page. The build stores .br
    // and .gz copies of the large ones; the browser gets the one it accepts.
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      index: false,
      preCompressed: true,
      allowedPath: (path) => sourceMaps || !/\.map(\.(br|gz))?$/.test(path),
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The build's other files (the favicon, whatever public/ holds): a route each, at the root.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ['assets/**', 'index.html'],
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=300');
      },
    });
    app.get('/*', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (path.startsWith('/api/') || path === '/api' || path.startsWith('/identity/')) {
        return reply.callNotFound();
      }
      const cookie = request.headers.cookie;
      const page =
        cookie && SESSION_COOKIE.test(cookie)
          ? path === HOME
            ? pages.signedInHome
            : pages.signedIn
          : pages.signedOut;
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonce(reply.raw)));
    });
  },
);
