import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOOKUP_ENDPOINTS } from '@laurel/contract/lookups';
import { MESSAGES } from '@laurel/contract/messages';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, serverMigrations } from '../src/db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../src/identity.ts';
import { createRemoteKeySet } from '../src/lib/remote-key-set.ts';
import { createJobQueue, enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { type BuiltUser, createOrganization, createUser } from './helpers/builders.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.ts';
import { TEST_CLIENT_ID } from './helpers/tokens.ts';

const METRICS_TOKEN = 'metrics-test-token-0123456789abcdef';

/** Pino lines written to memory, parsed. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

/** The value of one sample of the exposition, or undefined when the series is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

describe.each(DIALECTS)('observability on %s', (dialect) => {
  describe('metrics off (no METRICS_TOKEN)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const webDist = mkdtempSync(join(tmpdir(), 'laurel-web-'));
      writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Laurel</title>');
      t = await createTestApp(dialect, { webDist });
    });
    afterAll(() => t?.close());

    it('answers the API JSON 404 at /metrics, never the web app', async () => {
      for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ message: 'No route GET /metrics' });
      }
      // the web app still answers its own routes
      expect((await t.app.inject({ method: 'GET', url: '/organizations' })).body).toContain(
        '<title>Laurel</title>',
      );
    });
  });

  describe('metrics on', () => {
    let t: TestApp;
    let user: BuiltUser;
    let organizationId: number;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        // /api allows 10 calls a minute per address here; /metrics must not be counted
        env: { METRICS_TOKEN, API_RATE_LIMIT_PER_ADDRESS: '10' },
      });
      organizationId = (await createOrganization(t.database.handle.db)).id;
      user = await t.createUser(organizationId, { roleId: ROLES.ORGANIZATION_ADMIN });
    });
    afterAll(() => t?.close());

    const scrape = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
    const metrics = async () => {
      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it('refuses a missing or wrong token with 401 JSON', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token',
        `Bearer ${METRICS_TOKEN}x`,
        `Basic ${METRICS_TOKEN}`,
        METRICS_TOKEN,
      ]) {
        const response = await scrape(authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json().message).toMatch(/metrics token/);
        expect(response.body).not.toContain('laurel_');
      }
    });

    it('serves the Prometheus text format with the request histogram by route pattern', async () => {
      const token = await t.tokenFor(user);
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({
          method: 'GET',
          url: API_PATHS.organization(organizationId),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(200);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: API_PATHS.organization(987654) })).statusCode,
      ).toBe(401);

      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = response.body;
      expect(text).toContain('# TYPE laurel_http_request_duration_seconds histogram');
      const route = { method: 'GET', route: '/api/organizations/:id' };
      expect(
        sample(text, 'laurel_http_request_duration_seconds_count', {
          ...route,
          status_code: '200',
        }),
      ).toBe(3);
      expect(
        sample(text, 'laurel_http_request_duration_seconds_count', {
          ...route,
          status_code: '401',
        }),
      ).toBe(1);
      // the raw URL (an id) never becomes a label
      expect(text).not.toContain(`/api/organizations/${organizationId}"`);
      expect(text).not.toContain('987654');
      // Node's default process metrics
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(sample(text, 'laurel_build_info')).toBe(1);
    });

    it('reports queue depth and the oldest waiting job by type, then job durations', async () => {
      const db = t.database.handle.db;
      await db.deleteFrom('jobs').execute();
      await enqueueJob(db, { type: JOB_TYPES.rebuildInsights, organizationId });
      await enqueueJob(db, {
        type: JOB_TYPES.matchAwards,
        organizationId,
        runAt: new Date(Date.now() + 3_600_000),
      });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      let text = await metrics();
      const rebuild = { type: JOB_TYPES.rebuildInsights };
      const match = { type: JOB_TYPES.matchAwards };
      expect(sample(text, 'laurel_jobs_queued', rebuild)).toBe(1);
      expect(sample(text, 'laurel_jobs_queued', match)).toBe(1);
      expect(sample(text, 'laurel_jobs_queued', { type: JOB_TYPES.processUpload })).toBe(0);
      expect(sample(text, 'laurel_jobs_oldest_queued_age_seconds', rebuild)).toBeGreaterThan(0.9);
      expect(sample(text, 'laurel_jobs_oldest_queued_age_seconds', rebuild)).toBeLessThan(60);
      // a job waiting for its time has not started waiting for a worker
      expect(sample(text, 'laurel_jobs_oldest_queued_age_seconds', match)).toBe(0);
      expect(sample(text, 'laurel_database_up')).toBe(1);

      // a job that cannot run (no upload id) fails each attempt, then for good
      await enqueueJob(db, { type: JOB_TYPES.processUpload, organizationId, maxAttempts: 2 });
      await t.runJobs();
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the shared scrape query
      text = await metrics();
      expect(sample(text, 'laurel_jobs_queued', rebuild)).toBe(0);
      expect(sample(text, 'laurel_jobs_oldest_queued_age_seconds', rebuild)).toBe(0);
      expect(
        sample(text, 'laurel_job_duration_seconds_count', { ...rebuild, outcome: 'done' }),
      ).toBe(1);
      expect(sample(text, 'laurel_job_failures_total', { ...rebuild, final: 'true' })).toBe(0);
      const upload = { type: JOB_TYPES.processUpload };
      expect(sample(text, 'laurel_job_failures_total', { ...upload, final: 'false' })).toBe(1);
      expect(sample(text, 'laurel_job_failures_total', { ...upload, final: 'true' })).toBe(1);
      expect(
        sample(text, 'laurel_job_duration_seconds_count', { ...upload, outcome: 'retried' }),
      ).toBe(1);
    });

    it('counts sign-ins and refused sign-ins by reason through the identity endpoint', async () => {
      const before = await metrics();
      const signIns = (text: string) =>
        sample(text, 'laurel_sign_ins_total', { method: 'password' });
      const refused = (text: string) =>
        sample(text, 'laurel_sign_in_failures_total', {
          method: 'password',
          reason: 'incorrect_credentials',
        });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/identity/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: TEST_CLIENT_ID,
          AuthParameters: { USERNAME: user.email, PASSWORD: `${TEST_PASSWORD}-wrong` },
        }),
      });
      expect(wrong.statusCode).toBe(400);
      let text = await metrics();
      expect(refused(text)).toBe(refused(before)! + 1);
      expect(signIns(text)).toBe(signIns(before));

      await t.tokenFor(user);
      text = await metrics();
      expect(signIns(text)).toBe(signIns(before)! + 1);
      expect(refused(text)).toBe(refused(before)! + 1);
    });

    it('reports the PostgreSQL pool, and no pool on SQLite', async () => {
      const text = await metrics();
      if (dialect === 'postgres') {
        const connections = sample(text, 'laurel_db_pool_connections');
        expect(connections).toBeGreaterThan(0);
        // No query runs while the metrics are read: every open connection is idle.
        expect(sample(text, 'laurel_db_pool_idle_connections')).toBe(connections);
        expect(sample(text, 'laurel_db_pool_waiting_clients')).toBe(0);
        expect(sample(text, 'laurel_db_pool_max_connections')).toBe(10);
      } else {
        expect(text).not.toContain('laurel_db_pool_');
      }
    });

    it('is neither rate limited like /api nor in the OpenAPI document', async () => {
      for (let i = 0; i < 60; i++)
        expect((await scrape(`Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
    });
  });

  describe('request log', () => {
    let database: TestDatabase;
    const captured = captureLog();

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await migrateToLatest(database.handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
    });
    afterAll(() => database?.drop());

    it('writes one line per request, when it is answered, with its id, method, url, status and time', async () => {
      const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'info' });
      const identity = await createIdentity(config, database.handle, pino({ level: 'silent' }));
      const app = await buildApp({
        config,
        identity: identity.integration,
        database: database.handle,
        loggerInstance: captured.logger,
        serveWeb: false,
      });
      try {
        await app.ready();
        captured.lines.length = 0;
        const answers = [
          { url: LOOKUP_ENDPOINTS.loginModes.path, id: 'trace-public', status: 200 },
          { url: API_PATHS.organizations, id: 'trace-refused', status: 401 },
          { url: '/api/no-such-route', id: 'trace-missing', status: 404 },
        ];
        for (const { url, id, status } of answers) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { 'x-request-id': id },
          });
          expect(response.statusCode, url).toBe(status);
        }
        for (const { url, id, status } of answers) {
          const lines = captured.lines.filter((line) => line.reqId === id);
          expect(lines, url).toHaveLength(1);
          expect(lines[0]).toMatchObject({
            level: 30,
            msg: 'request completed',
            req: { method: 'GET', url, remoteAddress: '127.0.0.1' },
            res: { statusCode: status },
            responseTime: expect.any(Number),
          });
        }
      } finally {
        await app.close();
      }
    });
  });

  describe('AWS Cognito key set unreachable', () => {
    let database: TestDatabase;
    let jwks: Server;
    let mode: 'refuse' | 'error' | 'keys' = 'error';
    let keySetBody = '';
    const captured = captureLog();

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await migrateToLatest(database.handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
      // A real HTTP server stands in for https://cognito-idp.<region>.amazonaws.com/<pool>/.well-known/jwks.json
      jwks = createServer((request, response) => {
        if (mode === 'refuse') return request.socket.destroy();
        if (mode === 'error') {
          response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(keySetBody);
      });
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      if (jwks) {
        jwks.closeAllConnections();
        await new Promise((resolve) => jwks.close(resolve));
      }
      await database?.drop();
    });

    it('answers 503 with a clear message and logs at error level, then recovers', async () => {
      const config = loadConfig({
        DATABASE_URL: database.url,
        IDENTITY: 'cognito',
        DEMO_MODE: 'false',
        COGNITO_POOL_ID: 'eu-west-1_LaurelTest',
        COGNITO_CLIENT_ID: TEST_CLIENT_ID,
        LOG_LEVEL: 'info',
      });
      const identity = await createIdentity(config, database.handle, pino({ level: 'silent' }));
      const { port } = jwks.address() as AddressInfo;
      const jwksUrl = new URL(
        `http://127.0.0.1:${port}/eu-west-1_LaurelTest/.well-known/jwks.json`,
      );
      const app = await buildApp({
        config,
        identity: { ...identity.integration, getKey: createRemoteKeySet(jwksUrl) },
        database: database.handle,
        loggerInstance: captured.logger,
        serveWeb: false,
      });
      try {
        await app.ready();
        const organizationId = (await createOrganization(database.handle.db)).id;
        const user = await createUser(database.handle.db, organizationId);
        const { publicKey, privateKey } = await generateKeyPair('RS256');
        keySetBody = JSON.stringify({
          keys: [{ ...(await exportJWK(publicKey)), kid: 'cognito-key', alg: 'RS256', use: 'sig' }],
        });
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({
          token_use: 'id',
          'cognito:username': user.identityUsername,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'cognito-key' })
          .setSubject(user.identityUsername)
          .setIssuer(identity.integration.issuer)
          .setAudience(TEST_CLIENT_ID)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(privateKey);
        const profile = () =>
          app.inject({
            method: 'GET',
            url: API_PATHS.profile,
            headers: { authorization: `Bearer ${token}` },
          });

        for (const [state, cause] of [
          ['error', 'answered HTTP 500'],
          ['refuse', 'could not be reached'],
        ] as const) {
          mode = state;
          captured.lines.length = 0;
          const response = await profile();
          expect(response.statusCode, state).toBe(503);
          expect(response.json()).toMatchObject({ message: MESSAGES.identityUnavailable });
          const errors = captured.lines.filter((line) => line.level === 50);
          expect(errors).toHaveLength(1);
          const err = errors[0]!.err as { message: string };
          expect(err.message).toContain(jwksUrl.href);
          expect(err.message).toContain(cause);
        }

        // a token that is simply wrong still answers 401, once the key set can be read
        mode = 'keys';
        const forged = `${token.slice(0, -4)}AAAA`;
        expect(
          (
            await app.inject({
              method: 'GET',
              url: API_PATHS.profile,
              headers: { authorization: `Bearer ${forged}` },
            })
          ).statusCode,
        ).toBe(401);
        const response = await profile();
        expect(response.statusCode).toBe(200);
        expect(response.json().email).toBe(user.email);
      } finally {
        await app.close();
      }
    });
  });

  describe('job worker without its database', () => {
    it('logs the failure once, not at every poll', async () => {
      const database = await createTestDatabase(dialect);
      await migrateToLatest(database.handle.db, [serverMigrations]);
      const captured = captureLog();
      const queue = createJobQueue({
        db: database.handle.db,
        dialect,
        log: captured.logger,
        pollMs: 5,
        handlers: { [JOB_TYPES.matchAwards]: { async run() {} } },
      });
      await database.drop(); // the database is gone: every claim fails
      queue.start();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await queue.stop();
      const failures = captured.lines.filter((line) =>
        String(line.msg).startsWith('the job worker could not claim or record a job'),
      );
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: 50, suppressed: 0 });
    });
  });
});

describe('start-up output when stdout is not a terminal', () => {
  const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

  /** `node apps/server/src/main.ts` with its output piped (as under a process manager). */
  function run(
    env: Record<string, string>,
    until: (lines: Array<Record<string, unknown>>) => boolean,
  ) {
    const directory = mkdtempSync(join(tmpdir(), 'laurel-start-'));
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(directory, 'laurel.db')}`,
        LOG_LEVEL: 'info',
        SHUTDOWN_DRAIN_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{
      lines: Array<Record<string, unknown>>;
      stderr: string;
      code: number | null;
    }>((resolve) => {
      const lines = () =>
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (until(lines())) child.kill('SIGTERM');
      });
      child.once('exit', (code) => {
        rmSync(directory, { recursive: true, force: true });
        resolve({ lines: lines(), stderr, code });
      });
    });
  }

  it('logs a bad configuration as a fatal JSON line', async () => {
    const { lines, stderr, code } = await run({ METRICS_TOKEN: 'short' }, () => false);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 60,
        msg: expect.stringMatching(/^Invalid configuration:\n {2}METRICS_TOKEN: must be at least/),
      }),
    ]);
  });

  it('logs the start banner as a JSON line', async () => {
    const { lines, stderr } = await run(
      { DEMO_MODE: 'false', SECRET_KEY: 'a-secret-key-of-at-least-32-characters!' },
      (lines) => lines.some((line) => line.msg === 'Laurel is running'),
    );
    expect(stderr).toBe('');
    const banner = lines.find((line) => line.msg === 'Laurel is running');
    expect(banner).toMatchObject({
      level: 30,
      url: expect.stringMatching(/^http:\/\/localhost:\d+$/),
      apiDocs: expect.stringMatching(/\/api\/docs$/),
      demoMode: false,
      startedInMs: expect.any(Number),
    });
  });
});
