// Tenants: thin routes over the service; validation and response shapes are the Joi schemas.
import type { Plugin, Request, ServerRoute } from '@hapi/hapi';
import { depsOf, readScope, todayFor, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { TenantFilter } from './repository';
import { createBody, listQuery, patchBody, tenantEnvelope, tenantList } from './schemas';
import * as tenants from './service';

const writeEnv = (request: Request): tenants.WriteEnv => ({ today: todayFor(request), mailer: depsOf(request).mailer });
const TAGS = ['api', 'Tenants'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/tenants',
    options: {
      tags: TAGS,
      description: 'List tenants (filters: propertyId, status, search on name and email)',
      validate: { query: listQuery },
      response: { schema: tenantList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & TenantFilter;
        const { data, total } = await tenants.list(readScope(request), query, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/tenants',
    options: {
      tags: TAGS,
      description: 'Create a tenant; a portal invitation is emailed when the tenant has no account',
      validate: { payload: createBody },
      response: { status: { 201: tenantEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => tenants.create(ctx, writeEnv(request), request.payload as tenants.TenantInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Get one tenant',
      validate: { params: idParams },
      response: { schema: tenantEnvelope },
      handler: async (request) => ({ data: await tenants.get(readScope(request), request.params.id as string) }),
    },
  },
  {
    method: 'PATCH',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Update a tenant (status and hasAccount are read-only)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: tenantEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => tenants.update(ctx, writeEnv(request), request.params.id as string, request.payload as tenants.TenantInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/tenants/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a tenant (409 while an Active, Pending or Notice Served contract names them)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => tenants.remove(ctx, writeEnv(request), request.params.id as string));
        return { data };
      },
    },
  },
];

export const tenantsPlugin: Plugin<void> = {
  name: 'resources/tenants',
  register(server) {
    server.route(routes);
  },
};
