// Mortgages: HTTP shape only. Typed routes (params, query, payload as validated), thin handlers over the service.
import { readScope, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { MortgageInput } from './fields';
import { createBody, listQuery, mortgageEnvelope, mortgageList, patchBody, type ListQuery } from './schemas';
import * as mortgages from './service';

const TAGS = ['api', 'Mortgages'];

export const mortgagesPlugin = resourcePlugin('resources/mortgages', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/mortgages',
    options: {
      tags: TAGS,
      description: 'List mortgages (filters: status, propertyId = linked property, search on lender and reference)',
      validate: { query: listQuery },
      response: { schema: mortgageList },
      handler: async (request) => {
        const { data, total } = await mortgages.list(readScope(request), request.query, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: MortgageInput }>({
    method: 'POST',
    path: '/mortgages',
    options: {
      tags: TAGS,
      description: 'Create a mortgage linked to properties of the same landlord',
      validate: { payload: createBody },
      response: { status: { 201: mortgageEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => mortgages.create(ctx, request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Get one mortgage',
      validate: { params: idParams },
      response: { schema: mortgageEnvelope },
      handler: async (request) => ({ data: await mortgages.get(readScope(request), request.params.id) }),
    },
  }),
  route<{ Params: IdParams; Payload: MortgageInput }>({
    method: 'PATCH',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Update a mortgage; propertyIds replaces the linked set',
      validate: { params: idParams, payload: patchBody },
      response: { schema: mortgageEnvelope },
      handler: async (request) => ({
        data: await write(request, (ctx) => mortgages.update(ctx, request.params.id, request.payload)),
      }),
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/mortgages/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a mortgage',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => ({ data: await write(request, (ctx) => mortgages.remove(ctx, request.params.id)) }),
    },
  }),
]);
