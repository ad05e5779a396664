import closeWithGrace from 'close-with-grace';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Logger, pino } from 'pino';

import { API_PATHS } from '@laurel/contract/paths';
import { ROLE_LABELS } from '@laurel/contract/roles';

import type { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLifecycle, startingResponder } from './lib/lifecycle.ts';
import { createLogger, flushLog } from './lib/logger.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { RateLimitStore } from './lib/rate-limit-store.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from './seed/demo-data.ts';

const organizationName = (key: string) =>
  DEMO_ORGANIZATIONS.find((o) => o.key === key)?.name ?? key;

const startedAt = performance.now();

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** On a terminal, people read the output; elsewhere a log collector does: one JSON line per event. */
const forPeople = Boolean(process.stdout.isTTY);

/**
 * Stops the start: the message as it is on a terminal, else a `fatal` JSON log line (with
 * `fields`, e.g. the variable it names).
 */
function stopStarting(message: string, log: Logger = pino(), fields: object = {}): never {
  if (forPeople) console.error(message);
  else log.fatal(fields, message);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) stopStarting(error.message);
  throw error;
}

const logger = createLogger(config.logLevel, forPeople);

/** Grace for in-flight requests (uploads included) once the server stops accepting connections. */
const IN_FLIGHT_GRACE_MS = 25_000;
/** Time to close the stores and log after the grace, before the process is stopped regardless. */
const SHUTDOWN_MARGIN_MS = 5_000;

const lifecycle = createLifecycle();
/**
 * One HTTP server for the life of the process. The port answers at once: alive but not ready
 * while the database is prepared (lib/lifecycle.ts); once the app is ready, the same server hands
 * each request to it. The port is never closed in between, so no other process can take it.
 */
let answer: RequestListener = startingResponder;
/** Set when the server stops accepting: each answer from then on closes its connection. */
let closingConnections = false;
const httpServer = createServer((request, response) => {
  if (closingConnections) response.setHeader('connection', 'close');
  answer(request, response);
});
// Fastify's own settings for the servers it makes: keep-alive longer than a load balancer's usual
// 60 s idle timeout (so the balancer, not the server, closes idle connections), and no time limit
// on a request (a large upload over a slow link).
httpServer.keepAliveTimeout = 72_000;
httpServer.requestTimeout = 0;
try {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  stopStarting(
    code === 'EADDRINUSE'
      ? `PORT: ${config.port} is already in use on ${config.host}; stop the other process or choose another PORT.`
      : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
        ? `HOST: ${config.host} is not an address of this computer.`
        : `Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`,
    logger,
  );
}
logger.info(
  { port: (httpServer.address() as AddressInfo).port },
  'listening; /readyz answers 503 until the database and the demo world are ready',
);

// The rest of the server loads once the port answers (about a second of module loading).
const [
  { buildApp: build },
  { checkDatabaseReachable, createDatabase, DatabaseUnreachableError, withStartLock },
  { migrateToLatest, serverMigrations },
  { createRateLimitStore },
  { createIdentity, IDENTITY_MIGRATIONS },
  { seedDemoWorld },
  { FIRST_ADMIN_COMMAND, hasPlatformAdmin },
] = await Promise.all([
  import('./app.ts'),
  import('./db/database.ts'),
  import('./db/migrations.ts'),
  import('./lib/rate-limit-store.ts'),
  import('./identity.ts'),
  import('./seed/demo.ts'),
  import('./admin-commands.ts'),
]);

let database: DatabaseHandle;
try {
  database = createDatabase(config.databaseUrl, {
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection closed'),
  });
} catch (error) {
  // SQLite: a file that cannot be created or opened (a missing right, a read-only disk).
  stopStarting(
    `DATABASE_URL: cannot open ${config.databaseUrl} (${(error as Error).message})`,
    logger,
    { variable: 'DATABASE_URL' },
  );
}
let app: Awaited<ReturnType<typeof buildApp>> | undefined = undefined;
let rateLimits: RateLimitStore | undefined;

