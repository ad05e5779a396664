import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serverRuntimeEnv } from '../../scripts/server-runtime.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's DATABASE_URL, for tests that seed data into the same database. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`apps/server/src/main.ts`) on a free port with a fresh SQLite database
 * in demo mode, and waits until it is ready. `hostname` is the name the browser uses for it
 * (`localhost` where passkeys are tested: a passkey belongs to a domain, never to an IP address).
 */
export async function startServer(
  env: Record<string, string> = {},
  { hostname = '127.0.0.1' }: { hostname?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-e2e-'));
  const url = `http://${hostname}:${port}`;
  const databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      // Specs start their own company provider on a loopback port.
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      // No load balancer to drain: stop as soon as asked.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...serverRuntimeEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`The server did not become ready within 60 s:\n${output}`);
  }
  return {
    url,
    dataDir,
    databaseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
