import { LandlordScopedModel } from './landlord-scoped-model';

/** One conversation per (property, tenant); the landlord side is the account owner. */
export class ChatConversation extends LandlordScopedModel {
  static override tableName = 'chat_conversations';
  property_id!: string;
  tenant_id!: string;
  created_at!: Date;
  updated_at!: Date;
}

export class ChatMessage extends LandlordScopedModel {
  static override tableName = 'chat_messages';
  conversation_id!: string;
  property_id!: string;
  sender_type!: 'landlord' | 'tenant';
  sender_name!: string;
  text!: string | null;
  attachment_name!: string | null;
  attachment_type!: string | null;
  attachment_size!: number | null;
  attachment_key!: string | null;
  attachment_data!: Buffer | null;
  sent_at!: Date;
  created_at!: Date;
}
