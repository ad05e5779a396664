import type { Insertable, Kysely } from 'kysely';

import type { Database } from '../db/schema.ts';

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** The SQL of the demo world: what the seed writes into a new database and reads back. */
export function createDemoRepository(db: Kysely<Database>) {
  return {
    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count) === 0;
    },

    /** A lookup table's ids by code. */
    async lookupIds(
      table: 'organizationTypes' | 'credentialTypes' | 'loginModes',
    ): Promise<Map<string, number>> {
      const rows = await db.selectFrom(table).select(['id', 'code']).execute();
      return new Map(rows.map((row) => [row.code, row.id]));
    },

    async insertOrganization(values: Row<'organizations'>): Promise<number> {
      const { id } = await db
        .insertInto('organizations')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async organizationByName(name: string): Promise<{ id: number; name: string }> {
      const row = await db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), name: row.name };
    },

    async insertCredential(values: Row<'credentials'>): Promise<void> {
      await db.insertInto('credentials').values(values).execute();
    },

    /** The credentials of the organization of that name, oldest first. */
    credentialsOfOrganizationNamed: (name: string) =>
      db
        .selectFrom('credentials')
        .innerJoin('organizations', 'organizations.id', 'credentials.organizationId')
        .where('organizations.name', '=', name)
        .select(['credentials.id', 'credentials.organizationId', 'credentials.code'])
        .orderBy('credentials.id')
        .execute(),

    credentialsOf: (organizationId: number) =>
      db
        .selectFrom('credentials')
        .select(['id', 'name', 'description'])
        .where('organizationId', '=', organizationId)
        .orderBy('id')
        .execute(),

    async insertContract(values: Row<'contracts'>): Promise<number> {
      const { id } = await db
        .insertInto('contracts')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertContractLineItems(values: Row<'contractLineItems'>[]): Promise<void> {
      await db.insertInto('contractLineItems').values(values).execute();
    },

    contractOf: (organizationId: number) =>
      db
        .selectFrom('contracts')
        .select(['id', 'number', 'name', 'status', 'startDate', 'endDate'])
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow(),

    async lineItemCount(contractId: number): Promise<number> {
      const row = await db
        .selectFrom('contractLineItems')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('contractId', '=', contractId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countOf(
      table: 'credentials' | 'users' | 'contracts',
      organizationId: number,
    ): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertIssuerProfile(values: Row<'issuerProfiles'>): Promise<void> {
      await db.insertInto('issuerProfiles').values(values).execute();
    },

    async insertCompanySignIn(
      sso: Row<'organizationSso'>,
      domain: Row<'organizationEmailDomains'>,
    ): Promise<void> {
      await db.insertInto('organizationSso').values(sso).execute();
      await db.insertInto('organizationEmailDomains').values(domain).execute();
    },

    /** Everyone, in the order they were created. */
    users: () =>
      db
        .selectFrom('users')
        .select(['id', 'organizationId', 'email', 'roleId'])
        .orderBy('id')
        .execute(),

    async setLastLoginAt(userId: number, lastLoginAt: string): Promise<void> {
      await db.updateTable('users').set({ lastLoginAt }).where('id', '=', userId).execute();
    },

    async insertUpload(values: Row<'uploads'>): Promise<number> {
      const { id } = await db
        .insertInto('uploads')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertAwards(values: Row<'awards'>[]): Promise<void> {
      await db.insertInto('awards').values(values).execute();
    },

    async insertAuditEntries(values: Row<'auditEntries'>[]): Promise<void> {
      await db.insertInto('auditEntries').values(values).execute();
    },
  };
}
