import { type Filter, parse } from 'scim2-parse-filter';

import { ROLE_LABELS, ROLES, type RoleId } from '@laurel/contract/roles';

import type { ScimPerson, ScimPersonFilter } from './scim.repository.ts';

export const SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** The most resources one page of a list holds. */
export const SCIM_MAX_RESULTS = 200;

/** `scimType` values of RFC 7644 §3.12 that Laurel answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A refusal in SCIM's shape (RFC 7644 §3.12): the status as text, a detail, maybe a scimType. */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: ScimType | undefined;
  constructor(status: number, detail: string, scimType?: ScimType) {
    super(detail);
    this.status = status;
    this.scimType = scimType;
  }
  get body() {
    return {
      schemas: [SCHEMAS.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

/** Laurel's two roles of an organization, as SCIM groups. */
export const SCIM_GROUPS = [
  { id: 'organization-admin', roleId: ROLES.ORGANIZATION_ADMIN },
  { id: 'user', roleId: ROLES.USER },
] as const satisfies ReadonlyArray<{ id: string; roleId: RoleId }>;
export type ScimGroupId = (typeof SCIM_GROUPS)[number]['id'];
export const groupOfRole = (roleId: RoleId) =>
  SCIM_GROUPS.find((group) => group.roleId === roleId) ?? SCIM_GROUPS[1];

export const displayNameOf = (person: Pick<ScimPerson, 'firstName' | 'lastName' | 'email'>) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/** A person as a SCIM User (RFC 7643 §4.1). */
export function toScimUser(person: ScimPerson, base: string) {
  const group = groupOfRole(person.roleId);
  const formatted = `${person.firstName} ${person.lastName}`.trim();
  return {
    schemas: [SCHEMAS.user],
    id: String(person.id),
    ...(person.externalId !== null ? { externalId: person.externalId } : {}),
    userName: person.userName,
    name: {
      ...(formatted ? { formatted } : {}),
      ...(person.lastName ? { familyName: person.lastName } : {}),
      ...(person.firstName ? { givenName: person.firstName } : {}),
    },
    displayName: displayNameOf(person),
    ...(person.title ? { title: person.title } : {}),
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: person.active,
    groups: [
      {
        value: group.id,
        display: ROLE_LABELS[group.roleId],
        $ref: `${base}/Groups/${group.id}`,
        type: 'direct',
      },
    ],
    meta: {
      resourceType: 'User',
      created: person.createdAt,
      lastModified: person.updatedAt,
      location: `${base}/Users/${person.id}`,
    },
  };
}
export type ScimUser = ReturnType<typeof toScimUser>;

/** A role as a SCIM Group (RFC 7643 §4.2); members only when asked for. */
export function toScimGroup(
  group: (typeof SCIM_GROUPS)[number],
  base: string,
  members: ReadonlyArray<Pick<ScimPerson, 'id' | 'firstName' | 'lastName' | 'email'>> | null,
) {
  return {
    schemas: [SCHEMAS.group],
    id: group.id,
    displayName: ROLE_LABELS[group.roleId],
    ...(members
      ? {
          members: members.map((person) => ({
            value: String(person.id),
            display: displayNameOf(person),
            $ref: `${base}/Users/${person.id}`,
            type: 'User',
          })),
        }
      : {}),
    meta: { resourceType: 'Group', location: `${base}/Groups/${group.id}` },
  };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCHEMAS.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** `startIndex` and `count` of a list request (RFC 7644 §3.4.2.4): integers, clamped. */
export function pagingOf(query: Record<string, unknown>): { startIndex: number; count: number } {
  const integer = (name: string, fallback: number) => {
    const value = query[name];
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value))
      throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
    return Number(value);
  };
  const startIndex = Math.max(1, integer('startIndex', 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, integer('count', 100)));
  return { startIndex, count };
}

export function parseFilter(text: unknown): Filter | undefined {
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string' || text.length > 1000)
    throw new ScimError(
      400,
      'The filter must be one expression of at most 1000 characters',
      'invalidFilter',
    );
  try {
    return parse(text);
  } catch {
    throw new ScimError(
      400,
      `The filter ${JSON.stringify(text)} is not a SCIM filter`,
      'invalidFilter',
    );
  }
}

const USER_URN_PREFIX = `${SCHEMAS.user.toLowerCase()}:`;
const attributeName = (path: string) => {
  const lower = path.toLowerCase();
  return lower.startsWith(USER_URN_PREFIX) ? lower.slice(USER_URN_PREFIX.length) : lower;
};

/**
 * A Users filter as conditions on people: `eq` on `userName`, `externalId`, `id`, `active`,
 * `emails.value` or `emails[type eq "work"].value` (Entra ID's and Okta's look-ups), joined by
 * `and`. Anything else is refused with `invalidFilter`; `undefined` means no person can match.
 */
export function personFilterOf(filter: Filter | undefined): ScimPersonFilter | undefined {
  const conditions: ScimPersonFilter = {};
  let impossible = false;
  const set = <K extends keyof ScimPersonFilter>(key: K, value: ScimPersonFilter[K]) => {
    const had = conditions[key];
    const same =
      typeof had === 'string' && typeof value === 'string'
        ? had.toLowerCase() === value.toLowerCase()
        : had === value;
    if (had !== undefined && !same) impossible = true;
    conditions[key] = value;
  };
  const refuse = (): never => {
    throw new ScimError(
      400,
      'Laurel filters people by userName, externalId, id, active or emails[type eq "work"].value with eq, joined by and',
      'invalidFilter',
    );
  };
  const walk = (node: Filter): void => {
    if (node.op === 'and') return node.filters.forEach(walk);
    if (node.op === '[]') {
      // emails[type eq "work"]: every e-mail Laurel keeps is a work address.
      const inner = node.valFilter;
      if (
        attributeName(node.attrPath) === 'emails' &&
        inner.op === 'eq' &&
        attributeName(inner.attrPath) === 'type' &&
        typeof inner.compValue === 'string'
      ) {
        if (inner.compValue.toLowerCase() !== 'work') impossible = true;
        return;
      }
      if (
        attributeName(node.attrPath) === 'emails' &&
        inner.op === 'eq' &&
        attributeName(inner.attrPath) === 'value' &&
        typeof inner.compValue === 'string'
      )
        return set('email', inner.compValue);
      return refuse();
    }
    if (node.op !== 'eq') return refuse();
    const value = node.compValue;
    switch (attributeName(node.attrPath)) {
      case 'username':
        return typeof value === 'string' ? set('userName', value) : refuse();
      case 'externalid':
        return typeof value === 'string' ? set('externalId', value) : refuse();
      case 'emails.value':
      case 'emails':
        return typeof value === 'string' ? set('email', value) : refuse();
      case 'active':
        return typeof value === 'boolean' ? set('active', value) : refuse();
      case 'id':
        if (typeof value !== 'string' && typeof value !== 'number') return refuse();
        if (!/^[1-9]\d{0,14}$/.test(String(value))) impossible = true;
        else set('id', Number(value));
        return;
      default:
        return refuse();
    }
  };
  if (filter) walk(filter);
  return impossible ? undefined : conditions;
}

/** The attribute names of `attributes` or `excludedAttributes` (comma-separated), lower-cased. */
function attributeList(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 1000)
    throw new ScimError(
      400,
      `${name} must be a comma-separated list of attributes`,
      'invalidValue',
    );
  return value.split(',').map((part) => attributeName(part.trim()).split('.')[0]!);
}

/**
 * `attributes` and `excludedAttributes` of a request (RFC 7644 §3.4.2.5), at the top level:
 * `schemas`, `id` and `meta` are always returned.
 */
export function projectionOf(query: Record<string, unknown>) {
  const only = attributeList(query.attributes, 'attributes');
  const excluded = attributeList(query.excludedAttributes, 'excludedAttributes');
  const always = new Set(['schemas', 'id', 'meta']);
  return {
    wants: (attribute: string) => {
      const name = attribute.toLowerCase();
      if (only) return always.has(name) || only.includes(name);
      return !excluded?.includes(name);
    },
    apply<T extends Record<string, unknown>>(resource: T): Partial<T> {
      if (!only && !excluded) return resource;
      return Object.fromEntries(
        Object.entries(resource).filter(([key]) => {
          const name = key.toLowerCase();
          if (always.has(name)) return true;
          if (only) return only.includes(name);
          return !excluded!.includes(name);
        }),
      ) as Partial<T>;
    },
  };
}
