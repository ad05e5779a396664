import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isIP } from 'node:net';

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
  const ip = request.ip;
  return typeof ip === 'string' && isIP(ip) ? ip : null;
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
}

export type Auditor = (
  executor: Kysely<Database>,
  actor: Actor,
  event: AuditEvent,
) => Promise<void>;

/** One row of the audit trail as it is written. */
export interface NewAuditEntry {
  actorUserId: number | null;
  organizationId: number | null;
  impersonating: boolean;
  typeCode: AuditTypeCode;
  resourceType: string;
  resourceId: string;
  summary: string;
  ipAddress: string | null;
  requestId: string | null;
}

export type AuditTypeCode =
  | 'CREATE'
  | 'UPDATE'
  | 'DELETE'
  | 'SIGN_IN'
  | 'IMPERSONATE'
  | 'EXPORT'
  | 'UPLOAD'
  | 'INVITE'
  | 'CLIENT_EVENT';

/** Where audit entries are written: the audits module's repository (wired in app.ts). */
export interface AuditStore {
  insert(executor: Kysely<Database>, entry: NewAuditEntry): Promise<void>;
}

/** Records an audit entry with the transaction of the change it describes. */
export function createAuditor(audits: AuditStore): Auditor {
  return (executor, actor, event) =>
    audits.insert(executor, {
      actorUserId: actor.principal.userId,
      organizationId:
        event.organizationId === undefined
          ? actor.principal.actingOrganizationId
          : event.organizationId,
      impersonating: actor.principal.impersonating,
      typeCode: event.type,
      resourceType: event.resourceType,
      resourceId: String(event.resourceId),
      summary: event.summary,
      ipAddress: actor.ip,
      requestId: actor.requestId,
    });
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
