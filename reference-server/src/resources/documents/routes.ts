// Property documents and contract documents: list (with signed download links), multipart upload, soft delete.
// HTTP shape only: typed routes, thin handlers over the service.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import { depsOf, readScope, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { deletedBody, idParams } from '../../platform/http/schemas';
import { utcDate } from '../../platform/clock';
import { storageOf } from '../../storage';
import { MEDIA_PREFIX } from '../../storage/public-url';
import { assertFileSize, readUpload, uploadPayload } from '../../storage/upload';
import { storeFixtureDocuments } from '../../fixtures/load';
import { route, type IdParams, type TypedRoute } from '../../platform/http/routes';
import { documentDownloadPlugin, downloadLinks } from './download';
import {
  contractDocumentEnvelope,
  contractDocumentList,
  contractListQuery,
  docParams,
  DOCUMENT_MAX_BYTES,
  propertyDocumentEnvelope,
  propertyDocumentList,
  propertyListQuery,
  uploadBody,
  type DocParams,
  type ListQuery,
  type UploadFields,
} from './schemas';
import * as documents from './service';
import type { DocumentKind } from './signing';

type ListRefs = { Params: IdParams; Query: ListQuery };
type UploadRefs = { Params: IdParams; Payload: UploadFields };

const listHandler = (kind: DocumentKind) => async (request: Request<ListRefs>) => {
  const today = utcDate(depsOf(request).clock); // the spec's "today (UTC)"
  const { data, total } = await documents.list(
    readScope(request),
    kind,
    request.params.id,
    request.query,
    today,
    downloadLinks(request),
  );
  return { data, meta: listMeta(request.query, total) };
};

const uploadHandler = (kind: DocumentKind) => async (request: Request<UploadRefs>, h: ResponseToolkit<UploadRefs>) => {
  const { file: part, ...input } = request.payload;
  const file = await readUpload(part);
  assertFileSize(file, DOCUMENT_MAX_BYTES, 'The document');
  const storage = storageOf(request);
  const links = downloadLinks(request);
  const data = await write(request, (ctx) =>
    documents.upload(ctx, storage, kind, request.params.id, input, file, links),
  );
  return h.response({ data }).code(201);
};

const deleteHandler = (kind: DocumentKind) => async (request: Request<{ Params: DocParams }>) => {
  const data = await write(request, (ctx) => documents.remove(ctx, kind, request.params.id, request.params.docId));
  return { data };
};

function routesFor(kind: DocumentKind): TypedRoute[] {
  const base = kind === 'property' ? '/properties/{id}/documents' : '/contracts/{id}/documents';
  const tag = kind === 'property' ? 'Properties' : 'Contracts';
  return [
    route<ListRefs>({
      method: 'GET',
      path: base,
      options: {
        tags: ['api', tag],
        description:
          kind === 'property'
            ? 'List property documents (optionally only those expiring within N days)'
            : 'List contract documents',
        validate: { params: idParams, query: kind === 'property' ? propertyListQuery : contractListQuery },
        response: { schema: kind === 'property' ? propertyDocumentList : contractDocumentList },
        handler: listHandler(kind),
      },
    }),
    route<UploadRefs>({
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
    }),
    route<{ Params: DocParams }>({
      method: 'DELETE',
      path: `${base}/{docId}`,
      options: {
        tags: ['api', tag],
        description: `Soft-delete a ${kind} document (the stored object is retained)`,
        validate: { params: docParams, query: Joi.object({}) },
        response: { schema: deletedBody },
        handler: deleteHandler(kind),
      },
    }),
  ];
}

export const documentsPlugin: Plugin<void> = {
  name: 'resources/documents',
  async register(server) {
    for (const r of [...routesFor('property'), ...routesFor('contract')]) r.register(server);
    // A prefix given on the registration item overrides the inherited one (the public API's) instead of extending
    // it, so the download route lives outside the API, at /media/documents/{token}.
    await server.register({ plugin: documentDownloadPlugin, routes: { prefix: MEDIA_PREFIX } });
    // Fixture documents get their bytes whenever a server starts on a seeded database (idempotent).
    server.ext('onPreStart', async () => {
      await storeFixtureDocuments(depsOf(server).knex, storageOf(server));
    });
  },
};
