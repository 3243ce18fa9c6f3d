// Inspections (under /maintenance/inspections): HTTP shape only. Typed routes, thin handlers over the service.
import { readScope, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { InspectionInput, InspectionCreateInput } from './fields';
import { createBody, inspectionEnvelope, inspectionList, listQuery, patchBody, type ListQuery } from './schemas';
import * as inspections from './service';

const TAGS = ['api', 'Maintenance', 'Inspections'];

export const inspectionsPlugin = resourcePlugin('resources/inspections', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/maintenance/inspections',
    options: {
      tags: TAGS,
      description:
        'List inspections by date (filters: propertyId, status, inspectionType, from/to on inspectionDate, inclusive)',
      validate: { query: listQuery },
      response: { schema: inspectionList },
      handler: async (request) => {
        const { data, total } = await inspections.list(readScope(request), request.query, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: InspectionCreateInput }>({
    method: 'POST',
    path: '/maintenance/inspections',
    options: {
      tags: TAGS,
      description: 'Book an inspection (status scheduled unless given as in_progress or completed)',
      validate: { payload: createBody },
      response: { status: { 201: inspectionEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => inspections.create(ctx, request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Get one inspection',
      validate: { params: idParams },
      response: { schema: inspectionEnvelope },
      handler: async (request) => ({ data: await inspections.get(readScope(request), request.params.id) }),
    },
  }),
  route<{ Params: IdParams; Payload: InspectionInput }>({
    method: 'PATCH',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Update an inspection: status moves, date, type, report fields (409 CONFLICT on a move not allowed)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: inspectionEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => inspections.update(ctx, request.params.id, request.payload));
        return { data };
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/maintenance/inspections/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete an inspection',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => inspections.remove(ctx, request.params.id));
        return { data };
      },
    },
  }),
]);
