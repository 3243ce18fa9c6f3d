// Invoice PDFs for requests: load the document, then serve bytes from the cache keyed by rent id, updated_at and
// template version (the spec's key) plus the derived status (Pending turns Overdue with the date, and the
// document shows it) and the live/sandbox variant. Entries live 15 minutes.
import type { Clock } from '../../../platform/clock';
import type { Scope } from '../../../persistence/models';
import { completeDocument, loadPayment, type DocumentIdentity, type InvoiceDocument } from '../document';
import { TtlLruCache } from './cache';
import { pdfFilename, renderInvoicePdf, TEMPLATE_VERSION } from './render';

export const PDF_CACHE_TTL_MS = 15 * 60 * 1000;
const PDF_CACHE_ENTRIES = 500;

export interface InvoicePdf {
  readonly identity: DocumentIdentity;
  readonly bytes: Buffer;
  readonly filename: string;
  readonly cacheHit: boolean;
}

export const cacheKeyOf = (doc: DocumentIdentity): string =>
  [
    doc.rentPaymentId,
    doc.updatedAt.getTime(),
    `v${TEMPLATE_VERSION}`,
    doc.status,
    doc.sandbox ? 'sandbox' : 'live',
  ].join(':');

export class InvoicePdfService {
  readonly cache: TtlLruCache<Buffer>;
  /** Renderings actually performed (cache misses that reached pdfkit). */
  renders = 0;

  constructor(clock: Clock, ttlMs = PDF_CACHE_TTL_MS) {
    this.cache = new TtlLruCache<Buffer>(clock, ttlMs, PDF_CACHE_ENTRIES);
  }

  /** The PDF of a document already loaded in full. */
  async forDocument(doc: InvoiceDocument): Promise<InvoicePdf> {
    return this.produce(doc, async () => doc);
  }

  /** The PDF of a payment: a cache hit costs one query (the payment row, for the key); a miss loads the rest. */
  async forPayment(scope: Scope, rentPaymentId: string, today: string, sandbox: boolean): Promise<InvoicePdf> {
    const payment = await loadPayment(scope, rentPaymentId, today, sandbox);
    return this.produce(payment.identity, () => completeDocument(scope, payment));
  }

  private async produce(identity: DocumentIdentity, load: () => Promise<InvoiceDocument>): Promise<InvoicePdf> {
    const { value, hit } = await this.cache.getOrLoad(cacheKeyOf(identity), async () => {
      const doc = await load();
      this.renders += 1;
      return renderInvoicePdf(doc);
    });
    return { identity, bytes: value, filename: pdfFilename(identity), cacheHit: hit };
  }
}
