// The invoice / receipt PDF (pdfkit, standard fonts only). Deterministic: the same document gives the same bytes
// (CreationDate is the payment's updated_at, the file id derives from the info dictionary, no embedded font
// subsets with random tags), so cached and fresh renderings are interchangeable and tests can compare bytes.
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '../document';

/** Bump when the layout changes: it is part of the cache key, so old renderings are never served. */
export const TEMPLATE_VERSION = 1;

const PAGE_MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#0b6e4f';

/** £1,234.50: formatted by hand so the bytes never depend on the ICU build. */
export function money(value: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.') as [string, string];
  return `${value < 0 ? '-' : ''}£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export const pdfFilename = (doc: Pick<InvoiceDocument, 'reference' | 'documentType'>): string =>
  `${doc.documentType === 'receipt' ? 'receipt' : 'invoice'}-${doc.reference}.pdf`;

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = doc.documentType === 'receipt' ? 'RECEIPT' : 'INVOICE';
    const pdf = new PDFDocument({
      size: 'A4',
      margin: PAGE_MARGIN,
      info: {
        Title: `${title} ${doc.reference}`,
        Author: doc.landlord.name,
        Subject: `Rent ${doc.period}`,
        Creator: `Property Portfolio invoice template v${TEMPLATE_VERSION}`,
        Producer: 'Property Portfolio',
        CreationDate: doc.updatedAt,
      },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      draw(pdf, doc, title);
      pdf.end();
    } catch (err) {
      reject(err);
    }
  });
}

function draw(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, title: string): void {
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  if (doc.sandbox) watermark(pdf);

  // Header: document title on the left, the landlord (issuer) on the right.
  pdf.fillColor(ACCENT).font('Helvetica-Bold').fontSize(26).text(title, PAGE_MARGIN, PAGE_MARGIN);
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(doc.landlord.name, PAGE_MARGIN, PAGE_MARGIN, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (doc.landlord.address) pdf.text(doc.landlord.address, { width, align: 'right' });
  pdf.text(doc.landlord.email, { width, align: 'right' });
  if (doc.sandbox)
    pdf
      .fillColor('#b42318')
      .font('Helvetica-Bold')
      .text('SANDBOX: sample document, not a real demand for payment', { width, align: 'right' });

  let y = 140;
  const pair = (label: string, value: string, x: number, w: number): void => {
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width: w });
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, x, y + 11, { width: w });
  };
  const col = width / 3;
  pair('Reference', doc.reference, PAGE_MARGIN, col);
  pair('Issue date', doc.issueDate, PAGE_MARGIN + col, col);
  pair('Status', doc.status, PAGE_MARGIN + 2 * col, col);

  y = 195;
  pdf.font('Helvetica').fontSize(8).fillColor(MUTED).text('BILLED TO', PAGE_MARGIN, y);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(doc.tenant?.fullName ?? 'Former tenant', PAGE_MARGIN, y + 12);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(doc.property?.address ?? 'Property no longer on file', PAGE_MARGIN, y + 28, { width: width / 2 });
  if (doc.tenancyReference)
    pdf
      .fillColor(MUTED)
      .fontSize(9)
      .text(`Tenancy ${doc.tenancyReference}`, PAGE_MARGIN, y + 44);

  // Details: label / value rows.
  y = 275;
  pdf
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + width, y)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  const rows: Array<[string, string]> = [
    ['Rent period', doc.period],
    [
      'Period window',
      doc.periodStart || doc.periodEnd ? `${doc.periodStart ?? '…'} to ${doc.periodEnd ?? '…'}` : 'not recorded',
    ],
    ['Due date', doc.dueDate],
    ['Amount', money(doc.amount)],
    ['Amount received', money(doc.amountReceived)],
    ['Balance due', money(doc.balanceDue)],
    ['Date paid', doc.datePaid ?? 'not paid'],
  ];
  y += 10;
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, PAGE_MARGIN, y, { width: width / 2 });
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(value, PAGE_MARGIN + width / 2, y, { width: width / 2, align: 'right' });
    y += 20;
  }
  pdf
    .moveTo(PAGE_MARGIN, y + 2)
    .lineTo(PAGE_MARGIN + width, y + 2)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();

  y += 20;
  const closing =
    doc.documentType === 'receipt'
      ? `Received with thanks: ${money(doc.amountReceived)} for ${doc.period}.`
      : `Please pay ${money(doc.balanceDue)} by ${doc.dueDate}, quoting ${doc.reference}.`;
  pdf.font('Helvetica').fontSize(10).fillColor(INK).text(closing, PAGE_MARGIN, y, { width });

  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `${doc.reference} · ${doc.landlord.name} · template v${TEMPLATE_VERSION}`,
      PAGE_MARGIN,
      pdf.page.height - PAGE_MARGIN - 10,
      { width, align: 'center', lineBreak: false },
    );
}

function watermark(pdf: PDFKit.PDFDocument): void {
  const { width, height } = pdf.page;
  pdf.save();
  pdf.rotate(-35, { origin: [width / 2, height / 2] });
  pdf
    .font('Helvetica-Bold')
    .fontSize(110)
    .fillColor('#b42318', 0.12)
    .text('SANDBOX', 0, height / 2 - 60, { width, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.fillOpacity(1);
}

/** What "validates the PDF" means for a sandbox email: a complete, non-empty PDF file. */
export function assertValidPdf(bytes: Buffer): void {
  const head = bytes.subarray(0, 5).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 32)).toString('latin1');
  if (bytes.length < 100 || head !== '%PDF-' || !tail.includes('%%EOF'))
    throw new Error('invoice PDF is incomplete or malformed');
}
