import { randomUUID } from 'node:crypto';

import { ADMINS_GROUP } from '@laurel/contract/constants';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { loadConfig } from '../../apps/server/src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { createIdentity, type Identity } from '../../apps/server/src/identity.ts';

/**
 * Seeds users into the database of the running e2e server (global-setup exports its URL as
 * E2E_DATABASE_URL), through the server's own modules. SQLite in WAL mode lets this process
 * write while the server runs.
 */

export const DEMO_PASSWORD = 'Laurel-demo-2026!';
export const NORTHWIND = 'Northwind Technical College';

let opened: Promise<{ database: DatabaseHandle; identity: Identity }> | undefined;

function open() {
  opened ??= (async () => {
    const databaseUrl = process.env.E2E_DATABASE_URL;
    const baseUrl = process.env.E2E_BASE_URL;
    if (!databaseUrl || !baseUrl)
      throw new Error(
        'E2E_DATABASE_URL is not set: run the suite through e2e/playwright.config.ts',
      );
    // The same settings as the server (support/server.ts), so that the identity pool matches.
    const config = loadConfig({
      ...process.env,
      PORT: '0',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
    });
    const database = createDatabase(databaseUrl);
    const identity = await createIdentity(config, database, { info: () => undefined });
    return { database, identity };
  })();
  return opened;
}

export interface SeedUserOptions {
  /** Used as the start of the e-mail address, so that a failing test names its user. */
  label: string;
  /** A permanent password; without it, `temporaryPassword` (NEW_PASSWORD_REQUIRED). */
  password?: string;
  temporaryPassword?: string;
  /** The user must set up an authenticator app at the next sign-in. */
  mfaRequired?: boolean;
  roleId?: RoleId;
  organizationName?: string;
  firstName?: string;
  lastName?: string;
}

export interface SeededUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName: string;
}

/** Creates an identity and its Laurel user, ready to sign in through the real screens. */
export async function seedUser(options: SeedUserOptions): Promise<SeededUser> {
  const { database, identity } = await open();
  const email = `${options.label}-${randomUUID().slice(0, 8)}@e2e.test`.toLowerCase();
  const roleId = options.roleId ?? ROLES.USER;
  const organizationName = options.organizationName ?? NORTHWIND;
  const firstName = options.firstName ?? 'Robin';
  const lastName = options.lastName ?? 'Tester';
  const organization = await database.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', organizationName)
    .executeTakeFirstOrThrow();
  const { username } = await identity.admin.createUser({
    email,
    ...(options.temporaryPassword !== undefined
      ? { temporaryPassword: options.temporaryPassword }
      : { password: options.password ?? DEMO_PASSWORD }),
    groups: roleId === ROLES.PLATFORM_ADMIN ? [ADMINS_GROUP] : [],
    attributes: { given_name: firstName, family_name: lastName },
    mfaRequired: options.mfaRequired ?? false,
  });
  const now = new Date().toISOString();
  const row = await database.db
    .insertInto('users')
    .values({
      organizationId: organization.id,
      identityUsername: username,
      email,
      firstName,
      lastName,
      salutation: null,
      pronoun: null,
      title: null,
      nameConfirmed: true,
      roleId,
      active: true,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email,
    password: options.temporaryPassword ?? options.password ?? DEMO_PASSWORD,
    firstName,
    lastName,
    organizationName,
  };
}

export interface SeededContract {
  id: number;
  number: string;
  name: string;
  organizationId: number;
}

/** An ACTIVE contract of a demo organization that ends `endsInDays` days from today (UTC). */
export async function seedContract(options: {
  label: string;
  organizationName: string;
  endsInDays: number;
}): Promise<SeededContract> {
  const { database } = await open();
  const organization = await database.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', options.organizationName)
    .executeTakeFirstOrThrow();
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const number = `E2E-${options.label}-${randomUUID().slice(0, 6)}`.toUpperCase();
  const name = `${options.organizationName} — ${options.label} agreement`;
  const now = new Date().toISOString();
  const row = await database.db
    .insertInto('contracts')
    .values({
      organizationId: organization.id,
      number,
      name,
      status: 'ACTIVE',
      startDate: day(-300),
      endDate: day(options.endsInDays),
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, number, name, organizationId: organization.id };
}

/**
 * Room for `count` more people under the organization's contracts: the seat lines
 * (`A_ADDL_USER`) of its ACTIVE contracts include at least its active people plus `count`. Specs
 * seed people into the demo organizations, so one that provisions someone makes its own room.
 */
export async function makeSeatRoom(organizationId: number, count: number): Promise<void> {
  const { database } = await open();
  const db = database.db;
  const people = await db
    .selectFrom('users')
    .where('organizationId', '=', organizationId)
    .where('active', '=', true)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const wanted = Number(people.n) + count;
  await db
    .updateTable('contractLineItems')
    .set({ includedQuantity: wanted })
    .where('billingCode', '=', 'A_ADDL_USER')
    .where('includedQuantity', '<', wanted)
    .where(
      'contractId',
      'in',
      db
        .selectFrom('contracts')
        .select('id')
        .where('organizationId', '=', organizationId)
        .where('status', '=', 'ACTIVE'),
    )
    .execute();
}
