// The embedded identity pool as the identity benchmarks run it: the server's own database set-up
// (apps/server/src/db/database.ts: SQLite in WAL mode with its prepared-statement cache, as
// `npm start` opens it), the pool's migrations, the service, and its wire protocol on a Fastify
// server of its own (no request log, no other hooks: what is measured is the pool's work).
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations.ts';
import { IDENTITY_MIGRATIONS } from '../apps/server/src/identity.ts';
import {
  createIdentityService,
  type IdentityServiceOptions,
  identityPlugin,
} from '../packages/identity/src/index.ts';

export const BENCH_POOL_ID = 'eu-west-1_LaurelBench';
export const BENCH_CLIENT_ID = 'benchclient';

export async function startBenchPool(overrides: Partial<IdentityServiceOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-identity-bench-'));
  const database = createDatabase(`sqlite:${join(dir, 'identity.db')}`);
  await migrateToLatest(database.db, IDENTITY_MIGRATIONS);
  const service = await createIdentityService({
    db: database.db,
    poolId: BENCH_POOL_ID,
    clientId: BENCH_CLIENT_ID,
    publicUrl: 'http://127.0.0.1',
    secretKey: 'bench-secret-key-with-enough-entropy',
    sendEmail: async () => {},
    ...overrides,
  });
  const app = Fastify({ logger: false });
  await app.register(identityPlugin, { prefix: '/identity', service });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    service,
    db: database.db,
    endpoint: `${address}/identity`,
    async close() {
      await app.close();
      await service.close();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
