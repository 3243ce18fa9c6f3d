// Reads the target's mail capture (target.mail): what a deployment sent, looked up by recipient. Kinds:
// - `provisioning`: the provisioning contract's optional mail operations (listMail GET /mail, getMailAttachment
//   GET /mail/{id}/attachment/{filename}; docs/provisioning/): [{ id, subject, to: [{ address }], attachments:
//   [{ filename, contentType, size }] }];
// - `reference`: the same list at an absolute `url` under the provisioning base URL (the reference server's
//   `{dashboard}/mail`), read with the provisioning token;
// - `maildev`: the same list shape at `{url}/email` (or `{url}/api/email`), bytes at `…/email/{id}/attachment/{generatedFileName}`;
// - `mailhog`: `{url}/api/v2/messages`, MIME parts decoded here.
// Mail is never cleared: captures are shared, so a check looks only at addresses of its own run.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { describeResponse } from '../../runner/describe';
import { isRecord } from './util';

export interface CapturedAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** Bytes when the capture lists them inline (mailhog). */
  readonly inline?: Uint8Array;
  /** maildev's stored name, when it differs from the filename. */
  readonly storedName?: string;
}

export interface CapturedMail {
  readonly id: string;
  readonly subject: string;
  readonly to: readonly string[];
  readonly attachments: readonly CapturedAttachment[];
}

export interface MailCapture {
  /** Every captured message with `address` among its recipients (case-insensitive). */
  to(address: string): Promise<CapturedMail[]>;
  /** The bytes of one attachment. */
  attachment(mail: CapturedMail, attachment: CapturedAttachment): Promise<Uint8Array>;
}

function requestCapture(ctx: CheckContext, url: string): Promise<HttpResponse> {
  const mail = ctx.target.mail;
  if (mail?.kind === 'provisioning') return ctx.dashboard.request({ path: url });
  if (mail?.kind === 'reference') return ctx.dashboard.request({ url });
  return ctx.http.request({ url, auth: 'none' });
}

function recipients(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((r) =>
      isRecord(r)
        ? typeof r.address === 'string'
          ? r.address
          : typeof r.Mailbox === 'string'
            ? `${r.Mailbox}@${String(r.Domain)}`
            : ''
        : String(r),
    )
    .filter((a) => a.length > 0)
    .map((a) => a.toLowerCase());
}

function listShape(body: unknown): CapturedMail[] {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.data) ? body.data : [];
  return list.filter(isRecord).map((m) => ({
    id: String(m.id),
    subject: typeof m.subject === 'string' ? m.subject : '',
    to: recipients(m.to),
    attachments: (Array.isArray(m.attachments) ? m.attachments : []).filter(isRecord).map((a) => ({
      filename: typeof a.filename === 'string' ? a.filename : typeof a.fileName === 'string' ? a.fileName : '',
      contentType: typeof a.contentType === 'string' ? a.contentType : '',
      ...(typeof a.generatedFileName === 'string' ? { storedName: a.generatedFileName } : {}),
    })),
  }));
}

// ---- mailhog: MIME parts ----

function header(headers: unknown, name: string): string {
  if (!isRecord(headers)) return '';
  for (const [k, v] of Object.entries(headers))
    if (k.toLowerCase() === name) return Array.isArray(v) ? String(v[0] ?? '') : String(v);
  return '';
}

function mailhogShape(body: unknown): CapturedMail[] {
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : [];
  return items.filter(isRecord).map((m) => {
    const content = isRecord(m.Content) ? m.Content : {};
    const parts = isRecord(m.MIME) && Array.isArray(m.MIME.Parts) ? m.MIME.Parts.filter(isRecord) : [];
    const attachments: CapturedAttachment[] = [];
    for (const part of parts) {
      const disposition = header(part.Headers, 'content-disposition');
      const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
      if (!name) continue;
      const encoding = header(part.Headers, 'content-transfer-encoding').toLowerCase();
      const raw = typeof part.Body === 'string' ? part.Body : '';
      const inline =
        encoding === 'base64'
          ? new Uint8Array(Buffer.from(raw.replace(/\s+/g, ''), 'base64'))
          : new TextEncoder().encode(raw);
      attachments.push({
        filename: name,
        contentType: header(part.Headers, 'content-type').split(';')[0].trim(),
        inline,
      });
    }
    return { id: String(m.ID), subject: header(content.Headers, 'subject'), to: recipients(m.To), attachments };
  });
}

export function mailCapture(ctx: CheckContext): MailCapture {
  const mail = ctx.target.mail;
  if (!mail) ctx.skip('needs a mail-capture API: the target has no "mail" section');
  const base = mail.kind === 'provisioning' ? '/mail' : mail.url.replace(/\/+$/, '');
  let listUrl: string | undefined;

  async function list(): Promise<CapturedMail[]> {
    if (mail!.kind === 'mailhog') {
      const res = await requestCapture(ctx, `${base}/api/v2/messages?limit=1000`);
      ctx.expect(
        res.status === 200,
        `the mail capture (${base}/api/v2/messages) to answer 200`,
        () => describeResponse(res),
        res.exchange,
      );
      return mailhogShape(res.json);
    }
    const candidates =
      mail!.kind === 'maildev' ? (listUrl ? [listUrl] : [`${base}/email`, `${base}/api/email`]) : [base];
    let last: HttpResponse | undefined;
    for (const url of candidates) {
      last = await requestCapture(ctx, url);
      if (last.status === 200) {
        listUrl = url;
        return listShape(last.json);
      }
    }
    ctx.fail(
      `the mail capture (${candidates.join(' or ')}) to answer 200 with a list`,
      last ? describeResponse(last) : 'no answer',
      last?.exchange,
    );
  }

  return {
    async to(address) {
      const wanted = address.toLowerCase();
      return (await list()).filter((m) => m.to.includes(wanted));
    },
    async attachment(message, attachment) {
      if (attachment.inline) return attachment.inline;
      const root = mail.kind === 'maildev' ? (listUrl ?? `${base}/email`) : base;
      const res = await requestCapture(
        ctx,
        `${root}/${encodeURIComponent(message.id)}/attachment/${encodeURIComponent(attachment.storedName ?? attachment.filename)}`,
      );
      ctx.expect(
        res.status === 200,
        `the mail capture to serve attachment ${attachment.filename}`,
        () => describeResponse(res),
        res.exchange,
      );
      return res.bytes;
    },
  };
}

/** Polls the capture until `predicate` holds for the mail to `address` (mail arrives a moment after the answer), bounded. */
export async function mailTo(
  ctx: CheckContext,
  capture: MailCapture,
  address: string,
  predicate: (mail: CapturedMail[]) => boolean,
  timeoutMs = 10_000,
): Promise<CapturedMail[]> {
  const deadline = ctx.clock.now() + timeoutMs;
  for (;;) {
    const found = await capture.to(address);
    if (predicate(found) || ctx.clock.now() >= deadline) return found;
    await ctx.sleep(250);
  }
}
