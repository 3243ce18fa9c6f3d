// The invoice / receipt email: a short plain-text (and HTML) note with the PDF attached.
import type { MailMessage } from '../../../platform/mail/mailer';
import type { InvoiceDocument } from '../document';
import { money } from '../pdf/render';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invoiceMessage(
  doc: InvoiceDocument,
  to: string,
  pdf: { bytes: Buffer; filename: string },
): MailMessage {
  const kind = doc.documentType === 'receipt' ? 'Receipt' : 'Invoice';
  const where = doc.property?.shortName ?? 'your tenancy';
  const greeting = `Dear ${doc.tenant?.firstName ?? 'tenant'},`;
  const body =
    doc.documentType === 'receipt'
      ? `Thank you for your payment of ${money(doc.amountReceived)} for ${doc.period} at ${where}. Your receipt ${doc.reference} is attached.`
      : `Please find attached invoice ${doc.reference} for rent of ${money(doc.amount)} for ${doc.period} at ${where}, due on ${doc.dueDate}.`;
  const signature = `Kind regards,\n${doc.landlord.name}`;
  return {
    to,
    subject: `${kind} ${doc.reference}: rent for ${doc.period}, ${where}`,
    text: `${greeting}\n\n${body}\n\n${signature}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>Kind regards,<br>${escapeHtml(doc.landlord.name)}</p>`,
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }],
  };
}
