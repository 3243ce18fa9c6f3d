// Contacts: thin routes over the service; validation and response shapes are the Joi schemas.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope, write } from '../../server/app-context';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import type { ContactFilter } from './repository';
import { contactDetailEnvelope, contactEnvelope, contactList, createBody, detailQuery, listQuery, patchBody } from './schemas';
import * as contacts from './service';

const TAGS = ['api', 'Contacts'];

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/contacts',
    options: {
      tags: TAGS,
      description: 'List business contacts (filters: search on name, company and email; category)',
      validate: { query: listQuery },
      response: { schema: contactList },
      handler: async (request) => {
        const query = request.query as unknown as PageRequest & ContactFilter;
        const { data, total } = await contacts.list(readScope(request), query, query);
        return { data, meta: listMeta(query, total) };
      },
    },
  },
  {
    method: 'POST',
    path: '/contacts',
    options: {
      tags: TAGS,
      description: 'Create a business contact',
      validate: { payload: createBody },
      response: { status: { 201: contactEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => contacts.create(ctx, request.payload as contacts.ContactInput));
        return h.response({ data }).code(201);
      },
    },
  },
  {
    method: 'GET',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Get one contact; includeHistory=true adds its paginated work history (historyPage, historyLimit)',
      validate: { params: idParams, query: detailQuery },
      response: { schema: contactDetailEnvelope },
      handler: async (request) => ({
        data: await contacts.get(readScope(request), request.params.id as string, request.query as unknown as contacts.DetailOptions),
      }),
    },
  },
  {
    method: 'PATCH',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Update a contact',
      validate: { params: idParams, payload: patchBody },
      response: { schema: contactEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) => contacts.update(ctx, request.params.id as string, request.payload as contacts.ContactInput));
        return { data };
      },
    },
  },
  {
    method: 'DELETE',
    path: '/contacts/{id}',
    options: {
      tags: TAGS,
      description: 'Soft-delete a contact (issues keep the assignment as history)',
      validate: { params: idParams },
      response: { schema: deletedBody },
      handler: async (request) => {
        const data = await write(request, (ctx) => contacts.remove(ctx, request.params.id as string));
        return { data };
      },
    },
  },
];

export const contactsPlugin: Plugin<void> = {
  name: 'resources/contacts',
  register(server) {
    server.route(routes);
  },
};
