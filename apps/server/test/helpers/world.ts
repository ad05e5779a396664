import { recountAwards } from '../../src/db/award-counts.ts';
import { ROLES } from '@laurel/contract/roles';
import { PLATFORM_ORGANIZATION_NAME } from '@laurel/contract/constants';

import type { TestApp } from './app.ts';
import { type BuiltUser, createOrganization } from './builders.ts';

/**
 * Two issuer organizations (A and B) and the platform, with a person of each role, a credential,
 * a contract and an award in each organization: the world every permission test walks.
 */
export async function createWorld(t: TestApp) {
  const db = t.database.handle.db;
  const platform = await createOrganization(db, { name: PLATFORM_ORGANIZATION_NAME, typeId: 1 });
  const a = await createOrganization(db, { name: 'Alpha College' });
  const b = await createOrganization(db, { name: 'Beta Institute' });
  const platformAdmin = await t.createUser(platform.id, {
    roleId: ROLES.PLATFORM_ADMIN,
    firstName: 'Pat',
    lastName: 'Admin',
  });
  const adminA = await t.createUser(a.id, {
    roleId: ROLES.ORGANIZATION_ADMIN,
    firstName: 'Ada',
    lastName: 'Alpha',
  });
  const userA = await t.createUser(a.id, {
    roleId: ROLES.USER,
    firstName: 'Uma',
    lastName: 'Alpha',
  });
  const adminB = await t.createUser(b.id, {
    roleId: ROLES.ORGANIZATION_ADMIN,
    firstName: 'Bo',
    lastName: 'Beta',
  });
  const userB = await t.createUser(b.id, {
    roleId: ROLES.USER,
    firstName: 'Bea',
    lastName: 'Beta',
  });

  const now = new Date().toISOString();
  async function credential(organizationId: number, code: string, name: string) {
    return (
      await db
        .insertInto('credentials')
        .values({
          organizationId,
          code,
          name,
          typeId: 1,
          programCode: '11.0101',
          description: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  async function contract(organizationId: number, number: string) {
    const id = (
      await db
        .insertInto('contracts')
        .values({
          organizationId,
          number,
          name: `Contract ${number}`,
          status: 'ACTIVE',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('contractLineItems')
      .values([
        {
          contractId: id,
          billingCode: 'A_ADDL_USER',
          description: 'Seats',
          unitPrice: 100,
          includedQuantity: 1,
        },
        {
          contractId: id,
          billingCode: 'D_MATCH_EQUIFAX_TWN',
          description: 'Matches',
          unitPrice: 1.5,
          includedQuantity: 10,
        },
      ])
      .execute();
    return id;
  }
  const credentialA = await credential(a.id, 'ALPHA-1', 'Alpha Welding Certificate');
  const credentialB = await credential(b.id, 'BETA-1', 'Beta Nursing Degree');
  const contractA = await contract(a.id, 'LC-A-1');
  const contractB = await contract(b.id, 'LC-B-1');
  for (const [credentialId, organizationId, externalId] of [
    [credentialA, a.id, 'A-0001'],
    [credentialB, b.id, 'B-0001'],
  ] as const) {
    await db
      .insertInto('awards')
      .values({
        organizationId,
        credentialId,
        externalId,
        firstName: 'Holder',
        lastName: externalId,
        email: `${externalId.toLowerCase()}@example.test`,
        dateOfBirth: null,
        awardDate: '2021-06-15',
        awardYear: 2021,
        uploadId: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  await recountAwards(db);

  const tokens = new Map<BuiltUser, string>();
  const token = async (user: BuiltUser) => {
    if (!tokens.has(user)) tokens.set(user, await t.tokenFor(user));
    return tokens.get(user)!;
  };
  return {
    platform,
    a,
    b,
    platformAdmin,
    adminA,
    userA,
    adminB,
    userB,
    credentialA,
    credentialB,
    contractA,
    contractB,
    token,
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
