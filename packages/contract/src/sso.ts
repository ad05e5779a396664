import { z } from 'zod';

import { ROLES } from './roles.ts';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** POST /api/auth/check_federated (spec §7). */
export const ZCheckFederatedBody = z
  .strictObject({ email: z.string().trim().min(1).max(254) })
  .meta({ id: 'CheckFederatedBody' });
export const ZCheckFederatedResult = z
  .object({ isFederated: z.boolean(), redirectUri: z.string().nullable() })
  .meta({ id: 'CheckFederatedResult' });
export type TCheckFederatedResult = z.infer<typeof ZCheckFederatedResult>;

/** GET /api/auth/cognito_callback (spec §7). */
export const ZCallbackQuery = z.strictObject({
  code: z.string().min(1, 'code is required').max(512),
  state: z.string().min(1, 'state is required').max(512),
});
export const ZCallbackResult = z
  .object({
    username: z.string(),
    idToken: z.string(),
    accessToken: z.string(),
    refreshToken: z.string(),
  })
  .meta({ id: 'CallbackResult' });
export type TCallbackResult = z.infer<typeof ZCallbackResult>;

/** Roles a person provisioned just in time may get: never Platform Admin. */
const ZJitRoleId = z.union([z.literal(ROLES.ORGANIZATION_ADMIN), z.literal(ROLES.USER)]);

const ZEmailDomains = z
  .array(
    z
      .string()
      .trim()
      .transform((value) => value.toLowerCase().replace(/^@/, ''))
      .pipe(z.string().regex(DOMAIN, 'Enter domains such as example.edu')),
  )
  .min(1, 'Enter at least one e-mail domain')
  .max(20);

export const ZSsoProtocol = z.enum(['OIDC', 'SAML']);
export type TSsoProtocol = z.infer<typeof ZSsoProtocol>;

const ZSamlCertificate = z.object({
  subject: z.string(),
  notAfter: z.string(),
  fingerprint: z.string(),
});

/** Laurel as an organization's SAML service provider, and its identity provider's status. */
export const ZSamlStatus = z
  .object({
    /** What to hand to the institution's IT: entity id, ACS (HTTP-POST), metadata address. */
    serviceProvider: z.object({
      entityId: z.string(),
      acsUrl: z.string(),
      metadataUrl: z.string(),
      certificate: z.string().nullable(),
    }),
    identityProvider: z
      .object({
        entityId: z.string(),
        ssoUrl: z.string(),
        /** Where the metadata is fetched daily; null when it was pasted. */
        metadataUrl: z.string().nullable(),
        metadataFetchedAt: z.string().nullable(),
        certificates: z.array(ZSamlCertificate),
      })
      .nullable(),
  })
  .meta({ id: 'SamlStatus' });
export type TSamlStatus = z.infer<typeof ZSamlStatus>;

const ZAdminValues = z
  .array(z.string().trim().min(1).max(200))
  .max(20)
  .transform((values) => [...new Set(values)]);

/** PUT /api/organizations/:id/sso/saml: company sign-in through a SAML 2.0 identity provider. */
export const ZSamlSettingsBody = z
  .strictObject({
    /** The identity provider's metadata address (fetched now and daily), or … */
    metadata_url: z
      .url({
        protocol: /^https?$/,
        error: 'Enter the metadata address, such as https://idp.example.edu/metadata',
      })
      .max(500)
      .optional(),
    /** … its metadata pasted as XML. */
    metadata_xml: z.string().trim().max(500_000).optional(),
    email_domains: ZEmailDomains,
    jit_enabled: z.boolean(),
    jit_role_id: ZJitRoleId,
    admin_values: ZAdminValues.default([]),
  })
  .refine((body) => Boolean(body.metadata_url) !== Boolean(body.metadata_xml), {
    message: "Enter the identity provider's metadata address or paste its metadata, not both",
    path: ['metadata_url'],
  })
  .meta({ id: 'SamlSettingsBody' });
export type TSamlSettingsBody = z.input<typeof ZSamlSettingsBody>;

export const ZSamlTestBody = z
  .strictObject({
    metadata_url: z
      .url({ protocol: /^https?$/, error: 'Enter the metadata address' })
      .max(500)
      .optional(),
    metadata_xml: z.string().trim().max(500_000).optional(),
  })
  .refine((body) => Boolean(body.metadata_url) !== Boolean(body.metadata_xml), {
    message: "Enter the identity provider's metadata address or paste its metadata",
    path: ['metadata_url'],
  })
  .meta({ id: 'SamlTestBody' });
