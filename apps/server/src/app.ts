import compress from '@fastify/compress';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';

import type { IdentityAdmin, IdentityEventHook, SignInObserver } from '@laurel/identity';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { MAX_BODY_BYTES } from '@laurel/contract/constants';

import serverPackage from '../package.json' with { type: 'json' };
import type { AppConfig } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { authPlugin, createTokenVerifier, type IdTokenClaims } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { createMetrics } from './lib/metrics.ts';
import { RequestLogController } from './lib/request-log.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { readQueueStats } from './jobs/queue-stats.ts';
import { JOB_TYPES } from './jobs/types.ts';
import type { Lifecycle } from './lib/lifecycle.ts';
import { createRateLimitStore, type RateLimitStore } from './lib/rate-limit-store.ts';
import { apiAddressLimitPlugin, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { isApiCall, openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createLookupsRepository } from './modules/lookups/lookups.repository.ts';
import { lookupsRoutes } from './modules/lookups/lookups.routes.ts';
import { createAuditsRepository } from './modules/audits/audits.repository.ts';
import { auditsRoutes } from './modules/audits/audits.routes.ts';
import { createAuditsService } from './modules/audits/audits.service.ts';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository.ts';
import { bookmarksRoutes } from './modules/bookmarks/bookmarks.routes.ts';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service.ts';
import { utcDate } from './db/day-bounds.ts';
import { createContractsRepository } from './modules/contracts/contracts.repository.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { createContractsService } from './modules/contracts/contracts.service.ts';
import { createCredentialsRepository } from './modules/credentials/credentials.repository.ts';
import { credentialsRoutes } from './modules/credentials/credentials.routes.ts';
import { createCredentialsService } from './modules/credentials/credentials.service.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { createAwardeesRepository } from './modules/awardees/awardees.repository.ts';
import { awardeesRoutes } from './modules/awardees/awardees.routes.ts';
import { createAwardeesService } from './modules/awardees/awardees.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import {
  createBenchmarksRepository,
  previousVersionsBefore,
} from './modules/benchmarks/benchmarks.repository.ts';
import { benchmarksRoutes } from './modules/benchmarks/benchmarks.routes.ts';
import { createBenchmarksService } from './modules/benchmarks/benchmarks.service.ts';
import { createEarningsImportsRepository } from './modules/earnings/earnings-imports.repository.ts';
import { createEarningsRepository } from './modules/earnings/earnings.repository.ts';
import { earningsRoutes } from './modules/earnings/earnings.routes.ts';
import { createEarningsService } from './modules/earnings/earnings.service.ts';
import { createInsightsRepository } from './modules/insights/insights.repository.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { createInsightsService } from './modules/insights/insights.service.ts';
import { createUsersAdminRepository } from './modules/users/users-admin.repository.ts';
import { createUsersAdminService } from './modules/users/users-admin.service.ts';
import { createAuthenticatorService } from './modules/users/authenticator.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createAuditor } from './lib/audit.ts';
import { resolveSecretKey } from './db/secret-key.ts';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { createKeyHasher } from './modules/api-keys/key-format.ts';
import { createAccountEventRecorder } from './modules/audits/account-events.ts';
import { createSsoFetch } from './lib/outbound.ts';
import { createJobHandlers } from './jobs/handlers.ts';
import { createJobQueue, enqueueJob, type JobQueueOptions } from './jobs/queue.ts';
import { createInsightsDigestRepository } from './modules/insights/insights-digest.repository.ts';
import { scheduleInsightsDigests } from './modules/insights/send-insights-digest.job.ts';
import { scheduleInsightsChecks } from './modules/insights/check-insights.job.ts';
import { createInsightsCheckRepository } from './modules/insights/insights-check.repository.ts';
import { createThreadedJobQueue, type JobThreadData } from './jobs/threaded-queue.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import {
  createInvitationsService,
  seatLinesOf,
} from './modules/invitations/invitations.service.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SsoIntegration } from './modules/sso/sso-integration.ts';
import { createSsoRepository } from './modules/sso/sso.repository.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { createSsoService, isFederatedOrganization } from './modules/sso/sso.service.ts';
import { createScimRepository } from './modules/scim/scim.repository.ts';
import { scimSettingsRoutes } from './modules/scim/scim.routes.ts';
import { SCIM_PREFIX, scimProtocolRoutes } from './modules/scim/scim-protocol.routes.ts';
import { createScimService } from './modules/scim/scim.service.ts';
import { createSamlService } from './modules/sso/saml.service.ts';
import { samlRoutes } from './modules/sso/saml.routes.ts';
import { publicAddresses } from './modules/open-badges/issuer.ts';
import { createOpenBadges } from './modules/open-badges/open-badges.ts';
import { openBadgesRoutes } from './modules/open-badges/open-badges.routes.ts';
import { createOutcomeSummary } from './modules/insights/outcome-summary.ts';
import { createOpenBadgesService } from './modules/open-badges/open-badges.service.ts';
import { createOutboundFetch } from './lib/outbound.ts';
import type { WebhookDeliveryOverrides } from './jobs/handlers.ts';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { webhookSecretBox } from './modules/webhooks/webhook-secret.ts';

