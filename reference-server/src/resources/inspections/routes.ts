// Inspections (under /maintenance/inspections): thin routes over the service.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { InspectionFilter } from './repository';
import { createBody, inspectionEnvelope, inspectionList, listQuery, patchBody } from './schemas';
import * as inspections from './service';

const TAGS = ['api', 'Maintenance', 'Inspections'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/maintenance/inspections',
    options: {
      tags: TAGS,
      description: 'List inspections by date (filters: propertyId, status, inspectionType, from/to on inspectionDate, inclusive)',
      validate: { query: listQuery },
      response: { schema: inspectionList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & InspectionFilter;
        const { data, total } = await inspections.list(readScope(request), query, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/maintenance/inspections',
    options: {
      tags: TAGS,
      description: 'Book an inspection (status scheduled unless given as in_progress or completed)',
      validate: { payload: createBody },
      response: { status: { 201: inspectionEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => inspections.create(ctx, request.payload as inspections.InspectionInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Get one inspection',
      validate: { params: idParams },
      response: { schema: inspectionEnvelope },
      handler: async (request) => ({ data: await inspections.get(readScope(request), request.params.id as string) }),
    },
  },
  {
    method: 'PATCH',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Update an inspection: status moves, date, type, report fields (409 CONFLICT on a move not allowed)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: inspectionEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => inspections.update(ctx, request.params.id as string, request.payload as inspections.InspectionInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete an inspection',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => inspections.remove(ctx, request.params.id as string));
        return { data };
      },
    },
  },
];

export const inspectionsPlugin: Plugin<void> = {
  name: 'resources/inspections',
  register(server) {
    server.route(routes);
  },
};
