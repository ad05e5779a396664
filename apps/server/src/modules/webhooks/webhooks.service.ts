import type { Kysely } from 'kysely';

import type { CryptoBox } from '@laurel/identity/crypto-box';
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointCreateBody,
  type TWebhookEndpointUpdateBody,
  type TWebhookEndpointWithSecret,
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
  WEBHOOK_MESSAGES,
} from '@laurel/contract/webhooks';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import { deliverWebhooksDedupeKey } from './webhook-outbox.ts';
import { generateWebhookSecret, secretStartOf } from './webhook-secret.ts';
import { checkWebhookUrl, type WebhookReceiverRules } from './webhook-url.ts';
import type { StoredWebhookEndpoint, WebhooksRepository } from './webhooks.repository.ts';

/** After a rotation the previous secret signs as well for this long (both signatures are sent). */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3_600_000;
/** Deliveries listed in an endpoint's log. */
export const DELIVERY_LOG_SIZE = 100;

const toEndpoint = (stored: StoredWebhookEndpoint): TWebhookEndpoint => ({
  id: stored.id,
  organizationId: stored.organizationId,
  url: stored.url,
  description: stored.description,
  events: stored.events,
  enabled: stored.enabled,
  disabledReason: stored.disabledReason,
  failingSince: stored.failingSince,
  createdAt: stored.createdAt,
  updatedAt: stored.updatedAt,
  secretStart: stored.secretStart,
});

/** Who disabled an endpoint, as its reason says. */
const nameOf = (principal: Principal) =>
  principal.apiKey
    ? `the API key “${principal.apiKey.name}”`
    : principal.email || 'an administrator';

/**
 * An organization's webhook endpoints: made, changed, rotated and deleted by its admins, platform
 * admins and API keys with `webhooks:manage`; every change audited (resource type `webhook`).
 */
