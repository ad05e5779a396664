import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isIP } from 'node:net';

import type { AuditTypeCode } from '@laurel/contract/audits';
import { UPLOAD_STATUS_LABELS } from '@laurel/contract/constants';
import { CONTRACT_STATUS_LABELS } from '@laurel/contract/contracts';
import { CREDENTIAL_STATUS_LABELS } from '@laurel/contract/credentials';
import { USER_STATUS_LABELS } from '@laurel/contract/invitations';
import { ORGANIZATION_STATUS_LABELS } from '@laurel/contract/organizations';
import { can } from '@laurel/contract/permissions';
import { ROLE_LABELS, type RoleId } from '@laurel/contract/roles';
import type { IdentityEvent, IdentityEventDetail } from '@laurel/identity';

import type { Database } from '../db/schema.ts';
import type { Principal } from '../plugins/auth.ts';

/** Who did something, from where: what every audit entry records about the request. */
export interface Actor {
  principal: Principal;
  ip: string | null;
  requestId: string | null;
}

/** The client's address as an audit entry stores it: a valid IP address, or none. */
export function clientAddressOf(request: FastifyRequest): string | null {
  return validAddress(request.ip);
}

/** A valid IP address, or null. */
export function validAddress(ip: unknown): string | null {
  return typeof ip === 'string' && isIP(ip) ? ip : null;
}

/** Who an audit entry names as its actor: the person, or the API key that called. */
export function actorColumns(principal: Principal): {
  actorUserId: number | null;
  actorApiKeyId: number | null;
} {
  return principal.apiKey
    ? { actorUserId: null, actorApiKeyId: principal.apiKey.id }
    : { actorUserId: principal.userId, actorApiKeyId: null };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.principal) throw new Error('actorOf() needs an authenticated request');
  return { principal: request.principal, ip: clientAddressOf(request), requestId: request.id };
}

export interface AuditEvent {
  type: AuditTypeCode;
  resourceType: string;
  resourceId: string | number;
  summary: string;
  /** The organization the change concerns; defaults to the one the actor acts in. */
  organizationId?: number | null;
  /** Whether the actor acted within another organization; defaults to what the request said. */
  impersonating?: boolean;
  /**
   * An organization the caller named (a list filter): the entry concerns it when it exists,
   * otherwise `organizationId` or the acting organization.
   */
  namedOrganizationId?: number;
}

export type Auditor = (
  executor: Kysely<Database>,
  actor: Actor,
  event: AuditEvent,
) => Promise<void>;

/** One row of the audit trail as it is written. */
export interface NewAuditEntry {
  actorUserId: number | null;
  /** The API key that acted, when one did (its creator is not the actor then). */
  actorApiKeyId?: number | null;
  organizationId: number | null;
  impersonating: boolean;
  typeCode: AuditTypeCode;
  resourceType: string;
  resourceId: string;
  summary: string;
  ipAddress: string | null;
  requestId: string | null;
}

export type { AuditTypeCode };

/**
 * Entries about a sign-in session name it as their resource: one entry per type and session
 * (a unique index), so a sign-in reported by the identity pool and by the API is recorded once.
 */
export const SESSION_RESOURCE = 'session';

/** Where audit entries are written: the audits module's repository (wired in app.ts). */
export interface AuditStore {
  insert(executor: Kysely<Database>, entry: NewAuditEntry): Promise<void>;
  organizationExists(executor: Kysely<Database>, id: number): Promise<boolean>;
}

/** Records an audit entry with the transaction of the change it describes. */
export function createAuditor(audits: AuditStore): Auditor {
  return async (executor, actor, event) =>
    audits.insert(executor, {
      ...actorColumns(actor.principal),
      organizationId:
        event.namedOrganizationId !== undefined &&
        (await audits.organizationExists(executor, event.namedOrganizationId))
          ? event.namedOrganizationId
          : event.organizationId === undefined
            ? actor.principal.actingOrganizationId
            : event.organizationId,
      impersonating: event.impersonating ?? actor.principal.impersonating,
      typeCode: event.type,
      resourceType: event.resourceType,
      resourceId: String(event.resourceId),
      summary: event.summary,
      ipAddress: actor.ip,
      requestId: actor.requestId,
    });
}

/**
 * Records an account event (sign-in, sign-out, password or authenticator change) with the
 * executor of the change it comes with: `modules/audits/account-events.ts`.
 */
export type AccountEventRecorder = (
  event: IdentityEvent,
  executor: Kysely<Database>,
) => Promise<void>;

