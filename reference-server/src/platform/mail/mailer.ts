// Outbound mail behind one interface: SMTP when SMTP_URL is set, in-process capture otherwise.
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'capture';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export const DEFAULT_FROM = 'Property Portfolio <no-reply@portfolio.example>';
