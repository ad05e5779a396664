import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServer } from './server.ts';

/** The build to serve: apps/web/dist unless E2E_WEB_DIST names another. */
const WEB_DIST =
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/**
 * One server for the whole run. Its address reaches the tests through E2E_BASE_URL, and its
 * database through E2E_DATABASE_URL (support/seed.ts opens it to create test users).
 *
 * The server serves a copy of the built web app: a rebuild of apps/web/dist during the run
 * (another terminal, `npm start`) would otherwise replace the chunks the open pages still load.
 */
export default async function globalSetup() {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error('The web app is not built: run `npx vite build` in apps/web first.');
  const webCopy = mkdtempSync(join(tmpdir(), 'laurel-e2e-web-'));
  cpSync(WEB_DIST, webCopy, { recursive: true });
  const server = await startServer({ WEB_DIST: webCopy });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  // A spec that needs a server of its own serves the same copy of the web app.
  process.env.E2E_WEB_DIST_COPY = webCopy;
  return async () => {
    await server.stop();
    rmSync(webCopy, { recursive: true, force: true });
  };
}
