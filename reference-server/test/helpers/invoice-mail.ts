// Helpers for the rent and invoice tests: fixture ids of the Harbour landlord's contracts and payments, and one
// reader for delivered mail, whether captured in process (no SMTP_URL) or delivered to maildev over real SMTP
// (MAIL_API_URL). maildev is shared by every test run on the machine, so mail is only ever looked up by
// recipient or Message-ID, never cleared wholesale.
import { fixtureId } from '@ppapi/spec';
import type { TestServer } from './server';

export const harbour = {
  landlord: fixtureId('landlord:harbour'),
  property: (i: number): string => fixtureId(`property:harbour:${i}`),
  contract: (i: number): string => fixtureId(`contract:${harbour.property(i)}`),
  tenant: (i: number, n = 0): string => fixtureId(`tenant:${harbour.property(i)}:${n}`),
  rent: (i: number, offset: number | 'upcoming'): string => fixtureId(`rent:${harbour.contract(i)}:${offset}`),
};

export const northgate = {
  property: (i: number): string => fixtureId(`property:northgate:${i}`),
  contract: (i: number): string => fixtureId(`contract:${northgate.property(i)}`),
  tenant: (i: number, n = 0): string => fixtureId(`tenant:${northgate.property(i)}:${n}`),
  rent: (i: number, offset: number | 'upcoming'): string => fixtureId(`rent:${northgate.contract(i)}:${offset}`),
};

export interface DeliveredMail {
  readonly id: string;
  readonly to: string[];
  readonly subject: string;
  readonly messageId: string;
  readonly attachments: Array<{ readonly filename: string; readonly contentType: string }>;
}

export interface MailReader {
  readonly kind: 'capture' | 'maildev';
  /** Mail whose recipient is `address`. */
  to(address: string): Promise<DeliveredMail[]>;
  attachment(mail: DeliveredMail, filename: string): Promise<Buffer>;
  /** Deletes from maildev the messages this reader has returned (never anything else); no-op for the capture. */
  cleanup(): Promise<void>;
}

const bare = (messageId: string): string => messageId.replace(/^<|>$/g, '');

interface MaildevEmail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
  attachments?: Array<{ filename: string; generatedFileName: string; contentType: string }>;
}

export function maildevBase(): string | undefined {
  const url = process.env.MAIL_API_URL;
  if (!url) return undefined;
  return url.replace(/\/+$/, '').replace(/(\/api)?$/, '/api');
}

async function maildevList(): Promise<MaildevEmail[]> {
  const res = await fetch(`${maildevBase()}/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return (await res.json()) as MaildevEmail[];
}

export function mailReaderFor(t: Pick<TestServer, 'deps'>): MailReader {
  const capture = t.deps.mailCapture;
  if (capture) {
    return {
      kind: 'capture',
      to: async (address) =>
        capture
          .list()
          .filter((m) => m.to.some((r) => r.address === address))
          .map((m) => ({
            id: m.id,
            to: m.to.map((r) => r.address),
            subject: m.subject,
            messageId: bare(m.messageId),
            attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
          })),
      attachment: async (mail, filename) => {
        const found = capture.get(mail.id)?.attachments.find((a) => a.filename === filename);
        if (!found) throw new Error(`no attachment ${filename}`);
        return found.content;
      },
      cleanup: async () => undefined,
    };
  }
  if (!maildevBase()) throw new Error('SMTP_URL is set but MAIL_API_URL is not: cannot read delivered mail');
  return maildevReader();
}

/** Mail delivered to maildev (MAIL_API_URL), through its HTTP API. */
export function maildevReader(): MailReader {
  const generated = new Map<string, string>();
  const seen = new Set<string>();
  return {
    kind: 'maildev',
    to: async (address) =>
      (await maildevList())
        .filter((m) => m.to.some((r) => r.address === address))
        .map((m) => {
          seen.add(m.id);
          for (const a of m.attachments ?? []) generated.set(`${m.id}/${a.filename}`, a.generatedFileName);
          return {
            id: m.id,
            to: m.to.map((r) => r.address),
            subject: m.subject,
            messageId: bare(m.headers['message-id'] ?? ''),
            attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
          };
        }),
    attachment: async (mail, filename) => {
      const name = generated.get(`${mail.id}/${filename}`) ?? filename;
      const res = await fetch(`${maildevBase()}/email/${mail.id}/attachment/${name}`);
      if (!res.ok) throw new Error(`maildev attachment ${filename}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    cleanup: async () => {
      for (const id of seen) await fetch(`${maildevBase()}/email/${id}`, { method: 'DELETE' }).catch(() => undefined);
      seen.clear();
    },
  };
}

/** Polls `probe` until it returns a value (maildev stores a message a moment after SMTP accepts it); bounded. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 10_000, everyMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Text of a PDF, with pdf-parse 2 (ESM, so imported dynamically under jest). */
export async function pdfText(data: Buffer): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A recipient address no other test (or earlier run) has used. */
export const uniqueAddress = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@tenant.example`;
