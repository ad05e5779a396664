import type { Kysely } from 'kysely';

import {
  API_KEYS_PER_ORGANIZATION,
  type TApiKey,
  type TApiKeyCreateBody,
  type TApiKeyCreated,
} from '@laurel/contract/api-keys';
import { ROLES } from '@laurel/contract/roles';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { conflict, badRequest, notFound, unauthorized } from '../../lib/http-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import type { ApiKeysRepository, StoredApiKey } from './api-keys.repository.ts';
import { generateApiKey, looksLikeApiKey, visiblePartsOf } from './key-format.ts';
import { createRecentSecrets, createUseRecorder } from './stored-secrets.ts';

export const API_KEY_MESSAGES = {
  invalid: 'Invalid, expired or revoked API key',
  tooMany: `An organization holds at most ${API_KEYS_PER_ORGANIZATION} keys at once: revoke one first.`,
  pastExpiry: 'Choose an expiry in the future.',
  notLive: 'This key is revoked or expired: create a new one.',
} as const;

/** How long an instance acts on a key it read: a revocation reaches every instance within it. */
export const API_KEY_TTL_MS = 1_000;
/** A key's last use is written at most this often (a busy key would write on every call). */
const LAST_USED_EVERY_MS = 60_000;

const statusOf = (key: StoredApiKey, now: number): TApiKey['status'] =>
  key.revokedAt !== null
    ? 'REVOKED'
    : key.expiresAt !== null && Date.parse(key.expiresAt) <= now
      ? 'EXPIRED'
      : 'ACTIVE';

const toApiKey = (key: StoredApiKey, now: number): TApiKey => ({
  id: key.id,
  organizationId: key.organizationId,
  name: key.name,
  start: key.start,
  lastFour: key.lastFour,
  scopes: key.scopes,
  status: statusOf(key, now),
  createdAt: key.createdAt,
  createdByName: key.createdByName,
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
  lastUsedAt: key.lastUsedAt,
  lastUsedIp: key.lastUsedIp,
});

/**
 * Organization API keys: made, rotated and revoked by the organization's admins (and platform
 * admins acting within it), and resolved to a principal on every call that presents one.
 */
