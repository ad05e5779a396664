import type { Kysely } from 'kysely';

import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { createDemoEarningsProvider } from '../modules/earnings/demo-provider.ts';
import { createEarningsImportsRepository } from '../modules/earnings/earnings-imports.repository.ts';
import { createEarningsRepository } from '../modules/earnings/earnings.repository.ts';
import { createImportEarningsHandler } from '../modules/earnings/import-earnings.job.ts';
import { createMatchAwardsHandler } from '../modules/earnings/match-awards.job.ts';
import { createCheckInsightsHandler } from '../modules/insights/check-insights.job.ts';
import { createRebuildInsightsHandler } from '../modules/insights/rebuild-insights.job.ts';
import { createInsightsDigestRepository } from '../modules/insights/insights-digest.repository.ts';
import { createInsightsRepository } from '../modules/insights/insights.repository.ts';
import { createInsightsReader } from '../modules/insights/insights.service.ts';
import { createSendInsightsDigestHandler } from '../modules/insights/send-insights-digest.job.ts';
import {
  createIssueCredentialsHandler,
  followedBy,
  queueIssuingAfterUpload,
} from '../modules/open-badges/issue-credentials.job.ts';
import { createOpenBadges } from '../modules/open-badges/open-badges.ts';
import { createMailer, type MailerOptions } from '../modules/mail/mailer.ts';
import { createMailRepository } from '../modules/mail/mail.repository.ts';
import { createSendCredentialsHandler } from '../modules/open-badges/send-credentials.job.ts';
import { createProcessUploadHandler } from '../modules/uploads/process-upload.ts';
import { createUploadsRepository } from '../modules/uploads/uploads.repository.ts';
import { createDeliverWebhooksHandler } from '../modules/webhooks/deliver-webhooks.job.ts';
import { createWebhookFetch } from '../modules/webhooks/webhook-url.ts';
import { webhookSecretBox } from '../modules/webhooks/webhook-secret.ts';
import type { OutboundFetch } from '../lib/outbound.ts';
import { type JobHandler, JOB_TYPES, type JobType } from './types.ts';

/** How jobs send e-mail: the server's own mail settings (the job thread has no mailer of its own). */
export type MailSettings = Pick<MailerOptions, 'smtpUrl' | 'from' | 'demoMode'>;

export interface JobHandlerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Who matches awards automatically: the demo provider, or nobody (provider files are imported). */
  earningsProvider?: 'demo' | 'file';
  /** Annual wages (nominal dollars) below this are not counted in insight wage figures. */
  insightsEarningsFloor?: number;
  /** The clock that decides the latest complete year of imported earnings (tests pin it). */
  now?: () => Date;
  /**
   * The database's URL, for jobs that open connections of their own: an insights rebuild of a
   * large organization reads on two threads. Without it they use only `db`.
   */
  databaseUrl?: string;
  /**
   * Where signed credentials point (PUBLIC_URL), the key their signing keys are sealed with, and
   * how their holders are e-mailed (without it, holders are sent nothing by the jobs).
   */
  openBadges?: { publicUrl: string; secretKey: string | undefined; mail?: MailSettings };
  /**
   * Webhook deliveries (docs/api.md#webhooks): PUBLIC_URL, SECRET_KEY (the endpoints' secrets are
   * sealed under it), the mail settings for telling admins of a disabled endpoint, and whether
   * loopback receivers are allowed (demo mode). Without it no webhook is delivered.
   */
  webhooks?: WebhookJobSettings;
  /**
   * The monthly insights digest: where its link points (PUBLIC_URL) and how it is e-mailed.
   * Without it no digest is sent.
   */
  insightsDigest?: { publicUrl: string; mail: MailSettings };
  /** Tests only: the delivery's fetch, clock and jitter (they cannot cross to the job thread). */
  webhookDelivery?: WebhookDeliveryOverrides;
}

export interface WebhookJobSettings {
  publicUrl: string;
  secretKey: string | undefined;
  mail?: MailSettings;
  allowLoopback: boolean;
}

