// GET /rent/{id}/invoice/pdf: the payment's invoice as application/pdf bytes (its text shows the payment's
// amount and period), for read_only keys too and in sandbox mode; 404 for unknown and foreign ids; at most 20
// per minute per landlord (exclusive: it spends the landlord's minute).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { INVOICE_PDF_PER_MINUTE } from '../../rules/limits';
import { invoiceRequest } from '../shared/invoice-budget';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { unknownId } from '../shared/util';
import {
  errorCode,
  invoiceKey,
  isPdf,
  LIVE,
  mentionsAmount,
  mentionsPeriod,
  paymentToRender,
  pdfText,
  targetPayment,
} from './helpers';
import { burstPastLimit, expectRateLimitRefusal } from './limit-burst';

const GROUP = 'Endpoints > Rent';

function pdfRequest(ctx: CheckContext, id: string, key = LIVE) {
  return invoiceRequest(ctx, 'pdf', { path: `/rent/${id}/invoice/pdf`, key });
}

export const invoicePdfIsThePaymentsInvoice = defineCheck({
  id: 'invoices.pdfIsThePaymentsInvoice',
  title:
    "GET /rent/{id}/invoice/pdf answers 200 application/pdf bytes (%PDF-) showing the payment's amount and period, for read_write and read_only keys",
  group: GROUP,
  rules: ['RENT-PDF-1', 'RENT-PDF-4'],
  async run(ctx: CheckContext) {
    const payment = await paymentToRender(
      ctx,
      'pdf',
      LIVE,
      (p) => typeof p.amount === 'number' && typeof p.period === 'string',
    );
    const id = String(payment.id);
    const res = await pdfRequest(ctx, id);
    ctx.expect(
      isPdf(res),
      '200 with Content-Type application/pdf and bytes starting %PDF-',
      () => describeResponse(res),
      res.exchange,
      { rules: ['RENT-PDF-1'] },
    );
    const text = await pdfText(res.bytes);
    if (text === undefined) {
      ctx.note('pdf-parse is not installed: the PDF text was not compared with the payment');
    } else {
      // A receipt (Paid) may show what was received rather than the amount due: either counts.
      const shown =
        mentionsAmount(text, payment.amount as number) ||
        (typeof payment.amountReceived === 'number' &&
          payment.amountReceived > 0 &&
          mentionsAmount(text, payment.amountReceived));
      ctx.expect(
        shown,
        `the PDF text to show the payment's amount ${String(payment.amount)}`,
        () => describeValue(text.slice(0, 600)),
        res.exchange,
        { rules: ['RENT-PDF-1'] },
      );
      ctx.expect(
        mentionsPeriod(text, payment.period as string),
        `the PDF text to show the payment's period "${String(payment.period)}"`,
        () => describeValue(text.slice(0, 600)),
        res.exchange,
        { rules: ['RENT-PDF-1'] },
      );
    }
    if (ctx.hasKey('enterpriseReadOnly')) {
      const readOnly = await pdfRequest(ctx, id, 'enterpriseReadOnly');
      ctx.expect(
        isPdf(readOnly),
        'the read_only key to get the PDF too (200 application/pdf)',
        () => describeResponse(readOnly),
        readOnly.exchange,
        { rules: ['RENT-PDF-4'] },
      );
    }
    ctx.note(
      `payment ${id}: PDF of ${res.bytes.byteLength} bytes${text !== undefined ? ' showing its amount and period' : ''}${ctx.hasKey('enterpriseReadOnly') ? '; read_only key served too' : ''}`,
    );
  },
});

export const invoicePdfAnswers404ForUnknownAndForeignIds = defineCheck({
  id: 'invoices.pdfAnswers404ForUnknownAndForeignIds',
  title: "GET /rent/{id}/invoice/pdf answers 404 NOT_FOUND for an unknown payment and for another landlord's payment",
  group: GROUP,
  rules: ['RENT-PDF-2', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    ctx.expectErrorEnvelope(await pdfRequest(ctx, unknownId()), 404, 'NOT_FOUND', { rules: ['RENT-PDF-2'] });
    let foreign = false;
    if (ctx.hasKey('otherLandlord')) {
      const theirs = await targetPayment(ctx, 'otherLandlord');
      if (theirs) {
        ctx.expectErrorEnvelope(await pdfRequest(ctx, String(theirs.id)), 404, 'NOT_FOUND', {
          rules: ['RENT-PDF-2', 'ERR-NOT_FOUND'],
        });
        foreign = true;
      }
    }
    ctx.note(`404 NOT_FOUND for an unknown id${foreign ? " and for another landlord's payment" : ''}`);
  },
});

