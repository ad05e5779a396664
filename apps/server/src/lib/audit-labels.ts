import { type CamelCase, camelCase } from '@laurel/contract/casing';
import { UPLOAD_STATUS_LABELS } from '@laurel/contract/constants';
import { CONTRACT_STATUS_LABELS } from '@laurel/contract/contracts';
import { CREDENTIAL_STATUS_LABELS } from '@laurel/contract/credentials';
import { USER_STATUS_LABELS } from '@laurel/contract/invitations';
import { ORGANIZATION_STATUS_LABELS } from '@laurel/contract/organizations';
import { ROLE_LABELS, type RoleId } from '@laurel/contract/roles';

/** A record read from the database with a value for each field of `Body`, under its camelCase name. */
export type StoredFields<Body> = { [Field in keyof Body & string as CamelCase<Field>]: unknown };

/** What `describeChanges` says when no field changed. */
export const NO_CHANGES = 'no changes';

/**
 * `name: "Old" → "New", city: — → "Austin"`: the fields the body sets (a field it leaves out is
 * not compared) whose value as stored changed, named as the body names them, read from the record
 * before the change and the record after it in the same transaction; `no changes` when none did.
 * A field sent with the value it had records nothing, and a field stored otherwise than it was
 * sent (trimmed, cleared) is told as stored.
 * @example describeChanges({ city: 'Austin' }, { city: null }, { city: 'Austin' }) // 'city: — → "Austin"'
 */
export function describeChanges<Body extends object>(
  body: Body,
  before: StoredFields<Body>,
  after: StoredFields<Body>,
): string {
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : JSON.stringify(value);
  const parts: string[] = [];
  for (const [field, sent] of Object.entries(body)) {
    if (sent === undefined) continue;
    const column = camelCase(field) as keyof StoredFields<Body>;
    const [old, now] = [before[column], after[column]];
    if (JSON.stringify(old ?? null) !== JSON.stringify(now ?? null))
      parts.push(`${field}: ${show(old)} → ${show(now)}`);
  }
  return parts.length ? parts.join(', ') : NO_CHANGES;
}

const LIST_POSITION = new Set(['page', 'pageSize', 'sort', 'order']);

/** Filter values that are codes, in the words the screens use for them. */
const STATUS_WORDS: Record<string, Record<string, string>> = {
  contract: CONTRACT_STATUS_LABELS,
  credential: CREDENTIAL_STATUS_LABELS,
  organization: ORGANIZATION_STATUS_LABELS,
  upload: UPLOAD_STATUS_LABELS,
  user: USER_STATUS_LABELS,
};

/** A lookup table whose rows a list's `typeId` filter names. */
export type TypeLookup = 'auditTypes' | 'credentialTypes' | 'organizationTypes';

/** Which lookup a list's `typeId` filter refers to. */
const TYPE_LOOKUPS: Record<string, TypeLookup> = {
  audit: 'auditTypes',
  credential: 'credentialTypes',
  organization: 'organizationTypes',
};

const YES_NO: Record<string, [string, string]> = {
  active: ['active users', 'inactive users'],
  insightsEntitled: ['with insights included', 'without insights included'],
  impersonating: ['made while acting within an organization', 'made outside impersonation'],
};

/** The names a filter's ids stand for: the audits module's repository reads them. */
export interface FilterNames {
  organizationName(id: number): Promise<string | undefined>;
  userEmail(id: number): Promise<string | undefined>;
  typeName(lookup: TypeLookup, id: number): Promise<string | undefined>;
}

/**
 * The filter of a list query in words, for an export's audit entry: `search "nurse",
 * organization "Northwind Technical College", status Active`, or `no filter`. Ids are named
 * (organization, user, type); paging and sorting are left out: an export takes every row the
 * filter selects. An id that names nothing is kept as the number the request carried.
 */
export async function describeFilter(
  names: FilterNames,
  resourceType: string,
  query: Record<string, unknown>,
): Promise<string> {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (LIST_POSITION.has(key) || value === undefined || value === '') continue;
    if (key === 'search') parts.push(`search ${JSON.stringify(value)}`);
    else if (key === 'organizationId' && typeof value === 'number') {
      const name = await names.organizationName(value);
      parts.push(
        name !== undefined ? `organization ${JSON.stringify(name)}` : `organization #${value}`,
      );
    } else if (key === 'userId' && typeof value === 'number') {
      const email = await names.userEmail(value);
      parts.push(email !== undefined ? `user ${email}` : `user #${value}`);
    } else if (key === 'typeId' && typeof value === 'number' && TYPE_LOOKUPS[resourceType]) {
      const name = await names.typeName(TYPE_LOOKUPS[resourceType], value);
      parts.push(name !== undefined ? `type ${JSON.stringify(name)}` : `type #${value}`);
    } else if (key === 'roleId' && typeof value === 'number' && value in ROLE_LABELS)
      parts.push(`role ${ROLE_LABELS[value as RoleId]}`);
    else if (key === 'status' && typeof value === 'string')
      parts.push(`status ${STATUS_WORDS[resourceType]?.[value] ?? value}`);
    else if (typeof value === 'boolean' && YES_NO[key]) parts.push(YES_NO[key][value ? 0 : 1]);
    else if (key === 'from' || key === 'to') parts.push(`${key} ${String(value)}`);
    else parts.push(`${key} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.length ? parts.join(', ') : 'no filter';
}
