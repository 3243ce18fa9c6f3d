// GET /rent/{id}/invoice/pdf: a real PDF (invoice, or receipt once Paid) with the payment's fields, deterministic
// bytes, the 15-minute cache keyed by rent id + updated_at + template version, the 20/min per-landlord limit
// (refused before any rendering), sandbox watermark, scopes and tenant isolation.
import { ManualClock } from '../src/platform/clock';
import { invoicePdfsOf } from '../src/resources/rent/routes';
import { loadInvoiceDocument } from '../src/resources/invoices/document';
import { TEMPLATE_VERSION } from '../src/resources/invoices/pdf/render';
import { cacheKeyOf } from '../src/resources/invoices/pdf/service';
import { harbour, northgate, pdfText } from './helpers/invoice-mail';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const START = new Date('2030-06-14T10:00:00Z');
// The limit itself is tested on a server of its own below; this one lets the file make many requests.
const RAISED = { LANDLORD_LIMITS: 'public_api.rent_invoice_pdf=1000' };

let t: TestServer;
let clock: ManualClock;
const json = (res: { payload: string }) =>
  JSON.parse(res.payload) as { data: Record<string, unknown>; error: string; code: string };
const pdf = (id: string, key: string = KEYS.enterpriseLive, headers?: Record<string, string>) =>
  t.api('GET', `/rent/${id}/invoice/pdf`, key, undefined, headers);
const bytesOf = (res: { rawPayload: Buffer }): Buffer => res.rawPayload;

beforeAll(async () => {
  clock = new ManualClock(START);
  t = await startTestServer({ clock, env: RAISED });
});
afterAll(async () => {
  await t.stop();
});

