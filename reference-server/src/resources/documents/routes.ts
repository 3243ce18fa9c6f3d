// Property documents and contract documents: list (with signed download links), multipart upload, soft delete.
import type { Plugin, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { depsOf, readScope, write } from '../../server/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { utcDate } from '../../platform/clock';
import { storageOf } from '../../storage';
import { MEDIA_PREFIX } from '../../storage/public-url';
import { assertFileSize, readUpload, uploadPayload } from '../../storage/upload';
import { storeFixtureDocuments } from '../../fixtures/load';
import { documentDownloadPlugin, downloadLinks } from './download';
import {
  contractDocumentEnvelope, contractDocumentList, contractListQuery, docParams, DOCUMENT_MAX_BYTES, propertyDocumentEnvelope,
  propertyDocumentList, propertyListQuery, uploadBody, type UploadFields,
} from './schemas';
import * as documents from './service';
import type { DocumentKind } from './signing';

const listHandler = (kind: DocumentKind) => async (request: Request) => {
  const query = request.query as unknown as documents.ListInput;
  const today = utcDate(depsOf(request).clock); // the spec's "today (UTC)"
  const { data, total } = await documents.list(readScope(request), kind, request.params.id as string, query, today, downloadLinks(request));
  return { data, meta: listMeta(query, total) };
};

const uploadHandler = (kind: DocumentKind) => async (request: Request, h: ResponseToolkit) => {
  const fields = request.payload as UploadFields;
  const file = await readUpload(fields.file);
  assertFileSize(file, DOCUMENT_MAX_BYTES, 'The document');
  const storage = storageOf(request);
  const links = downloadLinks(request);
  const input = { name: fields.name, type: fields.type, expiryDate: fields.expiryDate };
  const data = await write(request, (ctx) => documents.upload(ctx, storage, kind, request.params.id as string, input, file, links));
  return h.response({ data }).code(201);
};

const deleteHandler = (kind: DocumentKind) => async (request: Request) => {
  const data = await write(request, (ctx) => documents.remove(ctx, kind, request.params.id as string, request.params.docId as string));
  return { data };
};

function routesFor(kind: DocumentKind): ServerRoute[] {
  const base = kind === 'property' ? '/properties/{id}/documents' : '/contracts/{id}/documents';
  const tag = kind === 'property' ? 'Properties' : 'Contracts';
  return [
    {
      method: 'GET',
      path: base,
      options: {
        tags: ['api', tag],
        description: kind === 'property' ? 'List property documents (optionally only those expiring within N days)' : 'List contract documents',
        validate: { params: idParams, query: kind === 'property' ? propertyListQuery : contractListQuery },
        response: { schema: kind === 'property' ? propertyDocumentList : contractDocumentList },
        handler: listHandler(kind),
      },
    },
    {
      method: 'POST',
      path: base,
      options: {
        tags: ['api', tag],
        description: `Upload a ${kind} document (multipart: file, name, type, optional expiryDate)`,
        payload: uploadPayload(DOCUMENT_MAX_BYTES),
        plugins: { errors: { upload: true } },
        validate: { params: idParams, query: Joi.object({}), payload: uploadBody },
        response: { status: { 201: kind === 'property' ? propertyDocumentEnvelope : contractDocumentEnvelope } },
        handler: uploadHandler(kind),
      },
    },
    {
      method: 'DELETE',
      path: `${base}/{docId}`,
      options: {
        tags: ['api', tag],
        description: `Soft-delete a ${kind} document (the stored object is retained)`,
        validate: { params: docParams, query: Joi.object({}) },
        response: { schema: deletedBody },
        handler: deleteHandler(kind),
      },
    },
  ];
}

export const documentsPlugin: Plugin<void> = {
  name: 'resources/documents',
  async register(server) {
    server.route([...routesFor('property'), ...routesFor('contract')]);
    // A prefix given on the registration item overrides the inherited one (the public API's) instead of extending
    // it, so the download route lives outside the API, at /media/documents/{token}.
    await server.register({ plugin: documentDownloadPlugin, routes: { prefix: MEDIA_PREFIX } });
    // Fixture documents get their bytes whenever a server starts on a seeded database (idempotent).
    server.ext('onPreStart', async () => {
      await storeFixtureDocuments(depsOf(server).knex, storageOf(server));
    });
  },
};