// SIGTERM (a process manager, a container runtime, a rolling restart), or `npm start` gone: /readyz
// turns 503 at once, requests keep being served for SHUTDOWN_DRAIN_SECONDS while the load balancer
// notices, then the server stops accepting connections and gives the requests in flight
// IN_FLIGHT_GRACE_MS, while the job thread stops beside them (its running job goes back to the
// queue without using an attempt). SIGINT (Ctrl+C) skips the drain. A second signal forces.
let shuttingDown = false;
let parentGone = false;
const grace = closeWithGrace(
  {
    delay: config.shutdownDrainMs + IN_FLIGHT_GRACE_MS + SHUTDOWN_MARGIN_MS,
    logger: { error: (message: unknown) => logger.error(message) },
  },
  async ({ signal, err }) => {
    shuttingDown = true;
    lifecycle.stopping();
    if (err) logger.error({ err }, 'shutting down after an error');
    else
      logger.info(
        {
          signal: signal ?? (parentGone ? 'parent process gone' : undefined),
          drainMs: config.shutdownDrainMs,
        },
        'shutting down',
      );
    if (app && !err && (signal === 'SIGTERM' || parentGone) && config.shutdownDrainMs > 0)
      await sleep(config.shutdownDrainMs);
    if (app) await stopServing(app);
    else httpServer.close();
    await rateLimits?.close();
    await database.destroy();
    logger.info('stopped');
  },
);

/**
 * Stops accepting connections and lets the requests in flight finish within IN_FLIGHT_GRACE_MS
 * (then cuts them off); the job thread stops at the same time, within that grace too.
 */
async function stopServing(server: NonNullable<typeof app>): Promise<void> {
  const jobsStopped = server.jobs.stop();
  const cutOff = setTimeout(() => {
    logger.warn(
      { graceMs: IN_FLIGHT_GRACE_MS },
      'requests still running at the end of the shutdown grace are cut off',
    );
    httpServer.closeAllConnections();
  }, IN_FLIGHT_GRACE_MS);
  try {
    // Stops accepting at once and closes idle connections, waits for the requests in flight,
    // then runs the app's onClose hooks.
    closingConnections = true;
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    await server.close();
    await jobsStopped;
  } finally {
    clearTimeout(cutOff);
  }
}

// `npm start` runs this process with an IPC channel (scripts/start.ts): should that process die
// without passing a signal on (SIGKILL), the channel closes and this one stops as on SIGTERM,
// instead of holding the port with nobody left to stop it.
if (process.send) {
  process.once('disconnect', () => {
    if (shuttingDown) return;
    parentGone = true;
    void grace.close();
  });
}

