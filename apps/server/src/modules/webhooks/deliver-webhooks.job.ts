import type { CryptoBox } from '@laurel/identity/crypto-box';

import type { JobContext, JobHandler } from '../../jobs/types.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import type { OutboundFetch } from '../../lib/outbound.ts';
import type { Mailer } from '../mail/mailer.ts';
import { webhookDisabledEmail } from '../mail/templates.ts';
import {
  attemptDelivery,
  retryDelayMs,
  WEBHOOK_CONCURRENCY_PER_ENDPOINT,
  WEBHOOK_FAILING_DISABLE_MS,
  WEBHOOK_TIMEOUT_MS,
} from './webhook-delivery.ts';
import { deliverWebhooksDedupeKey } from './webhook-outbox.ts';
import {
  type ClaimedDelivery,
  createWebhooksRepository,
  type StoredWebhookEndpoint,
} from './webhooks.repository.ts';

/** Deliveries one run sends before it makes way for other jobs (it queues itself again). */
const DELIVERIES_PER_RUN = 60;
/** A claimed delivery belongs to its worker this long: past the timeout, so a live one keeps it. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS * 4;
/** A run that could send nothing looks again at least this much later. */
const IDLE_RETRY_MS = 2_000;

export interface DeliverWebhooksDeps {
  box: () => Promise<CryptoBox>;
  fetch: OutboundFetch;
  /** Where the e-mail about a disabled endpoint points (PUBLIC_URL). */
  publicUrl: string;
  mailer?: ((log: JobContext['log']) => Mailer) | undefined;
  /** Tests move the clock and fix the jitter. */
  now?: () => number;
  random?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `deliver-webhooks`: sends one endpoint's due deliveries, a few at a time (at most three in
 * flight to an endpoint across every worker), signs each attempt per Standard Webhooks, records
 * every attempt, schedules retries, disables the endpoint on a 410 or after three days of
 * failures (its organization's admins are e-mailed), and queues itself for the next due one.
 * A run after a crash starts over: what was claimed and not recorded is sent again after its
 * claim runs out, with the same `webhook-id`.
 */
export function createDeliverWebhooksHandler(deps: DeliverWebhooksDeps): JobHandler {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;

  async function signersOf(endpoint: StoredWebhookEndpoint) {
    // Loaded by the first delivery: most servers never send one.
    const { Webhook } = await import('standardwebhooks');
    const box = await deps.box();
    const secrets = [box.open(endpoint.secretSealed)];
    if (
      endpoint.previousSecretSealed &&
      endpoint.previousSecretUntil &&
      Date.parse(endpoint.previousSecretUntil) > now()
    )
      secrets.push(box.open(endpoint.previousSecretSealed));
    return secrets.map((secret) => new Webhook(secret));
  }

  return {
    async run(context) {
      const endpointId = Number(context.job.payload.endpointId);
      const webhooks = createWebhooksRepository(context.db, context.dialect);
      let endpoint = await webhooks.find(null, endpointId);
      if (!endpoint?.enabled) return;
      const signers = await signersOf(endpoint);
      let disabledNow: string | null = null;

      const deliver = async (target: StoredWebhookEndpoint, delivery: ClaimedDelivery) => {
        const at = now();
        const headers = {
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(at / 1000)),
          'webhook-signature': signers
            .map((signer) => signer.sign(delivery.messageId, new Date(at), delivery.payload))
            .join(' '),
        };
        const result = await attemptDelivery(
          deps.fetch,
          target.url,
          delivery.payload,
          headers,
          now,
        );
        // The wait before the next attempt runs from this one's end (a timeout took 15 seconds).
        const finished = at + result.durationMs;
        const succeeded =
          result.error === null && result.statusCode !== null && result.statusCode < 300;
        const gone = result.statusCode === 410;
        const delay =
          succeeded || gone
            ? null
            : retryDelayMs(delivery.attempts + 1, result.retryAfterMs, random);
        const attemptedAt = iso(at);
        const disabled = await context.db.transaction().execute(async (trx) => {
          await webhooks.recordAttempt(
            trx,
            delivery.id,
            {
              attemptedAt,
              statusCode: result.statusCode,
              error: result.error,
              durationMs: result.durationMs,
              responseBody: result.responseBody,
            },
            succeeded
              ? { status: 'SUCCEEDED', nextAttemptAt: null }
              : delay === null
                ? { status: 'FAILED', nextAttemptAt: null }
                : { status: 'PENDING', nextAttemptAt: iso(finished + delay) },
          );
          if (succeeded) {
            await webhooks.markHealthy(trx, target.id);
            return null;
          }
          const failingSince = await webhooks.markFailing(trx, target.id, attemptedAt);
          const reason = gone
            ? `The endpoint answered 410 Gone on ${attemptedAt.slice(0, 10)}: it asked for no more deliveries.`
            : Date.parse(failingSince) <= at - WEBHOOK_FAILING_DISABLE_MS
              ? `Every delivery failed for three days, since ${failingSince.slice(0, 16).replace('T', ' ')} UTC.`
              : null;
          if (reason && (await webhooks.disable(trx, target.id, reason, attemptedAt)))
            return reason;
          return null;
        });
        if (disabled) disabledNow = disabled;
      };

      let sent = 0;
      while (sent < DELIVERIES_PER_RUN && !context.stopping) {
        const at = now();
        const claimed = await webhooks.claimDue(endpointId, {
          now: iso(at),
          until: iso(at + CLAIM_MS),
          concurrency: WEBHOOK_CONCURRENCY_PER_ENDPOINT,
        });
        if (claimed.length === 0) break;
        await Promise.all(claimed.map((delivery) => deliver(endpoint!, delivery)));
        sent += claimed.length;
        await context.heartbeat();
        endpoint = await webhooks.find(null, endpointId);
        if (!endpoint?.enabled) break;
      }
      if (disabledNow && endpoint) await tellAdmins(context, endpoint, disabledNow);
      if (!endpoint?.enabled) return;

      const next = await webhooks.nextDue(endpointId);
      if (next === null) return;
      const at = now();
      // A run that sent nothing found its due deliveries claimed by other workers (or this
      // instance's clock behind the database's): it looks again a little later, never at once.
      const runAt = Math.max(Date.parse(next), at, sent === 0 ? at + IDLE_RETRY_MS : 0);
      await context.enqueue({
        type: JOB_TYPES.deliverWebhooks,
        organizationId: endpoint.organizationId,
        payload: { endpointId },
        dedupeKey: deliverWebhooksDedupeKey(endpointId),
        runAt: new Date(runAt),
        sooner: true,
      });
    },
  };

  async function tellAdmins(context: JobContext, endpoint: StoredWebhookEndpoint, reason: string) {
    context.log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint disabled');
    if (!deps.mailer) return;
    const webhooks = createWebhooksRepository(context.db, context.dialect);
    const admins = await webhooks.adminsOf(endpoint.organizationId);
    if (admins.length === 0) return;
    const organizationName = await webhooks.organizationName(endpoint.organizationId);
    const mailer = deps.mailer(context.log);
    try {
      for (const admin of admins)
        await mailer
          .send(
            webhookDisabledEmail({
              to: admin.email,
              firstName: admin.firstName,
              organizationName,
              url: endpoint.url,
              reason,
              link: `${deps.publicUrl.replace(/\/+$/, '')}/organizations/${endpoint.organizationId}/webhooks`,
              language: admin.language === 'es' ? 'es' : 'en',
            }),
          )
          .catch((err: unknown) =>
            context.log.error({ err, to: admin.email }, 'could not e-mail a disabled webhook'),
          );
    } finally {
      mailer.close();
    }
  }
}
