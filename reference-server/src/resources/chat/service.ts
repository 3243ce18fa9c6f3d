// Chat rules: a message goes to a conversation named by id, or to the conversation with a property's current
// main tenant (created on first use; 409 CONFLICT when the property has no current tenant). It is sent as the
// account owner. An attachment counts against the storage quota; its bytes go to the object storage on a live
// write only, before the row commits, so a committed message always has its object.
import { randomUUID } from 'node:crypto';
import type { ChatConversation, Scope } from '../../persistence/models';
import { apiError, notFound } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import type { ObjectStorage } from '../../storage';
import { assertWithinQuota } from '../../storage/quota';
import { recordEvent } from '../../webhooks/outbox/record';
import { currentOccupants } from '../contracts/occupants';
import { accountOwnerName } from '../team/service';
import { messageSentData, presentMessage, type AttachmentUrl, type MessageRow, type MessageView } from './presenter';
import {
  conversationFor,
  findConversation,
  findLiveProperty,
  findMessage,
  inlineAttachment,
  insertMessage,
  listMessages,
  touchConversation,
  type MessageFilter,
} from './repository';
import type { SendInput } from './schemas';

export type { SendInput } from './schemas';

export interface Attachment {
  readonly bytes: Buffer;
  readonly name: string;
  readonly contentType: string;
}

export interface SendEnv {
  readonly today: string;
  readonly storage: ObjectStorage;
  readonly attachmentUrl: AttachmentUrl;
}

const invalid = (path: string, message: string) =>
  apiError('VALIDATION_ERROR', `Invalid request: payload.${path}: ${message}`);

export async function list(
  scope: Scope,
  filter: MessageFilter,
  page: PageRequest,
  attachmentUrl: AttachmentUrl,
): Promise<{ data: MessageView[]; total: number }> {
  const { rows, total } = await listMessages(scope, filter, page);
  return { data: rows.map((m) => presentMessage(m, attachmentUrl)), total };
}

async function targetConversation(ctx: WriteContext, input: SendInput, today: string): Promise<ChatConversation> {
  if (input.conversationId !== undefined) {
    const conversation = await findConversation(ctx, input.conversationId);
    if (!conversation) throw invalid('conversationId', `Conversation ${input.conversationId} not found`);
    return conversation;
  }
  const property = await findLiveProperty(ctx, input.propertyId);
  if (!property) throw invalid('propertyId', `Property ${input.propertyId} not found`);
  const [mainTenantId] = await currentOccupants(ctx, property.id, today);
  if (!mainTenantId)
    throw apiError(
      'CONFLICT',
      'The property has no current tenant to message; use the conversationId of an earlier conversation',
    );
  return conversationFor(ctx, property.id, mainTenantId, ctx.clock.now());
}

export async function send(
  ctx: WriteContext,
  env: SendEnv,
  input: SendInput,
  attachment: Attachment | undefined,
): Promise<MessageView> {
  const conversation = await targetConversation(ctx, input, env.today);
  const id = randomUUID();
  const now = ctx.clock.now();
  let key: string | null = null;
  if (attachment) {
    await assertWithinQuota(ctx, attachment.bytes.length);
    key = `chat/${ctx.landlordId}/${id}`;
    if (!ctx.sandbox) await env.storage.put(key, attachment.bytes, attachment.contentType);
  }
  const inserted = await insertMessage(ctx, {
    id,
    conversation_id: conversation.id,
    property_id: conversation.property_id,
    sender_type: 'landlord',
    sender_name: await accountOwnerName(ctx),
    text: input.text ?? null,
    attachment_name: attachment?.name ?? null,
    attachment_type: attachment?.contentType ?? null,
    attachment_size: attachment?.bytes.length ?? null,
    attachment_key: key,
    attachment_data: null,
    sent_at: now,
    created_at: now,
  });
  await touchConversation(ctx, conversation.id, now);
  const row: MessageRow = Object.assign(inserted, { tenant_id: conversation.tenant_id });
  await recordEvent(ctx, 'chat.message_sent', messageSentData(row));
  return presentMessage(row, env.attachmentUrl);
}

export interface AttachmentContent {
  readonly bytes: Buffer;
  readonly name: string;
  readonly contentType: string;
}

export async function attachmentOf(
  scope: Scope,
  storage: ObjectStorage,
  messageId: string,
): Promise<AttachmentContent> {
  const message = await findMessage(scope, messageId);
  if (!message) throw notFound('Chat message');
  if (message.attachment_name === null) throw notFound('Attachment');
  const bytes = message.attachment_key
    ? (await storage.get(message.attachment_key))?.bytes
    : await inlineAttachment(scope, messageId);
  if (!bytes) throw notFound('Attachment content');
  return { bytes, name: message.attachment_name, contentType: message.attachment_type ?? 'application/octet-stream' };
}
