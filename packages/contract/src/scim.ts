import { z } from 'zod';

/**
 * SCIM 2.0 provisioning (docs/sso.md): an institution's directory creates, updates and
 * deactivates its people in Laurel through `/scim/v2/<scimId>/`, with a bearer token of the
 * organization. Its admins make and revoke the tokens on the organization's SSO settings.
 */

/** What every SCIM token starts with; a secret scanner knows a Laurel SCIM token by it. */
export const SCIM_TOKEN_PREFIX = 'laurel_scim_';
/** The most live tokens an organization holds at once. */
export const SCIM_TOKENS_PER_ORGANIZATION = 10;
/** Where an organization's SCIM service is, below the public address. */
export const scimBasePath = (scimId: string) => `/scim/v2/${scimId}`;

export const ZScimToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The token's first characters (the prefix and four more) and its last four. */
    start: z.string(),
    lastFour: z.string(),
    createdAt: z.string(),
    createdByName: z.string().nullable(),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
  })
  .meta({ id: 'ScimToken' });
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimSettings = z
  .object({
    organizationId: z.number().int(),
    /** The address a directory is given: `<public URL>/scim/v2/<scimId>`. */
    baseUrl: z.string(),
    tokens: z.array(ZScimToken),
    /** The last change a directory made through SCIM, and when. */
    lastActivityAt: z.string().nullable(),
    lastActivity: z.string().nullable(),
  })
  .meta({ id: 'ScimSettings' });
export type TScimSettings = z.infer<typeof ZScimSettings>;

export const ZScimTokenCreateBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the token after the directory that uses it, e.g. "Entra ID".')
    .max(100, 'Keep the name to 100 characters.'),
});
export type TScimTokenCreateBody = z.infer<typeof ZScimTokenCreateBody>;

/** A new token, with its secret: shown once, never again. */
export const ZScimTokenCreated = ZScimToken.extend({ secret: z.string() }).meta({
  id: 'ScimTokenCreated',
});
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;