export const VERSION: string = serverPackage.version;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Answers up to this size are compressed inline rather than streamed (see the registration). */
const COMPRESS_INLINE_BYTES = 256 * 1024;

/**
 * Fastify's form of TRUST_PROXY. A hop count trusts the N nearest peers, the first being the
 * socket's (Fastify ignores a bare number, so it becomes a function here).
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** An incoming `x-request-id` is kept only when it is short and plain; otherwise a new one is made. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
}

/** Where id tokens come from and how to check them: the embedded pool or AWS Cognito. */
export interface IdentityIntegration {
  issuer: string;
  audience: string;
  getKey: JWTVerifyGetKey;
  isRevoked?: (claims: IdTokenClaims) => Promise<boolean> | boolean;
  /** Mounts the embedded identity service's routes, when there is one. */
  register?: (app: FastifyInstance) => Promise<void>;
  /** How the API changes identities (disable, enable, groups…). */
  admin: IdentityAdmin;
  /** The one way e-mail leaves Laurel (outbox, and SMTP when configured). */
  mailer?: Mailer;
  /** Company sign-in (OAuth 2.0 endpoints of the identity service), when available. */
  sso?: SsoIntegration;
  /** Tells `observer` how every sign-in at the embedded pool ends (metrics). */
  observeSignIns?: (observer: SignInObserver) => void;
  /**
   * Hands the embedded pool's account events (sign-ins, sign-outs, password and authenticator
   * changes) to `hook`, inside the transaction of each change (the audit trail). AWS Cognito has
   * no such hook: the API records what it sees itself.
   */
  observeAccountEvents?: (hook: IdentityEventHook) => void;
}

export interface BuildAppOptions {
  config: AppConfig;
  identity: IdentityIntegration;
  /** An open database; by default one is opened from `config.databaseUrl` and closed with the app. */
  database?: DatabaseHandle;
  /** Pino options, or false to log nothing (tests). */
  logger?: boolean | Record<string, unknown>;
  /** A logger made by the caller (shared with code that runs before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Serve the built web app; off in tests unless they point `config.webDist` at a build. */
  serveWeb?: boolean;
  /** Job queue timing (tests retry at once); the worker starts only when `app.jobs.start()` is called. */
  jobs?: Pick<JobQueueOptions, 'leaseMs' | 'pollMs' | 'retryDelayMs'>;
  /**
   * Run the job worker on its own thread with its own database connection (`npm start`); tests
   * run jobs in this process with `runUntilIdle()`.
   */
  jobThread?: Pick<JobThreadData, 'logLevel' | 'pretty'> & {
    /** How long a stop waits for the thread before ending it (tests shorten it). */
    stopTimeoutMs?: number;
  };
  /** The clock that decides the latest complete year of earnings (tests pin it). */
  now?: () => Date;
  /** Starting, ready or stopping: what `/readyz` reports (always ready when absent). */
  lifecycle?: Lifecycle;
  /** Where request counters live; by default opened from the config and closed with the app. */
  rateLimits?: RateLimitStore;
  /**
   * The HTTP server the app answers on, already listening (`npm start`: the one that answered
   * while the app was built); by default Fastify makes one when `listen` is called.
   */
  serverFactory?: FastifyServerFactory;
  /**
   * Webhook receivers on this machine (loopback, over http too): on in demo mode by default.
   * Tests turn it on explicitly for their receiver; no environment variable sets it.
   */
  webhookLoopbackReceivers?: boolean;
  /** Tests only: the webhook delivery's fetch, clock and jitter (jobs run in this process). */
  webhookDelivery?: WebhookDeliveryOverrides;
}

