import type { ColumnType, Generated } from 'kysely';

import type { TCredentialBody } from '@laurel/contract/credentials';
import type { TOrganizationBody } from '@laurel/contract/organizations';
import type { TUpdateProfileBody } from '@laurel/contract/profile';

import type { BodyColumns } from './columns.ts';

/** Timestamps come back as Date (PostgreSQL) or ISO text (SQLite); write ISO text or Date. */
export type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
/** Booleans come back as boolean (PostgreSQL) or 0/1 (SQLite). */
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
/** NUMERIC comes back as a number (parsed) on PostgreSQL, a number on SQLite. */
export type Numeric = ColumnType<number, number, number>;

export interface LookupTable {
  id: number;
  code: string;
  name: string;
  sortOrder: number;
}

/** The body's fields (`name`, `type_id`, … `email_codes_allowed`), and: */
export interface OrganizationTable extends BodyColumns<TOrganizationBody> {
  id: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The profile body's fields (`first_name`, `last_name`, `salutation`, `pronoun`, `title`), and: */
export interface UserTable extends BodyColumns<TUpdateProfileBody> {
  id: Generated<number>;
  organizationId: number;
  identityUsername: string | null;
  email: string;
  nameConfirmed: Bool;
  /** `en` or `es` as the person chose, null until they choose (decision 066). */
  language: Generated<string | null>;
  /** Opted in to the monthly insights digest (organization admins only). */
  insightsDigest: Bool;
  roleId: number;
  active: Bool;
  /** True from an invitation until the person accepts it. */
  invited: Bool;
  lastLoginAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The body's fields (`organization_id`, `name`, `code`, `type_id`, …), and: */
export interface CredentialTable extends BodyColumns<TCredentialBody> {
  id: Generated<number>;
  status: Generated<string>;
  /**
   * How many awards the credential has: an upload's merge adds those it created, the demo seed
   * recounts (`recountAwards`); awards are never deleted but with their credential.
   */
  awardCount: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContractTable {
  id: Generated<number>;
  organizationId: number;
  number: string;
  name: string;
  status: Generated<string>;
  startDate: string;
  endDate: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContractLineItemTable {
  id: Generated<number>;
  contractId: number;
  billingCode: string;
  description: string;
  unitPrice: Numeric;
  includedQuantity: number;
}

export interface OutboxEmailTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** JSON array of the secrets in the bodies, until they are masked; null once masked. */
  secrets: string | null;
  sentAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface Database {
  auditTypes: LookupTable;
  organizationTypes: LookupTable;
  loginModes: LookupTable;
  credentialTypes: LookupTable;
  salutations: LookupTable;
  pronouns: LookupTable;
  uploadStatuses: LookupTable;
  organizations: OrganizationTable;
  users: UserTable;
  credentials: CredentialTable;
  contracts: ContractTable;
  contractLineItems: ContractLineItemTable;
  outboxEmails: OutboxEmailTable;
  appSettings: AppSettingTable;
  invitations: InvitationTable;
  organizationSso: OrganizationSsoTable;
  organizationEmailDomains: OrganizationEmailDomainTable;
  ssoLoginStates: SsoLoginStateTable;
  bookmarks: BookmarkTable;
  auditEntries: AuditEntryTable;
  awards: AwardTable;
  usageEvents: UsageEventTable;
  jobs: JobTable;
  uploads: UploadTable;
  uploadFileChunks: UploadFileChunkTable;
  uploadRows: UploadRowTable;
  uploadRefusals: UploadRefusalTable;
  earningsImports: EarningsImportTable;
  earningsImportChunks: EarningsImportChunkTable;
  earningsYears: EarningsYearTable;
  insightAggregates: InsightAggregateTable;
  insightRebuilds: InsightRebuildTable;
  insightChecks: InsightCheckTable;
  insightBlocks: InsightBlockTable;
  insightStates: InsightStateTable;
  insightStateWindows: InsightStateWindowTable;
  insightBlockVersions: InsightBlockVersionTable;
  insightsDigests: InsightsDigestTable;
  credentialInsightSummaries: CredentialInsightSummaryTable;
  benchmarkDataSets: BenchmarkDataSetTable;
  benchmarkValues: BenchmarkValueTable;
  issuerProfiles: IssuerProfileTable;
  issuerKeys: IssuerKeyTable;
  credentialIssuing: CredentialIssuingTable;
  statusLists: StatusListTable;
  issuedCredentials: IssuedCredentialTable;
  apiKeys: ApiKeyTable;
  organizationScim: OrganizationScimTable;
  scimTokens: ScimTokenTable;
  scimUsers: ScimUserTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookMessages: WebhookMessageTable;
  webhookDeliveries: WebhookDeliveryTable;
  webhookAttempts: WebhookAttemptTable;
}

export type LookupTableName =
  | 'auditTypes'
  | 'organizationTypes'
  | 'loginModes'
  | 'credentialTypes'
  | 'salutations'
  | 'pronouns'
  | 'uploadStatuses';

export interface BookmarkTable {
  id: Generated<number>;
  userId: number;
  itemType: string;
  itemId: number;
  /** The item's name and organization, kept true by triggers (migration 20261201T1000). */
  itemName: string;
  itemOrganizationId: number;
  createdAt: Timestamp;
}

export interface AuditEntryTable {
  id: Generated<number>;
  occurredAt: Timestamp;
  actorUserId: number | null;
  organizationId: number | null;
  impersonating: Bool;
  typeId: number;
  resourceType: string;
  resourceId: string;
  summary: string;
  ipAddress: string | null;
  requestId: string | null;
  /** The API key that acted (docs/api.md); null when a person did. */
  actorApiKeyId: Generated<number | null>;
  /** The SCIM token that acted (docs/sso.md); null otherwise. */
  actorScimTokenId: Generated<number | null>;
}

export interface ApiKeyTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  start: string;
  lastFour: string;
  keyHash: string;
  /** JSON array of scopes. */
  scopes: string;
  createdByUserId: number | null;
  createdAt: Timestamp;
  expiresAt: Timestamp | null;
  revokedAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
  lastUsedIp: string | null;
}

/** An organization's SCIM service: its address's unguessable id and last activity. */
export interface OrganizationScimTable {
  organizationId: number;
  publicId: string;
  lastActivityAt: Timestamp | null;
  lastActivity: string | null;
  createdAt: Generated<Timestamp>;
}

export interface ScimTokenTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  start: string;
  lastFour: string;
  tokenHash: string;
  createdByUserId: number | null;
  createdAt: Timestamp;
  revokedAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
  lastUsedIp: string | null;
}

/** What a directory calls a person it provisioned: its `userName` and `externalId`. */
export interface ScimUserTable {
  userId: number;
  organizationId: number;
  userName: string;
  /** `userName` lower-cased: SCIM compares it without case. */
  userNameKey: string;
  externalId: string | null;
  /** When the directory deprovisioned the person (deactivated, out of SCIM's view). */
  deletedAt: Timestamp | null;
}

export interface AwardTable {
  id: Generated<number>;
  organizationId: number;
  credentialId: number;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  awardDate: string;
  awardYear: number;
  uploadId: number | null;
  /** PENDING until a provider looked; then MATCHED or NOT_MATCHED. */
  matchStatus: Generated<string>;
  matchProvider: string | null;
  matchedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UsageEventTable {
  id: Generated<number>;
  organizationId: number;
  billingCode: string;
  quantity: number;
  reference: string | null;
  occurredAt: Timestamp;
}

export type JobStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface JobTable {
  id: Generated<number>;
  type: string;
  organizationId: number | null;
  /** JSON text. */
  payload: Generated<string>;
  status: Generated<JobStatus>;
  dedupeKey: string | null;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  runAt: Timestamp;
  lockedBy: string | null;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

export type UploadStatusCode =
  'PENDING' | 'PROCESSING' | 'COMPLETED' | 'COMPLETED_WITH_ERRORS' | 'FAILED';

export interface UploadTable {
  id: Generated<number>;
  organizationId: number;
  uploadedByUserId: number | null;
  fileName: string;
  fileSize: Generated<number>;
  status: Generated<UploadStatusCode>;
  rowsTotal: Generated<number>;
  rowsProcessed: Generated<number>;
  rowsOk: Generated<number>;
  rowsFailed: Generated<number>;
  errorMessage: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
  /** The `Idempotency-Key` the upload was sent with, if any (one per organization). */
  idempotencyKey: Generated<string | null>;
}

export type EarningsImportStatusCode = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface EarningsImportTable {
  id: Generated<number>;
  organizationId: number;
  importedByUserId: number | null;
  fileName: string;
  fileSize: Generated<number>;
  status: Generated<EarningsImportStatusCode>;
  rowsTotal: Generated<number>;
  rowsChecked: Generated<number>;
  rowsProcessed: Generated<number>;
  awards: Generated<number>;
  newlyMatched: Generated<number>;
  rowsFailed: Generated<number>;
  errorMessage: string | null;
  /** JSON: the first row errors, [{ line, message }]. */
  rowErrors: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
}

export interface EarningsImportChunkTable {
  importId: number;
  seq: number;
  data: Buffer;
}

export interface UploadFileChunkTable {
  uploadId: number;
  seq: number;
  data: Buffer;
}

/** One reason an upload row was refused (the rows' `error` joins their messages). */
export interface UploadRefusalTable {
  uploadId: number;
  rowNumber: number;
  seq: number;
  /** null: the row as a whole. */
  columnName: string | null;
  reason: string;
  message: string;
  /** The cell as uploaded. */
  value: string | null;
}

export interface UploadRowTable {
  uploadId: number;
  rowNumber: number;
  credentialId: number | null;
  externalId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  dateOfBirth: string | null;
  awardDate: string | null;
  awardYear: number | null;
  /** JSON array of the cells as read. */
  raw: string;
  error: string | null;
}

export interface EarningsYearTable {
  awardId: number;
  year: number;
  /** Nominal dollars of `year`; null when no wage was reported. */
  wage: number | null;
  employed: Bool;
  fullTime: Bool;
  industry: string | null;
  jobRole: string | null;
  source: string;
}

export interface InsightAggregateTable {
  organizationId: number;
  /** 0 for all of the organization's credentials. */
  credentialId: number;
  awardYearFrom: number;
  awardYearTo: number;
  /** JSON text of the cohort's figures. */
  payload: string;
  builtAt: Timestamp;
}

/** How far an organization's running (or last) insights rebuild is. */
export interface InsightRebuildTable {
  organizationId: number;
  phase: RebuildPhase;
  rowsRead: Generated<number>;
  rowsTotal: Generated<number>;
  startedAt: Timestamp;
  progressAt: Timestamp;
  /** Null while the rebuild runs. */
  finishedAt: Timestamp | null;
  /** How long the last finished rebuild took. */
  lastSeconds: number | null;
}

/** The last consistency check of an organization's stored insight figures against a rebuild. */
export interface InsightCheckTable {
  organizationId: number;
  checkedAt: Timestamp;
  /** Cohorts whose stored figures differ from a full rebuild (missing, extra or changed); 0 if none. */
  differingCohorts: number;
  /** The first few differences, in a sentence; null when consistent. */
  differences: string | null;
}

/**
 * What an insights rebuild counted of one block of an organization's awards (those whose ids
 * share their bits above the lowest `INSIGHT_BLOCK_BITS`), at the block's version then.
 */
export interface InsightBlockTable {
  organizationId: number;
  block: number;
  version: number;
  /** The latest complete year, dollars' year and earnings floor it was counted with, as JSON. */
  basis: string;
  awards: number;
  /** The counted cells, as JSON. */
  cells: string;
  /** The counted wages by series (./modules/insights/insight-blocks.ts). */
  wages: Uint8Array;
  /** Which reading counted it (named in the state that adds it up). */
  reading: Generated<string>;
}

/**
 * What an organization's insights were last computed from: the blocks they add up, the cells
 * summed over them and the windows of ranks around each median and quartile (decision record 069).
 */
export interface InsightStateTable {
  organizationId: number;
  generation: number;
  basis: string;
  /** [block, version, reading] of each block added up, as JSON. */
  blocks: string;
  /** The summed cells, as JSON. */
  cells: string;
}

/** The windows of ranks of an insights state, in parts (./modules/insights/rank-windows.ts). */
export interface InsightStateWindowTable {
  organizationId: number;
  /** 0, 1, …: the state's parts in order. */
  part: number;
  bytes: Uint8Array;
}

/** The version of each block of award ids, raised by triggers with every change counted. */
export interface InsightBlockVersionTable {
  block: number;
  version: number;
}

/** One monthly insights digest sent: to whom, for which month, and the figures it said. */
export interface InsightsDigestTable {
  id: Generated<number>;
  userId: number;
  organizationId: number;
  /** `YYYY-MM` (UTC); one digest per person and month. */
  month: string;
  /** The published figures the digest said (`DigestFigures`), as JSON. */
  figures: string;
  sentAt: Timestamp;
}

export type RebuildPhase = 'reading' | 'computing' | 'storing' | 'done';

export interface CredentialInsightSummaryTable {
  credentialId: number;
  organizationId: number;
  awards: number;
  matched: number;
  awardYearMin: number | null;
  awardYearMax: number | null;
  missingEquifax: number;
  missingEarnings: number;
  missingEmployment: number;
  builtAt: Timestamp;
}

export interface InvitationTable {
  id: Generated<number>;
  organizationId: number;
  userId: number | null;
  email: string;
  roleId: number;
  tokenHash: string;
  status: Generated<'PENDING' | 'ACCEPTED' | 'REVOKED'>;
  invitedByUserId: number | null;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  acceptedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface OrganizationSsoTable {
  organizationId: number;
  providerName: string;
  issuer: string;
  clientId: string;
  hasClientSecret: Bool;
  jitEnabled: Bool;
  jitRoleId: number;
  updatedAt: Timestamp;
  /** Outcome of the last connection test of the saved issuer; null until one runs. */
  lastTestOk: Bool | null;
  lastTestedAt: Timestamp | null;
  lastTestMessage: string | null;
  /** `OIDC` or `SAML`. */
  protocol: Generated<string>;
  /** Where the SAML provider's metadata is fetched daily; null when it was pasted. */
  samlMetadataUrl: string | null;
  /** The SAML provider's metadata as last read (the identity service has its own copy). */
  samlMetadataXml: string | null;
  samlMetadataFetchedAt: Timestamp | null;
  /** When the SAML provider's soonest-expiring signing certificate expires. */
  samlCertificateExpiresAt: Timestamp | null;
  /** JSON array: affiliation or group values that make a person an Organization Admin. */
  adminValues: Generated<string>;
}

export interface OrganizationEmailDomainTable {
  domain: string;
  organizationId: number;
}

export interface SsoLoginStateTable {
  stateHash: string;
  organizationId: number;
  codeVerifier: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface BenchmarkDataSetTable {
  id: Generated<number>;
  fileName: string;
  importedByUserId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set on a previous version: the data set it was replaced in. Comparisons never read it. */
  previousOfId: number | null;
  /** When a previous version was replaced (it is purged 30 days later). */
  replacedAt: Timestamp | null;
}

export interface BenchmarkValueTable {
  id: Generated<number>;
  dataSetId: number;
  geography: string;
  cip: string | null;
  soc: string | null;
  metric: string;
  year: number;
  /** Dollars of `year`. */
  value: number;
  source: string;
}

/** An organization as an issuer of signed credentials (docs/credentials.md). */
export interface IssuerProfileTable {
  organizationId: number;
  /** The unguessable id in its did:web and public addresses. */
  publicId: string;
  issuingAllowed: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IssuerKeyTable {
  id: Generated<number>;
  organizationId: number;
  verificationMethod: string;
  publicKeyMultibase: string;
  /** The secret key, sealed under SECRET_KEY. */
  secretKeySealed: string;
  /** ACTIVE (signs) or RETIRED (still verifies what it signed). */
  status: Generated<string>;
  createdAt: Timestamp;
  retiredAt: Timestamp | null;
}

export interface CredentialIssuingTable {
  credentialId: number;
  enabled: Bool;
  /** Its credentials' public pages show the program's published outcome summary. */
  showOutcomes: Bool;
  updatedAt: Timestamp;
}

export interface StatusListTable {
  id: Generated<number>;
  organizationId: number;
  publicId: string;
  encodedList: string;
  document: string;
  usedCount: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IssuedCredentialTable {
  id: Generated<number>;
  organizationId: number;
  credentialId: number;
  awardId: number | null;
  verificationId: string;
  /** ISSUED or REVOKED. */
  status: string;
  statusListId: number;
  statusIndex: number;
  fingerprint: string;
  holderName: string;
  achievementName: string;
  awardDate: string;
  document: string;
  issuedAt: Generated<Timestamp>;
  revokedAt: Timestamp | null;
  revocationReason: string | null;
  /** When the credential's link was last e-mailed to the award's address. */
  sentAt: Timestamp | null;
}

export interface WebhookEndpointTable {
  id: Generated<number>;
  organizationId: number;
  url: string;
  description: Generated<string>;
  /** JSON array of event types. */
  events: string;
  secretSealed: string;
  secretStart: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Timestamp | null;
  enabled: Bool;
  disabledReason: string | null;
  /** When its deliveries disabled it (a 410 answer, three days of failures); null otherwise. */
  autoDisabledAt: Timestamp | null;
  failingSince: Timestamp | null;
  createdByUserId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WebhookMessageTable {
  id: Generated<number>;
  organizationId: number;
  messageId: string;
  eventType: string;
  payload: string;
  createdAt: Timestamp;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpointId: number;
  messageId: number;
  status: Generated<'PENDING' | 'SUCCEEDED' | 'FAILED'>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp | null;
  lockedUntil: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  deliveryId: number;
  attemptedAt: Timestamp;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: Generated<string>;
}
