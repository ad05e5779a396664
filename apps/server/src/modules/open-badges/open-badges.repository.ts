import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { unguessableId } from '../../lib/unguessable-id.ts';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export interface IssuedRow {
  id: number;
  organizationId: number;
  credentialId: number;
  awardId: number | null;
  verificationId: string;
  status: string;
  statusListId: number;
  statusIndex: number;
  fingerprint: string;
  holderName: string;
  achievementName: string;
  awardDate: string;
  document: string;
  issuedAt: string;
  revokedAt: string | null;
  revocationReason: string | null;
  sentAt: string | null;
}

export interface NewIssued {
  organizationId: number;
  credentialId: number;
  awardId: number;
  verificationId: string;
  statusListId: number;
  statusIndex: number;
  fingerprint: string;
  holderName: string;
  achievementName: string;
  awardDate: string;
  document: string;
}

export interface AwardToIssue {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  awardDate: string;
}

/** The only SQL of signed credentials: issuers, keys, settings, status lists, issued credentials. */
export function createOpenBadgesRepository(db: Kysely<Database>, dialect: Dialect) {
  const mapIssued = (row: Record<string, unknown>): IssuedRow => ({
    ...(row as unknown as IssuedRow),
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    credentialId: Number(row.credentialId),
    awardId: row.awardId === null ? null : Number(row.awardId),
    statusListId: Number(row.statusListId),
    statusIndex: Number(row.statusIndex),
    issuedAt: iso(row.issuedAt as string),
    revokedAt: isoOrNull(row.revokedAt as string | null),
    sentAt: isoOrNull(row.sentAt as string | null),
  });

  return {
    async issuer(executor: Kysely<Database>, organizationId: number) {
      const row = await executor
        .selectFrom('issuerProfiles')
        .select(['publicId', 'issuingAllowed'])
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      return row ? { publicId: row.publicId, issuingAllowed: Boolean(row.issuingAllowed) } : null;
    },

    async issuerByPublicId(publicId: string) {
      const row = await db
        .selectFrom('issuerProfiles as p')
        .innerJoin('organizations as o', 'o.id', 'p.organizationId')
        .select(['p.organizationId', 'p.publicId', 'o.name', 'o.website'])
        .where('p.publicId', '=', publicId)
        .executeTakeFirst();
      return row ? { ...row, organizationId: Number(row.organizationId) } : null;
    },

    /** The organization's issuer row, made with a new public id when it has none. */
    async ensureIssuer(executor: Kysely<Database>, organizationId: number) {
      await executor
        .insertInto('issuerProfiles')
        .values({
          organizationId,
          publicId: unguessableId(),
          issuingAllowed: false,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('organizationId').doNothing())
        .execute();
      const row = await executor
        .selectFrom('issuerProfiles')
        .select(['publicId', 'issuingAllowed'])
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow();
      return { publicId: row.publicId, issuingAllowed: Boolean(row.issuingAllowed) };
    },

    async setIssuingAllowed(executor: Kysely<Database>, organizationId: number, allowed: boolean) {
      await this.ensureIssuer(executor, organizationId);
      await executor
        .updateTable('issuerProfiles')
        .set({ issuingAllowed: allowed, updatedAt: new Date().toISOString() })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    async organization(organizationId: number) {
      return db
        .selectFrom('organizations')
        .select(['id', 'name', 'website'])
        .where('id', '=', organizationId)
        .executeTakeFirst();
    },

    async keys(executor: Kysely<Database>, organizationId: number) {
      const rows = await executor
        .selectFrom('issuerKeys')
        .selectAll()
        .where('organizationId', '=', organizationId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        createdAt: iso(row.createdAt),
        retiredAt: isoOrNull(row.retiredAt),
      }));
    },

    async insertKey(
      executor: Kysely<Database>,
      key: {
        organizationId: number;
        verificationMethod: string;
        publicKeyMultibase: string;
        secretKeySealed: string;
      },
    ) {
      await executor
        .insertInto('issuerKeys')
        .values({ ...key, status: 'ACTIVE', createdAt: new Date().toISOString(), retiredAt: null })
        .execute();
    },

    async retireActiveKey(executor: Kysely<Database>, organizationId: number) {
      await executor
        .updateTable('issuerKeys')
        .set({ status: 'RETIRED', retiredAt: new Date().toISOString() })
        .where('organizationId', '=', organizationId)
        .where('status', '=', 'ACTIVE')
        .execute();
    },

    async credential(credentialId: number) {
      const row = await db
        .selectFrom('credentials as c')
        .innerJoin('credentialTypes as t', 't.id', 'c.typeId')
        .leftJoin('credentialIssuing as i', 'i.credentialId', 'c.id')
        .select([
          'c.id',
          'c.organizationId',
          'c.name',
          'c.description',
          'c.awardCount',
          't.code as typeCode',
          'i.enabled',
          'i.showOutcomes',
        ])
        .where('c.id', '=', credentialId)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            id: Number(row.id),
            organizationId: Number(row.organizationId),
            awardCount: Number(row.awardCount),
            enabled: Boolean(row.enabled),
            showOutcomes: Boolean(row.showOutcomes),
          }
        : null;
    },

    /** Credentials of an organization allowed to issue whose issuing is turned on. */
    async enabledCredentials(organizationId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('credentialIssuing as i')
        .innerJoin('credentials as c', 'c.id', 'i.credentialId')
        .innerJoin('issuerProfiles as p', 'p.organizationId', 'c.organizationId')
        .select('c.id')
        .where('c.organizationId', '=', organizationId)
        .where('i.enabled', '=', true)
        .where('p.issuingAllowed', '=', true)
        .orderBy('c.id')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    async setCredentialIssuing(
      executor: Kysely<Database>,
      credentialId: number,
      settings: { enabled?: boolean | undefined; showOutcomes?: boolean | undefined },
    ) {
      const at = new Date().toISOString();
      const changed = {
        ...(settings.enabled === undefined ? {} : { enabled: settings.enabled }),
        ...(settings.showOutcomes === undefined ? {} : { showOutcomes: settings.showOutcomes }),
        updatedAt: at,
      };
      await executor
        .insertInto('credentialIssuing')
        .values({ credentialId, enabled: false, ...changed })
        .onConflict((oc) => oc.column('credentialId').doUpdateSet(changed))
        .execute();
    },

    async credentialCounts(credentialId: number) {
      const rows = await db
        .selectFrom('issuedCredentials')
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('credentialId', '=', credentialId)
        .where('awardId', 'is not', null)
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { issued: count('ISSUED'), revoked: count('REVOKED') };
    },

    async issuingQueued(credentialId: number) {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'issue-credentials')
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .where((eb) =>
          eb.or([
            eb('dedupeKey', '=', `issue-credentials:${credentialId}`),
            eb('dedupeKey', 'like', `issue-credentials:${credentialId}:%`),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A page of the credential's awards without a live signed credential, after `afterId`. */
    async awardsToIssue(
      credentialId: number,
      afterId: number,
      limit: number,
      only: number[] | null,
    ): Promise<AwardToIssue[]> {
      let query = db
        .selectFrom('awards as a')
        .select(['a.id', 'a.firstName', 'a.lastName', 'a.email', 'a.awardDate'])
        .where('a.credentialId', '=', credentialId)
        .where('a.id', '>', afterId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('issuedCredentials as i')
                .select('i.id')
                .whereRef('i.awardId', '=', 'a.id')
                // A literal, so that SQLite reads the partial index of live credentials.
                .where('i.status', '=', sql.lit('ISSUED')),
            ),
          ),
        );
      if (only) query = query.where('a.id', 'in', only.length ? only : [0]);
      const rows = await query.orderBy('a.id').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    /** Live credentials of the organization with what their award says now (null: award gone). */
    async liveWithAwards(organizationId: number) {
      const rows = await db
        .selectFrom('issuedCredentials as i')
        .leftJoin('awards as a', 'a.id', 'i.awardId')
        .select([
          'i.id',
          'i.fingerprint',
          'i.credentialId',
          'i.awardId',
          'a.id as currentAwardId',
          'a.firstName',
          'a.lastName',
          'a.email',
          'a.awardDate',
          'a.credentialId as awardCredentialId',
        ])
        .where('i.organizationId', '=', organizationId)
        .where('i.status', '=', 'ISSUED')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        fingerprint: row.fingerprint,
        award:
          row.currentAwardId === null
            ? null
            : {
                firstName: row.firstName!,
                lastName: row.lastName!,
                email: row.email,
                awardDate: row.awardDate!,
              },
      }));
    },

    /** The open status list of an organization (room left), locked for this transaction on PostgreSQL. */
    async openStatusList(executor: Kysely<Database>, organizationId: number, maxUsed: number) {
      let query = executor
        .selectFrom('statusLists')
        .select(['id', 'publicId', 'encodedList', 'usedCount'])
        .where('organizationId', '=', organizationId)
        .where('usedCount', '<', maxUsed)
        .orderBy('id');
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? { ...row, id: Number(row.id), usedCount: Number(row.usedCount) } : null;
    },

    async insertStatusList(
      executor: Kysely<Database>,
      list: { organizationId: number; publicId: string; encodedList: string; document: string },
    ) {
      const at = new Date().toISOString();
      const { id } = await executor
        .insertInto('statusLists')
        .values({ ...list, usedCount: 0, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async statusList(executor: Kysely<Database>, id: number) {
      let query = executor.selectFrom('statusLists').selectAll().where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row
        ? { ...row, id: Number(row.id), organizationId: Number(row.organizationId) }
        : null;
    },

    async statusListByPublicId(publicId: string) {
      const row = await db
        .selectFrom('statusLists')
        .select(['document'])
        .where('publicId', '=', publicId)
        .executeTakeFirst();
      return row?.document ?? null;
    },

    async updateStatusList(
      executor: Kysely<Database>,
      id: number,
      change: { encodedList?: string; document?: string; recount?: boolean },
    ) {
      await executor
        .updateTable('statusLists')
        .set({
          ...(change.encodedList ? { encodedList: change.encodedList } : {}),
          ...(change.document ? { document: change.document } : {}),
          ...(change.recount
            ? {
                usedCount: sql<number>`(select count(*) from issued_credentials where status_list_id = ${id})`,
              }
            : {}),
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    async usedIndexes(listId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('issuedCredentials')
        .select('statusIndex')
        .where('statusListId', '=', listId)
        .execute();
      return new Set(rows.map((row) => Number(row.statusIndex)));
    },

    /** Stores signed credentials; one already live for an award (or a taken index) is skipped. */
    async insertIssued(executor: Kysely<Database>, rows: NewIssued[]) {
      if (rows.length === 0) return [];
      const inserted = await executor
        .insertInto('issuedCredentials')
        .values(rows.map((row) => ({ ...row, status: 'ISSUED' })))
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'awardId', 'holderName', 'verificationId'])
        .execute();
      return inserted.map((row) => ({
        id: Number(row.id),
        awardId: Number(row.awardId),
        holderName: row.holderName,
        verificationId: row.verificationId,
      }));
    },

    async issuedByVerificationId(verificationId: string) {
      const row = await db
        .selectFrom('issuedCredentials')
        .selectAll()
        .where('verificationId', '=', verificationId)
        .executeTakeFirst();
      return row ? mapIssued(row) : null;
    },

    async issuedById(executor: Kysely<Database>, id: number) {
      const row = await executor
        .selectFrom('issuedCredentials')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? mapIssued(row) : null;
    },

    async liveOfAward(awardId: number) {
      const row = await db
        .selectFrom('issuedCredentials')
        .selectAll()
        .where('awardId', '=', awardId)
        .where('status', '=', sql.lit('ISSUED'))
        .executeTakeFirst();
      return row ? mapIssued(row) : null;
    },

    async award(awardId: number) {
      const row = await db
        .selectFrom('awards')
        .select(['id', 'organizationId', 'credentialId', 'email', 'firstName'])
        .where('id', '=', awardId)
        .executeTakeFirst();
      return row
        ? {
            id: Number(row.id),
            organizationId: Number(row.organizationId),
            credentialId: Number(row.credentialId),
            email: row.email,
            firstName: row.firstName,
          }
        : null;
    },

    /** The e-mail addresses of some awards of a credential, by award id. */
    async awardEmails(credentialId: number, awardIds: number[]): Promise<Map<number, string>> {
      if (awardIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('awards')
        .select(['id', 'email'])
        .where('credentialId', '=', credentialId)
        .where('id', 'in', awardIds)
        .where('email', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [Number(row.id), row.email!]));
    },

    /**
     * A page of a credential's live credentials whose holder has an e-mail address and was not
     * sent the link yet, after `afterId`: what the holders' messages job sends.
     */
    async unsent(credentialId: number, afterId: number, limit: number) {
      const rows = await db
        .selectFrom('issuedCredentials as i')
        .innerJoin('awards as a', 'a.id', 'i.awardId')
        .innerJoin('organizations as o', 'o.id', 'i.organizationId')
        .select([
          'i.id',
          'i.verificationId',
          'i.holderName',
          'i.achievementName',
          'a.firstName',
          'a.email',
          'o.name as organizationName',
        ])
        .where('i.credentialId', '=', credentialId)
        .where('i.status', '=', sql.lit('ISSUED'))
        .where('i.sentAt', 'is', null)
        .where('a.email', 'is not', null)
        .where('i.id', '>', afterId)
        .orderBy('i.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), email: row.email! }));
    },

    async markSent(executor: Kysely<Database>, id: number) {
      await executor
        .updateTable('issuedCredentials')
        .set({ sentAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** The latest signed credential of each of the awards (live before revoked). */
    async latestOfAwards(credentialId: number, awardIds: number[]) {
      if (awardIds.length === 0) return [];
      const rows = await db
        .selectFrom('issuedCredentials')
        .selectAll()
        .where('credentialId', '=', credentialId)
        .where('awardId', 'in', awardIds)
        .orderBy('id')
        .execute();
      const latest = new Map<number, IssuedRow>();
      for (const row of rows.map(mapIssued)) {
        const current = latest.get(row.awardId!);
        if (!current || row.status === 'ISSUED' || current.status !== 'ISSUED')
          latest.set(row.awardId!, row);
      }
      return [...latest.values()];
    },

    async markRevoked(executor: Kysely<Database>, id: number, reason: string) {
      const result = await executor
        .updateTable('issuedCredentials')
        .set({ status: 'REVOKED', revokedAt: new Date().toISOString(), revocationReason: reason })
        .where('id', '=', id)
        .where('status', '=', 'ISSUED')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type OpenBadgesRepository = ReturnType<typeof createOpenBadgesRepository>;

/** Audit entries of a batch of issuances or revocations, written in one statement. */
export async function insertAuditEntries(
  executor: Kysely<Database>,
  typeCode: 'CREDENTIAL_ISSUED' | 'CREDENTIAL_REVOKED' | 'CREDENTIAL_SENT',
  entries: Array<{
    actorUserId: number | null;
    actorApiKeyId?: number | null;
    organizationId: number;
    impersonating: boolean;
    resourceId: string;
    summary: string;
    ipAddress: string | null;
    requestId: string | null;
  }>,
): Promise<void> {
  if (entries.length === 0) return;
  const { id: typeId } = await executor
    .selectFrom('auditTypes')
    .select('id')
    .where('code', '=', typeCode)
    .executeTakeFirstOrThrow();
  const occurredAt = new Date().toISOString();
  await executor
    .insertInto('auditEntries')
    .values(
      entries.map((entry) => ({
        ...entry,
        occurredAt,
        typeId,
        resourceType: 'issued-credential',
        summary: entry.summary.slice(0, 2000),
      })),
    )
    .execute();
}
