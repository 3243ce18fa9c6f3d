// Contracts: thin routes over the service. Contract documents (/contracts/{id}/documents) live elsewhere.
import type { Plugin, Request, ServerRoute } from '@hapi/hapi';
import { depsOf, readScope, todayFor, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { ContractFilter } from './repository';
import { contractEnvelope, contractList, createBody, listQuery, patchBody } from './schemas';
import * as contracts from './service';

const writeEnv = (request: Request): contracts.WriteEnv => ({ today: todayFor(request), mailer: depsOf(request).mailer });
const TAGS = ['api', 'Contracts'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/contracts',
    options: {
      tags: TAGS,
      description: 'List contracts (filters: status, propertyId, tenantId = main tenant, search on the tenancy reference)',
      validate: { query: listQuery },
      response: { schema: contractList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & ContractFilter;
        const { data, total } = await contracts.list(readScope(request), todayFor(request), query, query);
        return { data, meta: listMeta(query, total, true) };
      },
    },
  },
  {
    method: 'POST',
    path: '/contracts',
    options: {
      tags: TAGS,
      description: 'Create a contract: status derived from the dates unless "Notice Served"; assignment emails to its tenants',
      validate: { payload: createBody },
      response: { status: { 201: contractEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => contracts.create(ctx, writeEnv(request), request.payload as contracts.ContractInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Get one contract',
      validate: { params: idParams },
      response: { schema: contractEnvelope },
      handler: async (request) => ({ data: await contracts.get(readScope(request), todayFor(request), request.params.id as string) }),
    },
  },
  {
    method: 'PATCH',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Update a contract: status recalculated from the dates unless the body has status "Notice Served"',
      validate: { params: idParams, payload: patchBody },
      response: { schema: contractEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => contracts.update(ctx, writeEnv(request), request.params.id as string, request.payload as contracts.ContractInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a contract',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => contracts.remove(ctx, request.params.id as string));
        return { data };
      },
    },
  },
];

export const contractsPlugin: Plugin<void> = {
  name: 'resources/contracts',
  register(server) {
    server.route(routes);
  },
};
