import type { Kysely } from 'kysely';

import { AUDIT_TYPES, type AuditTypeCode } from '@laurel/contract/audits';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';

import type { Database } from '../db/schema.ts';
import { DEMO_ORGANIZATIONS } from './demo-data.ts';
import { createDemoRepository } from './demo.repository.ts';
import { createRandom } from './random.ts';

/** How far back the demo audit trail goes. */
export const DEMO_AUDIT_DAYS = 28;

/** Hours from UTC of each demo organization's office, so entries fall in its working day. */
const UTC_OFFSET_HOURS: Record<string, number> = {
  platform: -5,
  northwind: -7,
  riverside: -7,
  summit: -6,
  harbor: -4,
  keystone: -4,
};

/** Each organization's addresses, in the ranges reserved for documentation (RFC 5737). */
const ADDRESSES: Record<string, [network: string, first: number]> = {
  platform: ['192.0.2', 200],
  northwind: ['203.0.113', 10],
  riverside: ['198.51.100', 10],
  summit: ['192.0.2', 10],
  harbor: ['203.0.113', 100],
  keystone: ['198.51.100', 100],
};

/** The awards files the demo organizations uploaded, and how many rows each had. */
const DEMO_UPLOADS: Record<string, Array<[fileName: string, rows: number, daysAgo: number]>> = {
  northwind: [['northwind-graduates-fall-2025.csv', 1_184, 24]],
  riverside: [['riverside-completers-2025.csv', 962, 20]],
  keystone: [['keystone-apprentices-2025.csv', 418, 15]],
  summit: [['summit-skills-completers-2025.csv', 736, 18]],
  harbor: [['harbor-certifications-q4-2025.csv', 1_507, 11]],
};

interface Person {
  id: number;
  organizationId: number;
  email: string;
  roleId: number;
  key: string;
  index: number;
}

interface Entry {
  occurredAt: Date;
  actor: Person;
  organizationId: number;
  impersonating?: boolean;
  type: AuditTypeCode;
  resourceType: string;
  resourceId: string | number;
  summary: string;
}

/**
 * Four weeks of the demo organizations' audit trail, before `now`: sign-ins (a few refused),
 * sign-outs, awards uploads, credential and contract edits, exports, an invitation accepted, and
 * a platform admin acting in two organizations. The same every time for the same `now`; every
 * entry agrees with the demo world as it is (edits end at today's values, uploads exist).
 */
