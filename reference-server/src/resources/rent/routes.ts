// Rent: HTTP shape only (typed routes, thin handlers over the service), plus the invoice routes (../invoices). The PDF service (and its cache)
// is one per server, created when the plugin registers.
import type { Plugin, Server } from '@hapi/hapi';
import { depsOf, readScope, todayFor, write } from '../../platform/app-context';
import { jsonTextResponse } from '../../platform/http/json-text';
import { listMeta } from '../../platform/http/pagination';
import { idParams } from '../../platform/http/schemas';
import { InvoicePdfService } from '../invoices/pdf/service';
import { invoiceRoutes } from '../invoices/routes';
import { route, type IdParams } from '../../platform/http/routes';
import type { RentCreateInput, RentPatchInput } from './fields';
import { createBody, listQuery, patchBody, rentEnvelope, rentList, type ListQuery } from './schemas';
import * as rent from './service';

const routes = [
  route<{ Query: ListQuery }>({
    method: 'GET',
    path: '/rent',
    options: {
      tags: ['api', 'Rent'],
      description: 'List rent payments (most recent due date first); status Overdue = unpaid and past due',
      notes: [
        "Ordered by due date descending, then creation time and id. `status` is derived when read: `Paid` stays `Paid`; a payment marked `Overdue`, or an unpaid one whose due date is before today (the landlord's local date), is `Overdue`; otherwise `Pending`. The `status` filter applies the same rule. A `contractId` of another landlord simply matches nothing.",
        '`amountReceived` is 0 until something is received; `datePaid`, `periodStart` and `periodEnd` are null when unset.',
      ],
      validate: { query: listQuery },
      // The page's items come from PostgreSQL as JSON text and are spliced in unparsed (rent.listJson); Hapi
      // validates only object responses, so the tests validate the bytes against the schema (json-text.ts).
      response: { schema: jsonTextResponse(rentList) },
      handler: async (request, h) => {
        const { rows, total } = await rent.listJson(
          readScope(request),
          todayFor(request),
          request.query,
          request.query,
        );
        const meta = JSON.stringify(listMeta(request.query, total));
        return h.response(`{"data":[${rows.join(',')}],"meta":${meta}}`).type('application/json; charset=utf-8');
      },
    },
  }),
  route<{ Payload: RentCreateInput }>({
    method: 'POST',
    path: '/rent',
    options: {
      tags: ['api', 'Rent'],
      description: 'Create a manual rent payment record (unique per contract and normalized period)',
      notes: [
        'Body: `propertyId`, `tenantId`, `contractId`, `period` (1-100 characters after whitespace normalization), `amount` (> 0, two decimals), `dueDate` required; `status` (default `Pending`), `amountReceived`, `datePaid`, `periodStart`, `periodEnd` optional.',
        "The three ids must be one contract of the landlord: its property, and its main tenant or one of its additional tenants. Otherwise, and for unknown or other landlords' ids alike, 400 VALIDATION_ERROR.",
        "`period` is trimmed and internal whitespace runs collapse to one space before the database's unique index on (contract, period) sees it: a duplicate answers 409 CONFLICT, also under concurrency.",
        'Status `Paid` without `amountReceived` receives `amount`; without `datePaid` it was paid today (UTC).',
      ],
      validate: { payload: createBody },
      response: { status: { 201: rentEnvelope } },
      handler: async (request, h) => {
        const data = await write(request, (ctx) => rent.create(ctx, todayFor(request), request.payload));
        return h.response({ data }).code(201);
      },
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/rent/{id}',
    options: {
      tags: ['api', 'Rent'],
      description: 'Get one rent payment',
      notes: [
        "Not in the spec's endpoint table: added so a client can read one payment (after a PATCH, or before requesting its invoice).",
      ],
      validate: { params: idParams },
      response: { schema: rentEnvelope },
      handler: async (request) => ({ data: await rent.get(readScope(request), todayFor(request), request.params.id) }),
    },
  }),
  route<{ Params: IdParams; Payload: RentPatchInput }>({
    method: 'PATCH',
    path: '/rent/{id}',
    options: {
      tags: ['api', 'Rent'],
      description:
        'Update status, amountReceived, datePaid, due date, period or period window; amount and references are immutable',
      notes: [
        'Body: at least one of `status`, `amountReceived`, `datePaid`, `dueDate`, `periodStart`, `periodEnd`, `period`. Sending `amount`, `contractId`, `propertyId` or `tenantId` answers 400 VALIDATION_ERROR.',
        'Reconciliation: moving to `Paid` defaults what the body omits like a create (amountReceived = amount, datePaid = today UTC). Changing `period` to one the contract already has answers 409 CONFLICT.',
      ],
      validate: { params: idParams, payload: patchBody },
      response: { schema: rentEnvelope },
      handler: async (request) => {
        const data = await write(request, (ctx) =>
          rent.update(ctx, todayFor(request), request.params.id, request.payload),
        );
        return { data };
      },
    },
  }),
];

const PDF_SERVICE = Symbol('invoice-pdf-service');

/** The server's invoice PDF service (tests and benchmarks read its cache statistics). */
export function invoicePdfsOf(server: Server): InvoicePdfService {
  const service = (server.app as Record<symbol, InvoicePdfService | undefined>)[PDF_SERVICE];
  if (!service) throw new Error('rent plugin not registered on this server');
  return service;
}

export const rentPlugin: Plugin<void> = {
  name: 'resources/rent',
  register(server) {
    // server.app is shared by the root server and every plugin realm, like the deps themselves.
    const pdfs = new InvoicePdfService(depsOf(server).clock);
    (server.app as Record<symbol, InvoicePdfService>)[PDF_SERVICE] = pdfs;
    for (const r of routes) r.register(server);
    for (const r of invoiceRoutes(pdfs)) r.register(server);
  },
};
