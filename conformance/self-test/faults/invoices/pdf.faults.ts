// The faults of the checks in pdf.ts: each must make its check FAIL (a broken deployment per fault).
import type { ProxyResponse } from '../../support/broken';
import { codeOf, count, errorResponse, keyOf, mapJson, readJson } from '../../support/faults';
import { Rec, path, PDF, items, get } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Invoices -------------------------------------------------------------------------------------------
  'invoices.pdfIsThePaymentsInvoice': [
    {
      fault: () => ({
        description: 'the invoice PDF is served as application/octet-stream',
        response: (res, req) =>
          PDF.test(path(req)) && res.status === 200
            ? { ...res, headers: { ...res.headers, 'content-type': 'application/octet-stream' } }
            : undefined,
      }),
    },
    {
      fault: (t) => ({
        description: 'the read_only key is refused the invoice PDF (403 INSUFFICIENT_SCOPE)',
        request: (req) =>
          PDF.test(path(req)) && keyOf(req) === t.keys.enterpriseReadOnly
            ? errorResponse(403, 'INSUFFICIENT_SCOPE', 'Needs read_write')
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'the invoice PDF shows another payment (the first of the landlord)',
        async request(req, ctx) {
          if (!PDF.test(path(req))) return undefined;
          const list = items(readJson(await ctx.upstream(get(req, '/rent', 'limit=100'))) as Rec);
          const id = PDF.exec(path(req))?.[1];
          const mine = list.find((p) => p.id === id);
          const other = list.find(
            (p) => p.id !== id && mine !== undefined && p.amount !== mine.amount && p.period !== mine.period,
          );
          return other ? { ...req, path: `/api/public/v1/rent/${String(other.id)}/invoice/pdf` } : undefined;
        },
      }),
    },
  ],
  'invoices.pdfAnswers404ForUnknownAndForeignIds': [
    {
      fault: () =>
        mapJson(
          'unknown payments answer 403 FORBIDDEN on the PDF route',
          (q, r) => PDF.test(path(q)) && codeOf(r) === 'NOT_FOUND',
          (b) => [{ ...b, code: 'FORBIDDEN' }, 403],
        ),
    },
  ],
  'invoices.pdfInSandboxMode': [
    {
      fault: (t) => ({
        description: 'sandbox keys are refused the invoice PDF',
        request: (req) =>
          PDF.test(path(req)) && keyOf(req) === t.keys.enterpriseSandbox
            ? errorResponse(403, 'FORBIDDEN', 'Not in sandbox')
            : undefined,
      }),
    },
  ],
};

/** Each run against a fresh reference server with the spec's default per-landlord limits. */
export const freshServerFaults: FaultTable = {
  'invoices.pdfLimitedTo20PerMinute': [
    {
      fault: () => ({
        description: 'the invoice PDF limit is never enforced (429 answered with the PDF)',
        response(res, req, ctx) {
          if (!PDF.test(path(req))) return undefined;
          if (res.status === 200) ctx.state.set('pdf', res);
          return res.status === 429 ? (ctx.state.get('pdf') as ProxyResponse | undefined) : undefined;
        },
      }),
    },
    {
      fault: () => ({
        description: 'the invoice PDF limit is 15 a minute',
        request: (req, ctx) =>
          PDF.test(path(req)) && count(ctx, 'pdf') > 15
            ? errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Too many invoice PDFs', { 'retry-after': '60' })
            : undefined,
      }),
    },
  ],
};
