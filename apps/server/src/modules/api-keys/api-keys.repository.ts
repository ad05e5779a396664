import type { Kysely } from 'kysely';

import type { ApiKeyScope } from '@laurel/contract/api-keys';

import type { Database } from '../../db/schema.ts';
import { toIsoOrNull } from '../../db/values.ts';
import { STORED_SECRET_COLUMNS, type StoredSecret, storedSecretOf } from './stored-secrets.ts';

export interface StoredApiKey extends StoredSecret {
  scopes: ApiKeyScope[];
  expiresAt: string | null;
}

/** The only SQL of API keys. */
export function createApiKeysRepository(db: Kysely<Database>) {
  const selected = () =>
    db
      .selectFrom('apiKeys as k')
      .leftJoin('users as u', 'u.id', 'k.createdByUserId')
      .select([...STORED_SECRET_COLUMNS, 'k.scopes', 'k.expiresAt']);
  type Row = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;
  const toKey = (row: Row): StoredApiKey => ({
    ...storedSecretOf(row),
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    expiresAt: toIsoOrNull(row.expiresAt),
  });

  return {
    async organizationExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async list(organizationId: number): Promise<StoredApiKey[]> {
      const rows = await selected()
        .where('k.organizationId', '=', organizationId)
        .orderBy('k.id', 'desc')
        .execute();
      return rows.map(toKey);
    },

    async find(organizationId: number, id: number): Promise<StoredApiKey | undefined> {
      const row = await selected()
        .where('k.organizationId', '=', organizationId)
        .where('k.id', '=', id)
        .executeTakeFirst();
      return row && toKey(row);
    },

    /** The key with this hash, whatever its state (the caller decides what a state means). */
    async byHash(keyHash: string): Promise<StoredApiKey | undefined> {
      const row = await selected().where('k.keyHash', '=', keyHash).executeTakeFirst();
      return row && toKey(row);
    },

    async countLive(organizationId: number, now: string): Promise<number> {
      const row = await db
        .selectFrom('apiKeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('revokedAt', 'is', null)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(
      executor: Kysely<Database>,
      key: {
        organizationId: number;
        name: string;
        start: string;
        lastFour: string;
        keyHash: string;
        scopes: ApiKeyScope[];
        createdByUserId: number | null;
        expiresAt: string | null;
      },
    ): Promise<number> {
      const { id } = await executor
        .insertInto('apiKeys')
        .values({ ...key, scopes: JSON.stringify(key.scopes), createdAt: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async revoke(executor: Kysely<Database>, id: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('apiKeys')
        .set({ revokedAt: at })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setExpiry(executor: Kysely<Database>, id: number, expiresAt: string): Promise<void> {
      await executor.updateTable('apiKeys').set({ expiresAt }).where('id', '=', id).execute();
    },

    async markUsed(id: number, at: string, ip: string | null): Promise<void> {
      await db
        .updateTable('apiKeys')
        .set({ lastUsedAt: at, lastUsedIp: ip })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
