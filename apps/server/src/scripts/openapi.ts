// Writes the OpenAPI document generated from the contract's schemas to apps/server/openapi.json;
// with --check, fails when the committed document no longer matches the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';

import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createIdentity, IDENTITY_MIGRATIONS } from '../identity.ts';
import { migrateToLatest, serverMigrations } from '../db/migrations.ts';
import { createDatabase } from '../db/database.ts';

const target = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const config = loadConfig({
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
});
const database = createDatabase(config.databaseUrl);
await migrateToLatest(database.db, [serverMigrations, ...IDENTITY_MIGRATIONS]);
const identity = await createIdentity(config, database, pino({ level: 'silent' }));
const app = await buildApp({
  config,
  database,
  identity: identity.integration,
  logger: false,
  serveWeb: false,
});
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.destroy();

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing counts as out of date
  }
  if (committed !== document) {
    console.error(
      'apps/server/openapi.json is out of date: run `npm run openapi` and commit the result.',
    );
    process.exit(1);
  }
  console.log('apps/server/openapi.json matches the code.');
} else {
  writeFileSync(target, document);
  console.log(`Wrote ${target}`);
}