export function createWebhooksService(deps: {
  db: Kysely<Database>;
  webhooks: WebhooksRepository;
  /** Seals the endpoints' secrets under SECRET_KEY. */
  box: () => Promise<CryptoBox>;
  audit: Auditor;
  receivers: WebhookReceiverRules;
  notifyJobs: () => void;
  now?: () => number;
}) {
  const { db, webhooks, audit } = deps;
  const now = deps.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();

  async function endpointOrThrow(principal: Principal, organizationId: number, id: number) {
    requireAccess(principal, 'manage:webhook', { organizationId });
    const endpoint = await webhooks.find(organizationId, id);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  const wake = (trx: Kysely<Database>, endpoint: { id: number; organizationId: number }) =>
    enqueueJob(trx, {
      type: JOB_TYPES.deliverWebhooks,
      organizationId: endpoint.organizationId,
      payload: { endpointId: endpoint.id },
      dedupeKey: deliverWebhooksDedupeKey(endpoint.id),
      sooner: true,
    });

  return {
    async list(principal: Principal, organizationId: number): Promise<TWebhookEndpoint[]> {
      requireAccess(principal, 'manage:webhook', { organizationId });
      return (await webhooks.list(organizationId)).map(toEndpoint);
    },

    async create(
      actor: Actor,
      organizationId: number,
      body: TWebhookEndpointCreateBody,
    ): Promise<TWebhookEndpointWithSecret> {
      requireAccess(actor.principal, 'manage:webhook', { organizationId });
      const url = await checkWebhookUrl(body.url, deps.receivers);
      if ((await webhooks.count(organizationId)) >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION)
        throw conflict(WEBHOOK_MESSAGES.tooMany);
      const secret = generateWebhookSecret();
      const box = await deps.box();
      const id = await db.transaction().execute(async (trx) => {
        const created = await webhooks.insert(trx, {
          organizationId,
          url,
          description: body.description ?? '',
          events: body.events,
          secretSealed: box.seal(secret),
          secretStart: secretStartOf(secret),
          createdByUserId: actor.principal.userId,
          at: iso(),
        });
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'webhook',
          resourceId: created,
          organizationId,
          summary: `Added the webhook endpoint ${url} (${body.events.join(', ')})`,
        });
        return created;
      });
      return { ...toEndpoint((await webhooks.find(organizationId, id))!), secret };
    },

    async update(
      actor: Actor,
      organizationId: number,
      id: number,
      body: TWebhookEndpointUpdateBody,
    ): Promise<TWebhookEndpoint> {
      const endpoint = await endpointOrThrow(actor.principal, organizationId, id);
      const url =
        body.url === undefined || body.url === endpoint.url
          ? undefined
          : await checkWebhookUrl(body.url, deps.receivers);
      const changes: Parameters<WebhooksRepository['update']>[2] = {};
      const said: string[] = [];
      if (url !== undefined && url !== endpoint.url) {
        changes.url = url;
        said.push(`its address to ${url}`);
      }
      if (body.description !== undefined && body.description !== endpoint.description) {
        changes.description = body.description;
        said.push('its description');
      }
      if (body.events && body.events.join() !== endpoint.events.join()) {
        changes.events = body.events;
        said.push(`its events to ${body.events.join(', ')}`);
      }
      if (body.enabled !== undefined && body.enabled !== endpoint.enabled) {
        changes.enabled = body.enabled;
        changes.disabledReason = body.enabled
          ? null
          : `Disabled by ${nameOf(actor.principal)} on ${iso().slice(0, 10)}`;
        changes.autoDisabledAt = null;
        changes.failingSince = null;
        said.push(body.enabled ? 'enabled it' : 'disabled it');
      }
      if (said.length > 0)
        await db.transaction().execute(async (trx) => {
          await webhooks.update(trx, id, changes, iso());
          // Deliveries that waited while it was disabled go out now.
          if (changes.enabled) await wake(trx, endpoint);
          await audit(trx, actor, {
            type: 'UPDATE',
            resourceType: 'webhook',
            resourceId: id,
            organizationId,
            summary: `Changed the webhook endpoint ${endpoint.url}: ${said.join('; ')}`,
          });
        });
      if (changes.enabled) deps.notifyJobs();
      return toEndpoint((await webhooks.find(organizationId, id))!);
    },

    async remove(actor: Actor, organizationId: number, id: number): Promise<void> {
      const endpoint = await endpointOrThrow(actor.principal, organizationId, id);
      await db.transaction().execute(async (trx) => {
        await webhooks.remove(trx, id);
        await audit(trx, actor, {
          type: 'DELETE',
          resourceType: 'webhook',
          resourceId: id,
          organizationId,
          summary: `Deleted the webhook endpoint ${endpoint.url}`,
        });
      });
    },

    /**
     * A new secret, shown in this answer only; the previous one signs deliveries as well for a
     * day, so that the receiver can move to the new one without refusing any.
     */
    async rotateSecret(
      actor: Actor,
      organizationId: number,
      id: number,
    ): Promise<TWebhookEndpointWithSecret> {
      const endpoint = await endpointOrThrow(actor.principal, organizationId, id);
      const secret = generateWebhookSecret();
      const box = await deps.box();
      const until = new Date(now() + PREVIOUS_SECRET_VALID_MS).toISOString();
      await db.transaction().execute(async (trx) => {
        await webhooks.update(
          trx,
          id,
          {
            secretSealed: box.seal(secret),
            secretStart: secretStartOf(secret),
            previousSecretSealed: endpoint.secretSealed,
            previousSecretUntil: until,
          },
          iso(),
        );
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'webhook',
          resourceId: id,
          organizationId,
          summary: `Rotated the secret of the webhook endpoint ${endpoint.url}: the previous one signs too until ${until}`,
        });
      });
      return { ...toEndpoint((await webhooks.find(organizationId, id))!), secret };
    },

    async deliveries(
      principal: Principal,
      organizationId: number,
      id: number,
    ): Promise<TWebhookDelivery[]> {
      await endpointOrThrow(principal, organizationId, id);
      return webhooks.deliveries(id, DELIVERY_LOG_SIZE);
    },

    /** Sends a delivery's message again, with the same `webhook-id`, as a new delivery. */
    async resend(
      actor: Actor,
      organizationId: number,
      id: number,
      deliveryId: number,
    ): Promise<TWebhookDelivery> {
      const endpoint = await endpointOrThrow(actor.principal, organizationId, id);
      const delivery = await webhooks.delivery(id, deliveryId);
      if (!delivery) throw notFound();
      const created = await db.transaction().execute(async (trx) => {
        const newId = await webhooks.insertDelivery(trx, id, Number(delivery.messageId), iso());
        if (endpoint.enabled) await wake(trx, endpoint);
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'webhook',
          resourceId: id,
          organizationId,
          summary: `Resent delivery ${deliveryId} to the webhook endpoint ${endpoint.url}`,
        });
        return newId;
      });
      deps.notifyJobs();
      const log = await webhooks.deliveries(id, DELIVERY_LOG_SIZE);
      return log.find((entry) => entry.id === created)!;
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