try {
  await checkDatabaseReachable(config.databaseUrl);
} catch (error) {
  if (error instanceof DatabaseUnreachableError)
    stopStarting(error.message, logger, {
      variable: 'DATABASE_URL',
      address: error.address,
      cause: error.reason,
    });
  throw error;
}
await migrateToLatest(database.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
try {
  rateLimits = await createRateLimitStore({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    pool: database.pool,
    log: logger,
  });
} catch (error) {
  if (error instanceof ConfigError) stopStarting(error.message, logger, { variable: 'REDIS_URL' });
  throw error;
}
let identity: Awaited<ReturnType<typeof createIdentity>>;
try {
  identity = await createIdentity(config, database, logger, rateLimits);
} catch (error) {
  if (error instanceof ConfigError) stopStarting(error.message, logger);
  throw error;
}

let seeded = false;
if (config.demoMode)
  seeded = await withStartLock(database, () => seedDemoWorld(database.db, identity.demo));

let appHandler: RequestListener | undefined;
app = await build({
  config,
  database,
  identity: identity.integration,
  loggerInstance: logger,
  rateLimits,
  lifecycle,
  serverFactory: (handler) => {
    appHandler = handler;
    return httpServer;
  },
  // Jobs run on their own thread and database connection, beside the requests (decision 014).
  jobThread: { logLevel: config.logLevel, pretty: forPeople },
});
await app.ready();
// From now on the app answers on the port (connections opened while starting were closed after
// their answer). Fastify does not listen itself: the server is already listening.
answer = appHandler!;
logger.info(
  { port: (httpServer.address() as AddressInfo).port },
  'ready; the app answers on the port',
);

if (seeded) {
  // A new demo world: match its people and build its insights before the first visit.
  logger.info('preparing the demo world’s earnings and insights');
  await app.jobs.runUntilIdle();
}
const startedInMs = Math.round(performance.now() - startedAt);
const demoAccounts = DEMO_ACCOUNTS.filter((a) => a.listed).map((a) => ({
  email: a.email,
  role: ROLE_LABELS[a.roleId],
  organization: organizationName(a.organizationKey),
}));
const exposedDemo = config.demoMode && !isLoopbackHost(config.host);
// A production installation starts with nobody who can sign in: say how to create the first admin.
const needsFirstAdmin = !config.demoMode && !(await hasPlatformAdmin(database.db));
if (!forPeople) {
  logger.info(
    {
      url: config.publicUrl,
      apiDocs: `${config.publicUrl}${API_PATHS.docs}`,
      startedInMs,
      demoMode: config.demoMode,
      ...(config.demoMode
        ? {
            demoWorldCreated: seeded,
            demoPassword: DEMO_PASSWORD,
            demoAccounts,
            ...(identity.mailboxUrl ? { devMailbox: identity.mailboxUrl } : {}),
          }
        : {}),
    },
    'Laurel is running',
  );
  if (needsFirstAdmin)
    logger.warn(
      { command: FIRST_ADMIN_COMMAND },
      `no platform admin can sign in yet: create the first one with ${FIRST_ADMIN_COMMAND} (docs/operations.md)`,
    );
  if (exposedDemo)
    logger.warn(
      { host: config.host },
      'demo mode is reachable from the network: anyone who reaches this port can sign in with the demo accounts, whose password is public, and a platform admin can read the dev mailbox; set HOST=127.0.0.1 or DEMO_MODE=false',
    );
} else {
  const lines = [
    '',
    `  Laurel is running at ${config.publicUrl}  (started in ${startedInMs} ms)`,
    `  API documentation: ${config.publicUrl}${API_PATHS.docs}`,
  ];
  if (config.demoMode) {
    lines.push(
      seeded
        ? '  Demo mode: a fictional demo world was created.'
        : '  Demo mode: all data are fictional.',
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...demoAccounts.map(
        (a) => `    ${a.email.padEnd(26)} ${a.role.padEnd(20)} ${a.organization}`,
      ),
    );
    if (identity.mailboxUrl)
      lines.push(
        `  Dev mailbox (e-mails Laurel sent; this computer or a signed-in platform admin only): ${identity.mailboxUrl}`,
      );
    if (exposedDemo)
      lines.push(
        '',
        `  Warning: demo mode on HOST=${config.host} is reachable from the network. Anyone who can`,
        '  reach this port can sign in with the demo accounts above, whose password is public, and a',
        '  platform admin can read the dev mailbox. Set HOST=127.0.0.1 to keep the demo on this',
        '  computer, or DEMO_MODE=false for real use.',
      );
  }
  if (needsFirstAdmin)
    lines.push(
      '',
      '  No platform admin can sign in yet. Create the first one (with this same environment):',
      `    ${FIRST_ADMIN_COMMAND}`,
      '  It prints a one-time temporary password; see docs/operations.md.',
    );
  console.log(`${lines.join('\n')}\n`);
}
// Whoever waits for /readyz finds the lines above already written.
await flushLog(logger);
lifecycle.ready();
app.jobs.start();
