// Properties: HTTP shape only. Typed routes (params, query, payload as validated), thin handlers over the service.
import type { ReqRef, Request } from '@hapi/hapi';
import { cachedRead, readScope, todayFor, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { imageUrl, publicBaseUrl } from '../../storage/public-url';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { PropertyInput } from './fields';
import { createBody, listQuery, patchBody, propertyEnvelope, propertyList, type ListQuery } from './schemas';
import * as properties from './service';

export const presentContext = <Refs extends ReqRef>(request: Request<Refs>): properties.PresentContext => ({
  today: todayFor(request),
  imageUrl: (key) => imageUrl(request, key),
});

export const propertiesPlugin = resourcePlugin('resources/properties', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/properties',
    options: {
      tags: ['api', 'Properties'],
      description: 'List properties',
      validate: { query: listQuery },
      response: { schema: propertyList },
      handler: async (request) => {
        // Image links carry the public base URL, so it is part of the cache key.
        return cachedRead(request, [publicBaseUrl(request)], async () => {
          const { data, total } = await properties.list(
            readScope(request),
            presentContext(request),
            request.query,
            request.query,
          );
          return { data, meta: listMeta(request.query, total) };
        });
      },
    },
  }),
  route<{ Payload: PropertyInput }>({
    method: 'POST',
    path: '/properties',
    options: {
      tags: ['api', 'Properties'],
      description: 'Create a property (only status Maintenance may be set)',
      validate: { payload: createBody },
      response: { status: { 201: propertyEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => properties.create(ctx, presentContext(request), request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Get one property',
      validate: { params: idParams },
      response: { schema: propertyEnvelope },
      handler: async (request) =>
        cachedRead(request, [publicBaseUrl(request)], async () => ({
          data: await properties.get(readScope(request), presentContext(request), request.params.id),
        })),
    },
  }),
  route<{ Params: IdParams; Payload: PropertyInput }>({
    method: 'PATCH',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Update a property: status Maintenance or null, renewal dates checked against certificates',
      validate: { params: idParams, payload: patchBody },
      response: { schema: propertyEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) =>
          properties.update(ctx, presentContext(request), request.params.id, request.payload),
        );
        return { data };
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/properties/{id}',
    options: {
      tags: ['api', 'Properties'],
      description: 'Soft-delete a property (409 while an Active, Pending or Notice Served contract is linked)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => properties.remove(ctx, request.params.id, todayFor(request)));
        return { data };
      },
    },
  }),
]);
