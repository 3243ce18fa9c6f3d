// Invoice PDFs for requests: load the document, then serve bytes from the cache keyed by rent id, updated_at and
// template version (the spec's key) plus the derived status (Pending turns Overdue with the date, and the
// document shows it) and the live/sandbox variant. Entries live 15 minutes.
import type { Clock } from '../../platform/clock';
import type { Scope } from '../../persistence/models';
import { loadInvoiceDocument, type InvoiceDocument } from '../document';
import { TtlLruCache } from './cache';
import { pdfFilename, renderInvoicePdf, TEMPLATE_VERSION } from './render';

export const PDF_CACHE_TTL_MS = 15 * 60 * 1000;
const PDF_CACHE_ENTRIES = 500;

export interface InvoicePdf {
  readonly document: InvoiceDocument;
  readonly bytes: Buffer;
  readonly filename: string;
  readonly cacheHit: boolean;
}

export const cacheKeyOf = (doc: InvoiceDocument): string =>
  [doc.rentPaymentId, doc.updatedAt.getTime(), `v${TEMPLATE_VERSION}`, doc.status, doc.sandbox ? 'sandbox' : 'live'].join(':');

export class InvoicePdfService {
  readonly cache: TtlLruCache<Buffer>;
  /** Renderings actually performed (cache misses that reached pdfkit). */
  renders = 0;

  constructor(clock: Clock, ttlMs = PDF_CACHE_TTL_MS) {
    this.cache = new TtlLruCache<Buffer>(clock, ttlMs, PDF_CACHE_ENTRIES);
  }

  async forDocument(doc: InvoiceDocument): Promise<InvoicePdf> {
    const { value, hit } = await this.cache.getOrLoad(cacheKeyOf(doc), () => {
      this.renders += 1;
      return renderInvoicePdf(doc);
    });
    return { document: doc, bytes: value, filename: pdfFilename(doc), cacheHit: hit };
  }

  async forPayment(scope: Scope, rentPaymentId: string, today: string, sandbox: boolean): Promise<InvoicePdf> {
    return this.forDocument(await loadInvoiceDocument(scope, rentPaymentId, today, sandbox));
  }
}
