/* eslint-disable @typescript-eslint/no-explicit-any -- tests read identity tables and raw JSON without schema types */
/** Starts the identity plugin on a random loopback port over a fresh SQLite database. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  CamelCasePlugin,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';

import {
  createIdentityService,
  type IdentityEmail,
  identityMigrations,
  identityPlugin,
  type IdentityService,
  type IdentityServiceOptions,
} from '../src/index.ts';

export const POOL_ID = 'eu-west-1_LaurelTest';
export const CLIENT_ID = 'laureltestclient';
export const PASSWORD = 'Laurel-demo-2026!';

export interface TestPool {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>/identity` — the userPoolEndpoint / CognitoUserPool endpoint. */
  endpoint: string;
  baseUrl: string;
  service: IdentityService;
  db: Kysely<any>;
  emails: IdentityEmail[];
  clock: { offsetMs: number };
  /** Actions received, in order, with the challenge name for RespondToAuthChallenge. */
  actions: string[];
  /** The SQL of every query the pool ran, in order. */
  queries: string[];
  /** Sends one raw Cognito JSON request and returns status, headers and parsed body. */
  call(
    action: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** Runs the identity migrations with Kysely's Migrator. */
async function migrate(db: Kysely<any>): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => identityMigrations as Record<string, Migration>,
  };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server to create databases on. */
export const DIALECTS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A fresh database of the dialect, with a function that removes it. */
async function freshDatabase(
  dialect: 'sqlite' | 'postgres',
  queries: string[],
): Promise<{ db: Kysely<any>; remove: () => Promise<void> }> {
  const log = (event: { level: string; query: { sql: string } }) => {
    if (event.level === 'query') queries.push(event.query.sql);
  };
  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `laurel_identity_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    // As the server's own pool does (apps/server/src/db/database.ts): a connection that the
    // database server ends while idle is dropped from the pool, not thrown from nowhere.
    pool.on('error', () => undefined);
    const db = new Kysely<any>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log,
    });
    return {
      db,
      async remove() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'laurel-identity-'));
  const sqlite = new SQLite(join(dir, 'identity.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<any>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
    log,
  });
  return {
    db,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function startTestPool(
  overrides: Partial<IdentityServiceOptions> = {},
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): Promise<TestPool> {
  const queries: string[] = [];
  const { db, remove } = await freshDatabase(dialect, queries);
  await migrate(db);
  const emails: IdentityEmail[] = [];
  const clock = { offsetMs: 0 };
  const app = Fastify({ logger: false });
  const service = await createIdentityService({
    db,
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    publicUrl: 'http://127.0.0.1',
    secretKey: 'test-secret-key-with-enough-entropy',
    sendEmail: async (email) => {
      emails.push(email);
    },
    now: () => Date.now() + clock.offsetMs,
    ...overrides,
  });
  const actions: string[] = [];
  const handle = service.handle.bind(service);
  service.handle = (action, input, context) => {
    actions.push(
      action === 'RespondToAuthChallenge' || action === 'InitiateAuth'
        ? `${action}:${String(input.ChallengeName ?? input.AuthFlow)}`
        : action,
    );
    return handle(action, input, context);
  };
  await app.register(identityPlugin, { prefix: '/identity', service });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const endpoint = `${baseUrl}/identity`;
  return {
    app,
    endpoint,
    baseUrl,
    service,
    db,
    emails,
    clock,
    actions,
    queries,
    async call(action, body) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : undefined,
      };
    },
    async close() {
      await app.close();
      await service.close();
      await db.destroy();
      await remove();
    },
  };
}

/** The 8-digit sign-in code in the last e-mail sent. */
export function lastSignInCode(emails: IdentityEmail[]): string {
  const match = /\b(\d{8})\b/.exec(emails.at(-1)?.text ?? '');
  if (!match) throw new Error('no sign-in code e-mailed');
  return match[1]!;
}

/** The 6-digit code in the last e-mail sent. */
export function lastCode(emails: IdentityEmail[]): string {
  const match = /\b(\d{6})\b/.exec(emails.at(-1)?.text ?? '');
  if (!match) throw new Error('no code e-mailed');
  return match[1]!;
}
