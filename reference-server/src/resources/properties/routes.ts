// Properties: thin routes over the service; validation and response shapes are the Joi schemas.
import type { Plugin, Request, ServerRoute } from '@hapi/hapi';
import { cachedRead, readScope, todayFor, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { imageUrl, publicBaseUrl } from '../../storage/public-url';
import { createBody, listQuery, patchBody, propertyEnvelope, propertyList } from './schemas';
import * as properties from './service';
import type { PropertyFilter } from './repository';

export const presentContext = (request: Request): properties.PresentContext => ({ today: todayFor(request), imageUrl: (key) => imageUrl(request, key) });

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/properties',
    options: {
      tags: ['api', 'Properties'],
      description: 'List properties',
      validate: { query: listQuery },
      response: { schema: propertyList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & PropertyFilter;
        // Image links carry the public base URL, so it is part of the cache key.
        return cachedRead(request, [publicBaseUrl(request)], async () => {
          const { data, total } = await properties.list(readScope(request), presentContext(request), query, query);
          return { data, meta: listMeta(query, total) };
        });
      },
    },
  },
  {
    method: 'POST',
    path: '/properties',
    options: {
      tags: ['api', 'Properties'],
      description: 'Create a property (only status Maintenance may be set)',
      validate: { payload: createBody },
      response: { status: { 201: propertyEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => properties.create(ctx, presentContext(request), request.payload as properties.PropertyInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Get one property',
      validate: { params: idParams },
      response: { schema: propertyEnvelope },
      handler: async (request) =>
        cachedRead(request, [publicBaseUrl(request)], async () => ({ data: await properties.get(readScope(request), presentContext(request), request.params.id as string) })),
    },
  },
  {
    method: 'PATCH',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Update a property: status Maintenance or null, renewal dates checked against certificates',
      validate: { params: idParams, payload: patchBody },
      response: { schema: propertyEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => properties.update(ctx, presentContext(request), request.params.id as string, request.payload as properties.PropertyInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Soft-delete a property (409 while an Active, Pending or Notice Served contract is linked)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => properties.remove(ctx, request.params.id as string, todayFor(request)));
        return { data };
      },
    },
  },
];

export const propertiesPlugin: Plugin<void> = {
  name: 'resources/properties',
  register(server) {
    server.route(routes);
  },
};
