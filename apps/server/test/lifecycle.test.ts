import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { FIRST_ADMIN_COMMAND } from '../src/admin-commands.ts';
import { createDatabase } from '../src/db/database.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEMO_ADMIN = { email: 'orgadmin@northwind.demo', password: 'Laurel-demo-2026!' };

interface Server {
  child: ChildProcess;
  port: Promise<number>;
  /** The server's own process id (under `npm start`, not the child's). */
  pid: Promise<number>;
  output: () => string;
  exit: Promise<number | null>;
}

const started: Server[] = [];
const directories: string[] = [];
const databases: TestDatabase[] = [];

function watch(child: ChildProcess): Server {
  let output = '';
  const found = (pattern: RegExp) =>
    new Promise<number>((resolve, reject) => {
      const onData = () => {
        const match = pattern.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', () => reject(new Error(`the server exited before listening:\n${output}`)));
    });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = found(/"port":(\d+)/);
  const pid = found(/"pid":(\d+)/);
  // A server meant to fail before listening is awaited through `exit` instead.
  port.catch(() => undefined);
  pid.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, pid, output: () => output, exit };
  started.push(server);
  return server;
}

/** Until the server logs that it is shutting down (its first signal handled). */
async function shuttingDown(server: Server): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!server.output().includes('"msg":"shutting down"')) {
    if (Date.now() > deadline) throw new Error(`no "shutting down" logged:\n${server.output()}`);
    await sleep(50);
  }
}

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
  return watch(child);
}

/**
 * `npm start` as an operator or a process manager runs it, in a process group of its own (so
 * that the whole group can be signalled); the web app is not built (WEB_DIST names an empty
 * folder), and the database is a new SQLite file.
 */
