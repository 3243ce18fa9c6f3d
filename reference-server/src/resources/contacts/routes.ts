// Contacts: HTTP shape only. Typed routes (params, query, payload as validated), thin handlers over the service.
import { readScope, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import type { ContactInput } from './fields';
import {
  contactDetailEnvelope,
  contactEnvelope,
  contactList,
  createBody,
  detailQuery,
  listQuery,
  patchBody,
  type DetailQuery,
  type ListQuery,
} from './schemas';
import * as contacts from './service';

const TAGS = ['api', 'Contacts'];

export const contactsPlugin = resourcePlugin('resources/contacts', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/contacts',
    options: {
      tags: TAGS,
      description: 'List business contacts (filters: search on name, company and email; category)',
      validate: { query: listQuery },
      response: { schema: contactList },
      handler: async (request) => {
        const { data, total } = await contacts.list(readScope(request), request.query, request.query);
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: ContactInput }>({
    method: 'POST',
    path: '/contacts',
    options: {
      tags: TAGS,
      description: 'Create a business contact',
      validate: { payload: createBody },
      response: { status: { 201: contactEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => contacts.create(ctx, request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams; Query: DetailQuery }>({
    method: 'GET',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Get one contact; includeHistory=true adds its paginated work history (historyPage, historyLimit)',
      validate: { params: idParams, query: detailQuery },
      response: { schema: contactDetailEnvelope },
      handler: async (request) => ({ data: await contacts.get(readScope(request), request.params.id, request.query) }),
    },
  }),
  route<{ Params: IdParams; Payload: ContactInput }>({
    method: 'PATCH',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Update a contact',
      validate: { params: idParams, payload: patchBody },
      response: { schema: contactEnvelope },
      handler: async (request) => ({
        data: await write(request, (ctx) => contacts.update(ctx, request.params.id, request.payload)),
      }),
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a contact (issues keep the assignment as history)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => ({ data: await write(request, (ctx) => contacts.remove(ctx, request.params.id)) }),
    },
  }),
]);
