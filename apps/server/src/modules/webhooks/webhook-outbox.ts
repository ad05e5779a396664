import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

import type { WebhookEventType } from '@laurel/contract/webhooks';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';

/** The data of each event, as its receivers get it (docs/api.md#webhooks). */
export interface WebhookEventData {
  'upload.completed': {
    uploadId: number;
    status: 'COMPLETED' | 'COMPLETED_WITH_ERRORS';
    rowsTotal: number;
    rowsOk: number;
    rowsRefused: number;
  };
  'upload.failed': { uploadId: number; message: string };
  'award.matched': { awardIds: number[] };
  'insights.updated': { credentialIds: number[]; builtAt: string };
  'credential.issued': {
    credentialId: number;
    credentials: Array<{ awardId: number | null; verificationUrl: string }>;
  };
  'credential.revoked': {
    credentialId: number;
    credentials: Array<{ awardId: number | null; verificationUrl: string; reason: string }>;
  };
}

/** The `webhook-id` of a new message: `msg_` and 24 URL-safe random characters. */
const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

export const deliverWebhooksDedupeKey = (endpointId: number) => `deliver-webhooks:${endpointId}`;

/**
 * Records an event in the outbox, in `trx`, the transaction of the change it reports: it is sent
 * if and only if the change is committed. The message is stored once and a delivery is made for
 * each enabled endpoint of the organization subscribed to its type (decision 054); an
 * organization without one stores nothing. This is the outbox's one writer, called by the modules
 * whose changes are events.
 * @example await recordWebhookEvent(trx, organizationId, 'upload.failed', { uploadId, message })
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  trx: Kysely<Database>,
  organizationId: number,
  type: T,
  data: WebhookEventData[T],
  at: Date = new Date(),
): Promise<void> {
  const endpoints = (
    await trx
      .selectFrom('webhookEndpoints')
      .select(['id', 'events'])
      .where('organizationId', '=', organizationId)
      .where('enabled', '=', true)
      .execute()
  ).filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type));
  if (endpoints.length === 0) return;
  const timestamp = at.toISOString();
  const { id } = await trx
    .insertInto('webhookMessages')
    .values({
      organizationId,
      messageId: newMessageId(),
      eventType: type,
      payload: JSON.stringify({ type, timestamp, data: { organizationId, ...data } }),
      createdAt: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('webhookDeliveries')
    .values(
      endpoints.map((endpoint) => ({
        endpointId: Number(endpoint.id),
        messageId: Number(id),
        nextAttemptAt: timestamp,
        createdAt: timestamp,
        updatedAt: timestamp,
      })),
    )
    .execute();
  for (const endpoint of endpoints)
    await enqueueJob(trx, {
      type: JOB_TYPES.deliverWebhooks,
      organizationId,
      payload: { endpointId: Number(endpoint.id) },
      dedupeKey: deliverWebhooksDedupeKey(Number(endpoint.id)),
      sooner: true,
    });
}
