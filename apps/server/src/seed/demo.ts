import type { Kysely } from 'kysely';

import { ROLES } from '@laurel/contract/roles';

import type { Database } from '../db/schema.ts';
import { unguessableId } from '../lib/unguessable-id.ts';
import { createInvitationsRepository } from '../modules/invitations/invitations.repository.ts';
import { createDemoRepository } from './demo.repository.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  type DemoAccount,
} from './demo-data.ts';
import { seedDemoAudits } from './demo-audits.ts';
import { seedDemoBenchmarks } from './demo-benchmarks.ts';
import { DEMO_AWARD_COUNTS, seedDemoAwards } from './demo-awards.ts';
import { createRandom } from './random.ts';

export { createRandom };

export interface DemoIdentity {
  /** Creates the sign-in identity of a demo person and returns its username (the token's `sub`). */
  createUser(input: {
    email: string;
    password: string;
    isPlatformAdmin: boolean;
    firstName: string;
    lastName: string;
  }): Promise<string>;
  /** Points an organization's company sign-in provider at the demo provider (`npm run dev:idp`). */
  configureCompanySignIn?(providerName: string): Promise<{ issuer: string; clientId: string }>;
  /** The demo SAML identity provider's metadata address (`npm run dev:saml-idp`). */
  samlMetadataUrl?: string;
}

/**
 * Seeds the fictional demo world on an empty database; does nothing otherwise.
 * @returns whether anything was seeded
 */
/** How long ago the demo world's records say they were created. */
const DEMO_WORLD_AGE_DAYS = 90;

export async function seedDemoWorld(
  db: Kysely<Database>,
  identity: DemoIdentity,
): Promise<boolean> {
  const demo = createDemoRepository(db);
  if (!(await demo.isEmpty())) return false;
  const random = createRandom(20261121);
  // The demo world was set up before its history (four weeks of audit entries, uploads weeks ago):
  // its organizations, credentials, contracts and people date from this moment.
  const now = new Date(Date.now() - DEMO_WORLD_AGE_DAYS * 86_400_000).toISOString();

  const organizationTypes = await demo.lookupIds('organizationTypes');
  const credentialTypes = await demo.lookupIds('credentialTypes');
  const loginModes = await demo.lookupIds('loginModes');

  const people: Array<DemoAccount & { password: string }> = DEMO_ACCOUNTS.map((a) => ({
    ...a,
    password: DEMO_PASSWORD,
  }));
  for (const organization of DEMO_ORGANIZATIONS) {
    // The SAML organization's people come in through its identity provider (just in time).
    if (organization.key === 'platform' || organization.saml) continue;
    const domain = `${organization.key}.demo`;
    for (let i = 0; i < 6; i++) {
      const firstName = random.pick(DEMO_FIRST_NAMES);
      const lastName = random.pick(DEMO_LAST_NAMES);
      people.push({
        email: `${firstName}.${lastName}.${i}@${domain}`.toLowerCase(),
        organizationKey: organization.key,
        roleId:
          i === 0 &&
          !people.some(
            (p) => p.organizationKey === organization.key && p.roleId === ROLES.ORGANIZATION_ADMIN,
          )
            ? ROLES.ORGANIZATION_ADMIN
            : ROLES.USER,
        firstName,
        lastName,
        title: random.pick([
          'Program Coordinator',
          'Data Analyst',
          'Career Advisor',
          'Instructor',
          'Outcomes Specialist',
        ]),
        listed: false,
        password: DEMO_PASSWORD,
      });
    }
  }

  // Identities first: if one fails, no half-seeded world is left behind in the application tables.
  const usernames = new Map<string, string>();
  for (const person of people) {
    usernames.set(
      person.email,
      await identity.createUser({
        email: person.email,
        password: person.password,
        isPlatformAdmin: person.roleId === ROLES.PLATFORM_ADMIN,
        firstName: person.firstName,
        lastName: person.lastName,
      }),
    );
  }

  await db.transaction().execute(async (trx) => {
    const world = createDemoRepository(trx);
    const organizationIds = new Map<string, number>();
    for (const organization of DEMO_ORGANIZATIONS) {
      const id = await world.insertOrganization({
        name: organization.name,
        typeId: organizationTypes.get(organization.typeCode)!,
        loginModeId: loginModes.get(organization.loginMode)!,
        website: organization.website,
        city: organization.city,
        state: organization.state,
        salesforceAccountId: organization.salesforceAccountId,
        insightsEntitled: organization.insightsEntitled,
        mfaRequired: false,
        createdAt: now,
        updatedAt: now,
      });
      organizationIds.set(organization.key, id);

      for (const [code, name, typeCode, programCode] of organization.credentials) {
        await world.insertCredential({
          organizationId: id,
          code,
          name,
          typeId: credentialTypes.get(typeCode)!,
          programCode,
          description: `${name} awarded by ${organization.name}.`,
          createdAt: now,
          updatedAt: now,
        });
      }

      if (organization.key !== 'platform') {
        const year = 2026;
        const contractId = await world.insertContract({
          organizationId: id,
          number: `LC-${year}-${String(id).padStart(4, '0')}`,
          name: `${organization.name} — Outcomes subscription ${year}`,
          status: 'ACTIVE',
          startDate: `${year}-01-01`,
          endDate: `${year}-12-31`,
          createdAt: now,
          updatedAt: now,
        });
        // Matches are billed only where earnings are part of the contract (DESIGN §4). The demo
        // provider answers as Equifax The Work Number, so that is the one match line: a People Data
        // Labs line would read "0 used" beside employment figures that came from elsewhere.
        const seats = {
          contractId,
          billingCode: 'A_ADDL_USER',
          description: 'Additional user seats',
          unitPrice: 240,
          includedQuantity: 10,
        };
        const matches = [
          {
            contractId,
            billingCode: 'D_MATCH_EQUIFAX_TWN',
            description: 'Earnings matches through Equifax The Work Number',
            unitPrice: 1.85,
            includedQuantity: random.int(5, 20) * 1000,
          },
        ];
        await world.insertContractLineItems(
          organization.insightsEntitled ? [seats, ...matches] : [seats],
        );
      }
    }

    // A platform admin has allowed Northwind to issue signed credentials (docs/credentials.md):
    // its admin turns them on per credential.
    await world.insertIssuerProfile({
      organizationId: organizationIds.get('northwind')!,
      publicId: unguessableId(),
      issuingAllowed: true,
      createdAt: now,
      updatedAt: now,
    });

    const directory = createInvitationsRepository(trx);
    for (const person of people) {
      await directory.insertPerson(trx, {
        organizationId: organizationIds.get(person.organizationKey)!,
        identityUsername: usernames.get(person.email)!,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        title: person.title,
        nameConfirmed: person.listed,
        roleId: person.roleId,
        invited: false,
        createdAt: now,
      });
    }
  });

  // The people who earned the demo organizations' credentials, in their own transactions.
  for (const organization of DEMO_ORGANIZATIONS) {
    const count = DEMO_AWARD_COUNTS[organization.key];
    if (!count) continue;
    const credentials = await demo.credentialsOfOrganizationNamed(organization.name);
    await seedDemoAwards(db, organization.key, credentials, count, organization.insightsEntitled);
  }
  for (const organization of DEMO_ORGANIZATIONS) {
    if (organization.saml && identity.samlMetadataUrl)
      await seedSamlSignIn(
        db,
        identity.samlMetadataUrl,
        organization.name,
        `${organization.key}.demo`,
      );
    else if (organization.loginMode === 'SSO' && identity.configureCompanySignIn)
      await seedCompanySignIn(db, identity, organization.name, `${organization.key}.demo`);
  }
  // Fictional earnings benchmarks for the credentials' fields and places.
  await seedDemoBenchmarks(db, new Date());
  // Four weeks of history on the audit trail, up to today.
  await db.transaction().execute((trx) => seedDemoAudits(trx, new Date()));
  return true;
}

