// Rolling restart under load: two instances of `npm start` on one PostgreSQL database behind
// HAProxy (round robin, health check on /readyz), 30 s of autocannon load through the proxy, and
// each instance restarted in turn with SIGTERM, as a deployment does. Target: 0 failed requests.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- rolling
//
// HAProxy comes from Debian's `haproxy` package; run as root, the check installs it.
import autocannon from 'autocannon';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

import { freePort } from '../e2e/support/server.ts';
import { type BenchRow, ROOT, skippedRow } from './lib.ts';

const DURATION_S = Number(process.env.BENCH_ROLLING_SECONDS ?? 30);
const DEMO_ADMIN = { email: 'orgadmin@northwind.demo', password: 'Laurel-demo-2026!' };

interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** HAProxy's path, installing Debian's package when run as root; or why it is not there. */
function ensureHaproxy(): { path: string } | { path: null; why: string } {
  const find = () => spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  const found = find();
  if (found.status === 0) return { path: found.stdout.trim() };
  if (process.getuid?.() !== 0)
    return { path: null, why: 'haproxy is not installed: apt-get install haproxy, as root' };
  console.error('installing haproxy (Debian package)…');
  // A fresh image has no package lists yet: read them first.
  const update = spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const again = find();
  if (again.status === 0) return { path: again.stdout.trim() };
  const said = `${install.stderr || update.stderr || ''}`.trim().split('\n').at(-1);
  return { path: null, why: `apt-get install haproxy failed${said ? `: ${said}` : ''}` };
}

async function waitReady(
  port: number,
  timeoutMs: number,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the instance on port ${port} exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the instance on port ${port} did not become ready:\n${output()}`);
}

/** `npm start`, as an operator runs it, on its own port and the shared database. */
async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await waitReady(port, 300_000, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { name, port, process: child, exited };
}

/** SIGTERM to `npm start` (what a container runtime sends), then the same command again. */
async function restart(instance: Instance, env: Record<string, string>): Promise<Instance> {
  const started = Date.now();
  instance.process.kill('SIGTERM');
  const code = await instance.exited;
  const stoppedMs = Date.now() - started;
  const next = await startInstance(instance.name, instance.port, env);
  console.error(
    `  ${instance.name}: stopped (exit ${code}) in ${stoppedMs} ms, ready again after ${Date.now() - started} ms`,
  );
  return next;
}

function haproxyConfig(listen: number, servers: number[]): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  retry-on conn-failure empty-response
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
frontend laurel
  bind 127.0.0.1:${listen}
  default_backend instances
backend instances
  balance roundrobin
${servers.map((port, i) => `  server laurel${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/identity/`, {
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
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

export async function benchRollingRestart(): Promise<BenchRow[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const name = 'rolling restart of 2 instances under load: failed requests';
  if (!adminUrl) return [skippedRow(name, 'set BENCH_DATABASE_URL to a PostgreSQL server')];
  const haproxy = ensureHaproxy();
  if (haproxy.path === null) return [skippedRow(name, haproxy.why)];

  const database = `laurel_rolling_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${lbPort}`;
  const env = {
    DATABASE_URL: url.toString(),
    DEMO_MODE: 'true',
    PUBLIC_URL: baseUrl,
    // One signed-in user makes all the load: far beyond a person's limit, still counted.
    API_RATE_LIMIT_PER_USER: '1000000000',
    API_RATE_LIMIT_PER_ADDRESS: '1000000000',
  };
  const directory = mkdtempSync(join(tmpdir(), 'laurel-rolling-'));
  const instances: Instance[] = [];
  let proxy: ChildProcess | undefined;
  try {
    // Both start together on the empty database: one seeds the demo world, the other waits.
    instances.push(
      ...(await Promise.all([startInstance('A', portA!, env), startInstance('B', portB!, env)])),
    );
    const config = join(directory, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(lbPort!, [portA!, portB!]));
    proxy = spawn(haproxy.path, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await sleep(1500);
    const token = await signIn(baseUrl);
    const paths = ['/api/credentials?page=1&pageSize=10', '/api/organizations?page=1&pageSize=10'];
    for (const path of paths) {
      const probe = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) throw new Error(`${path} answers ${probe.status}: ${await probe.text()}`);
    }

    console.error(
      `  load for ${DURATION_S} s through HAProxy; restarting A then B (load average ${loadavg()[0]!.toFixed(2)})`,
    );
    const load = autocannon({
      url: baseUrl,
      connections: 8,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${token}` },
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
    const restarts = (async () => {
      await sleep(Math.min(5_000, (DURATION_S * 1000) / 6));
      instances[0] = await restart(instances[0]!, env);
      await sleep(3_000);
      instances[1] = await restart(instances[1]!, env);
    })();
    const [result] = await Promise.all([load, restarts]);
    const failed = result.errors + result.timeouts + result.non2xx;
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(' ');
    return [
      {
        name,
        value: failed,
        unit: `of ${result.requests.sent}`,
        target: '0',
        pass: failed === 0,
        note: `${statuses}; ${result.errors} connection errors, ${result.timeouts} timeouts`,
      },
    ];
  } finally {
    proxy?.kill('SIGTERM');
    for (const instance of instances) {
      instance.process.kill('SIGINT');
      await Promise.race([instance.exited, sleep(30_000)]);
    }
    rmSync(directory, { recursive: true, force: true });
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
