import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';

import type { IdentityAdmin } from '@laurel/identity';

import { buildApp, type BuildAppOptions, type IdentityIntegration } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Dialect } from '../../src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../../src/db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../../src/identity.ts';
import { createRateLimitStore } from '../../src/lib/rate-limit-store.ts';
import { type BuiltUser, createUser, type UserOverrides } from './builders.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import {
  createTestKeys,
  TEST_CLIENT_ID,
  TEST_KEY_ID,
  TEST_POOL_ID,
  TEST_PUBLIC_URL,
  type TestKeys,
} from './tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  keys: TestKeys;
  identityAdmin: IdentityAdmin;
  /** A user with a real identity in the embedded pool (password `Test-password-2026!`). */
  createUser(organizationId: number, overrides?: UserOverrides): Promise<BuiltUser>;
  /** Runs queued background jobs in this process until none is runnable (the worker never auto-starts). */
  runJobs(): Promise<void>;
  /** A real id token for a user, from a USER_PASSWORD_AUTH sign-in at the embedded pool. */
  tokenFor(user: BuiltUser): Promise<string>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Test-password-2026!';

/**
 * The real server on a fresh, migrated database with the embedded identity pool. Its token verifier
 * also accepts tokens minted with a test key, so that tests can set any claim (expiry, issuer…).
 */
export async function createTestApp(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    webDist?: string;
    now?: () => Date;
    /** A second instance of Laurel on this app's database (its own caches, pool service, limits). */
    sameDatabaseAs?: TestApp;
    /**
     * What the server sees of its identity provider, changed: e.g. without the embedded pool's
     * revocation check and account events, as with AWS Cognito.
     */
    integration?: (integration: IdentityIntegration) => IdentityIntegration;
    /** Run jobs on their own thread, as `npm start` does, once `app.jobs.start()` is called. */
    jobThread?: { stopTimeoutMs?: number };
    /** Webhook receivers on 127.0.0.1 (the test's own), and the delivery's clock and jitter. */
    webhooks?: Pick<BuildAppOptions, 'webhookLoopbackReceivers' | 'webhookDelivery'>;
    /** Where the app logs (silent when absent), for tests of what the log holds. */
    loggerInstance?: BuildAppOptions['loggerInstance'];
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared?.database ?? (await createTestDatabase(dialect));
  if (!shared)
    await migrateToLatest(database.handle.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
  const keys = await createTestKeys();
  const config = loadConfig({
    DATABASE_URL: database.url,
    COGNITO_POOL_ID: TEST_POOL_ID,
    COGNITO_CLIENT_ID: TEST_CLIENT_ID,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    // Tests call far faster than a person; the limiter still counts every call (rate-limit tests
    // set their own limits).
    API_RATE_LIMIT_PER_USER: '1000000',
    API_RATE_LIMIT_PER_ADDRESS: '1000000',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  });
  // One store for the API's and the identity actions' counters, as `main.ts` makes it: shared
  // through PostgreSQL or Redis with the other instances on this database.
  const rateLimits = await createRateLimitStore({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    pool: database.handle.pool,
    log: pino({ level: 'silent' }),
  });
  const identity = await createIdentity(
    config,
    database.handle,
    pino({ level: 'silent' }),
    rateLimits,
  );
  const base: IdentityIntegration = {
    ...identity.integration,
    getKey: (header, token) =>
      header.kid === TEST_KEY_ID
        ? keys.getKey(header, token)
        : identity.integration.getKey(header, token),
  };
  const integration = options.integration ? options.integration(base) : base;
  const app = await buildApp({
    config,
    identity: integration,
    database: database.handle,
    rateLimits,
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    serveWeb: Boolean(options.webDist),
    // A failed attempt is retried at once, so that runJobs() covers retries deterministically.
    jobs: { retryDelayMs: () => 0 },
    ...(options.jobThread
      ? { jobThread: { logLevel: 'silent', pretty: false, ...options.jobThread } }
      : {}),
    ...(options.now ? { now: options.now } : {}),
    ...options.webhooks,
  });
  await app.ready();
  return {
    app,
    database,
    keys,
    identityAdmin: identity.admin,
    runJobs: () => app.jobs.runUntilIdle(),
    createUser: (organizationId, overrides = {}) =>
      createUser(database.handle.db, organizationId, overrides, {
        admin: identity.admin,
        password: TEST_PASSWORD,
      }),
    async tokenFor(user) {
      const response = await app.inject({
        method: 'POST',
        url: '/identity/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: TEST_CLIENT_ID,
          AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
        }),
      });
      const token = response.json()?.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`sign-in of ${user.email} failed: ${response.body}`);
      return token as string;
    },
    async close() {
      await app.close();
      await rateLimits.close();
      if (!shared) await database.drop();
    },
  };
}
