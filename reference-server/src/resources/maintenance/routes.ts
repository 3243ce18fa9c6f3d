// Maintenance issues and their notes: thin routes over the service. The removed PATCH /maintenance/{id} (410)
// is served by the platform's removed-routes table, not here.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { IssueFilter } from './repository';
import { createBody, issueEnvelope, issueList, listQuery, noteBody, noteEnvelope, noteList, notesQuery, patchBody } from './schemas';
import * as issues from './service';

const TAGS = ['api', 'Maintenance'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/maintenance/issues',
    options: {
      tags: TAGS,
      description: 'List maintenance issues (filters: status, propertyId, priority, assignedContactId)',
      validate: { query: listQuery },
      response: { schema: issueList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & IssueFilter;
        const { data, total } = await issues.list(readScope(request), query, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/maintenance/issues',
    options: {
      tags: ['api', 'Maintenance', 'Tasks'],
      description: 'Open a maintenance issue (status Open)',
      validate: { payload: createBody },
      response: { status: { 201: issueEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => issues.create(ctx, request.payload as issues.IssueInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description: 'Get one maintenance issue',
      validate: { params: idParams },
      response: { schema: issueEnvelope },
      handler: async (request) => ({ data: await issues.get(readScope(request), request.params.id as string) }),
    },
  },
  {
    method: 'PATCH',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description: 'Update a maintenance issue: details, assignment, status moves (409 CONFLICT on a move not allowed, or on a Closed issue)',
      validate: { params: idParams, payload: patchBody },
      response: { schema: issueEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => issues.update(ctx, request.params.id as string, request.payload as issues.IssueInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/maintenance/issues/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a maintenance issue',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => issues.remove(ctx, request.params.id as string));
        return { data };
      },
    },
  },
  {
    method: 'GET',
    path: '/maintenance/issues/{id}/notes',
    options: {
      tags: TAGS,
      description: "List an issue's notes, oldest first",
      validate: { params: idParams, query: notesQuery },
      response: { schema: noteList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest;
        const { data, total } = await issues.notes(readScope(request), request.params.id as string, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/maintenance/issues/{id}/notes',
    options: {
      tags: TAGS,
      description: 'Add a note to an issue, as the account owner',
      validate: { params: idParams, payload: noteBody },
      response: { status: { 201: noteEnvelope } },
      handler: async (request, h) => {
        const { text } = request.payload as { text: string };
        const data = await write(request, (ctx) => issues.addNote(ctx, request.params.id as string, text));
        return h.response({ data }).code(201);
      },
    },
  },
];

export const maintenancePlugin: Plugin<void> = {
  name: 'resources/maintenance',
  register(server) {
    server.route(routes);
  },
};
