import type { Kysely } from 'kysely';
import { type ScimPatchOperation, type ScimResource, scimPatch } from 'scim-patch';
import { filter as matches } from 'scim2-parse-filter';

import type { IdentityAdmin } from '@laurel/identity';
import { ROLE_LABELS, ROLES, type RoleId } from '@laurel/contract/roles';
import { linesOverWithOneMore, type TSeatLine } from '@laurel/contract/invitations';
import { ZEmailAddress } from '@laurel/contract/sign-in';
import {
  SCIM_TOKEN_PREFIX,
  SCIM_TOKENS_PER_ORGANIZATION,
  scimBasePath,
  type TScimSettings,
  type TScimToken,
  type TScimTokenCreateBody,
  type TScimTokenCreated,
} from '@laurel/contract/scim';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor, AuditEvent } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { NewPerson, PersonRecord } from '../../lib/people.ts';
import { unguessableId } from '../../lib/unguessable-id.ts';
import type { Principal } from '../../plugins/auth.ts';
import { generateKey, looksLikeKey, visiblePartsOf } from '../api-keys/key-format.ts';
import { createRecentSecrets, createUseRecorder } from '../api-keys/stored-secrets.ts';
import type { ScimPerson, ScimRepository, StoredScimToken } from './scim.repository.ts';
import {
  listResponse,
  pagingOf,
  parseFilter,
  personFilterOf,
  projectionOf,
  SCHEMAS,
  SCIM_GROUPS,
  ScimError,
  toScimGroup,
  toScimUser,
} from './scim-resources.ts';

export const SCIM_MESSAGES = {
  invalidToken: 'Invalid or revoked SCIM token',
  otherOrganization: 'This SCIM token belongs to another organization',
  tooManyTokens: `An organization holds at most ${SCIM_TOKENS_PER_ORGANIZATION} SCIM tokens at once: revoke one first.`,
} as const;

/** How long an instance acts on a token it read: a revocation reaches every instance within it. */
export const SCIM_TOKEN_TTL_MS = 1_000;
/** A token's last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;
const NAME_MAX = 100;
const EMAIL_MAX = 254;

/** What the directory asked a person to be, read from a User resource. */
interface DesiredPerson {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  externalId: string | null;
  active: boolean;
  password: string | undefined;
}

/** A call of the SCIM service: its organization, its token as actor, its base address. */
export interface ScimCall {
  organizationId: number;
  actor: Actor;
  base: string;
}

/** What SCIM needs of the people records: the invitations module's repository provides it. */
export interface PersonWriter {
  insertPerson(executor: Kysely<Database>, person: NewPerson): Promise<number>;
  findPersonByEmail(email: string): Promise<PersonRecord | undefined>;
  setInvited(executor: Kysely<Database>, userId: number, invited: boolean): Promise<void>;
  revokePending(executor: Kysely<Database>, userId: number, now: Date): Promise<void>;
}

/**
 * The refusal of a person beyond the seats of the organization's contracts (decision 061): a
 * directory cannot approve a billed seat, so it is told why, in words its console shows.
 */
export function seatRefusal(lines: readonly TSeatLine[], email: string): ScimError {
  return new ScimError(
    403,
    [
      `${email} would take a seat beyond the organization's contract:`,
      ...lines.map(
        (line) =>
          `seat ${line.usedSeats + 1} of ${line.includedSeats} under contract ${line.contractNumber} (${line.contractName}).`,
      ),
      'Laurel provisions no one beyond a contract’s seats:',
      'an organization admin can invite the person in Laurel and approve an additional seat,',
      'deactivate someone, or ask for the contract to be extended.',
    ].join(' '),
  );
}

const tokenOf = (token: StoredScimToken): TScimToken => ({
  id: token.id,
  name: token.name,
  start: token.start,
  lastFour: token.lastFour,
  createdAt: token.createdAt,
  createdByName: token.createdByName,
  revokedAt: token.revokedAt,
  lastUsedAt: token.lastUsedAt,
  lastUsedIp: token.lastUsedIp,
});

const invalid = (detail: string) => new ScimError(400, detail, 'invalidValue');

function optionalText(value: unknown, attribute: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${attribute} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(`${attribute} is longer than ${max} characters`);
  return trimmed;
}

/** `active` as a boolean, or Entra ID's strings "True" and "False". */
function activeOf(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw invalid('active must be true or false');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Attribute names of a resource without case (RFC 7643 §2.1): a copy keyed as Laurel spells them. */
function canonical(resource: Record<string, unknown>): Record<string, unknown> {
  const names = [
    'schemas',
    'id',
    'externalId',
    'userName',
    'name',
    'displayName',
    'title',
    'emails',
    'active',
    'password',
    'groups',
    'members',
    'meta',
  ];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    const known = names.find((name) => name.toLowerCase() === key.toLowerCase());
    out[known ?? key] = value;
  }
  return out;
}

