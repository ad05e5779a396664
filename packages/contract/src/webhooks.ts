import { z } from 'zod';

/**
 * Organization webhooks (docs/api.md#webhooks): endpoints that receive signed events, per the
 * Standard Webhooks specification.
 */
export const WEBHOOK_EVENT_TYPES = [
  'upload.completed',
  'upload.failed',
  'award.matched',
  'insights.updated',
  'credential.issued',
  'credential.revoked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'upload.completed': 'An awards upload finished (with or without refused rows)',
  'upload.failed': 'An awards upload failed as a whole',
  'award.matched': 'Awards were matched with earnings',
  'insights.updated': 'Insights were rebuilt',
  'credential.issued': 'Signed credentials were issued',
  'credential.revoked': 'A signed credential was revoked',
};

/** The most endpoints an organization holds at once. */
export const WEBHOOK_ENDPOINTS_PER_ORGANIZATION = 20;

export const WEBHOOK_MESSAGES = {
  url: 'Give the full address of the receiver, starting with https://.',
  httpsOnly: 'Webhooks are sent over https only: give an address starting with https://.',
  credentials: 'Leave the user name and password out of the address.',
  privateAddress:
    'This address is private, loopback or link-local: webhooks are sent only to public addresses.',
  events: 'Choose at least one event.',
  tooMany: `An organization holds at most ${WEBHOOK_ENDPOINTS_PER_ORGANIZATION} webhook endpoints: delete one first.`,
} as const;

export const ZWebhookEndpoint = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** Why the endpoint was disabled (by a person, a 410 answer, or three days of failures). */
    disabledReason: z.string().nullable(),
    /** The first failed attempt since the last successful one. */
    failingSince: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The start of the secret (`whsec_` and four characters), to tell secrets apart. */
    secretStart: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpoints = z
  .object({ items: z.array(ZWebhookEndpoint) })
  .meta({ id: 'WebhookEndpoints' });
export type TWebhookEndpoints = z.infer<typeof ZWebhookEndpoints>;

const ZUrl = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(2000, 'Keep the address to 2,000 characters.');
const ZEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, WEBHOOK_MESSAGES.events)
  .refine((events) => new Set(events).size === events.length, 'Give each event once.');
const ZDescription = z.string().trim().max(200, 'Keep the description to 200 characters.');

export const ZWebhookEndpointCreateBody = z.strictObject({
  url: ZUrl,
  events: ZEvents,
  description: ZDescription.optional(),
});
export type TWebhookEndpointCreateBody = z.infer<typeof ZWebhookEndpointCreateBody>;

export const ZWebhookEndpointUpdateBody = z.strictObject({
  url: ZUrl.optional(),
  events: ZEvents.optional(),
  description: ZDescription.optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointUpdateBody = z.infer<typeof ZWebhookEndpointUpdateBody>;

/** A new endpoint or a rotated secret: the secret (`whsec_…`) is in this answer only. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() }).meta({
  id: 'WebhookEndpointWithSecret',
});
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<
  (typeof WEBHOOK_DELIVERY_STATUSES)[number],
  string
> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Delivered',
  FAILED: 'Failed',
};

export const ZWebhookAttempt = z
  .object({
    attemptedAt: z.string(),
    /** The receiver's status code; null when no answer came (refused, timed out…). */
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    /** The first 500 bytes of the answer. */
    responseBody: z.string(),
  })
  .meta({ id: 'WebhookAttempt' });
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z
  .object({
    id: z.number().int(),
    /** The `webhook-id` header: the same on every attempt and every resend of the event. */
    messageId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    /** The JSON body sent: `{ type, timestamp, data }`. */
    payload: z.string(),
    attempts: z.array(ZWebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveries = z
  .object({ items: z.array(ZWebhookDelivery) })
  .meta({ id: 'WebhookDeliveries' });
export type TWebhookDeliveries = z.infer<typeof ZWebhookDeliveries>;
