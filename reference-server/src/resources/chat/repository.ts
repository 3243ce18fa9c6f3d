// Chat reads, message inserts and conversation lookup, through the landlord scope.
import { randomUUID } from 'node:crypto';
import { ChatConversation, ChatMessage, Property, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import type { MessageRow } from './presenter';

export interface MessageFilter {
  readonly conversationId?: string;
  readonly propertyId?: string;
}

const messages = (scope: Scope) =>
  ChatMessage.scoped(scope).join('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id');

/** Everything but the attachment bytes, plus the conversation's tenant. */
const MESSAGE_COLUMNS = [
  'chat_messages.id',
  'chat_messages.landlord_id',
  'chat_messages.conversation_id',
  'chat_messages.property_id',
  'chat_messages.sender_type',
  'chat_messages.sender_name',
  'chat_messages.text',
  'chat_messages.attachment_name',
  'chat_messages.attachment_type',
  'chat_messages.attachment_size',
  'chat_messages.attachment_key',
  'chat_messages.sent_at',
  'chat_messages.created_at',
  'chat_conversations.tenant_id',
];

/** Newest first, like a chat window scrolled to the bottom; page 2 goes back in time. */
export async function listMessages(
  scope: Scope,
  filter: MessageFilter,
  page: PageRequest,
): Promise<{ rows: MessageRow[]; total: number }> {
  const base = messages(scope);
  if (filter.conversationId) base.where('chat_messages.conversation_id', filter.conversationId);
  if (filter.propertyId) base.where('chat_messages.property_id', filter.propertyId);
  return ChatMessage.page<ChatMessage, MessageRow>(base.select(MESSAGE_COLUMNS), page, [
    ['chat_messages.sent_at', 'desc'],
    ['chat_messages.id', 'desc'],
  ]);
}

export const findMessage = async (scope: Scope, id: string): Promise<MessageRow | undefined> =>
  messages(scope).select(MESSAGE_COLUMNS).where('chat_messages.id', id).first().castTo<MessageRow | undefined>();

export const insertMessage = async (scope: Scope, row: Partial<ChatMessage>): Promise<ChatMessage> =>
  ChatMessage.insertScoped(scope, row).returning('*');

/** A new message moves its conversation's updated_at. */
export const touchConversation = async (scope: Scope, id: string, at: Date): Promise<void> => {
  await ChatConversation.scoped(scope).findById(id).patch({ updated_at: at });
};

/** Attachment bytes kept in the row (fixture data); uploads through the API live in the object storage. */
export async function inlineAttachment(scope: Scope, id: string): Promise<Buffer | null> {
  const row = (await ChatMessage.scoped(scope).findById(id).select('attachment_data')) as
    Pick<ChatMessage, 'attachment_data'> | undefined;
  return row?.attachment_data ? Buffer.from(row.attachment_data) : null;
}

export const findConversation = async (scope: Scope, id: string): Promise<ChatConversation | undefined> =>
  ChatConversation.scoped(scope).findById(id);

export const findLiveProperty = async (scope: Scope, id: string): Promise<Property | undefined> =>
  Property.scoped(scope).findById(id);

/** The (property, tenant) conversation, created on first use; a concurrent first use finds the other's row. */
export async function conversationFor(
  scope: Scope,
  propertyId: string,
  tenantId: string,
  now: Date,
): Promise<ChatConversation> {
  const existing = await ChatConversation.scoped(scope).where({ property_id: propertyId, tenant_id: tenantId }).first();
  if (existing) return existing;
  await scope
    .db('chat_conversations')
    .insert({
      id: randomUUID(),
      landlord_id: scope.landlordId,
      property_id: propertyId,
      tenant_id: tenantId,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['property_id', 'tenant_id'])
    .ignore();
  return (await ChatConversation.scoped(scope).where({ property_id: propertyId, tenant_id: tenantId }).first())!;
}