function startWithNpm(env: Record<string, string> = {}): Server {
  const directory = mkdtempSync(join(tmpdir(), 'laurel-npm-start-'));
  directories.push(directory);
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(directory, 'laurel.db')}`,
      WEB_DIST: directory,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return watch(child);
}

/** A new, empty database: a SQLite file in a folder of its own, or a PostgreSQL database. */
async function emptyDatabase(dialect: 'sqlite' | 'postgres'): Promise<string> {
  if (dialect === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'laurel-lifecycle-'));
    directories.push(directory);
    return `sqlite:${join(directory, 'laurel.db')}`;
  }
  const database = await createTestDatabase('postgres');
  databases.push(database);
  return database.url;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  for (const server of started.splice(0)) {
    const pid = await Promise.race([server.pid, sleep(0).then(() => undefined)]).catch(
      () => undefined,
    );
    if (server.child.exitCode === null) {
      try {
        // `npm start` runs in a group of its own: end all of it.
        process.kill(
          server.child.spawnargs[0] === 'npm' ? -server.child.pid! : server.child.pid!,
          'SIGKILL',
        );
      } catch {
        // gone meanwhile
      }
      await server.exit;
    }
    if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  for (const database of databases.splice(0)) await database.drop();
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Tries to listen on `port` as another process would: `listening` (then closes), or the error's code. */
async function listenOn(port: number): Promise<string> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve('listening')));
  });
}

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

async function organizationOf(port: number, token: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/users/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { organizationId: number }).organizationId;
}

/**
 * Sends a CSV upload slowly (`seconds` long), as a user on a slow connection does, and resolves
 * with the status the server answers once the whole body arrived.
 */
function slowUpload(
  port: number,
  token: string,
  organizationId: number,
  seconds: number,
  rowCount = 2000,
) {
  const boundary = 'laurel-lifecycle-boundary';
  const rows = Array.from(
    { length: rowCount },
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

/** Asks `/readyz` every 100 ms until it answers 200 (or a minute passed); returns every answer. */
async function readinessUntilReady(port: number) {
  const seen: Array<{ status: number; body: unknown }> = [];
  for (let i = 0; i < 600; i += 1) {
    const answer = await readiness(port);
    seen.push(answer);
    if (answer.status === 200) break;
    await sleep(100);
  }
  return seen;
}

describe.each(DIALECTS)('the server process on %s', (dialect) => {
  it('answers at once, says it is starting until the demo world is ready, then is ready', async () => {
    const server = startServer({ DATABASE_URL: await emptyDatabase(dialect) });
    const port = await server.port;
    const seen = await readinessUntilReady(port);
    expect(seen[0]).toEqual({ status: 503, body: { status: 'starting' } });
    expect(seen.at(-1)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    // Between, it said it was starting: no connection was refused (the port is never handed over).
    for (const answer of seen.slice(1, -1))
      expect(answer).toMatchObject({ status: 503, body: { status: 'starting' } });
    // Alive all along: /healthz answered while it was starting too.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 120_000);

  it('a production start on an empty database says how to create the first platform admin', async () => {
    const server = startServer({
      DATABASE_URL: await emptyDatabase(dialect),
      DEMO_MODE: 'false',
      SECRET_KEY: 'lifecycle-test-secret-key-0123456789abcdef',
    });
    const port = await server.port;
    expect((await readinessUntilReady(port)).at(-1)?.status).toBe(200);
    for (let i = 0; i < 100 && !server.output().includes('no platform admin'); i += 1)
      await sleep(100);
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('no platform admin can sign in yet'));
    expect(line, server.output()).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, command: FIRST_ADMIN_COMMAND });
    expect(FIRST_ADMIN_COMMAND).toContain('npm run admin -- create-platform-admin --email');
    // Nothing of the demo world.
    expect(server.output()).not.toContain('demoAccounts');
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('instances starting together on PostgreSQL', () => {
  it('two servers started at once on one empty database both become ready', async () => {
    const url = await emptyDatabase('postgres');
    const servers = [startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })];
    const ports = await Promise.all(servers.map((server) => server.port));
    const answers = await Promise.all(ports.map((port) => readinessUntilReady(port)));
    for (const [i, seen] of answers.entries())
      expect(seen.at(-1), servers[i]!.output()).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok' },
      });
    for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
    // One of them created the demo world; the other found it. Each says so in its start line,
    // written a moment after it first answers ready (the port is held from the first answer on).
    for (
      let i = 0;
      i < 100 && !servers.every((s) => s.output().includes('Laurel is running'));
      i += 1
    )
      await sleep(100);
    const logs = servers.map((server) => server.output()).join('\n');
    expect(logs.match(/"demoWorldCreated":true/g)).toHaveLength(1);
    expect(logs.match(/"demoWorldCreated":false/g)).toHaveLength(1);
  }, 180_000);
});

describe('the server process', () => {
  it('on SIGTERM turns unready, serves through the drain, then refuses new connections while an upload in flight finishes, and exits 0', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    const organizationId = await organizationOf(port, token);

    const upload = slowUpload(port, token, organizationId, 4);
    await sleep(500);
    server.child.kill('SIGTERM');
    await sleep(200);
    // Draining: unready for the load balancer, still answering.
    expect(await readiness(port)).toEqual({
      status: 503,
      body: { status: 'stopping', database: 'ok' },
    });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // After the drain: no new connection, while the upload still arrives.
    await sleep(1_800);
    expect((await readiness(port)).status).toBe(0);
    expect(server.child.exitCode).toBeNull();
    expect(await upload).toBe(201);
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it('on SIGTERM puts the running job back in the queue without using an attempt', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'laurel-lifecycle-'));
    directories.push(directory);
    const url = `sqlite:${join(directory, 'laurel.db')}`;
    const server = startServer({ DATABASE_URL: url, SHUTDOWN_DRAIN_SECONDS: '0' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    expect(await slowUpload(port, token, await organizationOf(port, token), 0, 40_000)).toBe(201);

    const database = createDatabase(url);
    try {
      const uploadJob = () =>
        database.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'lockedBy'])
          .where('type', '=', 'process-upload')
          .executeTakeFirst();
      for (let i = 0; i < 300 && (await uploadJob())?.status !== 'RUNNING'; i += 1) await sleep(50);
      expect((await uploadJob())?.status).toBe('RUNNING');
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      expect(await uploadJob()).toEqual({ status: 'QUEUED', attempts: 0, lockedBy: null });
      expect(server.output()).toContain('job interrupted; it goes back to the queue');
    } finally {
      await database.destroy();
    }
  }, 120_000);

  it('runs background jobs on their own thread: an upload is processed while requests are answered, then SIGTERM stops the thread and the process exits 0', async () => {
    const server = startServer({ SHUTDOWN_DRAIN_SECONDS: '0' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    const headers = { authorization: `Bearer ${token}` };

    expect(await slowUpload(port, token, await organizationOf(port, token), 0)).toBe(201);
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
    // The second goes once the first is handled (the server says it is shutting down): sent
    // sooner, it may come while the server is still taking the first.
    await shuttingDown(server);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
  }, 120_000);

  it('holds its port from its first answer until it is ready: no other process can take it meanwhile', async () => {
    const server = startServer();
    const port = await server.port;
    let attempts = 0;
    while ((await readiness(port)).status !== 200) {
      for (let i = 0; i < 20; i += 1, attempts += 1)
        expect(await listenOn(port)).toBe('EADDRINUSE');
    }
    expect(attempts).toBeGreaterThan(0);
  }, 120_000);

  it('names PORT when the port is taken', async () => {
    const first = startServer();
    const port = await first.port;
    const second = startServer({ PORT: String(port) });
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`PORT: ${port} is already in use`);
  }, 120_000);

  it('names DATABASE_URL, its address and the cause when PostgreSQL cannot be reached, without the password', async () => {
    const port = await closedPort();
    const server = startServer({
      DATABASE_URL: `postgres://laurel:hunter2-secret@127.0.0.1:${port}/laurel`,
    });
    expect(await server.exit).toBe(1);
    const fatal = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":60'));
    expect(fatal, server.output()).toHaveLength(1);
    expect(JSON.parse(fatal[0]!)).toMatchObject({
      msg: `DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`,
      variable: 'DATABASE_URL',
      cause: 'ECONNREFUSED',
    });
    expect(server.output()).not.toContain('hunter2');
    expect(server.output()).not.toContain('shutting down after an error');
  }, 120_000);

  it('names REDIS_URL, its address and the cause when Redis cannot be reached', async () => {
    const port = await closedPort();
    const server = startServer({ REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}/0` });
    expect(await server.exit).toBe(1);
    const fatal = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":60'));
    expect(fatal, server.output()).toHaveLength(1);
    expect(JSON.parse(fatal[0]!)).toMatchObject({
      msg: `REDIS_URL: cannot reach Redis at 127.0.0.1:${port} (ECONNREFUSED)`,
      variable: 'REDIS_URL',
    });
    expect(server.output()).not.toContain('hunter2');
  }, 120_000);
});

describe('npm start', () => {
  it('a SIGTERM to its whole process group lets an upload in flight finish, and it exits 0', async () => {
    const server = startWithNpm({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const token = await signIn(port);
    const upload = slowUpload(port, token, await organizationOf(port, token), 3);
    await sleep(500);
    // The kernel signals npm and the start script; npm passes it on too: one stop, not two.
    process.kill(-server.child.pid!, 'SIGTERM');
    expect(await upload).toBe(201);
    expect(await server.exit).toBe(0);
    expect(server.output().match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 180_000);

  it('a second SIGTERM to its process group stops it at once', async () => {
    const server = startWithNpm({ SHUTDOWN_DRAIN_SECONDS: '30' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    process.kill(-server.child.pid!, 'SIGTERM');
    await shuttingDown(server);
    const second = Date.now();
    process.kill(-server.child.pid!, 'SIGTERM');
    expect(await server.exit).not.toBe(0);
    expect(Date.now() - second).toBeLessThan(5_000);
    expect(isRunning(await server.pid)).toBe(false);
  }, 180_000);

  it('when the start script is killed (SIGKILL), the server stops by itself within seconds', async () => {
    const server = startWithNpm({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const port = await server.port;
    while ((await readiness(port)).status !== 200) await sleep(100);
    const serverPid = await server.pid;
    // The server's parent is the start script (npm runs it in place of its shell).
    const startScript = Number(
      readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1],
    );
    expect(startScript).not.toBe(server.child.pid);
    process.kill(startScript, 'SIGKILL');
    const killed = Date.now();
    while (isRunning(serverPid) && Date.now() - killed < 15_000) await sleep(100);
    expect(isRunning(serverPid)).toBe(false);
    expect(Date.now() - killed).toBeLessThan(8_000);
    expect((await readiness(port)).status).toBe(0);
  }, 180_000);
});
