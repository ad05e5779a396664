import { z } from 'zod';

/**
 * Signed Open Badges 3.0 credentials of awards (docs/credentials.md): whether an organization may
 * issue them, whether a credential's awards are issued, each award's state and the public
 * verification of any credential.
 */
export const BADGE_STATES = ['NOT_ISSUED', 'ISSUED', 'REVOKED'] as const;
export type TBadgeState = (typeof BADGE_STATES)[number];
export const BADGE_STATE_LABELS: Record<TBadgeState, string> = {
  NOT_ISSUED: 'Not issued',
  ISSUED: 'Issued',
  REVOKED: 'Revoked',
};

/** The most a credential sent to `POST /api/verify` may weigh. */
export const VERIFY_MAX_BYTES = 256 * 1024;

const ZIssuerKey = z
  .object({
    verificationMethod: z.string(),
    status: z.enum(['ACTIVE', 'RETIRED']),
    createdAt: z.string(),
    retiredAt: z.string().nullable(),
  })
  .meta({ id: 'IssuerKey' });

/** An organization as an issuer: allowed or not, and its public identity once it has issued. */
export const ZOrganizationIssuing = z
  .object({
    organizationId: z.number().int(),
    issuingAllowed: z.boolean(),
    did: z.string().nullable(),
    profileUrl: z.string().nullable(),
    keys: z.array(ZIssuerKey),
  })
  .meta({ id: 'OrganizationIssuing' });
export type TOrganizationIssuing = z.infer<typeof ZOrganizationIssuing>;

export const ZOrganizationIssuingBody = z.strictObject({ issuingAllowed: z.boolean() });

/** A credential's issuing: turned on or not, and how many of its awards are in each state. */
export const ZCredentialIssuing = z
  .object({
    credentialId: z.number().int(),
    organizationIssuingAllowed: z.boolean(),
    enabled: z.boolean(),
    awards: z.number().int(),
    issued: z.number().int(),
    revoked: z.number().int(),
    /** An issuing job of this credential is queued or running. */
    issuing: z.boolean(),
    /**
     * Its credentials' public pages show the program's published outcome summary (only figures
     * the insights already publish, about the program's graduates, never about the holder).
     */
    showOutcomes: z.boolean(),
  })
  .meta({ id: 'CredentialIssuing' });
export type TCredentialIssuing = z.infer<typeof ZCredentialIssuing>;

/** Either setting, or both. */
export const ZCredentialIssuingBody = z
  .strictObject({ enabled: z.boolean().optional(), showOutcomes: z.boolean().optional() })
  .refine((body) => body.enabled !== undefined || body.showOutcomes !== undefined, {
    message: 'Give enabled, showOutcomes or both.',
  });

export const ZIssueBody = z.strictObject({
  /** Only these awards of the credential; all of them when absent. */
  awardIds: z.array(z.number().int().positive()).min(1).max(10_000).optional(),
});

export const ZIssueQueued = z
  .object({ queued: z.boolean(), message: z.string() })
  .meta({ id: 'IssueQueued' });
export type TIssueQueued = z.infer<typeof ZIssueQueued>;

/** One award's signed credential, as issuers see it. */
export const ZAwardBadge = z
  .object({
    awardId: z.number().int(),
    state: z.enum(BADGE_STATES),
    verificationUrl: z.string().nullable(),
    issuedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    revocationReason: z.string().nullable(),
    /** The award's e-mail address, to which the live credential's link is sent; null without one. */
    holderEmail: z.string().nullable(),
    /** When the holder was last sent the link of this credential; null when not (yet). */
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'AwardBadge' });
export type TAwardBadge = z.infer<typeof ZAwardBadge>;

export const ZAwardBadgesQuery = z.strictObject({
  /** Comma-separated award ids of one credential (a page of its awards). */
  awardIds: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){0,199}$/, 'Give up to 200 award ids, separated by commas.'),
});
export const ZAwardBadges = z.object({ items: z.array(ZAwardBadge) }).meta({ id: 'AwardBadges' });
export type TAwardBadges = z.infer<typeof ZAwardBadges>;

export const ZRevokeBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the credential is revoked.')
    .max(500, 'Keep the reason to 500 characters.'),
});

const VERIFICATION_CHECKS = ['format', 'issuer', 'signature', 'status', 'dates'] as const;
const ZVerificationCheck = z.object({
  check: z.enum(VERIFICATION_CHECKS),
  /** passed, failed, or skipped when an earlier failure makes it meaningless. */
  result: z.enum(['passed', 'failed', 'skipped']),
  message: z.string(),
});
export type TVerificationCheck = z.infer<typeof ZVerificationCheck>;

export const ZVerificationReport = z
  .object({
    verified: z.boolean(),
    checkedAt: z.string(),
    checks: z.array(ZVerificationCheck),
    credential: z
      .object({
        id: z.string().nullable(),
        name: z.string().nullable(),
        issuerId: z.string().nullable(),
        issuerName: z.string().nullable(),
        achievementName: z.string().nullable(),
        validFrom: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'VerificationReport' });
export type TVerificationReport = z.infer<typeof ZVerificationReport>;

/** Any JSON object: the credential to verify (the report says what is wrong with it). */
export const ZVerifyBody = z.record(z.string(), z.unknown());