/** An account event the API itself saw, about the signed-in person of `actor`. */
export function accountEventOf(actor: Actor, detail: IdentityEventDetail): IdentityEvent {
  return {
    ...detail,
    username: actor.principal.identityUsername,
    origin: {
      ...(actor.ip ? { ip: actor.ip } : {}),
      ...(actor.requestId ? { requestId: actor.requestId } : {}),
    },
  };
}

/** "name: 'Old' → 'New', city: — → 'Austin'" for the fields that changed. */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : JSON.stringify(value);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null))
      parts.push(`${key}: ${show(before[key])} → ${show(value)}`);
  }
  return parts.length ? parts.join(', ') : 'no changes';
}

const LIST_POSITION = new Set(['page', 'pageSize', 'sort', 'order']);

/** Filter values that are codes, in the words the screens use for them. */
const STATUS_WORDS: Record<string, Record<string, string>> = {
  contract: CONTRACT_STATUS_LABELS,
  credential: CREDENTIAL_STATUS_LABELS,
  organization: ORGANIZATION_STATUS_LABELS,
  upload: UPLOAD_STATUS_LABELS,
  user: USER_STATUS_LABELS,
};

/** Which lookup a list's `typeId` filter refers to. */
const TYPE_LOOKUPS: Record<string, 'auditTypes' | 'credentialTypes' | 'organizationTypes'> = {
  audit: 'auditTypes',
  credential: 'credentialTypes',
  organization: 'organizationTypes',
};

const YES_NO: Record<string, [string, string]> = {
  active: ['active users', 'inactive users'],
  insightsEntitled: ['with insights included', 'without insights included'],
  impersonating: ['made while acting within an organization', 'made outside impersonation'],
};

/**
 * The filter of a list query in words, for an export's audit entry: `search "nurse",
 * organization "Northwind Technical College", status Active`, or `no filter`. Ids are named
 * (organization, user, type); paging and sorting are left out: an export takes every row the
 * filter selects. An id that names nothing is kept as the number the request carried.
 */
export async function describeFilter(
  db: Kysely<Database>,
  resourceType: string,
  query: Record<string, unknown>,
): Promise<string> {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (LIST_POSITION.has(key) || value === undefined || value === '') continue;
    if (key === 'search') parts.push(`search ${JSON.stringify(value)}`);
    else if (key === 'organizationId' && typeof value === 'number') {
      const row = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', value)
        .executeTakeFirst();
      parts.push(row ? `organization ${JSON.stringify(row.name)}` : `organization #${value}`);
    } else if (key === 'userId' && typeof value === 'number') {
      const row = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', value)
        .executeTakeFirst();
      parts.push(row ? `user ${row.email}` : `user #${value}`);
    } else if (key === 'typeId' && typeof value === 'number' && TYPE_LOOKUPS[resourceType]) {
      const row = await db
        .selectFrom(TYPE_LOOKUPS[resourceType])
        .select('name')
        .where('id', '=', value)
        .executeTakeFirst();
      parts.push(row ? `type ${JSON.stringify(row.name)}` : `type #${value}`);
    } else if (key === 'roleId' && typeof value === 'number' && value in ROLE_LABELS)
      parts.push(`role ${ROLE_LABELS[value as RoleId]}`);
    else if (key === 'status' && typeof value === 'string')
      parts.push(`status ${STATUS_WORDS[resourceType]?.[value] ?? value}`);
    else if (typeof value === 'boolean' && YES_NO[key]) parts.push(YES_NO[key][value ? 0 : 1]);
    else if (key === 'from' || key === 'to') parts.push(`${key} ${String(value)}`);
    else parts.push(`${key} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.length ? parts.join(', ') : 'no filter';
}

/**
 * Records a CSV export: what was exported, with which filter, and how many rows. The entry
 * concerns the organization the filter names, when it names one (an organization admin then sees
 * that their organization's data left), else the one the actor acts in.
 */
export function exportRecorder(
  db: Kysely<Database>,
  audit: Auditor,
  what: { resourceType: string; one: string; many: string },
) {
  return async (actor: Actor, query: Record<string, unknown>, rows: number): Promise<void> =>
    audit(db, actor, {
      type: 'EXPORT',
      resourceType: what.resourceType,
      resourceId: 'export',
      // Only an organization the actor may read: a filter naming another one selects nothing.
      ...(typeof query.organizationId === 'number' &&
      can(actor.principal, 'read:organization', { organizationId: query.organizationId })
        ? { namedOrganizationId: query.organizationId }
        : {}),
      summary: `Exported ${rows.toLocaleString('en-US')} ${rows === 1 ? what.one : what.many} as CSV (${await describeFilter(db, what.resourceType, query)})`,
    });
}
