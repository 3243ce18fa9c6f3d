// Chat: list messages, send one (multipart text and/or file, as the account owner), download an attachment.
// HTTP shape only: typed routes, thin handlers over the service.
import type { ReqRef, Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import { readScope, todayFor, write } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { idParams } from '../../platform/http/schemas';
import { storageOf } from '../../storage';
import { publicBaseUrl } from '../../storage/public-url';
import { assertFileSize, readUpload, uploadPayload } from '../../storage/upload';
import { contentDisposition } from '../documents/download';
import type { AttachmentUrl } from './presenter';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import {
  ATTACHMENT_MAX_BYTES,
  listQuery,
  messageEnvelope,
  messageList,
  sendBody,
  type ListQuery,
  type SendFields,
} from './schemas';
import * as chat from './service';

const TAGS = ['api', 'Chat'];

/** Links to the attachment route under the prefix this plugin was registered with (the public API's). */
function attachmentUrls<Refs extends ReqRef>(request: Request<Refs>): AttachmentUrl {
  const base = `${publicBaseUrl(request)}${request.route.realm.modifiers.route.prefix ?? ''}`;
  return (messageId) => `${base}/chat/messages/${messageId}/attachment`;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The file name without any client path, and a declared content type only when it is well formed. */
function attachmentOf(upload: { bytes: Buffer; filename: string; declaredType: string | undefined }): chat.Attachment {
  const base = upload.filename.split(/[\\/]/).pop()?.trim() ?? '';
  const declared = upload.declaredType?.split(';')[0]?.trim() ?? '';
  return {
    bytes: upload.bytes,
    name: (base || 'attachment').slice(0, 255),
    contentType: MIME.test(declared) ? declared.toLowerCase() : 'application/octet-stream',
  };
}

async function sendHandler(request: Request<{ Payload: SendFields }>, h: ResponseToolkit<{ Payload: SendFields }>) {
  const { file, ...input } = request.payload;
  let attachment: chat.Attachment | undefined;
  if (file !== undefined) {
    const upload = await readUpload(file);
    assertFileSize(upload, ATTACHMENT_MAX_BYTES, 'The attachment');
    attachment = attachmentOf(upload);
  }
  const env: chat.SendEnv = {
    today: todayFor(request),
    storage: storageOf(request),
    attachmentUrl: attachmentUrls(request),
  };
  const data = await write(request, (ctx) => chat.send(ctx, env, input, attachment));
  return h.response({ data }).code(201);
}

async function downloadHandler(request: Request<{ Params: IdParams }>, h: ResponseToolkit<{ Params: IdParams }>) {
  const content = await chat.attachmentOf(readScope(request), storageOf(request), request.params.id);
  return h
    .response(content.bytes)
    .type(content.contentType)
    .header('content-disposition', contentDisposition(content.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}

export const chatPlugin = resourcePlugin('resources/chat', [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/chat/messages',
    options: {
      tags: TAGS,
      description: 'List chat messages, newest first (filter by conversationId or propertyId)',
      validate: { query: listQuery },
      response: { schema: messageList },
      handler: async (request) => {
        const { data, total } = await chat.list(
          readScope(request),
          request.query,
          request.query,
          attachmentUrls(request),
        );
        return { data, meta: listMeta(request.query, total) };
      },
    },
  }),
  route<{ Payload: SendFields }>({
    method: 'POST',
    path: '/chat/messages',
    options: {
      tags: TAGS,
      description:
        'Send a message as the account owner (multipart: text and/or file (max 10 MB), and propertyId or conversationId)',
      payload: uploadPayload(ATTACHMENT_MAX_BYTES),
      plugins: { errors: { upload: true } },
      validate: { payload: sendBody },
      response: { status: { 201: messageEnvelope } },
      handler: sendHandler,
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/chat/messages/{id}/attachment',
    options: {
      tags: TAGS,
      description: "Download a message's attachment (binary, with its content type)",
      validate: { params: idParams, query: Joi.object({}) },
      handler: downloadHandler,
    },
  }),
]);
