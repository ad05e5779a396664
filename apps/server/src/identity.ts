import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createRemoteJWKSet, createLocalJWKSet } from 'jose';
import type { Migration } from 'kysely';

import { ADMINS_GROUP } from '@laurel/contract/constants';
import { IDENTITY_BASE_PATH } from '@laurel/contract/paths';
import {
  createCognitoIdentityAdmin,
  createEmbeddedIdentityAdmin,
  createIdentityService,
  type IdentityAdmin,
  identityMigrations,
  identityPlugin,
} from '@laurel/identity';

import type { IdentityIntegration } from './app.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createOutboxMailer } from './modules/mail/mailer.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import type { DemoIdentity } from './seed/demo.ts';

/** Migrations of the embedded identity pool; they run in every mode so a switch loses nothing. */
export const IDENTITY_MIGRATIONS: Array<Record<string, Migration>> = [identityMigrations];

export interface Identity {
  integration: IdentityIntegration;
  admin: IdentityAdmin;
  demo: DemoIdentity;
  mailboxUrl: string | null;
}

/** Reads the demo secret key, creating it on first start; a configured SECRET_KEY always wins. */
async function secretKeyFor(config: AppConfig, database: DatabaseHandle): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const db = database.db;
  const existing = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', 'secret_key')
    .executeTakeFirst();
  if (existing) return existing.value;
  const value = randomBytes(32).toString('base64url');
  await db
    .insertInto('appSettings')
    .values({ key: 'secret_key', value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', 'secret_key')
    .executeTakeFirstOrThrow();
  return stored.value;
}

/**
 * Connects the server to its identity provider: the embedded pool (mounted at /identity, keys
 * read in-process) or AWS Cognito (JWKS over HTTPS). Call after migrations.
 */
export async function createIdentity(
  config: AppConfig,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<Identity> {
  const { poolId, clientId, region } = config.identity;
  const outbox = createMailRepository(database.db);
  const mailer = createOutboxMailer(outbox, { demoMode: config.demoMode, log });

  if (config.identity.mode === 'cognito') {
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${poolId}`;
    const admin = createCognitoIdentityAdmin({ poolId, region });
    return {
      integration: {
        issuer,
        audience: clientId,
        admin,
        getKey: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)),
      },
      admin,
      demo: demoIdentity(admin),
      mailboxUrl: null,
    };
  }

  const service = await createIdentityService({
    db: database.db,
    poolId,
    clientId,
    publicUrl: config.publicUrl,
    secretKey: await secretKeyFor(config, database),
    sendEmail: (email) => mailer.send(email),
  });
  const admin = createEmbeddedIdentityAdmin(service);
  let jwks = createLocalJWKSet(await service.getJwks());
  const integration: IdentityIntegration = {
    issuer: `${config.publicUrl}${IDENTITY_BASE_PATH}/${poolId}`,
    audience: clientId,
    admin,
    // Keys may be added by another instance; re-read them when a token names an unknown kid.
    getKey: async (header, token) => {
      try {
        return await jwks(header, token);
      } catch {
        jwks = createLocalJWKSet(await service.getJwks());
        return jwks(header, token);
      }
    },
    isRevoked: async (claims) =>
      !(await service.isSessionActive({
        sub: claims.sub,
        originJti: claims.origin_jti,
        iat: claims.iat ?? 0,
      })),
    register: async (app: FastifyInstance) => {
      await app.register(identityPlugin, { prefix: IDENTITY_BASE_PATH, service });
      if (config.demoMode) await app.register(mailboxRoutes, { outbox });
      // Expired sign-in sessions, reset codes and token families are removed hourly.
      const purge = setInterval(() => {
        service
          .purgeExpired()
          .catch((err: unknown) => app.log.warn({ err }, 'identity purge failed'));
      }, 3_600_000);
      purge.unref();
      app.addHook('onClose', async () => {
        clearInterval(purge);
        await service.close();
      });
    },
  };
  return {
    integration,
    admin,
    demo: demoIdentity(admin),
    mailboxUrl: config.demoMode ? `${config.publicUrl}/dev/mailbox` : null,
  };
}

function demoIdentity(admin: IdentityAdmin): DemoIdentity {
  return {
    async createUser({ email, password, isPlatformAdmin, firstName, lastName }) {
      const { username } = await admin.createUser({
        email,
        password,
        groups: isPlatformAdmin ? [ADMINS_GROUP] : [],
        attributes: { given_name: firstName, family_name: lastName },
      });
      return username;
    },
  };
}
