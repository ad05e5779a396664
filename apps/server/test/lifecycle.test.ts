import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const DEMO_ADMIN = { email: 'orgadmin@northwind.demo', password: 'Laurel-demo-2026!' };

interface Server {
  child: ChildProcess;
  port: Promise<number>;
  output: () => string;
  exit: Promise<number | null>;
}

const started: Server[] = [];
const directories: string[] = [];

/** The real server process (`node apps/server/src/main.ts`), on a free port and a new SQLite file. */
function startServer(env: Record<string, string> = {}): Server {
  const directory = mkdtempSync(join(tmpdir(), 'laurel-lifecycle-'));
  directories.push(directory);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(directory, 'laurel.db')}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /"port":(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`the server exited before listening:\n${output}`)));
  });
  // A server meant to fail before listening is awaited through `exit` instead.
  port.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => output, exit };
  started.push(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exit;
  }
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

/** `/readyz` as a load balancer's health check sees it; a refused connection is "not ready". */
async function readiness(port: number): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error) };
  }
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'laurel-web',
      AuthParameters: { USERNAME: DEMO_ADMIN.email, PASSWORD: DEMO_ADMIN.password },
    }),
  });
  return ((await response.json()) as { AuthenticationResult: { IdToken: string } })
    .AuthenticationResult.IdToken;
}

/**
 * Sends a CSV upload slowly (`seconds` long), as a user on a slow connection does, and resolves
 * with the status the server answers once the whole body arrived.
 */
function slowUpload(port: number, token: string, organizationId: number, seconds: number) {
  const boundary = 'laurel-lifecycle-boundary';
  const rows = Array.from(
    { length: 2000 },
    (_, i) => `NW-WELD-CERT,ext-${i},Ada,Lovelace,ada${i}@example.org,1990-01-01,2024-06-01`,
  );
  const file = `${UPLOAD_COLUMNS.join(',')}\n${rows.join('\n')}\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="awards.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const body = Buffer.from(`${head}${file}\r\n--${boundary}--\r\n`);
  const chunks = 20;
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/organizations/${organizationId}/uploads`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    void (async () => {
      const size = Math.ceil(body.length / chunks);
      for (let i = 0; i < chunks; i += 1) {
        outgoing.write(body.subarray(i * size, (i + 1) * size));
        await sleep((seconds * 1000) / chunks);
      }
      outgoing.end();
    })();
  });
}

describe('the server process', () => {
  it('answers at once, says it is starting until the demo world is ready, then is ready', async () => {
    const server = startServer();
    const port = await server.port;
    const seen: Array<{ status: number; body: unknown }> = [];
    for (let i = 0; i < 600; i += 1) {
      const answer = await readiness(port);
      seen.push(answer);
      if (answer.status === 200) break;
      await sleep(100);
    }
    expect(seen[0]).toEqual({ status: 503, body: { status: 'starting' } });
    expect(seen.at(-1)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    // Between, it said it was starting; at most the handover of the port met a refused connection.
    const between = seen.slice(1, -1);
    expect(between.filter((answer) => answer.status === 0).length).toBeLessThanOrEqual(1);
    for (const answer of between.filter((a) => a.status !== 0))
      expect(answer).toMatchObject({ status: 503, body: { status: 'starting' } });
    // Alive all along: /healthz answered while it was starting too.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 120_000);

  it('on SIGTERM turns unready, finishes an upload in flight, and exits 0', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    const profile = (await (
      await fetch(`http://127.0.0.1:${port}/api/users/profile`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { organizationId: number };

    const upload = slowUpload(port, token, profile.organizationId, 3);
    await sleep(500);
    server.child.kill('SIGTERM');
    await sleep(200);
    expect(await readiness(port)).toEqual({
      status: 503,
      body: { status: 'stopping', database: 'ok' },
    });
    expect(await upload).toBe(201);
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it('runs background jobs on their own thread: an upload is processed while requests are answered, then SIGTERM stops the thread and the process exits 0', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_SECONDS: '0' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    const headers = { authorization: `Bearer ${token}` };
    const profile = (await (
      await fetch(`http://127.0.0.1:${port}/api/users/profile`, { headers })
    ).json()) as { organizationId: number };

    expect(await slowUpload(port, token, profile.organizationId, 0)).toBe(201);
    let status = '';
    for (let i = 0; i < 600 && status !== 'COMPLETED'; i += 1) {
      const page = (await (
        await fetch(`http://127.0.0.1:${port}/api/uploads?pageSize=1`, { headers })
      ).json()) as { items: Array<{ status: string }> };
      status = page.items[0]?.status ?? '';
      // The server keeps answering while the job runs.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      if (status !== 'COMPLETED') await sleep(100);
    }
    expect(status).toBe('COMPLETED');
    // The job's log lines come from the jobs thread (written a moment after the job's last commit).
    const fromThread = /"thread":"jobs"[^\n]*"jobType":"process-upload"/;
    for (let i = 0; i < 100 && !fromThread.test(server.output()); i += 1) await sleep(100);
    expect(server.output()).toMatch(fromThread);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(server.output()).not.toContain('the job thread stopped unexpectedly');
  }, 120_000);

  it('stops at once on a second signal', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_SECONDS: '30' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    server.child.kill('SIGTERM');
    await sleep(300);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
  }, 120_000);

  it('names PORT when the port is taken', async () => {
    const first = startServer();
    const port = await first.port;
    const second = startServer({ PORT: String(port) });
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`PORT: ${port} is already in use`);
  }, 120_000);
});