export function createApiKeysService(deps: {
  db: Kysely<Database>;
  keys: ApiKeysRepository;
  /** HMAC of a key under the server's key (see key-format.ts). */
  hash: () => Promise<(key: string) => string>;
  audit: Auditor;
  now?: () => number;
}) {
  const { db, keys, audit } = deps;
  const now = deps.now ?? Date.now;
  /**
   * Keys read recently, by the secret presented, with their principal: each is read at most once
   * per TTL, and a call within it needs neither the checksum nor the keyed hash (the request
   * holds the same secret in memory anyway; the map forgets it within the TTL or on a change).
   */
  const recent = createRecentSecrets<{
    key: StoredApiKey | undefined;
    principal: Principal | null;
  }>(API_KEY_TTL_MS, now);
  const recordUse = createUseRecorder(LAST_USED_EVERY_MS, now, (id, at, ip) =>
    keys.markUsed(id, at, ip),
  );

  /** What a key's calls act as: its organization, with the organization admin's table. */
  function principalOf(key: StoredApiKey): Principal | null {
    if (key.createdByUserId === null) return null;
    return Object.freeze({
      userId: key.createdByUserId,
      identityUsername: `api-key:${key.id}`,
      email: '',
      roleId: ROLES.ORGANIZATION_ADMIN,
      organizationId: key.organizationId,
      isAdmin: false,
      actingOrganizationId: key.organizationId,
      impersonating: false,
      sessionId: null,
      apiKey: Object.freeze({ id: key.id, name: key.name, scopes: key.scopes }),
    });
  }

  /** A live key's principal, its last use written at most once a minute; else refused. */
  function admit(
    entry: { key: StoredApiKey | undefined; principal: Principal | null },
    at: number,
    ip: string,
  ): Principal {
    const { key, principal } = entry;
    if (!key || !principal || statusOf(key, at) !== 'ACTIVE')
      throw unauthorized(API_KEY_MESSAGES.invalid);
    recordUse(key.id, ip);
    return principal;
  }

  async function create(
    actor: Actor,
    organizationId: number,
    body: TApiKeyCreateBody,
    summary: (name: string) => string,
  ): Promise<TApiKeyCreated> {
    const at = now();
    if (body.expiresAt && Date.parse(body.expiresAt) <= at)
      throw badRequest(API_KEY_MESSAGES.pastExpiry, { expiresAt: API_KEY_MESSAGES.pastExpiry });
    if (
      (await keys.countLive(organizationId, new Date(at).toISOString())) >=
      API_KEYS_PER_ORGANIZATION
    )
      throw conflict(API_KEY_MESSAGES.tooMany);
    const secret = generateApiKey();
    const hash = (await deps.hash())(secret);
    const id = await db.transaction().execute(async (trx) => {
      const created = await keys.insert(trx, {
        organizationId,
        name: body.name,
        ...visiblePartsOf(secret),
        keyHash: hash,
        scopes: body.scopes,
        createdByUserId: actor.principal.userId,
        expiresAt: body.expiresAt ? new Date(body.expiresAt).toISOString() : null,
      });
      await audit(trx, actor, {
        type: 'CREATE',
        resourceType: 'api-key',
        resourceId: created,
        organizationId,
        summary: summary(body.name),
      });
      return created;
    });
    const stored = await keys.find(organizationId, id);
    return { ...toApiKey(stored!, now()), secret };
  }

  async function liveOrThrow(principal: Principal, organizationId: number, id: number) {
    requireAccess(principal, 'manage:apikey', { organizationId });
    const key = await keys.find(organizationId, id);
    if (!key) throw notFound();
    if (statusOf(key, now()) !== 'ACTIVE') throw conflict(API_KEY_MESSAGES.notLive);
    return key;
  }

  return {
    async list(principal: Principal, organizationId: number): Promise<TApiKey[]> {
      requireAccess(principal, 'manage:apikey', { organizationId });
      if (!(await keys.organizationExists(organizationId))) throw notFound();
      const at = now();
      return (await keys.list(organizationId)).map((key) => toApiKey(key, at));
    },

    async create(actor: Actor, organizationId: number, body: TApiKeyCreateBody) {
      requireAccess(actor.principal, 'manage:apikey', { organizationId });
      if (!(await keys.organizationExists(organizationId))) throw notFound();
      return create(
        actor,
        organizationId,
        body,
        (name) => `Created the API key "${name}" (${body.scopes.join(', ')})`,
      );
    },

    /**
     * A new key with the same name and scopes; the old one keeps working until `oldKeyExpiresAt`,
     * so that the system using it can move to the new one without a gap.
     */
    async rotate(actor: Actor, organizationId: number, id: number, oldKeyExpiresAt: string) {
      const old = await liveOrThrow(actor.principal, organizationId, id);
      const until = Date.parse(oldKeyExpiresAt);
      if (until <= now())
        throw badRequest(API_KEY_MESSAGES.pastExpiry, {
          oldKeyExpiresAt: API_KEY_MESSAGES.pastExpiry,
        });
      const keepUntil =
        old.expiresAt !== null && Date.parse(old.expiresAt) < until
          ? old.expiresAt
          : new Date(until).toISOString();
      await db.transaction().execute(async (trx) => {
        await keys.setExpiry(trx, old.id, keepUntil);
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'api-key',
          resourceId: old.id,
          organizationId,
          summary: `Rotated the API key "${old.name}": it works until ${keepUntil}`,
        });
      });
      recent.clear();
      return create(
        actor,
        organizationId,
        {
          name: old.name,
          scopes: old.scopes,
          expiresAt: old.expiresAt,
        },
        (name) => `Created the API key "${name}" replacing ${old.start}…${old.lastFour}`,
      );
    },

    async revoke(actor: Actor, organizationId: number, id: number): Promise<TApiKey> {
      requireAccess(actor.principal, 'manage:apikey', { organizationId });
      const key = await keys.find(organizationId, id);
      if (!key) throw notFound();
      if (key.revokedAt === null)
        await db.transaction().execute(async (trx) => {
          await keys.revoke(trx, id, new Date(now()).toISOString());
          await audit(trx, actor, {
            type: 'DELETE',
            resourceType: 'api-key',
            resourceId: id,
            organizationId,
            summary: `Revoked the API key "${key.name}" (${key.start}…${key.lastFour})`,
          });
        });
      // This instance forgets it at once; the others within the TTL.
      recent.clear();
      return toApiKey((await keys.find(organizationId, id))!, now());
    },

    /**
     * The principal of a call that presents `secret`: refused (401) when it is not a key, or is
     * unknown, revoked or expired. Each instance reads a key at most once a second; a call with a
     * key read within that second is answered at once, without a promise (as a remembered token
     * is), from the principal built when it was read.
     */
    principalFor(secret: string, ip: string): Principal | Promise<Principal> {
      const at = now();
      const entry = recent.get(secret);
      if (entry) return admit(entry, at, ip);
      if (!looksLikeApiKey(secret)) throw unauthorized(API_KEY_MESSAGES.invalid);
      return deps.hash().then(async (hash) => {
        const key = await keys.byHash(hash(secret));
        const read = recent.set(secret, { key, principal: key ? principalOf(key) : null }, at);
        return admit(read, now(), ip);
      });
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
