import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { LOOKUP_ENDPOINTS, type LookupName, ZLookupList } from '@laurel/contract/lookups';

import type { LookupTableName } from '../../db/schema.ts';
import type { LookupsRepository } from './lookups.repository.ts';

const TABLES: Record<LookupName, LookupTableName> = {
  auditTypes: 'auditTypes',
  organizationTypes: 'organizationTypes',
  loginModes: 'loginModes',
  credentialTypes: 'credentialTypes',
  salutations: 'salutations',
  pronouns: 'pronouns',
  uploadStatuses: 'uploadStatuses',
};

/** Login modes are needed before sign-in; every other lookup requires a signed-in user. */
const PUBLIC_LOOKUPS: ReadonlySet<LookupName> = new Set(['loginModes']);

export const lookupsRoutes: FastifyPluginAsyncZod<{ lookups: LookupsRepository }> = async (
  app,
  { lookups },
) => {
  // Reference data change only with a release, so each list is read once per process, and
  // checked against its schema and written as JSON once (the route's serializer keeps the text of
  // the list it was given).
  const cache = new Map<LookupTableName, Awaited<ReturnType<LookupsRepository['list']>>>();

  for (const [name, { path }] of Object.entries(LOOKUP_ENDPOINTS) as Array<
    [LookupName, (typeof LOOKUP_ENDPOINTS)[LookupName]]
  >) {
    const table = TABLES[name];
    app.get(
      path,
      {
        config: { public: PUBLIC_LOOKUPS.has(name) },
        serializerCompiler: () => {
          const written = new WeakMap<object, string>();
          return (list) => {
            let json = written.get(list as object);
            if (json === undefined) {
              json = JSON.stringify(ZLookupList.parse(list));
              written.set(list as object, json);
            }
            return json;
          };
        },
        schema: {
          tags: ['lookups'],
          summary: `List ${name}`,
          response: { 200: ZLookupList },
          ...(PUBLIC_LOOKUPS.has(name) ? {} : { security: [{ bearer: [] }] }),
        },
      },
      async () => {
        let list = cache.get(table);
        if (!list) {
          list = await lookups.list(table);
          cache.set(table, list);
        }
        return list;
      },
    );
  }
};
