// Maintenance issues and their notes: thin routes over the service. The removed PATCH /maintenance/{id} (410)
// is served by the platform's removed-routes table, not here. Typed routes (params, query, payload as validated).
import { readScope, write } from '../../platform/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { IssueInput, IssueCreateInput } from './fields';
import {
  createBody,
  issueEnvelope,
  issueList,
  listQuery,
  noteBody,
  noteEnvelope,
  noteList,
  notesQuery,
  patchBody,
  type ListQuery,
  type NoteBody,
} from './schemas';
import * as issues from './service';

const TAGS = ['api', 'Maintenance'];

export const maintenancePlugin = resourcePlugin('resources/maintenance', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/maintenance/issues',
    options: {
      tags: TAGS,
      description: 'List maintenance issues (filters: status, propertyId, priority, assignedContactId)',
      validate: { query: listQuery },
      response: { schema: issueList },
      handler: async (request) => {
        const { data, total } = await issues.list(readScope(request), request.query, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: IssueCreateInput }>({
    method: 'POST',
    path: '/maintenance/issues',
    options: {
      tags: ['api', 'Maintenance', 'Tasks'],
      description: 'Open a maintenance issue (status Open)',
      validate: { payload: createBody },
      response: { status: { 201: issueEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => issues.create(ctx, request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description: 'Get one maintenance issue',
      validate: { params: idParams },
      response: { schema: issueEnvelope },
      handler: async (request) => ({ data: await issues.get(readScope(request), request.params.id) }),
    },
  }),
  route<{ Params: IdParams; Payload: IssueInput }>({
    method: 'PATCH',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description:
        'Update a maintenance issue: details, assignment, status moves (409 CONFLICT on a move not allowed, or on a Closed issue)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: issueEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => issues.update(ctx, request.params.id, request.payload));
        return { data };
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a maintenance issue',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => issues.remove(ctx, request.params.id));
        return { data };
      },
    },
  }),
  route<{ Params: IdParams; Query: PageRequest }>({
    method: 'GET',
    path: '/maintenance/issues/{id}/notes',
    options: {
      tags: TAGS,
      description: "List an issue's notes, oldest first",
      validate: { params: idParams, query: notesQuery },
      response: { schema: noteList },
      handler: async (request) => {
        const { data, total } = await issues.notes(readScope(request), request.params.id, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Params: IdParams; Payload: NoteBody }>({
    method: 'POST',
    path: '/maintenance/issues/{id}/notes',
    options: {
      tags: TAGS,
      description: 'Add a note to an issue, as the account owner',
      validate: { params: idParams, payload: noteBody },
      response: { status: { 201: noteEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => issues.addNote(ctx, request.params.id, request.payload.text));
        return h.response({ data }).code(201);
      },
    },
  }),
]);
