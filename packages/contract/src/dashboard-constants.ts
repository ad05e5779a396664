/**
 * The platform dashboard's rules and sorts, without the schemas (the web app's dashboard imports
 * them without zod).
 */

/** A contract that ends within this many days needs attention (DESIGN §6). */
export const CONTRACT_ENDING_SOON_DAYS = 60;
/** An upload waiting or processing without progress for this long is stuck. */
export const UPLOAD_STUCK_MINUTES = 30;
/** A failed upload needs attention for this many days after it failed. */
export const UPLOAD_FAILED_RECENT_DAYS = 30;
/** A SAML identity provider's signing certificate expiring within this many days needs attention. */
export const SAML_CERTIFICATE_WARNING_DAYS = 30;
/** At most this many needs-attention items are listed (the counts cover all of them). */
export const ATTENTION_LIMIT = 50;

/** Why something needs a platform admin's attention, most urgent first. */
export const ATTENTION_KINDS = [
  'UPLOAD_FAILED',
  'UPLOAD_STUCK',
  'SSO_TEST_FAILED',
  'SAML_CERTIFICATE_EXPIRING',
  'WEBHOOK_DISABLED',
  'INSIGHTS_INCONSISTENT',
  'CONTRACT_OVER_USAGE',
  'CONTRACT_ENDING',
  'INSIGHTS_PROCESSING',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/**
 * The notice of a webhook endpoint its deliveries disabled (a 410 answer, three days of
 * failures), on the organization admins' dashboard and the platform's.
 * @example webhookDisabledNotice('https://hooks.example.com/laurel', 'Dec 6, 2026', reason)
 */
export const webhookDisabledNotice = (url: string, date: string, reason: string) =>
  `Webhook endpoint ${url} was disabled on ${date}: ${reason}`;

export const PLATFORM_ORGANIZATION_SORTS = [
  'name',
  'awards',
  'matchRate',
  'insightsStatus',
  'contractUsage',
  'lastUpload',
] as const;
export type PlatformOrganizationSort = (typeof PLATFORM_ORGANIZATION_SORTS)[number];
