import type { ColumnType, Generated } from 'kysely';

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

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  typeId: number;
  loginModeId: number;
  website: string | null;
  city: string | null;
  state: string | null;
  status: Generated<string>;
  salesforceAccountId: string | null;
  insightsEntitled: Bool;
  mfaRequired: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  organizationId: number;
  identityUsername: string | null;
  email: string;
  firstName: string;
  lastName: string;
  salutation: string | null;
  pronoun: string | null;
  title: string | null;
  nameConfirmed: Bool;
  roleId: number;
  active: Bool;
  lastLoginAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CredentialTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  code: string;
  typeId: number;
  programCode: string | null;
  description: string | null;
  status: Generated<string>;
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
  bookmarks: BookmarkTable;
  auditEntries: AuditEntryTable;
  awards: AwardTable;
  usageEvents: UsageEventTable;
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
  matchStatus: Generated<string>;
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
