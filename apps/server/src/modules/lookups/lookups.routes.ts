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
  // Reference data change only with a release, so each list is read, checked against its schema
  // and written as JSON once per process; every answer after the first sends that text.
  const cache = new Map<LookupTableName, string>();

  for (const [name, { path }] of Object.entries(LOOKUP_ENDPOINTS) as Array<
    [LookupName, (typeof LOOKUP_ENDPOINTS)[LookupName]]
  >) {
    const table = TABLES[name];
    app.get(
      path,
      {
        config: { public: PUBLIC_LOOKUPS.has(name) },
        schema: {
          tags: ['lookups'],
          summary: `List ${name}`,
          response: { 200: ZLookupList },
          ...(PUBLIC_LOOKUPS.has(name) ? {} : { security: [{ bearer: [] }] }),
        },
      },
      async (_request, reply) => {
        let json = cache.get(table);
        if (json === undefined) {
          json = JSON.stringify(ZLookupList.parse(await lookups.list(table)));
          cache.set(table, json);
        }
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  }
};