/** Webhook messages (with their deliveries and attempts) are kept this long. */
const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the Laurel server without listening, so that tests can `inject` requests.
 * @example const app = await buildApp({ config, identity }); await app.listen({ port: 3000 });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, identity } = options;
  const database = options.database ?? createDatabase(config.databaseUrl);
  const ownsDatabase = !options.database;

  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            options.logger === undefined
              ? { level: config.logLevel }
              : options.logger === false
                ? false
                : { level: config.logLevel, ...(options.logger === true ? {} : options.logger) },
        }),
    bodyLimit: MAX_BODY_BYTES,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    // One line per request, when it is answered (lib/request-log.ts).
    logController: new RequestLogController(),
    genReqId: (request) => acceptedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isApiCall(request.url)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  const rateLimits =
    options.rateLimits ??
    (await createRateLimitStore({
      redisUrl: config.redisUrl,
      redisKeyPrefix: config.redisKeyPrefix,
      pool: database.pool,
      log: app.log,
    }));
  if (!options.rateLimits) app.addHook('onClose', () => rateLimits.close());
  const metrics = config.metricsToken
    ? createMetrics({
        jobTypes: Object.values(JOB_TYPES),
        readQueueStats: () => readQueueStats(database.db, database.dialect),
        readInsightChecks: () => createInsightsCheckRepository(database.db).summary(),
        ...(database.pool ? { pool: database.pool } : {}),
        version: VERSION,
        log: app.log,
      })
    : undefined;
  if (metrics) identity.observeSignIns?.(metrics.observeSignIn);
  const badgeJobSettings = {
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, demoMode: config.demoMode },
  };
  const webhookJobSettings = {
    ...badgeJobSettings,
    allowLoopback: options.webhookLoopbackReceivers ?? config.demoMode,
  };
  const insightsDigestSettings = config.insightsDigest
    ? { publicUrl: config.publicUrl, mail: badgeJobSettings.mail }
    : undefined;
  /** Reads SAML identity providers' metadata addresses again once a day (set below). */
  let refreshSamlMetadata: (() => Promise<void>) | undefined;
  const queue = createJobQueue({
    ...options.jobs,
    ...(metrics ? { onJobFinished: metrics.observeJob } : {}),
    db: database.db,
    dialect: database.dialect,
    log: app.log,
    handlers: createJobHandlers({
      db: database.db,
      dialect: database.dialect,
      earningsProvider: config.earningsProvider,
      insightsEarningsFloor: config.insightsEarningsFloor,
      openBadges: badgeJobSettings,
      webhooks: webhookJobSettings,
      ...(insightsDigestSettings ? { insightsDigest: insightsDigestSettings } : {}),
      ...(options.webhookDelivery ? { webhookDelivery: options.webhookDelivery } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
    housekeeping: async () => {
      await createSsoRepository(database.db).purgeLoginStates(new Date());
      await refreshSamlMetadata?.();
      await createMailRepository(database.db).maskExpired();
      await rateLimits.purgeExpired();
      await createBenchmarksRepository(database.db).purgePrevious(
        previousVersionsBefore(options.now?.() ?? new Date()),
      );
      await createWebhooksRepository(database.db, database.dialect).purgeBefore(
        new Date(Date.now() - WEBHOOK_LOG_RETENTION_MS).toISOString(),
      );
      // The daily consistency check of each organization's stored insights, queued once a day.
      await scheduleInsightsChecks(
        createInsightsCheckRepository(database.db),
        (job) => enqueueJob(database.db, job),
        options.now?.() ?? new Date(),
      );
      // The monthly insights digest: each opted-in admin's month is queued once, on any instance.
      if (insightsDigestSettings)
        await scheduleInsightsDigests(
          createInsightsDigestRepository(database.db),
          (job) => enqueueJob(database.db, job),
          options.now?.() ?? new Date(),
        );
    },
  });
  const jobs = options.jobThread
    ? createThreadedJobQueue(queue, {
        thread: {
          logLevel: options.jobThread.logLevel,
          pretty: options.jobThread.pretty,
          databaseUrl: config.databaseUrl,
          earningsProvider: config.earningsProvider,
          insightsEarningsFloor: config.insightsEarningsFloor,
          openBadges: badgeJobSettings,
          webhooks: webhookJobSettings,
          ...(insightsDigestSettings ? { insightsDigest: insightsDigestSettings } : {}),
        },
        ...(options.jobThread.stopTimeoutMs === undefined
          ? {}
          : { stopTimeoutMs: options.jobThread.stopTimeoutMs }),
        log: app.log,
        ...(metrics ? { onJobFinished: metrics.observeJob } : {}),
      })
    : queue;
  app.decorate('jobs', jobs);
  // The worker stops (its running job reaches a safe point) before the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (ownsDatabase) await database.destroy();
  });

  await app.register(errorsPlugin);
  // Responses of 1 KiB or more go out brotli- or gzip-compressed when the client accepts it (the
  // web app's assets are compressed at build and served as they are); request bodies are read as
  // sent, never inflated. An answer of up to COMPRESS_INLINE_BYTES is compressed in one call on
  // the request's thread: zstd takes about 0.15 ms and brotli at quality 4 about 0.4 ms for a list
  // of 500 bookmarks (67 KB), while the plugin's stream through the thread pool, its default above
  // 8 KiB on two cores, made the same answer about 2.5 ms later. Larger answers and streams (CSV
  // exports) still go through the thread pool.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: COMPRESS_INLINE_BYTES,
    globalDecompression: false,
  });
  await app.register(metricsPlugin, { token: config.metricsToken, metrics });
  await app.register(securityHeadersPlugin, { config });
  await app.register(inputGuardPlugin);
  await app.register(openapiPlugin, { version: VERSION, serveUi: true });

  const db = database.db;
  const usersRepository = createUsersRepository(db);
  const organizationsRepository = createOrganizationsRepository(db);
  await app.register(apiAddressLimitPlugin, { store: rateLimits, limits: config.apiRateLimits });
  const verifier = createTokenVerifier({
    issuer: identity.issuer,
    audience: identity.audience,
    getKey: identity.getKey,
    ...(identity.isRevoked ? { isRevoked: identity.isRevoked } : {}),
  });
  const auditsRepository = createAuditsRepository(db);
  const audit = createAuditor(auditsRepository);
  // Organization API keys (docs/api.md) and SCIM tokens (docs/sso.md), hashed under a key
  // derived from SECRET_KEY.
  const keyHash = (() => {
    let hasher: Promise<(key: string) => string> | undefined;
    return () => (hasher ??= resolveSecretKey(db, config.secretKey).then(createKeyHasher));
  })();
  const apiKeys = createApiKeysService({
    db,
    keys: createApiKeysRepository(db),
    hash: keyHash,
    audit,
  });
  await app.register(authPlugin, {
    verifier,
    apiKeys,
    principals: {
      findByIdentityUsername: (username) => usersRepository.findPrincipal(username),
      organizationExists: (id) => organizationsRepository.exists(id),
    },
  });

  await app.register(rateLimitPlugin, { store: rateLimits, limits: config.apiRateLimits });

  if (identity.register) await identity.register(app);

  await app.register(healthRoutes, {
    ping: database.ping,
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
  });
  await app.register(configRoutes, { config, version: VERSION });
  await app.register(apiKeysRoutes, { apiKeys });
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({
      db,
      webhooks: createWebhooksRepository(db, database.dialect),
      box: webhookSecretBox(db, config.secretKey),
      audit,
      receivers: { allowLoopback: webhookJobSettings.allowLoopback },
      notifyJobs: () => jobs.notify(),
    }),
  });
  await app.register(lookupsRoutes, { lookups: createLookupsRepository(db) });
  const recordAccountEvent = createAccountEventRecorder(auditsRepository);
  identity.observeAccountEvents?.(recordAccountEvent);
  await app.register(usersRoutes, {
    users: createUsersService({ db, users: usersRepository, audit, recordAccountEvent }),
    usersAdmin: createUsersAdminService({
      db,
      users: createUsersAdminRepository(db),
      audit,
      identity: identity.admin,
      forgetPrincipal: (username) => app.forgetPrincipal(username),
    }),
    authenticator: createAuthenticatorService({ db, identity: identity.admin, audit }),
  });
  await app.register(organizationsRoutes, {
    organizations: createOrganizationsService({
      db,
      organizations: organizationsRepository,
      audit,
      identity: identity.admin,
      notifyJobs: () => jobs.notify(),
    }),
  });
  await app.register(credentialsRoutes, {
    credentials: createCredentialsService({
      db,
      credentials: createCredentialsRepository(db),
      audit,
    }),
  });
  const contractsRepository = createContractsRepository(db);
  const insightsRepository = createInsightsRepository(db);
  await app.register(contractsRoutes, {
    contracts: createContractsService({
      db,
      contracts: contractsRepository,
      audit,
      ...(options.now ? { now: options.now } : {}),
    }),
  });
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({
      db,
      audit,
      dashboard: createDashboardRepository(db),
      contracts: contractsRepository,
      insights: insightsRepository,
      webhooks: createWebhooksRepository(db, database.dialect),
      insightChecks: createInsightsCheckRepository(db),
      ...(options.now ? { now: options.now } : {}),
    }),
  });
  await app.register(bookmarksRoutes, {
    bookmarks: createBookmarksService({
      db,
      bookmarks: createBookmarksRepository(db, database.dialect),
      audit,
    }),
  });
  await app.register(auditsRoutes, {
    audits: createAuditsService({ db, audits: auditsRepository, audit }),
  });
  await app.register(searchRoutes, { search: createSearchRepository(db) });
  await app.register(awardeesRoutes, {
    awardees: createAwardeesService({
      awardees: createAwardeesRepository(db, publicAddresses(config.publicUrl).verification),
    }),
  });
  const benchmarks = createBenchmarksService({
    db,
    benchmarks: createBenchmarksRepository(db),
    audit,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(insightsRoutes, {
    insights: createInsightsService({
      insights: insightsRepository,
      supportEmail: config.supportEmail,
      earningsFloor: config.insightsEarningsFloor,
      ...(options.now ? { now: options.now } : {}),
      reports: {
        db,
        audit,
        demo: config.demoMode,
        publicUrl: config.publicUrl,
        benchmarks: (actor, query) => benchmarks.comparison(actor, query),
      },
    }),
  });
  await app.register(earningsRoutes, {
    earnings: createEarningsService({
      db,
      earnings: createEarningsRepository(db),
      imports: createEarningsImportsRepository(db),
      audit,
      notifyJobs: () => jobs.notify(),
    }),
  });
  await app.register(benchmarksRoutes, { benchmarks });
  await app.register(uploadsRoutes, {
    uploads: createUploadsService({
      db,
      uploads: createUploadsRepository(db, database.dialect),
      audit,
      notifyJobs: () => jobs.notify(),
    }),
  });
  {
    const invitationsRepository = createInvitationsRepository(db);
    const ssoRepository = createSsoRepository(db);
    const samlService = createSamlService({
      db,
      sso: ssoRepository,
      audit,
      identity: identity.admin,
      outboundFetch: createSsoFetch(config),
      people: invitationsRepository,
      publicUrl: config.publicUrl,
    });
    identity.sso?.setRefusalHandler?.((input) => samlService.recordRefusal(input));
    refreshSamlMetadata = async () => {
      for (const failure of await samlService.refreshDue())
        app.log.warn(failure, 'SAML metadata refresh failed');
    };
    const ssoService = createSsoService({
      samlStatus: (settings, organizationId) => samlService.status(settings, organizationId),
      prepareSignIn: (organization) => samlService.prepareSignIn(organization),
      db,
      sso: ssoRepository,
      people: invitationsRepository,
      audit,
      identity: identity.admin,
      integration: identity.sso,
      outboundFetch: createSsoFetch(config),
      recordAccountEvent,
    });
    const summaries = createUsersAdminRepository(db);
    await app.register(ssoRoutes, { sso: ssoService });
    const scim = createScimService({
      db,
      scim: createScimRepository(db),
      people: invitationsRepository,
      audit,
      identity: identity.admin,
      hash: keyHash,
      federated: async (organizationId) =>
        isFederatedOrganization(await ssoService.organizationSignIn(organizationId)),
      forgetPrincipal: (username) => app.forgetPrincipal(username),
      seatLines: async (organizationId) =>
        seatLinesOf(
          await contractsRepository.current(utcDate(options.now?.() ?? new Date()), [
            organizationId,
          ]),
        ),
      publicUrl: config.publicUrl,
    });
    await app.register(scimSettingsRoutes, { scim });
    await app.register(scimProtocolRoutes, {
      scim,
      publicUrl: config.publicUrl,
      prefix: SCIM_PREFIX,
    });
    await app.register(samlRoutes, { saml: samlService, sso: ssoService });
    await app.register(invitationsRoutes, {
      invitations: createInvitationsService({
        db,
        invitations: invitationsRepository,
        sso: ssoService,
        audit,
        identity: identity.admin,
        mailer: identity.mailer,
        links: {
          acceptUrl: (token) =>
            `${config.publicUrl}/auth/accept-invitation?token=${encodeURIComponent(token)}`,
        },
        seatLines: async (organizationId) =>
          seatLinesOf(
            await contractsRepository.current(utcDate(options.now?.() ?? new Date()), [
              organizationId,
            ]),
          ),
        userSummary: async (id) => {
          const found = await summaries.find(id);
          if (!found) return undefined;
          const { identityUsername: _identityUsername, ...summary } = found;
          return summary;
        },
        forgetPrincipal: (username) => app.forgetPrincipal(username),
      }),
    });
  }

  {
    const badges = createOpenBadges({
      db,
      dialect: database.dialect,
      publicUrl: config.publicUrl,
      secretKey: config.secretKey,
      // Other issuers' did:web documents and status lists: https only, never a private address.
      outboundFetch: createOutboundFetch({ allowPrivate: false }),
    });
    await app.register(openBadgesRoutes, {
      service: createOpenBadgesService({
        db,
        repository: badges.repository,
        issuer: badges.issuer,
        audit,
        publicUrl: config.publicUrl,
        notifyJobs: () => jobs.notify(),
        mailer: identity.mailer,
      }),
      repository: badges.repository,
      issuer: badges.issuer,
      verify: badges.verify,
      outcomes: createOutcomeSummary(insightsRepository),
    });
  }

  if (options.serveWeb ?? true) {
    await app.register(spaPlugin, {
      root: config.webDist ?? defaultWebDist,
      sourceMaps: config.webSourceMaps,
    });
  }
  return app;
}
