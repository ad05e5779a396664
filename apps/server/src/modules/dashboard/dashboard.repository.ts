import type { Kysely } from 'kysely';

import type { UploadStatus } from '@laurel/contract/constants';
import type { TPage } from '@laurel/contract/pagination';
import type { OrganizationStatus } from '@laurel/contract/organizations';

import { readPageOfIds } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { containsText, textFilter } from '../../db/text-search.ts';
import { toBool, toIso, toIsoOrNull } from '../../db/values.ts';

/** What the organizations table reads from the organization's own tables, before contracts and jobs. */
export interface OrganizationFacts {
  id: number;
  name: string;
  status: OrganizationStatus;
  insightsEntitled: boolean;
  awards: number;
  /** From the latest insights build; null before the first. */
  matched: number | null;
  notMatched: number | null;
  lastUpload: { id: number; status: UploadStatus; createdAt: string } | null;
}

export interface UploadAttention {
  id: number;
  organizationId: number;
  organizationName: string;
  fileName: string;
  status: UploadStatus;
  errorMessage: string | null;
  updatedAt: string;
}

export interface SsoAttention {
  organizationId: number;
  organizationName: string;
  issuer: string;
  message: string | null;
  testedAt: string | null;
}

export interface SamlCertificateAttention {
  organizationId: number;
  organizationName: string;
  issuer: string;
  expiresAt: string;
}

