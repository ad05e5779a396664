import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { toBool, toIso } from '../../db/values.ts';

export interface SsoSettingsRecord {
  organizationId: number;
  providerName: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  jitEnabled: boolean;
  jitRoleId: number;
  emailDomains: string[];
  updatedAt: string;
  protocol: 'OIDC' | 'SAML';
  samlMetadataUrl: string | null;
  samlMetadataXml: string | null;
  samlMetadataFetchedAt: string | null;
  samlCertificateExpiresAt: string | null;
  /** Affiliation or group values that make a person provisioned just in time an Organization Admin. */
  adminValues: string[];
}

/** What a save writes; the SAML metadata status is written by `recordSamlMetadata`. */
export type SsoSettingsSave = Omit<
  SsoSettingsRecord,
  'updatedAt' | 'samlMetadataFetchedAt' | 'samlCertificateExpiresAt' | 'samlMetadataXml'
> & { issuerChanged: boolean };

function parseValues(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export interface OrganizationSignIn {
  id: number;
  name: string;
  loginMode: string;
  status: string;
  sso: SsoSettingsRecord | undefined;
}

export function createSsoRepository(db: Kysely<Database>) {
  async function domainsOf(executor: Kysely<Database>, organizationId: number) {
    const rows = await executor
      .selectFrom('organizationEmailDomains')
      .select('domain')
      .where('organizationId', '=', organizationId)
      .orderBy('domain')
      .execute();
    return rows.map((row) => row.domain);
  }

  async function settingsOf(
    executor: Kysely<Database>,
    organizationId: number,
  ): Promise<SsoSettingsRecord | undefined> {
    const row = await executor
      .selectFrom('organizationSso')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      organizationId: Number(row.organizationId),
      providerName: row.providerName,
      issuer: row.issuer,
      clientId: row.clientId,
      hasClientSecret: toBool(row.hasClientSecret),
      jitEnabled: toBool(row.jitEnabled),
      jitRoleId: row.jitRoleId,
      emailDomains: await domainsOf(executor, organizationId),
      updatedAt: toIso(row.updatedAt),
      protocol: row.protocol === 'SAML' ? 'SAML' : 'OIDC',
      samlMetadataUrl: row.samlMetadataUrl,
      samlMetadataXml: row.samlMetadataXml,
      samlMetadataFetchedAt: row.samlMetadataFetchedAt ? toIso(row.samlMetadataFetchedAt) : null,
      samlCertificateExpiresAt: row.samlCertificateExpiresAt
        ? toIso(row.samlCertificateExpiresAt)
        : null,
      adminValues: parseValues(row.adminValues),
    };
  }

  return {
    settings: (organizationId: number) => settingsOf(db, organizationId),

    /** The organization with its login mode and SSO settings. */
    async organization(organizationId: number): Promise<OrganizationSignIn | undefined> {
      const row = await db
        .selectFrom('organizations as o')
        .innerJoin('loginModes as l', 'l.id', 'o.loginModeId')
        .select(['o.id', 'o.name', 'o.status', 'l.code as loginMode'])
        .where('o.id', '=', organizationId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...row, id: Number(row.id), sso: await settingsOf(db, Number(row.id)) };
    },

    async organizationIdForDomain(domain: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('organizationEmailDomains')
        .select('organizationId')
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row ? Number(row.organizationId) : undefined;
    },

    async organizationIdForProvider(providerName: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('organizationSso')
        .select('organizationId')
        .where('providerName', '=', providerName)
        .executeTakeFirst();
      return row ? Number(row.organizationId) : undefined;
    },

    /** Domains of `domains` that another organization already claims, with that organization's name. */
    async claimedElsewhere(
      organizationId: number,
      domains: string[],
    ): Promise<Array<{ domain: string; organizationName: string }>> {
      if (domains.length === 0) return [];
      return db
        .selectFrom('organizationEmailDomains as d')
        .innerJoin('organizations as o', 'o.id', 'd.organizationId')
        .select(['d.domain', 'o.name as organizationName'])
        .where('d.domain', 'in', domains)
        .where('d.organizationId', '!=', organizationId)
        .execute();
    },

    /**
     * Saves the settings; `issuerChanged` forgets the last connection test, which was of the
     * previous issuer.
     */
    async save(executor: Kysely<Database>, values: SsoSettingsSave): Promise<void> {
      const { emailDomains, organizationId, issuerChanged, ...settings } = values;
      const row = {
        providerName: settings.providerName,
        issuer: settings.issuer,
        clientId: settings.clientId,
        hasClientSecret: settings.hasClientSecret,
        jitEnabled: settings.jitEnabled,
        jitRoleId: settings.jitRoleId,
        protocol: settings.protocol,
        samlMetadataUrl: settings.protocol === 'SAML' ? settings.samlMetadataUrl : null,
        adminValues: JSON.stringify(settings.adminValues),
        updatedAt: new Date().toISOString(),
        // Back to OpenID Connect: the SAML provider's metadata is forgotten.
        ...(settings.protocol === 'OIDC'
          ? { samlMetadataXml: null, samlMetadataFetchedAt: null, samlCertificateExpiresAt: null }
          : {}),
        ...(issuerChanged ? { lastTestOk: null, lastTestedAt: null, lastTestMessage: null } : {}),
      };
      await executor
        .insertInto('organizationSso')
        .values({ organizationId, ...row })
        .onConflict((oc) => oc.column('organizationId').doUpdateSet(row))
        .execute();
      await executor
        .deleteFrom('organizationEmailDomains')
        .where('organizationId', '=', organizationId)
        .execute();
      if (emailDomains.length > 0) {
        await executor
          .insertInto('organizationEmailDomains')
          .values(emailDomains.map((domain) => ({ domain, organizationId })))
          .execute();
      }
    },

    /** Remembers the outcome of a connection test of the organization's saved issuer. */
    async recordTest(
      organizationId: number,
      test: { ok: boolean; message: string; at: Date },
    ): Promise<void> {
      await db
        .updateTable('organizationSso')
        .set({
          lastTestOk: test.ok,
          lastTestedAt: test.at.toISOString(),
          lastTestMessage: test.message,
        })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    /** When the SAML provider's metadata was read, and when its soonest signing certificate expires. */
    async recordSamlMetadata(
      organizationId: number,
      status: { xml: string; fetchedAt: Date; certificateExpiresAt: Date | null },
    ): Promise<void> {
      await db
        .updateTable('organizationSso')
        .set({
          samlMetadataXml: status.xml,
          samlMetadataFetchedAt: status.fetchedAt.toISOString(),
          samlCertificateExpiresAt: status.certificateExpiresAt?.toISOString() ?? null,
        })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    /** The identity provider's entity id, as its metadata names it. */
    async setIssuer(organizationId: number, issuer: string): Promise<void> {
      await db
        .updateTable('organizationSso')
        .set({ issuer })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    /** SAML organizations whose metadata address was last read before `before`. */
    async samlMetadataDue(
      before: Date,
    ): Promise<Array<{ organizationId: number; providerName: string; url: string }>> {
      const rows = await db
        .selectFrom('organizationSso')
        .select(['organizationId', 'providerName', 'samlMetadataUrl', 'samlMetadataFetchedAt'])
        .where('protocol', '=', 'SAML')
        .where('samlMetadataUrl', 'is not', null)
        .execute();
      return rows
        .filter(
          (row) =>
            !row.samlMetadataFetchedAt ||
            new Date(toIso(row.samlMetadataFetchedAt)).getTime() < before.getTime(),
        )
        .map((row) => ({
          organizationId: Number(row.organizationId),
          providerName: row.providerName,
          url: row.samlMetadataUrl!,
        }));
    },

    async createLoginState(input: {
      stateHash: string;
      organizationId: number;
      codeVerifier: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('ssoLoginStates')
        .values({ ...input, expiresAt: input.expiresAt.toISOString(), usedAt: null })
        .execute();
    },

    /** Marks a state used; only the first caller gets it back, and only before it expires. */
    async consumeLoginState(
      stateHash: string,
    ): Promise<{ organizationId: number; codeVerifier: string } | undefined> {
      const now = new Date().toISOString();
      const row = await db
        .selectFrom('ssoLoginStates')
        .select(['organizationId', 'codeVerifier', 'expiresAt'])
        .where('stateHash', '=', stateHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (!row || new Date(toIso(row.expiresAt)).getTime() <= Date.now()) return undefined;
      const result = await db
        .updateTable('ssoLoginStates')
        .set({ usedAt: now })
        .where('stateHash', '=', stateHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return { organizationId: Number(row.organizationId), codeVerifier: row.codeVerifier };
    },

    async purgeLoginStates(before: Date): Promise<void> {
      await db.deleteFrom('ssoLoginStates').where('expiresAt', '<', before.toISOString()).execute();
    },
  };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