describe('the document', () => {
  it("is an application/pdf invoice with the payment's fields, for a Pending payment", async () => {
    const id = harbour.rent(2, 'upcoming'); // due next month: Pending
    const res = await pdf(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-INV-[0-9A-F]{8}\.pdf"$/);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    const bytes = bytesOf(res);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const rent = json(await t.api('GET', `/rent/${id}`, KEYS.enterpriseLive)).data;
    const property = json(await t.api('GET', `/properties/${harbour.property(2)}`, KEYS.enterpriseLive)).data;
    const tenant = (await t.deps
      .knex('tenants')
      .where({ id: harbour.tenant(2) })
      .first()) as { first_name: string; last_name: string };
    const text = await pdfText(bytes);
    expect(rent.status).toBe('Pending');
    for (const expected of [
      'INVOICE',
      'Harbour Lettings Ltd',
      `${tenant.first_name} ${tenant.last_name}`,
      String(property.address),
      String(rent.period),
      `Due date ${String(rent.dueDate)}`,
      'STATUS',
      'Pending',
      `INV-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      'Issue date'.toUpperCase(),
      'Amount received £0.00',
      `Period window ${String(rent.periodStart)} to ${String(rent.periodEnd)}`,
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Amount £${Number(rent.amount).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(text).not.toContain('SANDBOX');
  });

  it('is a receipt once Paid, with the amount received and the date paid', async () => {
    const id = harbour.rent(0, -2);
    const rent = json(await t.api('GET', `/rent/${id}`, KEYS.enterpriseLive)).data;
    expect(rent.status).toBe('Paid');
    const res = await pdf(id);
    expect(res.headers['content-disposition']).toContain('receipt-INV-');
    const text = await pdfText(bytesOf(res));
    expect(text).toContain('RECEIPT');
    expect(text).toContain(`Date paid ${String(rent.datePaid)}`);
    expect(text).toContain(
      `Amount received £${Number(rent.amountReceived).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain('Paid');
  });

  it('shows Overdue for an unpaid payment past its due date', async () => {
    const text = await pdfText(bytesOf(await pdf(harbour.rent(1, -1)))); // fixture: i % 4 === 1, last month: Overdue
    expect(text).toContain('Overdue');
    expect(text).toContain('INVOICE');
  });
});

describe('determinism and the cache', () => {
  it('gives identical bytes for the same payment state, from the cache within 15 minutes', async () => {
    const service = invoicePdfsOf(t.server);
    const id = harbour.rent(3, -3);
    const rendersBefore = service.renders;
    const first = bytesOf(await pdf(id));
    const second = bytesOf(await pdf(id));
    expect(second.equals(first)).toBe(true);
    expect(service.renders).toBe(rendersBefore + 1); // the second came from the cache
    clock.advance(14 * 60_000);
    expect(bytesOf(await pdf(id)).equals(first)).toBe(true);
    expect(service.renders).toBe(rendersBefore + 1);
    clock.advance(2 * 60_000); // past 15 minutes: rendered again, to the same bytes
    expect(bytesOf(await pdf(id)).equals(first)).toBe(true);
    expect(service.renders).toBe(rendersBefore + 2);
    clock.set(START);
  });

  it('renders again after the payment changes (updated_at is in the key), showing the change', async () => {
    const service = invoicePdfsOf(t.server);
    const id = harbour.rent(8, 'upcoming');
    const before = bytesOf(await pdf(id));
    clock.advance(1000);
    try {
      const patched = await t.api('PATCH', `/rent/${id}`, KEYS.enterpriseLive, {
        status: 'Paid',
        amountReceived: 12.34,
        datePaid: '2030-06-13',
      });
      expect(patched.statusCode).toBe(200);
      const renders = service.renders;
      const after = bytesOf(await pdf(id));
      expect(service.renders).toBe(renders + 1);
      expect(after.equals(before)).toBe(false);
      const text = await pdfText(after);
      expect(text).toContain('RECEIPT');
      expect(text).toContain('Amount received £12.34');
      expect(text).toContain('Date paid 2030-06-13');
    } finally {
      clock.set(START);
    }
  });

  it('keys the cache by rent id, updated_at, template version (and the derived status and variant)', async () => {
    const doc = await loadInvoiceDocument(
      { landlordId: harbour.landlord, db: t.deps.knex },
      harbour.rent(0, -3),
      '2030-06-14',
      false,
    );
    expect(cacheKeyOf(doc)).toBe(`${doc.rentPaymentId}:${doc.updatedAt.getTime()}:v${TEMPLATE_VERSION}:Paid:live`);
    expect(cacheKeyOf({ ...doc, sandbox: true })).not.toBe(cacheKeyOf(doc));
  });

  it('renders once for concurrent first requests (single flight)', async () => {
    const service = invoicePdfsOf(t.server);
    const id = harbour.rent(9, -3);
    const renders = service.renders;
    const all = await Promise.all(Array.from({ length: 8 }, () => pdf(id)));
    expect(all.every((r) => r.statusCode === 200 && bytesOf(r).equals(bytesOf(all[0])))).toBe(true);
    expect(service.renders).toBe(renders + 1);
  });
});

describe('access', () => {
  it('allows read_only keys and the Portfolio plan (a read)', async () => {
    expect((await pdf(harbour.rent(0, -3), KEYS.enterpriseReadOnly)).statusCode).toBe(200);
    const portfolioRent = json(await t.api('GET', '/rent?limit=1', KEYS.portfolioLive)) as unknown as {
      data: Array<{ id: string }>;
    };
    expect((await pdf(portfolioRent.data[0].id, KEYS.portfolioLive)).statusCode).toBe(200);
  });

  it("answers 404 NOT_FOUND for unknown and other landlords' payments, 400 for a malformed id, 401 without a key", async () => {
    for (const id of ['3f1c2a4e-0000-4000-8000-000000000000', northgate.rent(0, -2)]) {
      const res = await pdf(id);
      expect([res.statusCode, json(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Rent payment/);
    }
    expect(json(await pdf('nope')).code).toBe('VALIDATION_ERROR');
    expect(
      (await t.inject({ method: 'GET', url: `/api/public/v1/rent/${harbour.rent(0, -3)}/invoice/pdf` })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['a sandbox key', KEYS.enterpriseSandbox, {}],
    ['X-Service-Mode: sandbox', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }],
  ])(
    'sandbox (%s) runs the real pipeline on the payment, watermarked SANDBOX, deterministically',
    async (_name, key, headers) => {
      const id = harbour.rent(0, -1);
      const live = bytesOf(await pdf(id));
      const res = await pdf(id, key, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-service-mode']).toBe('sandbox');
      const sandbox = bytesOf(res);
      expect(sandbox.equals(live)).toBe(false);
      expect(bytesOf(await pdf(id, key, headers)).equals(sandbox)).toBe(true);
      const text = await pdfText(sandbox);
      expect(text).toContain('SANDBOX');
      expect(text).toContain('Harbour Lettings Ltd');
      expect((await pdf(northgate.rent(0, -2), key, headers)).statusCode).toBe(404);
    },
  );
});

describe('the per-landlord limit (20 per minute, public_api.rent_invoice_pdf)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(async () => {
    await limited.stop();
  });

  it('answers the 21st request in a minute 429 RATE_LIMIT_EXCEEDED with Retry-After, before any rendering', async () => {
    const service = invoicePdfsOf(limited.server);
    // Any mix of keys of the landlord counts: the limit is per landlord, not per key.
    const keys = [KEYS.enterpriseLive, KEYS.enterpriseReadOnly, KEYS.enterpriseSandbox];
    for (let i = 0; i < 20; i += 1) {
      const res = await limited.api('GET', `/rent/${harbour.rent(i % 20, -3)}/invoice/pdf`, keys[i % 3]);
      expect(res.statusCode).toBe(200);
    }
    const renders = service.renders;
    const res = await limited.api('GET', `/rent/${harbour.rent(12, -2)}/invoice/pdf`, KEYS.enterpriseLive);
    expect([res.statusCode, json(res).code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(service.renders).toBe(renders);
    // Even an invalid or unknown id is refused by the limiter first.
    expect((await limited.api('GET', '/rent/not-a-uuid/invoice/pdf', KEYS.enterpriseLive)).statusCode).toBe(429);
    // Another landlord is unaffected.
    expect(
      (await limited.api('GET', `/rent/${northgate.rent(0, -2)}/invoice/pdf`, KEYS.otherLandlord)).statusCode,
    ).toBe(200);
  });
});
