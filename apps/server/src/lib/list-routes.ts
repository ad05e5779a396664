import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import type { CsvValue } from '@laurel/contract/csv';
import type { TPage } from '@laurel/contract/pagination';

import { type Actor, actorOf } from './audit.ts';
import { attachment, csvStream } from './csv.ts';

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
  /** Batches of every item the filter selects (may first record the export). */
  stream(actor: Actor, query: z.infer<Q>): AsyncIterable<I[]> | Promise<AsyncIterable<I[]>>;
  /** CSV columns: header and the cell of an item. */
  columns: Array<[header: string, cell: (item: I) => CsvValue]>;
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
  app.get(
    options.path,
    {
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
      schema: {
        tags: options.tags,
        security,
        summary: `${options.noun[0]!.toUpperCase()}${options.noun.slice(1)} the filter selects, as CSV`,
        querystring: options.query,
      },
    },
    async (request, reply) => {
      const batches = await options.stream(actorOf(request), request.query as z.infer<Q>);
      const body = await csvStream(
        options.columns.map(([header]) => header),
        batches,
        (item) => options.columns.map(([, cell]) => cell(item)),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${options.noun.replace(/\s+/g, '-')}.csv`))
        .send(body);
    },
  );
}
