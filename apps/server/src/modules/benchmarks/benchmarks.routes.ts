import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  BENCHMARK_COLUMNS,
  BENCHMARK_MAX_BYTES,
  BENCHMARK_METRICS,
  ZBenchmarkComparison,
  ZBenchmarkComparisonQuery,
  ZBenchmarkDataSet,
  ZBenchmarkDataSetList,
  ZBenchmarkFileCheck,
} from '@laurel/contract/benchmarks';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';

import { actorOf } from '../../lib/actor.ts';
import { type IncomingFile, incomingFile, intakeRefusal } from '../../lib/file-intake.ts';
import { BENCHMARK_INTAKE, type BenchmarksService } from './benchmarks.service.ts';

export const benchmarksRoutes: FastifyPluginAsyncZod<{ benchmarks: BenchmarksService }> = async (
  app,
  { benchmarks },
) => {
  // Scoped to this plugin: files stream to disk; nothing is buffered in memory.
  await app.register(multipart, { limits: { fileSize: BENCHMARK_MAX_BYTES } });

  const tags = ['benchmarks'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
  const fileDescription = `multipart/form-data with one file field \`file\`: a UTF-8 CSV with the columns ${BENCHMARK_COLUMNS.join(', ')} (docs/benchmarks.md), at most ${BENCHMARK_MAX_BYTES / (1024 * 1024)} MB; metric is one of ${BENCHMARK_METRICS.join(', ')}. Every row is checked before any is stored: a file with errors is refused whole (400), with \`fieldErrors\` keyed \`<line>.<column>\` (the header is line 1; \`<line>.row\` for the row as a whole).`;

  const receive = async <T>(
    request: FastifyRequest,
    store: (file: IncomingFile) => Promise<T>,
  ): Promise<T> => {
    // Nobody's file is read before they are known to be allowed to send it.
    benchmarks.authorize(actorOf(request));
    const file = await incomingFile(request, BENCHMARK_INTAKE);
    try {
      return await store(file);
    } catch (error) {
      throw intakeRefusal(error, file, BENCHMARK_INTAKE.refusals);
    }
  };

  app.get(
    API_PATHS.benchmarks,
    {
      schema: {
        tags,
        security,
        summary: 'Benchmark data sets, latest first (platform admins)',
        response: { 200: ZBenchmarkDataSetList, 403: ZErrorResponse },
      },
    },
    async (request) => ({ items: await benchmarks.list(actorOf(request)) }),
  );

  app.post(
    API_PATHS.benchmarks,
    {
      schema: {
        tags,
        security,
        summary: 'Import a benchmark file as a new data set (platform admins)',
        description: fileDescription,
        consumes: ['multipart/form-data'],
        response: { 201: ZBenchmarkDataSet, 413: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await receive(request, (file) =>
        benchmarks.importFile(actorOf(request), file),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    API_PATHS.benchmarkCheck,
    {
      schema: {
        tags,
        security,
        summary: 'Check a benchmark file without storing it (platform admins)',
        description: `${fileDescription} Answers with the file's row count, so that a replacement can be confirmed with it; nothing is stored.`,
        consumes: ['multipart/form-data'],
        response: { 200: ZBenchmarkFileCheck, 413: ZErrorResponse, ...errors },
      },
    },
    async (request) => receive(request, (file) => benchmarks.checkFile(actorOf(request), file)),
  );

  app.post(
    API_PATHS.benchmarkRestore(':id'),
    {
      schema: {
        tags,
        security,
        summary: "Restore a benchmark data set's previous version (platform admins)",
        description:
          'Puts back the rows and file a replacement replaced (kept 30 days); the rows it replaces become the previous version, so a second restore undoes the first. 409 when there is no previous version.',
        params: ZIdParams,
        response: { 200: ZBenchmarkDataSet, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => benchmarks.restorePrevious(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.benchmarkComparison,
    {
      schema: {
        tags,
        security,
        summary: "A credential's earnings benchmark and high-school earnings threshold",
        description:
          "The median earnings for the credential's program code (CIP, or SOC) in its organization's state, else the nation, and the high-school earnings threshold of that place, in the insights' dollars (CPI-U). Null where the benchmark data have none.",
        querystring: ZBenchmarkComparisonQuery,
        response: { 200: ZBenchmarkComparison, ...errors },
      },
    },
    async (request) => benchmarks.comparison(actorOf(request), request.query),
  );

  app.put(
    API_PATHS.benchmark(':id'),
    {
      schema: {
        tags,
        security,
        summary: "Replace a benchmark data set's rows with a new file (platform admins)",
        description: `${fileDescription} The data set keeps its id (and its precedence); its old rows stay until the new file is accepted whole, and are then kept as its previous version, restorable for 30 days.`,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZBenchmarkDataSet, 413: ZErrorResponse, ...errors },
      },
    },
    async (request) =>
      receive(request, (file) => benchmarks.replaceFile(actorOf(request), request.params.id, file)),
  );

  app.delete(
    API_PATHS.benchmark(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Delete a benchmark data set (platform admins)',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await benchmarks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
