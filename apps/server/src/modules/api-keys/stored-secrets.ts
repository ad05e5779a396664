import { toIso, toIsoOrNull } from '../../db/values.ts';
import { validAddress } from '../../lib/actor.ts';

/**
 * What API keys and SCIM tokens share: a named bearer secret of an organization, stored as a
 * keyed hash with its visible start and last four characters, its maker, its revocation and its
 * last use. Each kind adds its own columns (scopes and expiry of API keys).
 */
export interface StoredSecret {
  id: number;
  organizationId: number;
  name: string;
  start: string;
  lastFour: string;
  createdAt: string;
  createdByUserId: number | null;
  createdByName: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** The columns of a stored secret (table alias `k`, its maker joined as `u`). */
export const STORED_SECRET_COLUMNS = [
  'k.id',
  'k.organizationId',
  'k.name',
  'k.start',
  'k.lastFour',
  'k.createdAt',
  'k.createdByUserId',
  'u.firstName',
  'u.lastName',
  'u.email',
  'k.revokedAt',
  'k.lastUsedAt',
  'k.lastUsedIp',
] as const;

interface StoredSecretRow {
  id: number;
  organizationId: number;
  name: string;
  start: string;
  lastFour: string;
  createdAt: string | Date;
  createdByUserId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  revokedAt: string | Date | null;
  lastUsedAt: string | Date | null;
  lastUsedIp: string | null;
}

/** A row of `STORED_SECRET_COLUMNS` as the service sees it. */
export function storedSecretOf(row: StoredSecretRow): StoredSecret {
  return {
    id: Number(row.id),
    organizationId: Number(row.organizationId),
    name: row.name,
    start: row.start,
    lastFour: row.lastFour,
    createdAt: toIso(row.createdAt),
    createdByUserId: row.createdByUserId === null ? null : Number(row.createdByUserId),
    createdByName:
      row.email === null
        ? null
        : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email,
    revokedAt: toIsoOrNull(row.revokedAt),
    lastUsedAt: toIsoOrNull(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
  };
}

/**
 * Secrets read recently, by the secret presented: each is read from the database at most once
 * per `ttlMs` on an instance, so that a revocation reaches every instance within it; a change on
 * this instance forgets them at once (`clear`).
 */
export function createRecentSecrets<T>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(secret: string): T | undefined {
      const entry = entries.get(secret);
      return entry && entry.until > now() ? entry.value : undefined;
    },
    set(secret: string, value: T, readAt = now()): T {
      if (entries.size >= 10_000) entries.clear();
      entries.set(secret, { value, until: readAt + ttlMs });
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** A secret's last use, written at most once every `everyMs` per secret, never awaited. */
export function createUseRecorder(
  everyMs: number,
  now: () => number,
  write: (id: number, at: string, ip: string | null) => Promise<void>,
) {
  const lastWritten = new Map<number, number>();
  return (id: number, ip: string): void => {
    const at = now();
    if ((lastWritten.get(id) ?? 0) + everyMs > at) return;
    lastWritten.set(id, at);
    void write(id, new Date(at).toISOString(), validAddress(ip)).catch(() => undefined);
  };
}
