// Mortgages: thin routes over the service; validation and response shapes are the Joi schemas.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { MortgageFilter } from './repository';
import { createBody, listQuery, mortgageEnvelope, mortgageList, patchBody } from './schemas';
import * as mortgages from './service';

const TAGS = ['api', 'Mortgages'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/mortgages',
    options: {
      tags: TAGS,
      description: 'List mortgages (filters: status, propertyId = linked property, search on lender and reference)',
      validate: { query: listQuery },
      response: { schema: mortgageList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & MortgageFilter;
        const { data, total } = await mortgages.list(readScope(request), query, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/mortgages',
    options: {
      tags: TAGS,
      description: 'Create a mortgage linked to properties of the same landlord',
      validate: { payload: createBody },
      response: { status: { 201: mortgageEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => mortgages.create(ctx, request.payload as mortgages.MortgageInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Get one mortgage',
      validate: { params: idParams },
      response: { schema: mortgageEnvelope },
      handler: async (request) => ({ data: await mortgages.get(readScope(request), request.params.id as string) }),
    },
  },
  {
    method: 'PATCH',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Update a mortgage; propertyIds replaces the linked set',
      validate: { params: idParams, payload: patchBody },
      response: { schema: mortgageEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => mortgages.update(ctx, request.params.id as string, request.payload as mortgages.MortgageInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a mortgage',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => mortgages.remove(ctx, request.params.id as string));
        return { data };
      },
    },
  },
];

export const mortgagesPlugin: Plugin<void> = {
  name: 'resources/mortgages',
  register(server) {
    server.route(routes);
  },
};