/** The e-mail address a User resource gives: its primary or work e-mail, else a userName that is one. */
function emailOf(resource: Record<string, unknown>, userName: string): string {
  const emails = resource.emails;
  let chosen: unknown;
  if (emails !== undefined && emails !== null) {
    if (!Array.isArray(emails) || !emails.every(isObject))
      throw invalid('emails must be a list of e-mail objects');
    const primary = emails.find((email) => email.primary === true || email.primary === 'True');
    const work = emails.find(
      (email) => typeof email.type === 'string' && email.type.toLowerCase() === 'work',
    );
    chosen = (primary ?? work ?? emails[0])?.value;
  }
  const email = (typeof chosen === 'string' ? chosen : userName).trim().toLowerCase();
  if (chosen !== undefined && typeof chosen !== 'string')
    throw invalid('emails[type eq "work"].value must be a string');
  if (email.length > EMAIL_MAX || !ZEmailAddress.safeParse(email).success)
    throw invalid(
      `Laurel needs the person's e-mail address: give emails[type eq "work"].value, or a userName that is one (${JSON.stringify(email.slice(0, 100))} is not)`,
    );
  return email;
}

/** Reads a User resource (a POST or PUT body, or a patched user) into what the person should be. */
function readUser(body: unknown, current: ScimPerson | undefined): DesiredPerson {
  if (!isObject(body))
    throw new ScimError(400, 'The body must be a User resource', 'invalidSyntax');
  const resource = canonical(body);
  const userName = optionalText(resource.userName, 'userName', EMAIL_MAX);
  if (!userName) throw invalid('userName is required');
  const name = resource.name;
  if (name !== undefined && name !== null && !isObject(name))
    throw invalid('name must be an object');
  const names = name ? canonicalName(name) : {};
  let firstName = optionalText(names.givenName, 'name.givenName', NAME_MAX);
  let lastName = optionalText(names.familyName, 'name.familyName', NAME_MAX);
  if (firstName === undefined && lastName === undefined) {
    // No name parts: split the display name, as a directory without them means it.
    const display = optionalText(resource.displayName, 'displayName', 2 * NAME_MAX);
    if (display) {
      const space = display.lastIndexOf(' ');
      firstName =
        space > 0 ? display.slice(0, space).slice(0, NAME_MAX) : display.slice(0, NAME_MAX);
      lastName = space > 0 ? display.slice(space + 1).slice(0, NAME_MAX) : '';
    }
  }
  const password = resource.password;
  if (password !== undefined && typeof password !== 'string')
    throw invalid('password must be a string');
  return {
    userName,
    email: emailOf(resource, userName),
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    title: optionalText(resource.title, 'title', 200) || null,
    externalId: optionalText(resource.externalId, 'externalId', 255) || null,
    active: activeOf(resource.active) ?? current?.active ?? true,
    password,
  };
}

function canonicalName(name: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(name)) {
    const lower = key.toLowerCase();
    out[lower === 'givenname' ? 'givenName' : lower === 'familyname' ? 'familyName' : key] = value;
  }
  return out;
}

/** The operations of a PatchOp body, with Entra ID's capitalised ops and string booleans. */
function operationsOf(body: unknown): ScimPatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a PatchOp', 'invalidSyntax');
  const resource = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const schemas = resource.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(SCHEMAS.patchOp))
    throw new ScimError(400, `A PATCH body names the schema ${SCHEMAS.patchOp}`, 'invalidSyntax');
  const operations = resource.operations;
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > 100)
    throw new ScimError(400, 'Operations must list 1 to 100 operations', 'invalidSyntax');
  return operations.map((operation) => {
    if (!isObject(operation))
      throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    const op = Object.fromEntries(
      Object.entries(operation).map(([key, value]) => [key.toLowerCase(), value]),
    );
    if (typeof op.op !== 'string' || !/^(add|replace|remove)$/i.test(op.op))
      throw new ScimError(400, 'op must be add, replace or remove', 'invalidSyntax');
    if (op.path !== undefined && typeof op.path !== 'string')
      throw new ScimError(400, 'path must be a string', 'invalidPath');
    return {
      op: op.op.toLowerCase(),
      ...(op.path !== undefined ? { path: op.path } : {}),
      ...('value' in op ? { value: op.value } : {}),
    } as ScimPatchOperation;
  });
}

