import type { Kysely } from 'kysely';

import type { TLookupList } from '@laurel/contract/lookups';

import type { Database, LookupTableName } from '../../db/schema.ts';

export function createLookupsRepository(db: Kysely<Database>) {
  return {
    async list(table: LookupTableName): Promise<TLookupList> {
      return db
        .selectFrom(table)
        .select(['id', 'code', 'name'])
        .orderBy('sortOrder')
        .orderBy('id')
        .execute();
    },
  };
}
export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
