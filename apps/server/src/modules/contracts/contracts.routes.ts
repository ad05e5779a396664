import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTRACT_CSV_COLUMNS } from '@laurel/contract/contracts';

import {
  ZContract,
  ZContractBody,
  ZContractListQuery,
  ZContractPage,
  ZCurrentContracts,
} from '@laurel/contract/contracts';
import { API_PATHS } from '@laurel/contract/paths';
import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import type { ContractsService } from './contracts.service.ts';

export const contractsRoutes: FastifyPluginAsyncZod<{ contracts: ContractsService }> = async (
  app,
  { contracts },
) => {
  const tags = ['contracts'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  registerListRoutes(app, {
    path: API_PATHS.contracts,
    exportPath: API_PATHS.contractsExport,
    tags,
    noun: 'contracts',
    query: ZContractListQuery,
    page: ZContractPage,
    list: contracts.list,
    stream: contracts.stream,
    recordExport: contracts.recordExport,
    columns: CONTRACT_CSV_COLUMNS,
  });

  app.get(
    API_PATHS.contract(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One contract with line items and usage',
        params: ZIdParams,
        response: { 200: ZContract, ...errors },
      },
    },
    async (request) => contracts.get(actorOf(request), request.params.id),
  );

  app.get(
    API_PATHS.organizationContractUsage(':id'),
    {
      schema: {
        tags,
        security,
        summary: "An organization's contracts that cover today, with their usage this period",
        description:
          'ACTIVE contracts whose period includes today (UTC), each line item with what was used of it: seats are the active users, matches the usage events since the contract started.',
        params: ZIdParams,
        response: { 200: ZCurrentContracts, ...errors },
      },
    },
    async (request) => contracts.current(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.contracts,
    {
      schema: {
        tags,
        security,
        summary: 'Create a contract (platform admin)',
        body: ZContractBody,
        response: { 201: ZContract, 409: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await contracts.create(actorOf(request), request.body)),
  );

  app.put(
    API_PATHS.contract(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Replace a contract and its line items (platform admin)',
        params: ZIdParams,
        body: ZContractBody,
        response: { 200: ZContract, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => contracts.update(actorOf(request), request.params.id, request.body),
  );
};
