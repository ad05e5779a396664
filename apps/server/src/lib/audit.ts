import type { Kysely } from 'kysely';

import type { AuditTypeCode } from '@laurel/contract/audits';
import { can } from '@laurel/contract/permissions';
import type { IdentityEvent, IdentityEventDetail } from '@laurel/identity';

import type { Database } from '../db/schema.ts';
import { type Actor, actorColumns } from './actor.ts';
import { describeFilter, type FilterNames, type TypeLookup } from './audit-labels.ts';

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

/** Records an audit entry with `executor`, the transaction of the change it describes. */
export interface Auditor {
  (executor: Kysely<Database>, actor: Actor, event: AuditEvent): Promise<void>;
  /** The names a list filter's ids stand for, read with `executor`. */
  filterNames(executor: Kysely<Database>): FilterNames;
}

/** One row of the audit trail as it is written. */
export interface NewAuditEntry {
  actorUserId: number | null;
  /** The API key that acted, when one did (its creator is not the actor then). */
  actorApiKeyId?: number | null;
  /** The SCIM token that acted, when one did. */
  actorScimTokenId?: number | null;
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
  organizationName(executor: Kysely<Database>, id: number): Promise<string | undefined>;
  userEmail(executor: Kysely<Database>, id: number): Promise<string | undefined>;
  typeName(executor: Kysely<Database>, lookup: TypeLookup, id: number): Promise<string | undefined>;
}

/** Records an audit entry with the transaction of the change it describes. */
export function createAuditor(audits: AuditStore): Auditor {
  const auditor = async (executor: Kysely<Database>, actor: Actor, event: AuditEvent) =>
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
  return Object.assign(auditor, {
    filterNames: (executor: Kysely<Database>): FilterNames => ({
      organizationName: (id) => audits.organizationName(executor, id),
      userEmail: (id) => audits.userEmail(executor, id),
      typeName: (lookup, id) => audits.typeName(executor, lookup, id),
    }),
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
      summary: `Exported ${rows.toLocaleString('en-US')} ${rows === 1 ? what.one : what.many} as CSV (${await describeFilter(audit.filterNames(db), what.resourceType, query)})`,
    });
}
