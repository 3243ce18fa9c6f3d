// Chat schemas. No field table: a message is only ever sent, through a multipart form whose fields (text, file,
// target) are not the view's (which nests the sender and the attachment), and never patched.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, uuid } from '../../platform/http/schemas';
import { filePart } from '../../storage/upload';
import type { MessageFilter } from './repository';

/** Chat attachment limit (spec: 10 MB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TEXT_MAX = 5000;

const timestamp = Joi.string().isoDate();

export const messageSchema = Joi.object({
  id: uuid.required(),
  conversationId: uuid.required(),
  propertyId: uuid.required(),
  tenantId: uuid.required(),
  sender: Joi.object({
    type: Joi.string().valid('landlord', 'tenant').required(),
    name: Joi.string().required(),
  }).required(),
  text: Joi.string().allow(null).required(),
  attachment: Joi.object({
    name: Joi.string().required(),
    contentType: Joi.string().required(),
    sizeBytes: Joi.number().integer().min(0).required(),
    url: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .required(),
  })
    .allow(null)
    .required(),
  sentAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('ChatMessage');

// One of the two filters (or neither: every conversation of the landlord).
export const listQuery = Joi.object({
  ...paginationQuery,
  conversationId: uuid,
  propertyId: uuid,
}).oxor('conversationId', 'propertyId');
export type ListQuery = PageRequest & MessageFilter;

/** Multipart fields: `text` and/or `file`, and the target conversation by `propertyId` or `conversationId`. */
export const sendBody = Joi.object({
  text: Joi.string().trim().max(TEXT_MAX).empty(''),
  file: filePart,
  propertyId: uuid,
  conversationId: uuid,
})
  .xor('propertyId', 'conversationId')
  .or('text', 'file')
  .required();

/** The send form as validated: exactly one of `propertyId` and `conversationId` (the body's `xor`). */
export type SendInput = { text?: string } & (
  { propertyId: string; conversationId?: undefined } | { conversationId: string; propertyId?: undefined }
);
export type SendFields = SendInput & { file?: unknown };

export const messageEnvelope = dataEnvelope(messageSchema, 'ChatMessageResponse');
export const messageList = listEnvelope(messageSchema, 'ChatMessageList');