export interface WebhookDeliveryOverrides {
  fetch?: OutboundFetch;
  now?: () => number;
  random?: () => number;
}

/**
 * Every background job Laurel runs, by type: the one place where handlers are assembled. A worker
 * claims only the types it has a handler for, so a type without one simply waits in the queue.
 */
export function createJobHandlers(deps: JobHandlerDeps): Partial<Record<JobType, JobHandler>> {
  const badges = deps.openBadges
    ? createOpenBadges({
        db: deps.db,
        dialect: deps.dialect,
        publicUrl: deps.openBadges.publicUrl,
        secretKey: deps.openBadges.secretKey,
      })
    : null;
  const mail = deps.openBadges?.mail;
  const webhooks = deps.webhooks;
  return {
    ...(webhooks
      ? {
          [JOB_TYPES.deliverWebhooks]: createDeliverWebhooksHandler({
            box: webhookSecretBox(deps.db, webhooks.secretKey),
            fetch:
              deps.webhookDelivery?.fetch ??
              createWebhookFetch({ allowLoopback: webhooks.allowLoopback }),
            publicUrl: webhooks.publicUrl,
            mailer: webhooks.mail
              ? (log) => createMailer(createMailRepository(deps.db), { ...webhooks.mail!, log })
              : undefined,
            ...(deps.webhookDelivery?.now ? { now: deps.webhookDelivery.now } : {}),
            ...(deps.webhookDelivery?.random ? { random: deps.webhookDelivery.random } : {}),
          }),
        }
      : {}),
    ...(deps.insightsDigest
      ? {
          [JOB_TYPES.sendInsightsDigest]: createSendInsightsDigestHandler({
            digests: createInsightsDigestRepository(deps.db),
            reader: createInsightsReader({ insights: createInsightsRepository(deps.db) }),
            publicUrl: deps.insightsDigest.publicUrl,
            mailer: (log) =>
              createMailer(createMailRepository(deps.db), { ...deps.insightsDigest!.mail, log }),
          }),
        }
      : {}),
    ...(badges
      ? {
          [JOB_TYPES.issueCredentials]: createIssueCredentialsHandler({
            repository: badges.repository,
            issuer: badges.issuer,
          }),
        }
      : {}),
    ...(badges && mail
      ? {
          [JOB_TYPES.sendCredentials]: createSendCredentialsHandler({
            repository: badges.repository,
            issuer: badges.issuer,
            mailer: (log) => createMailer(createMailRepository(deps.db), { ...mail, log }),
          }),
        }
      : {}),
    [JOB_TYPES.processUpload]: badges
      ? followedBy(
          createProcessUploadHandler({ uploads: createUploadsRepository(deps.db, deps.dialect) }),
          (context) => queueIssuingAfterUpload(badges.repository, context),
        )
      : createProcessUploadHandler({ uploads: createUploadsRepository(deps.db, deps.dialect) }),
    [JOB_TYPES.matchAwards]: createMatchAwardsHandler({
      provider: (deps.earningsProvider ?? 'demo') === 'demo' ? createDemoEarningsProvider() : null,
    }),
    [JOB_TYPES.importEarnings]: createImportEarningsHandler(
      {
        earnings: createEarningsRepository(deps.db),
        imports: createEarningsImportsRepository(deps.db),
      },
      deps.now ? { now: deps.now } : {},
    ),
    [JOB_TYPES.rebuildInsights]: createRebuildInsightsHandler({
      ...(deps.insightsEarningsFloor === undefined
        ? {}
        : { earningsFloor: deps.insightsEarningsFloor }),
      ...(deps.databaseUrl === undefined ? {} : { databaseUrl: deps.databaseUrl }),
    }),
    // The same settings as the rebuild: the check computes what the rebuild would store.
    [JOB_TYPES.checkInsights]: createCheckInsightsHandler({
      ...(deps.insightsEarningsFloor === undefined
        ? {}
        : { earningsFloor: deps.insightsEarningsFloor }),
      ...(deps.databaseUrl === undefined ? {} : { databaseUrl: deps.databaseUrl }),
    }),
  };
}
