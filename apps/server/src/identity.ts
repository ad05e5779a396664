import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { Migration } from 'kysely';

import { ADMINS_GROUP } from '@laurel/contract/constants';
import type { TLanguage } from '@laurel/contract/profile';
import { IDENTITY_BASE_PATH } from '@laurel/contract/paths';
import {
  createEmbeddedIdentityAdmin,
  createIdentityService,
  type FederatedSignIn,
  FederationRefusal,
  type IdentityAdmin,
  type IdentityEmail,
  identityMigrations,
  identityPlugin,
  type IdentityEventHook,
  SecretKeyMismatchError,
  type SignInObserver,
} from '@laurel/identity';

import type { IdentityIntegration } from './app.ts';
import { type AppConfig, ConfigError } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { createSsoFetch } from './lib/outbound.ts';
import { createRemoteKeySet } from './lib/remote-key-set.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { PRINCIPAL_TTL_MS } from './plugins/auth.ts';
import type { RateLimitStore } from './lib/rate-limit-store.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { resetCodeEmail, signInCodeEmail } from './modules/mail/templates.ts';
import type { FederatedTokens, SsoIntegration } from './modules/sso/sso-integration.ts';
import type { DemoIdentity } from './seed/demo.ts';

/** Migrations of the embedded identity pool; they run in every mode so a switch loses nothing. */
export const IDENTITY_MIGRATIONS: Array<Record<string, Migration>> = [identityMigrations];

export interface Identity {
  integration: IdentityIntegration;
  admin: IdentityAdmin;
  /** The embedded pool's signing keys (AWS Cognito manages its own). */
  signingKeys: { rotate(): Promise<{ kid: string; retired: string[] }> } | null;
  demo: DemoIdentity;
  mailboxUrl: string | null;
}

/** Reads the demo secret key, creating it on first start; a configured SECRET_KEY always wins. */
async function secretKeyFor(config: AppConfig, database: DatabaseHandle): Promise<string> {
  if (config.secretKey) return config.secretKey;
  return createIdentityRepository(database.db).secretKey(() =>
    randomBytes(32).toString('base64url'),
  );
}

/**
 * Connects the server to its identity provider: the embedded pool (mounted at /identity, keys
 * read in-process) or AWS Cognito (JWKS over HTTPS). Call after migrations.
 */