export const invoicePdfInSandboxMode = defineCheck({
  id: 'invoices.pdfInSandboxMode',
  title:
    'A sandbox key gets the invoice PDF too (the real pipeline on sandbox data): 200 application/pdf, X-Service-Mode: sandbox',
  group: GROUP,
  rules: ['RENT-PDF-8'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    // Sandbox keys "return real data": a payment written with the live key of the same landlord will do.
    const payment = await paymentToRender(ctx, 'sandbox-pdf', 'enterpriseSandbox');
    const res = await pdfRequest(ctx, String(payment.id), 'enterpriseSandbox');
    ctx.expect(
      isPdf(res),
      'the sandbox key to get 200 application/pdf bytes starting %PDF-',
      () => describeResponse(res),
      res.exchange,
      { rules: ['RENT-PDF-8'] },
    );
    ctx.expectHeader(res, 'X-Service-Mode', (v) => v?.trim() === 'sandbox', '"sandbox"', { rules: ['RENT-PDF-8'] });
    ctx.note(`sandbox PDF of ${res.bytes.byteLength} bytes`);
  },
});

export const invoicePdfLimitedTo20PerMinute = defineCheck({
  id: 'invoices.pdfLimitedTo20PerMinute',
  title:
    'The invoice PDF allows 20 requests per minute per landlord; the 21st answers 429 RATE_LIMIT_EXCEEDED with Retry-After',
  group: 'Limits > Other limits',
  rules: ['RENT-PDF-5', 'LIMIT-1', 'ERR-RATE_LIMIT_EXCEEDED'],
  exclusive: true,
  timeoutMs: 6 * 60_000,
  async run(ctx: CheckContext) {
    // With dashboard access: a fresh landlord of the check's own and a rent payment of its own, so the minute is
    // nobody else's; without: a payment of the target on enterpriseLive, after the other checks' PDFs left the minute.
    const key = await invoiceKey(ctx, 'pdf-limit');
    let paymentId: string;
    if (key === LIVE) {
      const payment = await targetPayment(ctx);
      if (!payment) ctx.skip('the target has no rent payment to render');
      paymentId = String(payment.id);
    } else {
      const chain = await createOwnChain(ctx, 'pdf-limit', { key });
      paymentId = String(
        (await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'pdf-limit invoice'), status: 'Pending' })).id,
      );
    }
    const path = `/rent/${paymentId}/invoice/pdf`;
    const { over, how } = await burstPastLimit(ctx, {
      route: 'pdf',
      key,
      limit: INVOICE_PDF_PER_MINUTE,
      what: 'invoice PDF requests',
      rules: ['RENT-PDF-5', 'LIMIT-1'],
      send: () => ctx.http.request({ path, key }),
      served: (res, i) =>
        ctx.expect(
          isPdf(res),
          `request ${i} of ${INVOICE_PDF_PER_MINUTE} in the minute to get the PDF`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['RENT-PDF-5', 'LIMIT-1'] },
        ),
    });
    ctx.expect(
      over.status === 429 && errorCode(over) === 'RATE_LIMIT_EXCEEDED',
      `request ${INVOICE_PDF_PER_MINUTE + 1} in the minute to answer 429 RATE_LIMIT_EXCEEDED`,
      () => describeResponse(over),
      over.exchange,
      { rules: ['RENT-PDF-5', 'LIMIT-1', 'ERR-RATE_LIMIT_EXCEEDED'] },
    );
    expectRateLimitRefusal(ctx, over);
    ctx.note(`${INVOICE_PDF_PER_MINUTE} PDFs served, the ${INVOICE_PDF_PER_MINUTE + 1}st answered 429, ${how}`);
  },
});
