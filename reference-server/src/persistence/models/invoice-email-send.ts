import { LandlordScopedModel } from './landlord-scoped-model';

export type InvoiceEmailState = 'pending' | 'failed' | 'sent';

/** The invoice-email dedup record of one rent payment (see the invoice_email_sends migration). */
export class InvoiceEmailSend extends LandlordScopedModel {
  static override tableName = 'invoice_email_sends';
  rent_payment_id!: string;
  state!: InvoiceEmailState;
  recipient!: string;
  document_type!: 'invoice' | 'receipt';
  claimed_at!: Date;
  lease_expires_at!: Date;
  finished_at!: Date | null;
  message_id!: string | null;
  error!: string | null;
  response!: unknown;
  created_at!: Date;
  updated_at!: Date;
}
