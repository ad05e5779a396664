import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';

import { ROLE_LABELS } from '@laurel/contract/roles';

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { createRateLimitStore } from './lib/rate-limit-store.ts';
import { migrateToLatest, serverMigrations } from './db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from './identity.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from './seed/demo-data.ts';
import { seedDemoWorld } from './seed/demo.ts';

const organizationName = (key: string) =>
  DEMO_ORGANIZATIONS.find((o) => o.key === key)?.name ?? key;

const startedAt = performance.now();

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({
  level: config.logLevel,
  ...(process.stdout.isTTY
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
        },
      }
    : {}),
});

const database = createDatabase(config.databaseUrl, {
  onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection closed'),
});
await migrateToLatest(database.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
let rateLimits;
try {
  rateLimits = await createRateLimitStore({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    pool: database.pool,
    log: logger,
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const identity = await createIdentity(config, database, logger, rateLimits);

let seeded = false;
if (config.demoMode) seeded = await seedDemoWorld(database.db, identity.demo);

const app = await buildApp({
  config,
  database,
  identity: identity.integration,
  loggerInstance: logger,
  rateLimits,
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.jobs.stop();
  await app.close();
  await rateLimits.close();
  await database.destroy();
});

if (seeded) {
  // A new demo world: match its people and build its insights before the first visit.
  logger.info('preparing the demo world’s earnings and insights');
  await app.jobs.runUntilIdle();
}
await app.listen({ port: config.port, host: config.host });
app.jobs.start();

const lines = [
  '',
  `  Laurel is running at ${config.publicUrl}  (started in ${Math.round(performance.now() - startedAt)} ms)`,
  `  API documentation: ${config.publicUrl}/api/docs`,
];
if (config.demoMode) {
  lines.push(
    seeded
      ? '  Demo mode: a fictional demo world was created.'
      : '  Demo mode: all data are fictional.',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.filter((a) => a.listed).map(
      (a) =>
        `    ${a.email.padEnd(26)} ${ROLE_LABELS[a.roleId].padEnd(20)} ${organizationName(a.organizationKey)}`,
    ),
  );
  if (identity.mailboxUrl)
    lines.push(
      `  Dev mailbox (e-mails Laurel sent; this computer or a signed-in platform admin only): ${identity.mailboxUrl}`,
    );
  if (!isLoopbackHost(config.host))
    lines.push(
      '',
      `  Warning: demo mode on HOST=${config.host} is reachable from the network. Anyone who can`,
      '  reach this port can sign in with the demo accounts above, whose password is public, and a',
      '  platform admin can read the dev mailbox. Set HOST=127.0.0.1 to keep the demo on this',
      '  computer, or DEMO_MODE=false for real use.',
    );
}
console.log(`${lines.join('\n')}\n`);