export async function createIdentity(
  config: AppConfig,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'info'> & Partial<Pick<FastifyBaseLogger, 'error'>>,
  /** Shared counters for sign-in and the other identity actions (in-process when absent). */
  rateLimits?: RateLimitStore,
): Promise<Identity> {
  const { poolId, clientId, region } = config.identity;
  const outbox = createMailRepository(database.db);
  const mailer = createMailer(outbox, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    demoMode: config.demoMode,
    log,
  });
  const callbackUrl = `${config.publicUrl}/auth/callback`;

  if (config.identity.mode === 'cognito') {
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${poolId}`;
    // The AWS SDK is loaded only for a Cognito pool: the embedded pool's starts skip it.
    const { createCognitoIdentityAdmin } = await import('@laurel/identity/cognito-admin');
    const admin = createCognitoIdentityAdmin({
      poolId,
      region,
      clientId,
      ...(config.cognitoDomain ? { domain: config.cognitoDomain } : {}),
    });
    return {
      integration: {
        issuer,
        audience: clientId,
        admin,
        getKey: createRemoteKeySet(new URL(`${issuer}/.well-known/jwks.json`)),
        mailer,
        ...(config.cognitoDomain
          ? { sso: cognitoDomainSso(config.cognitoDomain, clientId, callbackUrl) }
          : {}),
      },
      admin,
      signingKeys: null,
      demo: demoIdentity(admin, config.demoIdpUrl, config.demoSamlIdpUrl),
      mailboxUrl: null,
    };
  }

  let signInHandler: ((input: FederatedSignIn) => Promise<void>) | null = null;
  let refusalHandler: ((input: { provider: string; reason: string }) => Promise<void>) | null =
    null;
  let signInObserver: SignInObserver | null = null;
  let accountEventHook: IdentityEventHook | null = null;
  const service = await openIdentityService({
    db: database.db,
    poolId,
    clientId,
    publicUrl: config.publicUrl,
    secretKey: await secretKeyFor(config, database),
    sendEmail: async (email) =>
      mailer.send(
        identityEmail(
          email,
          config.publicUrl,
          await createIdentityRepository(database.db).languageOfAddress(email.to),
        ),
      ),
    ...(rateLimits ? { rateLimiter: rateLimits.identityLimiter() } : {}),
    // A sign-out on one instance is refused by the others within this time.
    sessionCacheMs: PRINCIPAL_TTL_MS,
    onSignIn: (event) => signInObserver?.(event),
    allowedFirstAuthFactors: config.signInFactors,
    // The member's organization may turn passkeys or e-mailed codes off (read at every sign-in,
    // so that people invited later follow the rule too).
    signInFactorsFor: (username) =>
      createIdentityRepository(database.db).organizationSignInFactors(username),
    onEvent: async (event, executor) => {
      await accountEventHook?.(event, executor);
    },
    federation: {
      callbackUrls: [callbackUrl],
      fetch: createSsoFetch(config),
      onSignIn: async (input) => {
        if (!signInHandler) throw new FederationRefusal('Company sign-in is not available.');
        await signInHandler(input);
      },
      onRefused: async (input) => {
        await refusalHandler?.(input);
      },
    },
  });
  const sso: SsoIntegration = {
    authorizeUrl: `${config.publicUrl}${IDENTITY_BASE_PATH}/oauth2/authorize`,
    callbackUrl,
    providerRedirectUrl: `${config.publicUrl}${IDENTITY_BASE_PATH}/oauth2/idpresponse`,
    clientId,
    async exchangeCode({ code, redirectUri, codeVerifier, origin }) {
      const tokens = await service.oauth.token(
        {
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        },
        origin,
      );
      return tokensOf(tokens);
    },
    setSignInHandler: (handler) => {
      signInHandler = handler;
    },
    setRefusalHandler: (handler) => {
      refusalHandler = handler;
    },
  };
  const admin = createEmbeddedIdentityAdmin(service);
  let jwks = createLocalJWKSet(await service.getJwks());
  const integration: IdentityIntegration = {
    issuer: `${config.publicUrl}${IDENTITY_BASE_PATH}/${poolId}`,
    audience: clientId,
    admin,
    mailer,
    sso,
    observeSignIns: (observer) => {
      signInObserver = observer;
    },
    observeAccountEvents: (hook) => {
      accountEventHook = hook;
    },
    // Keys may be added by another instance; re-read them when a token names an unknown kid.
    getKey: async (header, token) => {
      try {
        return await jwks(header, token);
      } catch {
        jwks = createLocalJWKSet(await service.refreshSigningKeys());
        return jwks(header, token);
      }
    },
    // At once while the session's state is cached (most calls), else after reading it.
    isRevoked: (claims) => {
      const active = service.isSessionActive({
        sub: claims.sub,
        originJti: claims.origin_jti,
        iat: claims.iat ?? 0,
      });
      return typeof active === 'boolean' ? !active : active.then((yes) => !yes);
    },
    register: async (app: FastifyInstance) => {
      await app.register(identityPlugin, { prefix: IDENTITY_BASE_PATH, service });
      if (config.demoMode) await app.register(mailboxRoutes, { outbox, clientId });
      // Expired sign-in sessions, reset codes and token families are removed hourly.
      const purge = setInterval(() => {
        service
          .purgeExpired()
          .catch((err: unknown) => app.log.warn({ err }, 'identity purge failed'));
      }, 3_600_000);
      purge.unref();
      app.addHook('onClose', async () => {
        clearInterval(purge);
        mailer.close();
        await service.close();
      });
    },
  };
  return {
    integration,
    admin,
    signingKeys: { rotate: () => service.rotateSigningKey() },
    demo: demoIdentity(admin, config.demoIdpUrl, config.demoSamlIdpUrl),
    mailboxUrl: config.demoMode ? `${config.publicUrl}/dev/mailbox` : null,
  };
}

/**
 * The embedded pool, or a start stopped with a message naming SECRET_KEY when the database's
 * secrets were sealed with another key (a backup restored without its key, a mistyped key).
 */
async function openIdentityService(
  options: Parameters<typeof createIdentityService>[0],
): ReturnType<typeof createIdentityService> {
  try {
    return await createIdentityService(options);
  } catch (error) {
    if (error instanceof SecretKeyMismatchError)
      throw new ConfigError(
        'Invalid configuration: SECRET_KEY does not match this database: its signing keys were sealed with another key. Start with the SECRET_KEY that was kept with this database (and its backups); a new key cannot open them.',
      );
    throw error;
  }
}

/** The pool's code messages, in Laurel's own templates and the recipient's language. */
function identityEmail(email: IdentityEmail, publicUrl: string, language: TLanguage) {
  if (email.template?.name === 'sign-in-code')
    return signInCodeEmail({
      to: email.to,
      code: email.template.code,
      expiresInMinutes: email.template.expiresInMinutes,
      language,
    });
  if (email.template?.name !== 'reset-code') return email;
  return resetCodeEmail({
    to: email.to,
    code: email.template.code,
    expiresInMinutes: email.template.expiresInMinutes,
    resetUrl: `${publicUrl}/auth/reset-password?email=${encodeURIComponent(email.to)}`,
    language,
  });
}

function tokensOf(body: Record<string, unknown>): FederatedTokens {
  const { id_token, access_token, refresh_token } = body;
  if (typeof id_token !== 'string' || typeof access_token !== 'string')
    throw new Error('The token endpoint returned no id token');
  return {
    idToken: id_token,
    accessToken: access_token,
    refreshToken: typeof refresh_token === 'string' ? refresh_token : '',
  };
}

/** Company sign-in through a Cognito user pool domain (hosted UI endpoints). */
function cognitoDomainSso(domain: string, clientId: string, callbackUrl: string): SsoIntegration {
  return {
    authorizeUrl: `${domain}/oauth2/authorize`,
    callbackUrl,
    providerRedirectUrl: `${domain}/oauth2/idpresponse`,
    clientId,
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const response = await fetch(`${domain}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok)
        throw new Error(`Cognito token endpoint: ${String(body.error ?? response.status)}`);
      return tokensOf(body);
    },
  };
}

/** Client of Laurel at the demo company provider (`npm run dev:idp`, scripts/company-idp.ts). */
const DEMO_IDP_CLIENT = { clientId: 'laurel-demo', clientSecret: 'laurel-demo-secret' };

function demoIdentity(
  admin: IdentityAdmin,
  demoIdpUrl: string,
  demoSamlIdpUrl: string,
): DemoIdentity {
  return {
    samlMetadataUrl: `${demoSamlIdpUrl}/metadata`,
    async configureCompanySignIn(name) {
      await admin.upsertIdentityProvider({ name, issuer: demoIdpUrl, ...DEMO_IDP_CLIENT });
      return { issuer: demoIdpUrl, clientId: DEMO_IDP_CLIENT.clientId };
    },
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
