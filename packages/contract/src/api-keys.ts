import { z } from 'zod';

/**
 * Organization API keys (docs/api.md): what a key may do is a short list of scopes, each covering
 * routes that declare it. A key acts for its organization only, never on users, identity or
 * another organization.
 */
export const API_KEY_SCOPES = [
  'awards:read',
  'awards:write',
  'credentials:read',
  'credentials:write',
  'insights:read',
  'verifiable:issue',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'awards:read': 'Read awards and uploads',
  'awards:write': 'Upload awards',
  'credentials:read': 'Read credentials',
  'credentials:write': 'Create and edit credentials',
  'insights:read': 'Read insights',
  'verifiable:issue': 'Issue, send and revoke signed credentials',
  'webhooks:manage': 'Manage webhooks',
};

/** What every key starts with; a secret scanner knows a Laurel key by it. */
export const API_KEY_PREFIX = 'laurel_live_';
/** The most keys an organization holds at once (live or waiting to expire). */
export const API_KEYS_PER_ORGANIZATION = 50;

export const API_KEY_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const API_KEY_STATUS_LABELS: Record<(typeof API_KEY_STATUSES)[number], string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

export const ZApiKey = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    name: z.string(),
    /** The key's first characters (the prefix and four more) and its last four. */
    start: z.string(),
    lastFour: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    status: z.enum(API_KEY_STATUSES),
    createdAt: z.string(),
    createdByName: z.string().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeys = z.object({ items: z.array(ZApiKey) }).meta({ id: 'ApiKeys' });
export type TApiKeys = z.infer<typeof ZApiKeys>;

const ZExpiry = z
  .string()
  .datetime({ offset: true, message: 'Give a date and time, e.g. 2027-01-31T00:00:00Z.' })
  .nullable();

export const ZApiKeyCreateBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the key after what uses it, e.g. "Nightly SIS export".')
    .max(100, 'Keep the name to 100 characters.'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose at least one scope.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Give each scope once.'),
  /** When the key stops working; null for never. */
  expiresAt: ZExpiry.optional(),
});
export type TApiKeyCreateBody = z.infer<typeof ZApiKeyCreateBody>;

/** A new key, with its secret: shown once, never again. */
export const ZApiKeyCreated = ZApiKey.extend({ secret: z.string() }).meta({ id: 'ApiKeyCreated' });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** Rotating: a new key with the same name and scopes; the old one works until `oldKeyExpiresAt`. */
export const ZApiKeyRotateBody = z.strictObject({
  oldKeyExpiresAt: z
    .string()
    .datetime({ offset: true, message: 'Give a date and time, e.g. 2027-01-31T00:00:00Z.' }),
});
