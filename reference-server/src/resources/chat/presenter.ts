// Chat message rows → the API shape, and the chat.message_sent webhook data.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { ChatMessage } from '../../persistence/models';

export interface MessageRow extends ChatMessage {
  tenant_id: string;
}

export interface MessageView {
  id: string;
  conversationId: string;
  propertyId: string;
  tenantId: string;
  sender: { type: ChatMessage['sender_type']; name: string };
  text: string | null;
  attachment: { name: string; contentType: string; sizeBytes: number; url: string } | null;
  sentAt: string;
}

/** The attachment's download URL (an API route: it needs the API key). */
export type AttachmentUrl = (messageId: string) => string;

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentMessage = (m: MessageRow, attachmentUrl: AttachmentUrl): MessageView => ({
  id: m.id,
  conversationId: m.conversation_id,
  propertyId: m.property_id,
  tenantId: m.tenant_id,
  sender: { type: m.sender_type, name: m.sender_name },
  text: m.text,
  attachment:
    m.attachment_name === null
      ? null
      : {
          name: m.attachment_name,
          contentType: m.attachment_type ?? 'application/octet-stream',
          sizeBytes: Number(m.attachment_size ?? 0),
          url: attachmentUrl(m.id),
        },
  sentAt: iso(m.sent_at),
});

// The catalogue types text as a non-null string: an attachment-only message is sent as ''.
export const messageSentData = (m: MessageRow): EventData<'chat.message_sent'> => ({
  message_id: m.id,
  chat_id: m.conversation_id,
  property_id: m.property_id,
  tenant_id: m.tenant_id,
  text: m.text ?? '',
  attachment_type: m.attachment_type,
  attachment_name: m.attachment_name,
  sent_at: iso(m.sent_at),
});
