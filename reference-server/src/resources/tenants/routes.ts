// Tenants: HTTP shape only. Typed routes (params, query, payload as validated), thin handlers over the service.
import type { ReqRef, Request } from '@hapi/hapi';
import { depsOf, readScope, todayFor, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { TenantInput, TenantCreateInput } from './fields';
import { createBody, listQuery, patchBody, tenantEnvelope, tenantList, type ListQuery } from './schemas';
import * as tenants from './service';

const writeEnv = <Refs extends ReqRef>(request: Request<Refs>): tenants.WriteEnv => ({
  today: todayFor(request),
  mailer: depsOf(request).mailer,
});
const TAGS = ['api', 'Tenants'];

export const tenantsPlugin = resourcePlugin('resources/tenants', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/tenants',
    options: {
      tags: TAGS,
      description: 'List tenants (filters: propertyId, status, search on name and email)',
      validate: { query: listQuery },
      response: { schema: tenantList },
      handler: async (request) => {
        const { data, total } = await tenants.list(readScope(request), request.query, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: TenantCreateInput }>({
    method: 'POST',
    path: '/tenants',
    options: {
      tags: TAGS,
      description: 'Create a tenant; a portal invitation is emailed when the tenant has no account',
      validate: { payload: createBody },
      response: { status: { 201: tenantEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => tenants.create(ctx, writeEnv(request), request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Get one tenant',
      validate: { params: idParams },
      response: { schema: tenantEnvelope },
      handler: async (request) => ({ data: await tenants.get(readScope(request), request.params.id) }),
    },
  }),
  route<{ Params: IdParams; Payload: TenantInput }>({
    method: 'PATCH',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Update a tenant (status and hasAccount are read-only)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: tenantEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) =>
          tenants.update(ctx, writeEnv(request), request.params.id, request.payload),
        );
        return { data };
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a tenant (409 while an Active, Pending or Notice Served contract names them)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => tenants.remove(ctx, writeEnv(request), request.params.id));
        return { data };
      },
    },
  }),
]);
