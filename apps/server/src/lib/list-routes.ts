import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import type { ApiKeyScope } from '@laurel/contract/api-keys';
import type { CsvValue } from '@laurel/contract/csv';
import type { TPage } from '@laurel/contract/pagination';

import { type Actor, actorOf } from './actor.ts';
import { attachment, csvStream } from './csv.ts';
import { RATE_LIMITS } from '../plugins/rate-limit.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface ListRoutesOptions<Q extends z.ZodType, I> {
  /** e.g. `API_PATHS.organizations`. */
  path: string;
  /** Where the CSV export answers, e.g. `API_PATHS.organizationsExport`. */
  exportPath: string;
  tags: string[];
  /** Plural noun for the summaries, e.g. "organizations". */
  noun: string;
  query: Q;
  page: z.ZodType;
  list(actor: Actor, query: z.infer<Q>): Promise<TPage<I>>;
  /** Batches of every item the filter selects. */
  stream(actor: Actor, query: z.infer<Q>): AsyncIterable<I[]> | Promise<AsyncIterable<I[]>>;
  /**
   * Records the export on the audit trail: what, with which filter, how many rows. Called once
   * the first rows are read and before any is sent, so a refused or failed export records
   * nothing and a download cut short is still on record.
   */
  recordExport(actor: Actor, query: z.infer<Q>, rows: number): Promise<void>;
  /** CSV columns: header and the cell of an item. */
  columns: Array<[header: string, cell: (item: I) => CsvValue]>;
  /** The API key scopes that reach the list and its export (docs/api.md); none: closed to keys. */
  apiKeyScopes?: readonly ApiKeyScope[];
}

/**
 * The two routes every list has: a page of items (search, filters, sort, paging in the query)
 * and a CSV export of everything the same query selects.
 */
export function registerListRoutes<Q extends z.ZodType, I>(
  app: ZodApp,
  options: ListRoutesOptions<Q, I>,
): void {
  const security = [{ bearer: [] }];
  const keys: { apiKeyScopes?: readonly ApiKeyScope[] } = options.apiKeyScopes
    ? { apiKeyScopes: options.apiKeyScopes }
    : {};
  app.get(
    options.path,
    {
      config: keys,
      schema: {
        tags: options.tags,
        security,
        summary: `List ${options.noun}`,
        querystring: options.query,
        response: { 200: options.page, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => options.list(actorOf(request), request.query as z.infer<Q>),
  );
  app.get(
    options.exportPath,
    {
      config: { rateLimit: RATE_LIMITS.exports, ...keys },
      schema: {
        tags: options.tags,
        security,
        summary: `${options.noun[0]!.toUpperCase()}${options.noun.slice(1)} the filter selects, as CSV`,
        querystring: options.query,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const query = request.query as z.infer<Q>;
      const batches = await options.stream(actor, query);
      const { total } = await options.list(actor, {
        ...(query as object),
        page: 1,
        pageSize: 1,
      } as z.infer<Q>);
      const body = await csvStream(
        options.columns.map(([header]) => header),
        batches,
        (item) => options.columns.map(([, cell]) => cell(item)),
      );
      await options.recordExport(actor, query, total);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${options.noun.replace(/\s+/g, '-')}.csv`))
        .send(body);
    },
  );
}
