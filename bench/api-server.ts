// The server of the `api` benchmark: what apps/server/src/main.ts starts (configuration from the
// environment, migrations, rate-limit store, embedded identity pool, demo world, the app with its
// job thread, JSON log lines at LOG_LEVEL), listening once the demo world's jobs are done, plus one thing production does not have: the lookup
// routes registered a second time under UNAUTHENTICATED_PREFIX with `public` set. The copy uses the
// same handlers, schemas, serializer and every hook of the app; it differs from the real route
// only in that no token is checked and no principal is resolved, which is what the benchmark
// compares. Run it under the runtime settings of `npm start` (scripts/server-runtime.ts).
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, withStartLock } from '../apps/server/src/db/database.ts';
import { migrateToLatest, serverMigrations } from '../apps/server/src/db/migrations.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../apps/server/src/identity.ts';
import { createLogger } from '../apps/server/src/lib/logger.ts';
import { createRateLimitStore } from '../apps/server/src/lib/rate-limit-store.ts';
import { createLookupsRepository } from '../apps/server/src/modules/lookups/lookups.repository.ts';
import { lookupsRoutes } from '../apps/server/src/modules/lookups/lookups.routes.ts';
import { seedDemoWorld } from '../apps/server/src/seed/demo.ts';
import { UNAUTHENTICATED_PREFIX } from './api-server-paths.ts';
import { untilJobsDone } from './lib.ts';

const config = loadConfig();
// The logger `npm start` uses when its output is not a terminal.
const logger = createLogger(config.logLevel, false);
const database = createDatabase(config.databaseUrl);
await migrateToLatest(database.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
const rateLimits = await createRateLimitStore({
  redisUrl: config.redisUrl,
  redisKeyPrefix: config.redisKeyPrefix,
  pool: database.pool,
  log: logger,
});
const identity = await createIdentity(config, database, logger, rateLimits);
if (config.demoMode) await withStartLock(database, () => seedDemoWorld(database.db, identity.demo));

const app = await buildApp({
  config,
  database,
  identity: identity.integration,
  loggerInstance: logger,
  rateLimits,
  jobThread: { logLevel: config.logLevel, pretty: false },
});
await app.register(
  async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(lookupsRoutes, { lookups: createLookupsRepository(database.db) });
  },
  { prefix: UNAUTHENTICATED_PREFIX },
);
await app.ready();
// The demo world queues its matching and insights on first start: they run to the end before the
// server listens, so the measured requests share the two cores with nothing but the load itself.
app.jobs.start();
await untilJobsDone(database);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void (async () => {
      await app.jobs.stop();
      await app.close();
      await rateLimits.close();
      await database.destroy();
      process.exit(0);
    })();
  });
