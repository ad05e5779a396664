import { type Kysely, sql } from 'kysely';

import type { TAuditEntry, TAuditListQuery } from '@laurel/contract/audits';
import type { TPage } from '@laurel/contract/pagination';

import { readKeysetBatches } from '../../db/list-definition.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../db/text-search.ts';
import { toBool, toIso } from '../../db/values.ts';
import { type AuditTypeCode, type NewAuditEntry, SESSION_RESOURCE } from '../../lib/audit.ts';
import type { TypeLookup } from '../../lib/audit-labels.ts';

export interface AuditFilter extends Omit<TAuditListQuery, 'search'> {
  search?: string | undefined;
  /** Entries limited to this organization (organization admins); undefined for all. */
  scopeOrganizationId?: number | undefined;
}

export function createAuditsRepository(db: Kysely<Database>) {
  const typeIds = new Map<string, number>();

  // Read with the caller's executor: inside a transaction on SQLite, the one connection is taken.
  async function typeId(executor: Kysely<Database>, code: AuditTypeCode): Promise<number> {
    if (typeIds.size === 0) {
      for (const row of await executor.selectFrom('auditTypes').select(['id', 'code']).execute())
        typeIds.set(row.code, row.id);
    }
    const id = typeIds.get(code);
    if (id === undefined) throw new Error(`Unknown audit type ${code}`);
    return id;
  }

  function filtered(filter: AuditFilter) {
    let query = db
      .selectFrom('auditEntries as a')
      .innerJoin('auditTypes as t', 't.id', 'a.typeId')
      .leftJoin('users as u', 'u.id', 'a.actorUserId')
      .leftJoin('apiKeys as k', 'k.id', 'a.actorApiKeyId')
      .leftJoin('scimTokens as st', 'st.id', 'a.actorScimTokenId')
      .leftJoin('organizations as o', 'o.id', 'a.organizationId');
    if (filter.scopeOrganizationId !== undefined)
      query = query.where('a.organizationId', '=', filter.scopeOrganizationId);
    if (filter.organizationId !== undefined)
      query = query.where('a.organizationId', '=', filter.organizationId);
    if (filter.typeId !== undefined) query = query.where('a.typeId', '=', filter.typeId);
    if (filter.userId !== undefined) query = query.where('a.actorUserId', '=', filter.userId);
    if (filter.impersonating !== undefined)
      query = query.where('a.impersonating', '=', filter.impersonating);
    if (filter.from)
      query = query.where(
        'a.occurredAt',
        '>=',
        new Date(`${filter.from}T00:00:00.000Z`).toISOString(),
      );
    if (filter.to) {
      const end = new Date(`${filter.to}T00:00:00.000Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      query = query.where('a.occurredAt', '<', end.toISOString());
    }
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(a.summary) like ${pattern} escape '\\'`,
          sql<boolean>`lower(u.email) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  }

  const columns = [
    'a.id',
    'a.occurredAt',
    'a.actorUserId',
    'u.firstName as actorFirstName',
    'u.lastName as actorLastName',
    'u.email as actorEmail',
    'k.name as actorApiKeyName',
    'st.name as actorScimTokenName',
    'a.organizationId',
    'o.name as organizationName',
    'a.impersonating',
    't.code as typeCode',
    't.name as typeName',
    'a.resourceType',
    'a.resourceId',
    'a.summary',
    'a.ipAddress',
    'a.requestId',
  ] as const;

  type Row = {
    id: number;
    occurredAt: Date | string;
    actorUserId: number | null;
    actorFirstName: string | null;
    actorLastName: string | null;
    actorEmail: string | null;
    actorApiKeyName: string | null;
    actorScimTokenName: string | null;
    organizationId: number | null;
    organizationName: string | null;
    impersonating: boolean | number;
    typeCode: string;
    typeName: string;
    resourceType: string;
    resourceId: string;
    summary: string;
    ipAddress: string | null;
    requestId: string | null;
  };

  const toEntry = (row: Row): TAuditEntry => ({
    id: row.id,
    occurredAt: toIso(row.occurredAt),
    actorUserId: row.actorUserId,
    actorName:
      row.actorFirstName !== null
        ? `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim()
        : row.actorApiKeyName !== null
          ? `API key “${row.actorApiKeyName}”`
          : row.actorScimTokenName !== null
            ? `SCIM token “${row.actorScimTokenName}”`
            : null,
    actorEmail: row.actorEmail,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    impersonating: toBool(row.impersonating),
    typeCode: row.typeCode,
    typeName: row.typeName,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    summary: row.summary,
    ipAddress: row.ipAddress,
    requestId: row.requestId,
  });

  const sorted = (filter: AuditFilter) =>
    filtered(filter)
      .select(columns)
      .orderBy('a.occurredAt', filter.order)
      .orderBy('a.id', filter.order);

  return {
    /**
     * Writes an entry with the given executor, so that it commits with the change it records. An
     * entry about a session that already has one of its type is not written again.
     */
    async insert(executor: Kysely<Database>, entry: NewAuditEntry): Promise<void> {
      await executor
        .insertInto('auditEntries')
        .values({
          occurredAt: new Date().toISOString(),
          actorUserId: entry.actorUserId,
          actorApiKeyId: entry.actorApiKeyId ?? null,
          actorScimTokenId: entry.actorScimTokenId ?? null,
          organizationId: entry.organizationId,
          impersonating: entry.impersonating,
          typeId: await typeId(executor, entry.typeCode),
          resourceType: entry.resourceType,
          resourceId: entry.resourceId,
          summary: entry.summary.slice(0, 2000),
          ipAddress: entry.ipAddress,
          requestId: entry.requestId,
        })
        // The target names the partial unique index (audit_entries_session_once); its predicate
        // is a literal, which PostgreSQL needs to infer the index.
        .onConflict((oc) =>
          oc
            .columns(['typeId', 'resourceId'])
            .where(sql.ref('resource_type'), '=', sql.lit(SESSION_RESOURCE))
            .doNothing(),
        )
        .execute();
    },

    async organizationExists(executor: Kysely<Database>, id: number): Promise<boolean> {
      const row = await executor
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async organizationName(executor: Kysely<Database>, id: number): Promise<string | undefined> {
      const row = await executor
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.name;
    },

    async userEmail(executor: Kysely<Database>, id: number): Promise<string | undefined> {
      const row = await executor
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.email;
    },

    async typeName(
      executor: Kysely<Database>,
      lookup: TypeLookup,
      id: number,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom(lookup)
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.name;
    },

    /** The Laurel user an identity (the token's `cognito:username`) belongs to, if any. */
    /** The person of an identity, and the protocol of their organization's company sign-in. */
    async personOfIdentity(
      executor: Kysely<Database>,
      identityUsername: string,
    ): Promise<
      | {
          id: number;
          organizationId: number;
          email: string;
          companyProtocol: 'SAML' | 'OIDC' | null;
        }
      | undefined
    > {
      const row = await executor
        .selectFrom('users as u')
        .leftJoin('organizationSso as s', 's.organizationId', 'u.organizationId')
        .select(['u.id', 'u.organizationId', 'u.email', 's.protocol'])
        .where('u.identityUsername', '=', identityUsername)
        .executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          organizationId: Number(row.organizationId),
          email: row.email,
          companyProtocol: row.protocol === 'SAML' ? 'SAML' : row.protocol ? 'OIDC' : null,
        }
      );
    },

    list: (filter: AuditFilter): Promise<TPage<TAuditEntry>> =>
      readPage(
        sorted(filter),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as('count')),
        filter,
        toEntry,
      ),

    /** Every entry the filter selects, in pages, for CSV export. */
    stream: (filter: AuditFilter): AsyncGenerator<TAuditEntry[]> =>
      readKeysetBatches(
        db,
        filtered(filter).select(columns),
        ['a.occurredAt', 'a.id'],
        filter.order,
        toEntry,
      ),
  };
}
export type AuditsRepository = ReturnType<typeof createAuditsRepository>;