export async function seedDemoAudits(db: Kysely<Database>, now: Date): Promise<number> {
  const demo = createDemoRepository(db);
  const random = createRandom(20261126);
  const hex = (length: number) =>
    Array.from({ length }, () => random.int(0, 15).toString(16)).join('');
  const uuid = () =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;

  const organizations = new Map<string, { id: number; name: string }>();
  for (const organization of DEMO_ORGANIZATIONS) {
    organizations.set(organization.key, await demo.organizationByName(organization.name));
  }
  const keyOf = new Map([...organizations].map(([key, { id }]) => [id, key]));
  const people: Person[] = (await demo.users()).map((row, index) => ({
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    email: row.email,
    roleId: Number(row.roleId),
    key: keyOf.get(Number(row.organizationId)) ?? 'platform',
    index,
  }));
  const membersOf = (key: string) => people.filter((person) => person.key === key);
  const adminOf = (key: string) =>
    membersOf(key).find((person) =>
      key === 'platform'
        ? person.roleId === ROLES.PLATFORM_ADMIN
        : person.roleId === ROLES.ORGANIZATION_ADMIN,
    )!;
  const platformAdmin = adminOf('platform');
  const credentialsOf = (organizationId: number) => demo.credentialsOf(organizationId);

  /** A moment `daysAgo` days before now, at a local working hour of the organization. */
  const at = (daysAgo: number, key: string, hour: number, minute = random.int(0, 59)) => {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    day.setUTCHours(hour - (UTC_OFFSET_HOURS[key] ?? 0), minute, random.int(0, 59), 0);
    return day;
  };
  const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const addressOf = (person: Person) => {
    const [network, first] = ADDRESSES[person.key] ?? ADDRESSES.platform!;
    return `${network}.${first + (person.index % 40)}`;
  };

  const entries: Entry[] = [];
  const add = (entry: Entry) => entries.push(entry);
  const method = (key: string) =>
    key === 'summit' ? 'company sign-in (SSO)' : 'e-mail and password';
  /** A working session: signed in, sometimes out again, with its address and session id. */
  const session = (person: Person, start: Date, signOutAfterMinutes: number | null) => {
    const organizationId = person.organizationId;
    const sessionId = uuid();
    add({
      occurredAt: start,
      actor: person,
      organizationId,
      type: 'SIGN_IN',
      resourceType: 'session',
      resourceId: sessionId,
      summary: `${person.email} signed in with ${method(person.key)}`,
    });
    if (signOutAfterMinutes !== null)
      add({
        occurredAt: new Date(start.getTime() + signOutAfterMinutes * 60_000),
        actor: person,
        organizationId,
        type: 'SIGN_OUT',
        resourceType: 'session',
        resourceId: sessionId,
        summary: `${person.email} signed out`,
      });
  };

  // Sign-ins on working days: the admins most days, their colleagues now and then.
  for (let daysAgo = DEMO_AUDIT_DAYS; daysAgo >= 1; daysAgo -= 1) {
    for (const [key] of organizations) {
      const members = membersOf(key);
      if (members.length === 0) continue;
      const morning = at(daysAgo, key, 8);
      if (isWeekend(morning)) continue;
      const admin = adminOf(key);
      const present = members.filter((person) =>
        person === admin ? random.next() < 0.85 : random.next() < 0.2,
      );
      for (const person of present) {
        const start = at(daysAgo, key, random.int(8, 10));
        if (key !== 'summit' && random.next() < 0.08)
          add({
            occurredAt: new Date(start.getTime() - random.int(1, 3) * 60_000),
            actor: person,
            organizationId: person.organizationId,
            type: 'SIGN_IN_FAILED',
            resourceType: 'user',
            resourceId: person.id,
            summary: `Sign-in of ${person.email} with e-mail and password refused: wrong password`,
          });
        session(person, start, random.next() < 0.6 ? random.int(40, 420) : null);
      }
    }
  }

  // Awards files uploaded by each organization's admin; the uploads themselves exist.
  for (const [key, uploads] of Object.entries(DEMO_UPLOADS)) {
    const organization = organizations.get(key)!;
    const admin = adminOf(key);
    for (const [fileName, rows, daysAgo] of uploads) {
      const uploadedAt = at(daysAgo, key, 11);
      const fileSize = rows * random.int(104, 126);
      const finishedAt = new Date(uploadedAt.getTime() + random.int(20, 90) * 1000);
      const id = await demo.insertUpload({
        organizationId: organization.id,
        uploadedByUserId: admin.id,
        fileName,
        fileSize,
        status: 'COMPLETED',
        rowsTotal: rows,
        rowsProcessed: rows,
        rowsOk: rows,
        rowsFailed: 0,
        errorMessage: null,
        createdAt: uploadedAt.toISOString(),
        updatedAt: finishedAt.toISOString(),
        startedAt: uploadedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
      });
      add({
        occurredAt: uploadedAt,
        actor: admin,
        organizationId: organization.id,
        type: 'UPLOAD',
        resourceType: 'upload',
        resourceId: Number(id),
        summary: `Uploaded awards file "${fileName}" (${fileSize.toLocaleString('en-US')} bytes)`,
      });
    }
  }

  // Credential descriptions brought to what they say today.
  for (const [key, daysAgo] of [
    ['northwind', 21],
    ['riverside', 17],
    ['keystone', 9],
  ] as const) {
    const organization = organizations.get(key)!;
    // The first of its credentials (the platform admin's edit below is of the third).
    const credential = (await credentialsOf(organization.id))[0]!;
    add({
      occurredAt: at(daysAgo, key, 14),
      actor: adminOf(key),
      organizationId: organization.id,
      type: 'UPDATE',
      resourceType: 'credential',
      resourceId: Number(credential.id),
      summary: `Updated credential "${credential.name}": description: "${credential.name}." → ${JSON.stringify(credential.description)}`,
    });
  }

  // The SAML university's company sign-in, set up by the platform admin when it joined.
  for (const organization of DEMO_ORGANIZATIONS.filter((o) => o.saml)) {
    const { id, name } = organizations.get(organization.key)!;
    add({
      occurredAt: at(27, 'platform', 11),
      actor: platformAdmin,
      organizationId: id,
      type: 'UPDATE',
      resourceType: 'organization',
      resourceId: id,
      summary: `Company sign-in of ${name}: SAML identity provider of the demo (npm run dev:saml-idp); domains ${organization.key}.demo; just-in-time on (User); Organization Admin for faculty`,
    });
  }

  // Lists exported as CSV: what, with which filter, how many rows.
  const exportOf = async (
    key: string,
    what: 'credentials' | 'users' | 'contracts',
    occurredAt: Date,
    actor: Person,
    impersonating = false,
  ) => {
    const organization = organizations.get(key)!;
    const table = what === 'credentials' ? 'credentials' : what === 'users' ? 'users' : 'contracts';
    const count = await demo.countOf(table, organization.id);
    add({
      occurredAt,
      actor,
      organizationId: organization.id,
      impersonating,
      type: 'EXPORT',
      resourceType: what.slice(0, -1),
      resourceId: 'export',
      summary: `Exported ${Number(count).toLocaleString('en-US')} ${Number(count) === 1 ? what.slice(0, -1) : what} as CSV (no filter)`,
    });
  };
  for (const [key, what, daysAgo] of [
    ['northwind', 'credentials', 23],
    ['northwind', 'users', 12],
    ['riverside', 'credentials', 19],
    ['harbor', 'contracts', 8],
    ['keystone', 'users', 4],
  ] as const)
    await exportOf(key, what, at(daysAgo, key, 15), adminOf(key));

  // An invitation sent and accepted: the colleague chose a password and signed in.
  for (const [key, daysAgo] of [
    ['northwind', 19],
    ['riverside', 13],
  ] as const) {
    const organization = organizations.get(key)!;
    const admin = adminOf(key);
    const colleague = membersOf(key)
      .filter((person) => person.roleId === ROLES.USER)
      .at(-1)!;
    add({
      occurredAt: at(daysAgo, key, 10),
      actor: admin,
      organizationId: organization.id,
      type: 'INVITE',
      resourceType: 'user',
      resourceId: colleague.id,
      summary: `Invited ${colleague.email} to ${organization.name} as ${ROLE_LABELS[ROLES.USER]}`,
    });
    const accepted = at(daysAgo - 1, key, 9, 5);
    add({
      occurredAt: accepted,
      actor: colleague,
      organizationId: organization.id,
      type: 'INVITE',
      resourceType: 'user',
      resourceId: colleague.id,
      summary: `Invitation of ${colleague.email} accepted`,
    });
    add({
      occurredAt: new Date(accepted.getTime() + 60_000),
      actor: colleague,
      organizationId: organization.id,
      type: 'PASSWORD_CHANGE',
      resourceType: 'user',
      resourceId: colleague.id,
      summary: `${colleague.email} chose their password at their first sign-in`,
    });
    session(colleague, new Date(accepted.getTime() + 90_000), 35);
  }

  // A contract renewed by the platform, and a session that ran out.
  {
    const organization = organizations.get('harbor')!;
    const contract = await demo.contractOf(organization.id);
    const lineItems = await demo.lineItemCount(contract.id);
    add({
      occurredAt: at(22, 'platform', 13),
      actor: platformAdmin,
      organizationId: organization.id,
      type: 'UPDATE',
      resourceType: 'contract',
      resourceId: Number(contract.id),
      summary: `Updated contract ${contract.number}: now ${contract.number} "${contract.name}", ${contract.status}, ${contract.startDate} to ${contract.endDate}, ${lineItems} line item(s)`,
    });
    const colleague = membersOf('riverside').filter((person) => person.roleId === ROLES.USER)[0]!;
    add({
      occurredAt: at(5, 'riverside', 7, 40),
      actor: colleague,
      organizationId: colleague.organizationId,
      type: 'SESSION_RENEWAL_FAILED',
      resourceType: 'session',
      resourceId: uuid(),
      summary: `The session of ${colleague.email} could not be renewed: it has expired`,
    });
  }

  // The platform admin acting in two organizations: what they did there says so.
  const acting = async (key: string, daysAgo: number, work: (start: Date) => Promise<void>) => {
    const organization = organizations.get(key)!;
    const start = at(daysAgo, 'platform', 14, 10);
    const end = new Date(start.getTime() + 38 * 60_000);
    const edge = (occurredAt: Date, type: 'IMPERSONATE' | 'IMPERSONATE_STOP') =>
      add({
        occurredAt,
        actor: platformAdmin,
        organizationId: organization.id,
        impersonating: true,
        type,
        resourceType: 'organization',
        resourceId: organization.id,
        summary: `${type === 'IMPERSONATE' ? 'Started' : 'Stopped'} acting in ${organization.name}`,
      });
    edge(start, 'IMPERSONATE');
    await work(start);
    edge(end, 'IMPERSONATE_STOP');
  };
  const minutesAfter = (start: Date, minutes: number) =>
    new Date(start.getTime() + minutes * 60_000);
  await acting('northwind', 6, async (start) => {
    const organization = organizations.get('northwind')!;
    const credential = (await credentialsOf(organization.id))[2]!;
    add({
      occurredAt: minutesAfter(start, 12),
      actor: platformAdmin,
      organizationId: organization.id,
      impersonating: true,
      type: 'UPDATE',
      resourceType: 'credential',
      resourceId: Number(credential.id),
      summary: `Updated credential "${credential.name}": description: "${credential.name}." → ${JSON.stringify(credential.description)}`,
    });
    await exportOf('northwind', 'credentials', minutesAfter(start, 25), platformAdmin, true);
  });
  await acting('riverside', 3, (start) =>
    exportOf('riverside', 'users', minutesAfter(start, 9), platformAdmin, true),
  );

  const typeIds = new Map<string, number>(AUDIT_TYPES.map((type) => [type.code, type.id]));
  const rows = entries
    .filter((entry) => entry.occurredAt < now)
    .sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime())
    .map((entry) => ({
      occurredAt: entry.occurredAt.toISOString(),
      actorUserId: entry.actor.id,
      organizationId: entry.organizationId,
      impersonating: entry.impersonating ?? false,
      typeId: typeIds.get(entry.type)!,
      resourceType: entry.resourceType,
      resourceId: String(entry.resourceId),
      summary: entry.summary,
      ipAddress: addressOf(entry.actor),
      requestId: uuid(),
    }));
  for (let i = 0; i < rows.length; i += 200) await demo.insertAuditEntries(rows.slice(i, i + 200));
  // The users list's "last sign-in" agrees with the trail.
  const lastSignIn = new Map<number, string>();
  for (const row of rows)
    if (row.typeId === typeIds.get('SIGN_IN')) lastSignIn.set(row.actorUserId, row.occurredAt);
  for (const [userId, lastLoginAt] of lastSignIn) await demo.setLastLoginAt(userId, lastLoginAt);
  return rows.length;
}
