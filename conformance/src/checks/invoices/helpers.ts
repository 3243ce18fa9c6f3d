// Shared by the invoice checks: a rent payment to render, and reading the text out of a PDF (pdf-parse 2, loaded
// on demand: a deployment of the suite without it still runs the byte-level assertions).

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { provisionLandlord } from '../shared/provision';
import { getList, isRecord, isSuiteData, type Json } from '../shared/util';

export const LIVE = 'enterpriseLive';

/**
 * The live key an invoice check writes and sends with. With dashboard access: a live read_write key of a fresh
 * Enterprise landlord of the check's own, so its per-landlord invoice minutes (PDF 20, email 10) are its alone
 * and it never waits for the other checks' traffic; without: enterpriseLive, whose minutes every check shares
 * (shared/invoice-budget books them).
 */
export async function invoiceKey(ctx: CheckContext, tag: string): Promise<string> {
  if (!ctx.target.provisioning) return LIVE;
  return (await provisionLandlord(ctx, tag)).live;
}

/** A rent payment of the target (read-only use: PDFs), first page, suite data left out. */
export async function targetPayment(
  ctx: CheckContext,
  key = LIVE,
  predicate: (p: Json) => boolean = () => true,
): Promise<Json | undefined> {
  const page = await getList(ctx, '/rent', key, { limit: 100 });
  return page.items.find((p) => !isSuiteData(p) && typeof p.id === 'string' && predicate(p));
}

/**
 * A rent payment `key` reads (as targetPayment), or, when its landlord has none (an empty portfolio), a payment of
 * the check's own: a property, tenant, contract and Pending payment written with the landlord's live key.
 */
export async function paymentToRender(
  ctx: CheckContext,
  tag: string,
  key = LIVE,
  predicate: (p: Json) => boolean = () => true,
): Promise<Json> {
  const listed = await targetPayment(ctx, key, predicate);
  if (listed) return listed;
  const chain = await createOwnChain(ctx, tag);
  return createOwnRent(ctx, chain, { period: suitePeriod(ctx, `${tag} invoice`), status: 'Pending' });
}

export function isPdf(res: HttpResponse): boolean {
  const type = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return (
    res.status === 200 &&
    type === 'application/pdf' &&
    Buffer.from(res.bytes.subarray(0, 5)).toString('latin1') === '%PDF-'
  );
}

/** The text of a PDF, or undefined when pdf-parse is not installed. */
export async function pdfText(bytes: Uint8Array): Promise<string | undefined> {
  let PDFParse;
  try {
    ({ PDFParse } = await import('pdf-parse'));
  } catch {
    return undefined;
  }
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Text with whitespace collapsed and thousands separators dropped ("£1,279.00" → "£1279.00"). */
export function normalizeText(text: string): string {
  let out = text.replace(/\s+/g, ' ');
  for (let i = 0; i < 3; i++) out = out.replace(/(\d)[, \u00a0\u202f'](\d{3})(?!\d)/g, '$1$2');
  return out;
}

// Digit groups may be joined by a comma, a point, a space (any width, collapsed to one) or an apostrophe, in any
// grouping (1,279.00, 1.279,00, 1 279,00, 1'279.00, 12,79,000.00): the spec names no locale for the invoice.
const GROUP = "[,. '\u2019]?";

/**
 * Whether PDF text shows an amount: its digits, grouped any way, with two decimals after a point or a comma (or
 * none, or one, when that is all the amount has), and not as part of a longer number.
 */
export function mentionsAmount(text: string, amount: number): boolean {
  const [whole, cents] = amount.toFixed(2).split('.');
  const digits = [...whole].join(GROUP);
  const forms = [`${digits}[.,]${cents}`];
  if (cents === '00') forms.push(digits);
  else if (cents.endsWith('0')) forms.push(`${digits}[.,]${cents[0]}`);
  const shown = new RegExp(`(?<!\\d|\\d[.,'\u2019])(?:${forms.join('|')})(?!\\d|[.,]\\d)`);
  return shown.test(text.replace(/\s+/g, ' '));
}

export function mentionsPeriod(text: string, period: string): boolean {
  return normalizeText(text).toLowerCase().includes(period.replace(/\s+/g, ' ').trim().toLowerCase());
}

export function errorCode(res: HttpResponse): unknown {
  return isRecord(res.json) ? res.json.code : undefined;
}