export const ZSamlTestResult = z
  .object({
    ok: z.boolean(),
    message: z.string(),
    entityId: z.string().nullable(),
    ssoUrl: z.string().nullable(),
    certificates: z.array(ZSamlCertificate),
  })
  .meta({ id: 'SamlTestResult' });
export type TSamlTestResult = z.infer<typeof ZSamlTestResult>;

/** POST …/sso/saml/test-sign-in: the page the admin comes back to (their organization's page). */
export const ZSamlTestSignInBody = z
  .object({
    return_path: z
      .string()
      .regex(/^\/(admin\/)?organizations\/\d{1,15}$/, "Return to the organization's page"),
  })
  .strict();
export const ZSamlTestSignInStarted = z
  .object({
    /** Where to send the browser: the institution's identity provider, with Laurel's request. */
    url: z.string(),
  })
  .meta({ id: 'SamlTestSignInStarted' });
export type TSamlTestSignInStarted = z.infer<typeof ZSamlTestSignInStarted>;

/** GET …/sso/saml/test-sign-in/{testId}: what Laurel received, and what it would do with it. */
export const ZSamlTestSignInResult = z
  .object({
    accepted: z.boolean(),
    /** Why the answer was refused, or why Laurel would not let the person in; null when it would. */
    refusal: z.string().nullable(),
    nameId: z.string().nullable(),
    nameIdFormat: z.string().nullable(),
    /** Every attribute of the assertion by the name the identity provider sent. */
    attributes: z.record(z.string(), z.array(z.string())),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** Affiliations and groups, as role mapping reads them. */
    groups: z.array(z.string()),
    /** The role the person would have: theirs when they exist, else the mapping's. */
    role: z.string().nullable(),
    /** What Laurel would do, in a sentence. */
    outcome: z.string(),
  })
  .meta({ id: 'SamlTestSignInResult' });
export type TSamlTestSignInResult = z.infer<typeof ZSamlTestSignInResult>;

/** An organization's company sign-in (OIDC) settings; the client secret is never sent back. */
export const ZSsoSettings = z
  .object({
    organizationId: z.number().int(),
    configured: z.boolean(),
    providerName: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    hasClientSecret: z.boolean(),
    emailDomains: z.array(z.string()),
    jitEnabled: z.boolean(),
    jitRoleId: ZJitRoleId,
    /** The redirect URI to register at the company's provider. */
    callbackUrl: z.string(),
    updatedAt: z.string().nullable(),
    /** Which protocol the organization's company sign-in speaks. */
    protocol: ZSsoProtocol,
    /** Affiliation or group values that make a person provisioned just in time an Organization Admin. */
    adminValues: z.array(z.string()),
    /** SAML 2.0 only: Laurel as service provider, and what it knows of the identity provider. */
    saml: ZSamlStatus.nullable(),
  })
  .meta({ id: 'SsoSettings' });
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

export const ZSsoSettingsBody = z
  .strictObject({
    issuer: z
      .url({
        protocol: /^https?$/,
        error: 'Enter the issuer address, such as https://login.example.com',
      })
      .max(500)
      .transform((value) => value.replace(/\/+$/, '')),
    client_id: z.string().trim().min(1, 'Enter the client id').max(300),
    /** Omitted: keep the stored secret. Empty string: remove it (public client). */
    client_secret: z.string().max(1000).optional(),
    email_domains: ZEmailDomains,
    jit_enabled: z.boolean(),
    jit_role_id: ZJitRoleId,
  })
  .meta({ id: 'SsoSettingsBody' });
export type TSsoSettingsBody = z.input<typeof ZSsoSettingsBody>;

export const ZSsoTestBody = z
  .strictObject({
    issuer: z.url({ protocol: /^https?$/, error: 'Enter the issuer address' }).max(500),
  })
  .meta({ id: 'SsoTestBody' });
export const ZSsoTestResult = z
  .object({
    ok: z.boolean(),
    message: z.string(),
    authorizationEndpoint: z.string().nullable(),
    tokenEndpoint: z.string().nullable(),
  })
  .meta({ id: 'SsoTestResult' });
export type TSsoTestResult = z.infer<typeof ZSsoTestResult>;
