// Contracts: HTTP shape only (typed routes, thin handlers over the service). Contract documents
// (/contracts/{id}/documents) live elsewhere.
import type { ReqRef, Request } from '@hapi/hapi';
import { depsOf, readScope, todayFor, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { ContractInput, ContractCreateInput } from './fields';
import { contractEnvelope, contractList, createBody, listQuery, patchBody, type ListQuery } from './schemas';
import * as contracts from './service';

const writeEnv = <Refs extends ReqRef>(request: Request<Refs>): contracts.WriteEnv => ({
  today: todayFor(request),
  mailer: depsOf(request).mailer,
});
const TAGS = ['api', 'Contracts'];

export const contractsPlugin = resourcePlugin('resources/contracts', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/contracts',
    options: {
      tags: TAGS,
      description:
        'List contracts (filters: status, propertyId, tenantId = main tenant, search on the tenancy reference)',
      validate: { query: listQuery },
      response: { schema: contractList },
      handler: async (request) => {
        const { data, total } = await contracts.list(
          readScope(request),
          todayFor(request),
          request.query,
          request.query,
        );
        return { data, meta: listMeta(request.query, total, true) };
      },
    },
  }),
  route<{ Payload: ContractCreateInput }>({
    method: 'POST',
    path: '/contracts',
    options: {
      tags: TAGS,
      description:
        'Create a contract: status derived from the dates unless "Notice Served"; assignment emails to its tenants',
      validate: { payload: createBody },
      response: { status: { 201: contractEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => contracts.create(ctx, writeEnv(request), request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Get one contract',
      validate: { params: idParams },
      response: { schema: contractEnvelope },
      handler: async (request) => ({
        data: await contracts.get(readScope(request), todayFor(request), request.params.id),
      }),
    },
  }),
  route<{ Params: IdParams; Payload: ContractInput }>({
    method: 'PATCH',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Update a contract: status recalculated from the dates unless the body has status "Notice Served"',
      validate: { params: idParams, payload: patchBody },
      response: { schema: contractEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) =>
          contracts.update(ctx, writeEnv(request), request.params.id, request.payload),
        );
        return { data };
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/contracts/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a contract',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => contracts.remove(ctx, request.params.id));
        return { data };
      },
    },
  }),
]);
