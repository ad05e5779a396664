import { type Kysely, sql } from 'kysely';

import { ROLES, type RoleId } from '@laurel/contract/roles';

import type { Database } from '../../db/schema.ts';
import { toBool, toIso, toIsoOrNull } from '../../db/values.ts';
import {
  STORED_SECRET_COLUMNS,
  type StoredSecret,
  storedSecretOf,
} from '../api-keys/stored-secrets.ts';

/** A SCIM token: a stored secret of the organization, with nothing of its own. */
export type StoredScimToken = StoredSecret;

/** A person as SCIM sees them: the user row and the directory's id of them. */
export interface ScimPerson {
  id: number;
  organizationId: number;
  identityUsername: string | null;
  /** What the directory calls the person; their e-mail address unless it said otherwise. */
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  roleId: RoleId;
  active: boolean;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a SCIM list filter may ask of people: each given condition must hold. */
export interface ScimPersonFilter {
  id?: number;
  userName?: string;
  email?: string;
  externalId?: string;
  roleId?: RoleId;
  active?: boolean;
}

const roleOf = (id: number): RoleId =>
  id === ROLES.ORGANIZATION_ADMIN ? ROLES.ORGANIZATION_ADMIN : ROLES.USER;

/** The only SQL of SCIM provisioning. */
export function createScimRepository(db: Kysely<Database>) {
  const tokens = () =>
    db
      .selectFrom('scimTokens as k')
      .leftJoin('users as u', 'u.id', 'k.createdByUserId')
      .select(STORED_SECRET_COLUMNS);
  const toToken = storedSecretOf;

  // Platform admins are never provisioned: SCIM sees the organization's own roles only.
  const people = (executor: Kysely<Database>, organizationId: number) =>
    executor
      .selectFrom('users as u')
      .leftJoin('scimUsers as s', 's.userId', 'u.id')
      .where('u.organizationId', '=', organizationId)
      .where('u.roleId', '!=', ROLES.PLATFORM_ADMIN)
      .where('s.deletedAt', 'is', null);
  const personColumns = [
    'u.id',
    'u.organizationId',
    'u.identityUsername',
    's.userName',
    'u.email',
    'u.firstName',
    'u.lastName',
    'u.title',
    'u.roleId',
    'u.active',
    's.externalId',
    'u.createdAt',
    'u.updatedAt',
  ] as const;
  interface PersonRow {
    id: number;
    organizationId: number;
    identityUsername: string | null;
    userName: string | null;
    email: string;
    firstName: string;
    lastName: string;
    title: string | null;
    roleId: number;
    active: boolean | number;
    externalId: string | null;
    createdAt: string | Date;
    updatedAt: string | Date;
  }
  const toPerson = (row: PersonRow): ScimPerson => ({
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    identityUsername: row.identityUsername,
    userName: row.userName ?? row.email,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title ?? null,
    roleId: roleOf(Number(row.roleId)),
    active: toBool(row.active),
    externalId: row.externalId ?? null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  });

  const userNameKey = sql<string>`coalesce(s.user_name_key, u.email)`;

  function filtered(organizationId: number, filter: ScimPersonFilter, executor = db) {
    let query = people(executor, organizationId);
    if (filter.userName !== undefined)
      query = query.where(userNameKey, '=', filter.userName.toLowerCase());
    if (filter.id !== undefined) query = query.where('u.id', '=', filter.id);
    if (filter.email !== undefined) query = query.where('u.email', '=', filter.email.toLowerCase());
    if (filter.externalId !== undefined)
      query = query.where('s.externalId', '=', filter.externalId);
    if (filter.roleId !== undefined) query = query.where('u.roleId', '=', filter.roleId);
    if (filter.active !== undefined) query = query.where('u.active', '=', filter.active);
    return query;
  }

  return {
    async organizationName(organizationId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return row?.name;
    },

    /** The organization whose SCIM address has this id. */
    async organizationOfScimId(publicId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('organizationScim')
        .select('organizationId')
        .where('publicId', '=', publicId)
        .executeTakeFirst();
      return row ? Number(row.organizationId) : undefined;
    },

    async settings(organizationId: number) {
      const row = await db
        .selectFrom('organizationScim')
        .select(['publicId', 'lastActivityAt', 'lastActivity'])
        .where('organizationId', '=', organizationId)
        .executeTakeFirst();
      return row && { ...row, lastActivityAt: toIsoOrNull(row.lastActivityAt) };
    },

    /** Gives the organization its SCIM address's id, unless it has one. */
    async ensureScimId(organizationId: number, publicId: string): Promise<void> {
      await db
        .insertInto('organizationScim')
        .values({ organizationId, publicId, lastActivityAt: null, lastActivity: null })
        .onConflict((oc) => oc.column('organizationId').doNothing())
        .execute();
    },

    async recordActivity(
      executor: Kysely<Database>,
      organizationId: number,
      summary: string,
    ): Promise<void> {
      await executor
        .updateTable('organizationScim')
        .set({ lastActivityAt: new Date().toISOString(), lastActivity: summary.slice(0, 500) })
        .where('organizationId', '=', organizationId)
        .execute();
    },

    async listTokens(organizationId: number): Promise<StoredScimToken[]> {
      const rows = await tokens()
        .where('k.organizationId', '=', organizationId)
        .orderBy('k.id', 'desc')
        .execute();
      return rows.map(toToken);
    },

    async findToken(organizationId: number, id: number): Promise<StoredScimToken | undefined> {
      const row = await tokens()
        .where('k.organizationId', '=', organizationId)
        .where('k.id', '=', id)
        .executeTakeFirst();
      return row && toToken(row);
    },

    /** The token with this hash, whatever its state. */
    async tokenByHash(tokenHash: string): Promise<StoredScimToken | undefined> {
      const row = await tokens().where('k.tokenHash', '=', tokenHash).executeTakeFirst();
      return row && toToken(row);
    },

    async countLiveTokens(organizationId: number): Promise<number> {
      const row = await db
        .selectFrom('scimTokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('revokedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertToken(
      executor: Kysely<Database>,
      token: {
        organizationId: number;
        name: string;
        start: string;
        lastFour: string;
        tokenHash: string;
        createdByUserId: number | null;
      },
    ): Promise<number> {
      const { id } = await executor
        .insertInto('scimTokens')
        .values({ ...token, createdAt: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async revokeToken(executor: Kysely<Database>, id: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('scimTokens')
        .set({ revokedAt: at })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markTokenUsed(id: number, at: string, ip: string | null): Promise<void> {
      await db
        .updateTable('scimTokens')
        .set({ lastUsedAt: at, lastUsedIp: ip })
        .where('id', '=', id)
        .execute();
    },

    /** One page of the organization's people matching `filter`, by id, and how many match. */
    async pageOfPeople(
      organizationId: number,
      filter: ScimPersonFilter,
      offset: number,
      limit: number,
    ): Promise<{ total: number; people: ScimPerson[] }> {
      const counted = await filtered(organizationId, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows =
        limit === 0
          ? []
          : await filtered(organizationId, filter)
              .select(personColumns)
              .orderBy('u.id')
              .offset(offset)
              .limit(limit)
              .execute();
      return { total: Number(counted.n), people: rows.map((row) => toPerson(row as PersonRow)) };
    },

    async findPerson(
      organizationId: number,
      id: number,
      executor: Kysely<Database> = db,
    ): Promise<ScimPerson | undefined> {
      const row = await filtered(organizationId, { id }, executor)
        .select(personColumns)
        .executeTakeFirst();
      return row && toPerson(row as PersonRow);
    },

    /** The organization's people among `ids` (others, and platform admins, are left out). */
    async peopleAmong(organizationId: number, ids: number[]): Promise<ScimPerson[]> {
      if (ids.length === 0) return [];
      const rows = await people(db, organizationId)
        .where('u.id', 'in', ids)
        .select(personColumns)
        .execute();
      return rows.map((row) => toPerson(row as PersonRow));
    },

    /** Whether a directory provisioned the person (a row of `scim_users`, deprovisioned or not). */
    async isProvisioned(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('scimUsers')
        .select('userId')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether any user, of any organization, has this e-mail address. */
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether another person of the organization goes by this `userName` (without case). */
    async userNameTaken(organizationId: number, userName: string, exceptUserId: number) {
      // Deprovisioned people keep their userName: a new person cannot take it.
      const row = await db
        .selectFrom('users as u')
        .leftJoin('scimUsers as s', 's.userId', 'u.id')
        .where('u.organizationId', '=', organizationId)
        .select('u.id')
        .where(userNameKey, '=', userName.toLowerCase())
        .where('u.id', '!=', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether another person of the organization has this `externalId`. */
    async externalIdTaken(organizationId: number, externalId: string, exceptUserId: number) {
      const row = await db
        .selectFrom('scimUsers')
        .select('userId')
        .where('organizationId', '=', organizationId)
        .where('externalId', '=', externalId)
        .where('userId', '!=', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A person of the organization the directory deprovisioned, by e-mail address. */
    async deprovisionedByEmail(organizationId: number, email: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('scimUsers as s', 's.userId', 'u.id')
        .select('u.id')
        .where('u.organizationId', '=', organizationId)
        .where('u.email', '=', email.toLowerCase())
        .where('s.deletedAt', 'is not', null)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    /** Marks the person deprovisioned (`at`) or provisioned again (null). */
    async setDeprovisioned(executor: Kysely<Database>, userId: number, at: string | null) {
      await executor
        .updateTable('scimUsers')
        .set({ deletedAt: at })
        .where('userId', '=', userId)
        .execute();
    },

    /** A deprovisioned person's row, read again to be provisioned again. */
    async findDeprovisioned(organizationId: number, id: number): Promise<ScimPerson | undefined> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('scimUsers as s', 's.userId', 'u.id')
        .where('u.organizationId', '=', organizationId)
        .where('u.id', '=', id)
        .select(personColumns)
        .executeTakeFirst();
      return row && toPerson(row as PersonRow);
    },

    /** Records what the directory calls the person. */
    async setDirectoryNames(
      executor: Kysely<Database>,
      organizationId: number,
      userId: number,
      names: { userName: string; externalId: string | null },
    ): Promise<void> {
      const values = {
        userName: names.userName,
        userNameKey: names.userName.toLowerCase(),
        externalId: names.externalId,
      };
      await executor
        .insertInto('scimUsers')
        .values({ userId, organizationId, ...values, deletedAt: null })
        .onConflict((oc) => oc.column('userId').doUpdateSet(values))
        .execute();
    },

    async updatePerson(
      executor: Kysely<Database>,
      id: number,
      values: {
        email?: string;
        identityUsername?: string;
        firstName?: string;
        lastName?: string;
        title?: string | null;
        roleId?: RoleId;
        active?: boolean;
      },
    ): Promise<void> {
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await executor
        .updateTable('users')
        .set({ ...set, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ScimRepository = ReturnType<typeof createScimRepository>;