/**
 * SAML company sign-in of a demo organization: its domain, just-in-time users (faculty become
 * Organization Admins), the demo identity provider's metadata address, read at the first sign-in.
 */
async function seedSamlSignIn(
  db: Kysely<Database>,
  metadataUrl: string,
  name: string,
  domain: string,
): Promise<void> {
  const { id } = await createDemoRepository(db).organizationByName(name);
  await db.transaction().execute(async (trx) => {
    await createDemoRepository(trx).insertCompanySignIn(
      {
        organizationId: id,
        providerName: `org-${id}`,
        protocol: 'SAML',
        issuer: metadataUrl,
        clientId: '',
        hasClientSecret: false,
        jitEnabled: true,
        jitRoleId: ROLES.USER,
        samlMetadataUrl: metadataUrl,
        adminValues: JSON.stringify(['faculty']),
        updatedAt: new Date().toISOString(),
      },
      { domain, organizationId: id },
    );
  });
}

/** Company sign-in of a demo organization: its domain, just-in-time users, the demo provider. */
async function seedCompanySignIn(
  db: Kysely<Database>,
  identity: DemoIdentity,
  name: string,
  domain: string,
): Promise<void> {
  const { id } = await createDemoRepository(db).organizationByName(name);
  const providerName = `org-${id}`;
  const { issuer, clientId } = await identity.configureCompanySignIn!(providerName);
  await db.transaction().execute(async (trx) => {
    await createDemoRepository(trx).insertCompanySignIn(
      {
        organizationId: id,
        providerName,
        issuer,
        clientId,
        hasClientSecret: true,
        jitEnabled: true,
        jitRoleId: ROLES.USER,
        updatedAt: new Date().toISOString(),
      },
      { domain, organizationId: id },
    );
  });
}