function applyPatch<T extends object>(resource: T, operations: ScimPatchOperation[]): T {
  try {
    return scimPatch(structuredClone(resource) as unknown as ScimResource, operations, {
      treatMissingAsAdd: true,
    }) as unknown as T;
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'The patch cannot be applied';
    const scimType = (error as { scimType?: string }).scimType;
    throw new ScimError(
      400,
      detail,
      scimType === 'noTarget' || scimType === 'invalidPath' || scimType === 'invalidValue'
        ? scimType
        : 'invalidValue',
    );
  }
}

/**
 * SCIM 2.0 provisioning of an organization's people (RFC 7643/7644, docs/sso.md): the tokens its
 * admins make, and what a directory holding one may do — create, read, change, deactivate and
 * deprovision people, and give them a role through the two groups.
 */
export function createScimService(deps: {
  db: Kysely<Database>;
  scim: ScimRepository;
  people: PersonWriter;
  audit: Auditor;
  identity: IdentityAdmin;
  hash: () => Promise<(key: string) => string>;
  /** Whether the organization signs in through its company provider only. */
  federated: (organizationId: number) => Promise<boolean>;
  /** Drops cached sign-in state so that a change takes effect on the next request. */
  forgetPrincipal: (identityUsername: string) => void;
  /** The seat lines of the organization's contracts that cover today, with seats used now. */
  seatLines: (organizationId: number) => Promise<TSeatLine[]>;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, scim, people, audit, identity } = deps;
  const now = deps.now ?? Date.now;
  const recent = createRecentSecrets<StoredScimToken | null>(SCIM_TOKEN_TTL_MS, now);
  const organizations = new Map<string, { id: number | undefined; until: number }>();
  const recordUse = createUseRecorder(LAST_USED_EVERY_MS, now, (id, at, ip) =>
    scim.markTokenUsed(id, at, ip),
  );

  async function requireOrganization(principal: Principal, organizationId: number) {
    requireAccess(principal, 'manage:scim', { organizationId });
    const name = await scim.organizationName(organizationId);
    if (name === undefined) throw notFound();
    return name;
  }

  async function organizationOf(scimId: string): Promise<number | undefined> {
    const at = now();
    const known = organizations.get(scimId);
    if (known && known.until > at) return known.id;
    const id = /^[a-z2-9]{20}$/.test(scimId) ? await scim.organizationOfScimId(scimId) : undefined;
    if (organizations.size >= 10_000) organizations.clear();
    organizations.set(scimId, { id, until: at + SCIM_TOKEN_TTL_MS });
    return id;
  }

  function principalOf(token: StoredScimToken): Principal {
    return Object.freeze({
      userId: token.createdByUserId ?? 0,
      identityUsername: `scim-token:${token.id}`,
      email: '',
      roleId: ROLES.ORGANIZATION_ADMIN,
      organizationId: token.organizationId,
      isAdmin: false,
      actingOrganizationId: token.organizationId,
      impersonating: false,
      sessionId: null,
      scimToken: Object.freeze({ id: token.id, name: token.name }),
    });
  }

  /** One audit entry and the organization's last activity, in the change's transaction. */
  async function record(trx: Kysely<Database>, call: ScimCall, event: AuditEvent) {
    await audit(trx, call.actor, { ...event, organizationId: call.organizationId });
    await scim.recordActivity(trx, call.organizationId, event.summary);
  }

  async function requirePerson(call: ScimCall, id: string): Promise<ScimPerson> {
    const person = /^[1-9]\d{0,14}$/.test(id)
      ? await scim.findPerson(call.organizationId, Number(id))
      : undefined;
    if (!person) throw new ScimError(404, `No user ${JSON.stringify(id.slice(0, 40))} here`);
    return person;
  }

  async function checkUnique(call: ScimCall, desired: DesiredPerson, exceptUserId: number) {
    if (await scim.userNameTaken(call.organizationId, desired.userName, exceptUserId))
      throw new ScimError(409, `Another user has the userName ${desired.userName}`, 'uniqueness');
    if (
      desired.externalId !== null &&
      (await scim.externalIdTaken(call.organizationId, desired.externalId, exceptUserId))
    )
      throw new ScimError(
        409,
        `Another user has the externalId ${desired.externalId}`,
        'uniqueness',
      );
  }

  async function checkPassword(call: ScimCall, desired: DesiredPerson) {
    if (desired.password !== undefined && (await deps.federated(call.organizationId)))
      throw invalid(
        'This organization signs in through its company provider: Laurel keeps no password for its people',
      );
  }

  /** One more active person must fit the contract's seats (invited and active people hold one). */
  async function checkSeat(call: ScimCall, email: string) {
    const over = linesOverWithOneMore(await deps.seatLines(call.organizationId));
    if (over.length > 0) throw seatRefusal(over, email);
  }

  /** The pool's refusal of a password, as SCIM's. */
  function passwordRefusal(error: unknown): never {
    if ((error as Error).name === 'InvalidPasswordException')
      throw invalid(`password: ${(error as Error).message}`);
    throw error;
  }

  const nameOf = (person: { firstName: string; lastName: string }) =>
    `${person.firstName} ${person.lastName}`.trim() || '—';

  /**
   * Makes `person` what `desired` says: the identity first (outside the transaction, see
   * ARCHITECTURE "Hazards"), then the row and the audit trail, undoing the identity on failure;
   * then the old sign-in account of a changed e-mail address goes, and every instance forgets
   * the person's cached state (a deactivation ends their sessions within a second).
   */
  async function change(
    call: ScimCall,
    person: ScimPerson,
    desired: DesiredPerson,
    how: string,
    revived = false,
    adopted: 'invitation' | 'account' | undefined = undefined,
  ): Promise<void> {
    await checkUnique(call, desired, person.id);
    await checkPassword(call, desired);
    if (desired.active && (!person.active || revived)) await checkSeat(call, desired.email);
    const emailChanged = desired.email !== person.email;
    if (emailChanged && (await scim.emailTaken(desired.email)))
      throw new ScimError(
        409,
        `Another user has the e-mail address ${desired.email}`,
        'uniqueness',
      );
    const activeChanged = desired.active !== person.active;

    const changes: string[] = [];
    if (desired.userName !== person.userName)
      changes.push(`userName ${person.userName} → ${desired.userName}`);
    if (desired.externalId !== person.externalId)
      changes.push(`externalId ${person.externalId ?? '—'} → ${desired.externalId ?? '—'}`);
    if (emailChanged) changes.push(`e-mail ${person.email} → ${desired.email}`);
    if (desired.firstName !== person.firstName || desired.lastName !== person.lastName)
      changes.push(`name ${nameOf(person)} → ${nameOf(desired)}`);
    if ((desired.title ?? null) !== person.title)
      changes.push(`title ${person.title ?? '—'} → ${desired.title ?? '—'}`);
    if (desired.password !== undefined) changes.push('password set');

    // The identity: a new sign-in account at a changed address, the password, the activation.
    let newUsername: string | undefined;
    const oldUsername = person.identityUsername;
    if (emailChanged && oldUsername) {
      const federated = await deps.federated(call.organizationId);
      newUsername = (
        await identity
          .createUser({
            email: desired.email,
            ...(federated ? { federated: true } : {}),
            ...(desired.password !== undefined ? { password: desired.password } : {}),
            attributes: { given_name: desired.firstName, family_name: desired.lastName },
          })
          .catch(passwordRefusal)
      ).username;
      if (!desired.active) await identity.disableUser(newUsername);
    }
    const username = newUsername ?? oldUsername;
    const undo: Array<() => Promise<void>> = [];
    if (newUsername) undo.push(() => identity.deleteUser(newUsername));
    try {
      if (username && !newUsername) {
        if (desired.password !== undefined) {
          await identity.setPassword(username, desired.password, true).catch(passwordRefusal);
        }
        if (activeChanged) {
          await (desired.active ? identity.enableUser(username) : identity.disableUser(username));
          undo.push(() =>
            desired.active ? identity.disableUser(username) : identity.enableUser(username),
          );
        }
      }
      await db.transaction().execute(async (trx) => {
        await scim.updatePerson(trx, person.id, {
          ...(emailChanged ? { email: desired.email } : {}),
          ...(newUsername ? { identityUsername: newUsername } : {}),
          firstName: desired.firstName,
          lastName: desired.lastName,
          title: desired.title,
          ...(activeChanged ? { active: desired.active } : {}),
        });
        await scim.setDirectoryNames(trx, call.organizationId, person.id, desired);
        if (revived) await scim.setDeprovisioned(trx, person.id, null);
        if (adopted === 'invitation') {
          await people.revokePending(trx, person.id, new Date(now()));
          await people.setInvited(trx, person.id, false);
        }
        if (adopted)
          await record(trx, call, {
            type: 'ACCESS_CHANGE',
            resourceType: 'user',
            resourceId: person.id,
            summary:
              adopted === 'invitation'
                ? `User ${desired.email} taken over through SCIM (${how}): the pending invitation is withdrawn and the directory manages the person`
                : `User ${desired.email} taken over through SCIM (${how}): the directory manages the person`,
          });
        if (changes.length > 0)
          await record(trx, call, {
            type: 'UPDATE',
            resourceType: 'user',
            resourceId: person.id,
            summary: `User ${person.email} changed through SCIM (${how}): ${changes.join(', ')}`,
          });
        if (activeChanged || revived)
          await record(trx, call, {
            type: 'ACCESS_CHANGE',
            resourceType: 'user',
            resourceId: person.id,
            summary: revived
              ? `User ${desired.email} provisioned again through SCIM (${how})${desired.active ? '' : ', inactive'}`
              : `User ${desired.email} ${desired.active ? 'activated' : 'deactivated'} through SCIM (${how})`,
          });
      });
    } catch (error) {
      for (const step of undo.reverse()) await step().catch(() => undefined);
      throw error;
    }
    if (newUsername && oldUsername) {
      // The old address's account goes with its sessions and devices.
      await identity.deleteUser(oldUsername).catch(() => undefined);
      deps.forgetPrincipal(oldUsername);
    }
    if (username) deps.forgetPrincipal(username);
  }

  /** Gives the people `ids` the role `roleId` (group membership), each change on the trail. */
  async function setRoles(call: ScimCall, ids: number[], roleId: RoleId, how: string) {
    const targets = (await scim.peopleAmong(call.organizationId, ids)).filter(
      (person) => person.roleId !== roleId,
    );
    if (targets.length === 0) return;
    // Organization Admin and User have no group in the identity pool: the row is the role.
    await db.transaction().execute(async (trx) => {
      for (const person of targets) {
        await scim.updatePerson(trx, person.id, { roleId });
        await record(trx, call, {
          type: 'ACCESS_CHANGE',
          resourceType: 'user',
          resourceId: person.id,
          summary: `User ${person.email}: role ${ROLE_LABELS[person.roleId]} → ${ROLE_LABELS[roleId]} through SCIM (${how})`,
        });
      }
    });
    for (const person of targets)
      if (person.identityUsername) deps.forgetPrincipal(person.identityUsername);
  }

  function requireGroup(id: string) {
    const group = SCIM_GROUPS.find((candidate) => candidate.id === id);
    if (!group) throw new ScimError(404, `No group ${JSON.stringify(id.slice(0, 40))} here`);
    return group;
  }

  const memberIds = (value: unknown): number[] => {
    const list = Array.isArray(value) ? value : [value];
    return list.map((member) => {
      const id = isObject(member) ? member.value : member;
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^[1-9]\d{0,14}$/.test(String(id)))
        throw new ScimError(400, `No user ${JSON.stringify(id)} here`, 'invalidValue');
      return Number(id);
    });
  };

  async function membersOf(call: ScimCall, roleId: RoleId) {
    return (await scim.pageOfPeople(call.organizationId, { roleId }, 0, 100_000)).people;
  }

  /**
   * Changes a group's members, which is changing roles: a member added to Organization Admin
   * becomes one, a member removed from it becomes a User. Everyone is at least a User, so a
   * change of the User group's members changes no role (its members are checked all the same).
   */
  async function patchGroup(call: ScimCall, id: string, body: unknown): Promise<void> {
    const group = requireGroup(id);
    const operations = operationsOf(body);
    const current = toScimGroup(group, call.base, await membersOf(call, group.roleId));
    for (const operation of operations) {
      const path = operation.path?.toLowerCase();
      const renamed =
        path === 'displayname'
          ? operation.op === 'remove' || operation.value !== current.displayName
          : operation.path === undefined &&
            isObject(operation.value) &&
            'displayName' in operation.value &&
            operation.value.displayName !== current.displayName;
      if (renamed)
        throw new ScimError(
          400,
          `Laurel's groups are its roles: ${current.displayName} cannot be renamed`,
          'mutability',
        );
      if (path === 'displayname') continue;
      if (path !== undefined && !path.startsWith('members'))
        throw new ScimError(400, `A group's members are all that changes`, 'invalidPath');
      // Entra ID removes members by a value list on the path `members`.
      if (operation.op === 'remove' && path === 'members' && operation.value !== undefined) {
        const removed = new Set(memberIds(operation.value));
        current.members = current.members!.filter((m) => !removed.has(Number(m.value)));
        continue;
      }
      if (operation.op !== 'remove' && 'value' in operation && path === 'members')
        memberIds(operation.value);
      // Only the members change (a path-less value may repeat the id and name): all of them go
      // when the patch leaves none.
      current.members = applyPatch(current, [operation]).members ?? [];
    }
    const before = new Set((await membersOf(call, group.roleId)).map((person) => person.id));
    const after = new Set(memberIds(current.members ?? []));
    const added = [...after].filter((member) => !before.has(member));
    const removed = [...before].filter((member) => !after.has(member));
    if (added.length > 0) {
      const known = await scim.peopleAmong(call.organizationId, added);
      if (known.length !== added.length) {
        const missing = added.filter((member) => !known.some((person) => person.id === member));
        throw new ScimError(400, `No user ${missing.join(', ')} here`, 'invalidValue');
      }
    }
    if (group.roleId === ROLES.ORGANIZATION_ADMIN) {
      await setRoles(call, added, ROLES.ORGANIZATION_ADMIN, `added to ${current.displayName}`);
      await setRoles(call, removed, ROLES.USER, `removed from ${current.displayName}`);
    }
  }

  return {
    // ——— The organization's admins: SCIM settings and tokens ———

    async settings(actor: Actor, organizationId: number): Promise<TScimSettings> {
      await requireOrganization(actor.principal, organizationId);
      await scim.ensureScimId(organizationId, unguessableId());
      const settings = (await scim.settings(organizationId))!;
      return {
        organizationId,
        baseUrl: `${deps.publicUrl}${scimBasePath(settings.publicId)}`,
        tokens: (await scim.listTokens(organizationId)).map(tokenOf),
        lastActivityAt: settings.lastActivityAt,
        lastActivity: settings.lastActivity,
      };
    },

    async createToken(
      actor: Actor,
      organizationId: number,
      body: TScimTokenCreateBody,
    ): Promise<TScimTokenCreated> {
      await requireOrganization(actor.principal, organizationId);
      if ((await scim.countLiveTokens(organizationId)) >= SCIM_TOKENS_PER_ORGANIZATION)
        throw conflict(SCIM_MESSAGES.tooManyTokens);
      await scim.ensureScimId(organizationId, unguessableId());
      const secret = generateKey(SCIM_TOKEN_PREFIX);
      const tokenHash = (await deps.hash())(secret);
      const id = await db.transaction().execute(async (trx) => {
        const created = await scim.insertToken(trx, {
          organizationId,
          name: body.name,
          ...visiblePartsOf(secret, SCIM_TOKEN_PREFIX),
          tokenHash,
          createdByUserId: actor.principal.userId,
        });
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'scim-token',
          resourceId: created,
          organizationId,
          summary: `Created the SCIM token "${body.name}"`,
        });
        return created;
      });
      return { ...tokenOf((await scim.findToken(organizationId, id))!), secret };
    },

    async revokeToken(actor: Actor, organizationId: number, id: number): Promise<TScimToken> {
      await requireOrganization(actor.principal, organizationId);
      const token = await scim.findToken(organizationId, id);
      if (!token) throw notFound();
      if (token.revokedAt === null)
        await db.transaction().execute(async (trx) => {
          await scim.revokeToken(trx, id, new Date(now()).toISOString());
          await audit(trx, actor, {
            type: 'DELETE',
            resourceType: 'scim-token',
            resourceId: id,
            organizationId,
            summary: `Revoked the SCIM token "${token.name}" (${token.start}…${token.lastFour})`,
          });
        });
      // This instance forgets it at once; the others within the TTL.
      recent.clear();
      return tokenOf((await scim.findToken(organizationId, id))!);
    },

    // ——— A directory with a token ———

    /**
     * The organization a call to `/scim/v2/<scimId>/…` acts in, and its token's principal: refused
     * (401) when the token is not one, revoked, or another organization's. Each instance reads a
     * token at most once a second, so a revocation reaches every instance within it.
     */
    async authenticate(
      secret: string,
      scimId: string,
      ip: string,
    ): Promise<{ organizationId: number; principal: Principal }> {
      let token = recent.get(secret);
      if (token === undefined) {
        if (!looksLikeKey(secret, SCIM_TOKEN_PREFIX))
          throw new ScimError(401, SCIM_MESSAGES.invalidToken);
        const at = now();
        token = recent.set(
          secret,
          (await scim.tokenByHash((await deps.hash())(secret))) ?? null,
          at,
        );
      }
      if (!token || token.revokedAt !== null) throw new ScimError(401, SCIM_MESSAGES.invalidToken);
      if ((await organizationOf(scimId)) !== token.organizationId)
        throw new ScimError(401, SCIM_MESSAGES.otherOrganization);
      recordUse(token.id, ip);
      return { organizationId: token.organizationId, principal: principalOf(token) };
    },

    async listUsers(call: ScimCall, query: Record<string, unknown>) {
      const { startIndex, count } = pagingOf(query);
      const projection = projectionOf(query);
      const conditions = personFilterOf(parseFilter(query.filter));
      const { total, people: found } = conditions
        ? await scim.pageOfPeople(call.organizationId, conditions, startIndex - 1, count)
        : { total: 0, people: [] };
      return listResponse(
        found.map((person) => projection.apply(toScimUser(person, call.base))),
        total,
        startIndex,
      );
    },

    async getUser(call: ScimCall, id: string, query: Record<string, unknown>) {
      return projectionOf(query).apply(toScimUser(await requirePerson(call, id), call.base));
    },

    async createUser(call: ScimCall, body: unknown) {
      const desired = readUser(body, undefined);
      // A person the directory deprovisioned comes back as they were, history and all.
      const deprovisioned = await scim.deprovisionedByEmail(call.organizationId, desired.email);
      if (deprovisioned !== undefined) {
        const person = (await scim.findDeprovisioned(call.organizationId, deprovisioned))!;
        await change(call, person, desired, 'POST', true);
        return toScimUser((await scim.findPerson(call.organizationId, person.id))!, call.base);
      }
      const existing = await people.findPersonByEmail(desired.email);
      if (existing) {
        // Someone the organization invited, or added before it had a directory, is taken over
        // (decision 060): the directory manages them from now on, whatever made them.
        const person =
          existing.organizationId === call.organizationId &&
          !(await scim.isProvisioned(existing.id))
            ? await scim.findPerson(call.organizationId, existing.id)
            : undefined;
        if (!person)
          throw new ScimError(
            409,
            existing.organizationId === call.organizationId
              ? `A user with the e-mail address ${desired.email} is already provisioned under another userName`
              : `The e-mail address ${desired.email} belongs to a person of another organization in Laurel`,
            'uniqueness',
          );
        // A create's password is Okta's placeholder: the person keeps the way in they have.
        await change(
          call,
          person,
          { ...desired, password: undefined },
          'POST',
          false,
          existing.invited ? 'invitation' : 'account',
        );
        return toScimUser((await scim.findPerson(call.organizationId, person.id))!, call.base);
      }
      await checkUnique(call, desired, 0);
      if (desired.active) await checkSeat(call, desired.email);
      const federated = await deps.federated(call.organizationId);
      // Okta sends a placeholder `password` with every create, password sync or not ("SCIM 2.0
      // Protocol Reference"): on a create, a password Laurel cannot keep is left out and the
      // trail says so; the person chooses one (or signs in through the company provider).
      let password = federated ? undefined : desired.password;
      let passwordNote =
        federated && desired.password !== undefined
          ? '; the password sent was not kept (the organization signs in through its company provider)'
          : '';
      const createIdentity = () =>
        identity.createUser({
          email: desired.email,
          ...(federated ? { federated: true } : {}),
          ...(password !== undefined ? { password } : {}),
          attributes: { given_name: desired.firstName, family_name: desired.lastName },
        });
      let username: string;
      try {
        ({ username } = await createIdentity().catch((error: Error) => {
          if (error.name !== 'InvalidPasswordException') throw error;
          password = undefined;
          passwordNote = `; the password sent was not kept (password: ${error.message})`;
          return createIdentity();
        }));
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException')
          throw new ScimError(
            409,
            `An account with the e-mail address ${desired.email} already exists`,
            'uniqueness',
          );
        throw error;
      }
      let id: number;
      try {
        if (!desired.active) await identity.disableUser(username);
        id = await db.transaction().execute(async (trx) => {
          const created = await people.insertPerson(trx, {
            organizationId: call.organizationId,
            identityUsername: username,
            email: desired.email,
            firstName: desired.firstName,
            lastName: desired.lastName,
            title: desired.title,
            roleId: ROLES.USER,
            invited: false,
            active: desired.active,
          });
          await scim.setDirectoryNames(trx, call.organizationId, created, desired);
          await record(trx, call, {
            type: 'CREATE',
            resourceType: 'user',
            resourceId: created,
            summary: `User ${desired.email} provisioned through SCIM as ${ROLE_LABELS[ROLES.USER]}${desired.active ? '' : ', inactive'}${passwordNote}`,
          });
          return created;
        });
      } catch (error) {
        await identity.deleteUser(username).catch(() => undefined);
        throw error;
      }
      return toScimUser((await scim.findPerson(call.organizationId, id))!, call.base);
    },

    async replaceUser(call: ScimCall, id: string, body: unknown) {
      const person = await requirePerson(call, id);
      // Okta's PUT leaves out the externalId it gave at creation ("Update a specific User
      // (PUT)"): the directory's own id of the person is kept unless the body names another.
      const keepsExternalId =
        isObject(body) &&
        person.externalId !== null &&
        !Object.keys(body).some((key) => key.toLowerCase() === 'externalid');
      await change(
        call,
        person,
        readUser(keepsExternalId ? { ...body, externalId: person.externalId } : body, person),
        'PUT',
      );
      return toScimUser((await scim.findPerson(call.organizationId, person.id))!, call.base);
    },

    async patchUser(call: ScimCall, id: string, body: unknown) {
      const person = await requirePerson(call, id);
      const operations = operationsOf(body);
      const { groups: _groups, meta: _meta, ...current } = toScimUser(person, call.base);
      for (const operation of operations)
        if (operation.path && /^groups\b/i.test(operation.path))
          throw new ScimError(
            400,
            "A user's groups are read-only: change the group's members instead",
            'mutability',
          );
      const patched = applyPatch(current, operations) as Record<string, unknown>;
      // An `active` patched in as Entra ID's string, on the resource or by a path-less value.
      await change(call, person, readUser(patched, person), 'PATCH');
      return toScimUser((await scim.findPerson(call.organizationId, person.id))!, call.base);
    },

    /** Deprovisions: deactivated (signed out everywhere), out of SCIM's view, history kept. */
    async deleteUser(call: ScimCall, id: string): Promise<void> {
      const person = await requirePerson(call, id);
      const username = person.identityUsername;
      if (username && person.active) await identity.disableUser(username);
      try {
        await db.transaction().execute(async (trx) => {
          if (person.active) await scim.updatePerson(trx, person.id, { active: false });
          await scim.setDirectoryNames(trx, call.organizationId, person.id, person);
          await scim.setDeprovisioned(trx, person.id, new Date(now()).toISOString());
          await record(trx, call, {
            type: 'ACCESS_CHANGE',
            resourceType: 'user',
            resourceId: person.id,
            summary: `User ${person.email} deprovisioned through SCIM (DELETE): deactivated, history kept`,
          });
        });
      } catch (error) {
        if (username && person.active) await identity.enableUser(username).catch(() => undefined);
        throw error;
      }
      if (username) deps.forgetPrincipal(username);
    },

    async listGroups(call: ScimCall, query: Record<string, unknown>) {
      const { startIndex, count } = pagingOf(query);
      const projection = projectionOf(query);
      const filter = parseFilter(query.filter);
      const needsMembers =
        projection.wants('members') || (query.filter as string | undefined)?.includes('members');
      const groups = await Promise.all(
        SCIM_GROUPS.map(async (group) =>
          toScimGroup(group, call.base, needsMembers ? await membersOf(call, group.roleId) : null),
        ),
      );
      let matching: typeof groups;
      try {
        matching = filter ? groups.filter(matches(filter)) : groups;
      } catch {
        throw new ScimError(400, 'Laurel cannot evaluate this filter on groups', 'invalidFilter');
      }
      return listResponse(
        matching.slice(startIndex - 1, startIndex - 1 + count).map((g) => projection.apply(g)),
        matching.length,
        startIndex,
      );
    },

    async getGroup(call: ScimCall, id: string, query: Record<string, unknown>) {
      const group = requireGroup(id);
      const projection = projectionOf(query);
      return projection.apply(
        toScimGroup(
          group,
          call.base,
          projection.wants('members') ? await membersOf(call, group.roleId) : null,
        ),
      );
    },

    patchGroup,

    async replaceGroup(call: ScimCall, id: string, body: unknown) {
      const group = requireGroup(id);
      if (!isObject(body)) throw new ScimError(400, 'The body must be a Group', 'invalidSyntax');
      const resource = canonical(body);
      // A PUT replaces the members, so that an absent list removes them all: only a Group says so.
      if (!Array.isArray(resource.schemas) || !resource.schemas.includes(SCHEMAS.group))
        throw new ScimError(
          400,
          `A PUT body is a Group, naming the schema ${SCHEMAS.group}`,
          'invalidSyntax',
        );
      const displayName = resource.displayName;
      if (displayName !== undefined && displayName !== ROLE_LABELS[group.roleId])
        throw new ScimError(
          400,
          `Laurel's groups are its roles: ${ROLE_LABELS[group.roleId]} cannot be renamed`,
          'mutability',
        );
      await patchGroup(call, id, {
        schemas: [SCHEMAS.patchOp],
        Operations: [{ op: 'replace', path: 'members', value: resource.members ?? [] }],
      });
      return toScimGroup(group, call.base, await membersOf(call, group.roleId));
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
