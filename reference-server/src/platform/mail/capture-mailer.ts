// In-process mail capture for the embedded defaults: messages are kept in memory and readable through the
// dashboard (`/dashboard/api/mail`), in a shape close to maildev's API so the same client code reads both.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { DEFAULT_FROM, type Mailer, type MailMessage } from './mailer';

export interface CapturedMail {
  readonly id: string;
  readonly messageId: string;
  readonly from: Array<{ address: string; name: string }>;
  readonly to: Array<{ address: string; name: string }>;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly date: string;
  readonly attachments: Array<{ filename: string; contentType: string; size: number; content: Buffer }>;
}

/** Fault injection for drills: the next N sends fail as an SMTP outage would. */
export class CaptureMailer implements Mailer {
  readonly kind = 'capture' as const;
  private readonly messages: CapturedMail[] = [];
  private failures = 0;

  constructor(
    private readonly clock: Clock,
    private readonly limit = 1000,
  ) {}

  failNext(count: number): void {
    this.failures = count;
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('SMTP capture: injected failure');
    }
    const id = randomUUID();
    const messageId = `<${id}@capture.local>`;
    this.messages.push({
      id,
      messageId,
      from: [{ address: DEFAULT_FROM.replace(/^.*<|>$/g, ''), name: 'Property Portfolio' }],
      to: [{ address: message.to, name: '' }],
      subject: message.subject,
      text: message.text,
      html: message.html,
      date: this.clock.now().toISOString(),
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
        content: a.content,
      })),
    });
    if (this.messages.length > this.limit) this.messages.shift();
    return { messageId };
  }

  list(): readonly CapturedMail[] {
    return this.messages;
  }

  get(id: string): CapturedMail | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): void {
    this.messages.length = 0;
  }

  async close(): Promise<void> {}
}