export function createDashboardRepository(db: Kysely<Database>) {
  const count = async (table: 'organizations' | 'credentials' | 'users' | 'contracts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  function matching(search: string | undefined) {
    let query = db.selectFrom('organizations as o');
    if (search) query = query.where(containsText(db, 'organizations', 'o', search));
    return query;
  }

  /**
   * The facts of the given organizations (or of every one the search matches), by name: one
   * grouped read per table (award counts, the latest insight build's matches, the newest upload),
   * never a query per organization. (Joined into one statement, SQLite scans a grouped subquery
   * once per organization: four statements are faster on both databases.)
   */
  async function facts(filter: {
    ids?: readonly number[] | undefined;
    search?: string | undefined;
  }): Promise<OrganizationFacts[]> {
    const { ids } = filter;
    if (ids?.length === 0) return [];
    let organizations = matching(filter.search);
    let credentials = db.selectFrom('credentials');
    let summaries = db.selectFrom('credentialInsightSummaries');
    let uploads = db.selectFrom('uploads');
    if (ids) {
      organizations = organizations.where('o.id', 'in', ids);
      credentials = credentials.where('organizationId', 'in', ids);
      summaries = summaries.where('organizationId', 'in', ids);
      uploads = uploads.where('organizationId', 'in', ids);
    }
    const [organizationRows, awardRows, summaryRows, uploadRows] = await Promise.all([
      organizations
        .select(['o.id', 'o.name', 'o.status', 'o.insightsEntitled'])
        .orderBy('o.name')
        .orderBy('o.id')
        .execute(),
      credentials
        .groupBy('organizationId')
        .select((eb) => ['organizationId', eb.fn.sum<number>('awardCount').as('awards')])
        .execute(),
      summaries
        .groupBy('organizationId')
        .select((eb) => [
          'organizationId',
          eb.fn.sum<number>('matched').as('matched'),
          eb.fn.sum<number>('missingEquifax').as('notMatched'),
        ])
        .execute(),
      // Each organization's newest upload: its latest time from the (organization, created)
      // index alone, then the upload at that time (the higher id if two share it).
      db
        .selectFrom('uploads as u')
        .innerJoin(
          uploads
            .groupBy('organizationId')
            .select((eb) => ['organizationId', eb.fn.max('createdAt').as('latest')])
            .as('m'),
          (join) =>
            join
              .onRef('m.organizationId', '=', 'u.organizationId')
              .onRef('u.createdAt', '=', 'm.latest'),
        )
        .select(['u.id', 'u.organizationId', 'u.status', 'u.createdAt'])
        .orderBy('u.id')
        .execute(),
    ]);
    const awardsOf = new Map(
      awardRows.map((row) => [Number(row.organizationId), Number(row.awards)]),
    );
    const summaryOf = new Map(summaryRows.map((row) => [Number(row.organizationId), row]));
    const uploadOf = new Map(uploadRows.map((row) => [Number(row.organizationId), row]));
    return organizationRows.map((row) => {
      const id = Number(row.id);
      const summary = summaryOf.get(id);
      const upload = uploadOf.get(id);
      return {
        id,
        name: row.name,
        status: row.status as OrganizationStatus,
        insightsEntitled: toBool(row.insightsEntitled),
        awards: awardsOf.get(id) ?? 0,
        matched: summary ? Number(summary.matched) : null,
        notMatched: summary ? Number(summary.notMatched) : null,
        lastUpload: upload
          ? { id: Number(upload.id), status: upload.status, createdAt: toIso(upload.createdAt) }
          : null,
      };
    });
  }

  return {
    /** The totals of the four lists (organizations, credentials, users, contracts). */
    async counts() {
      const [organizations, credentials, users, contracts] = await Promise.all([
        count('organizations'),
        count('credentials'),
        count('users'),
        count('contracts'),
      ]);
      return { organizations, credentials, users, contracts };
    },

    facts,

    /** A page of organizations by name (the search applied), with their facts. */
    pageByName(query: {
      search?: string | undefined;
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }): Promise<TPage<OrganizationFacts>> {
      return readPageOfIds(
        db,
        {
          matching: matching(undefined),
          id: 'o.id',
          keys: ['o.name'],
          order: query.order,
          text: query.search ? textFilter(db, 'organizations', 'o', query.search) : undefined,
          narrowed: false,
        },
        matching(query.search).select((eb) => eb.fn.countAll<number>().as('count')),
        query,
        (ids) => facts({ ids }),
      );
    },

    /** Uploads that failed since `failedSince`, newest first, and those unchanged since `stuckBefore`. */
    async uploadsNeedingAttention(input: {
      failedSince: Date;
      stuckBefore: Date;
    }): Promise<{ failed: UploadAttention[]; stuck: UploadAttention[] }> {
      const base = () =>
        db
          .selectFrom('uploads as u')
          .innerJoin('organizations as o', 'o.id', 'u.organizationId')
          .select([
            'u.id',
            'u.organizationId',
            'o.name as organizationName',
            'u.fileName',
            'u.status',
            'u.errorMessage',
            'u.updatedAt',
          ]);
      const [failed, stuck] = await Promise.all([
        base()
          .where('u.status', '=', 'FAILED')
          .where('u.updatedAt', '>=', input.failedSince.toISOString())
          .orderBy('u.updatedAt', 'desc')
          .orderBy('u.id', 'desc')
          .execute(),
        base()
          .where('u.status', 'in', ['PENDING', 'PROCESSING'])
          .where('u.updatedAt', '<', input.stuckBefore.toISOString())
          .orderBy('u.updatedAt')
          .orderBy('u.id')
          .execute(),
      ]);
      const toAttention = (row: (typeof failed)[number]): UploadAttention => ({
        id: Number(row.id),
        organizationId: Number(row.organizationId),
        organizationName: row.organizationName,
        fileName: row.fileName,
        status: row.status,
        errorMessage: row.errorMessage,
        updatedAt: toIso(row.updatedAt),
      });
      return { failed: failed.map(toAttention), stuck: stuck.map(toAttention) };
    },

    /** SAML organizations whose identity provider's soonest signing certificate expires before `before`. */
    async expiringSamlCertificates(before: Date): Promise<SamlCertificateAttention[]> {
      const rows = await db
        .selectFrom('organizationSso as s')
        .innerJoin('organizations as o', 'o.id', 's.organizationId')
        .where('s.protocol', '=', 'SAML')
        .where('s.samlCertificateExpiresAt', 'is not', null)
        .where('s.samlCertificateExpiresAt', '<', before.toISOString())
        .select([
          's.organizationId',
          'o.name as organizationName',
          's.issuer',
          's.samlCertificateExpiresAt',
        ])
        .orderBy('s.samlCertificateExpiresAt')
        .execute();
      return rows.map((row) => ({
        organizationId: Number(row.organizationId),
        organizationName: row.organizationName,
        issuer: row.issuer,
        expiresAt: toIsoOrNull(row.samlCertificateExpiresAt)!,
      }));
    },

    /** Organizations whose last connection test of their company sign-in provider failed. */
    async failingSsoTests(): Promise<SsoAttention[]> {
      const rows = await db
        .selectFrom('organizationSso as s')
        .innerJoin('organizations as o', 'o.id', 's.organizationId')
        .where('s.lastTestOk', '=', false)
        .select([
          's.organizationId',
          'o.name as organizationName',
          's.issuer',
          's.lastTestMessage',
          's.lastTestedAt',
        ])
        .orderBy('s.lastTestedAt', 'desc')
        .execute();
      return rows.map((row) => ({
        organizationId: Number(row.organizationId),
        organizationName: row.organizationName,
        issuer: row.issuer,
        message: row.lastTestMessage,
        testedAt: toIsoOrNull(row.lastTestedAt),
      }));
    },

    /** Names and entitlement of the given organizations. */
    async organizations(
      ids: readonly number[],
    ): Promise<Map<number, { name: string; insightsEntitled: boolean }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('organizations')
        .where('id', 'in', ids)
        .select(['id', 'name', 'insightsEntitled'])
        .execute();
      return new Map(
        rows.map((row) => [
          Number(row.id),
          { name: row.name, insightsEntitled: toBool(row.insightsEntitled) },
        ]),
      );
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
