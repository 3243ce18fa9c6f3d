// POST /rent/{id}/invoice/email, rules 1-9: the PDF emailed to the tenant (or `email`), at most one successful
// send per rent payment (dedup record: pending → 409 INVOICE_EMAIL_IN_PROGRESS, sent → stored payload), the
// Idempotency-Key replay and in-progress answers, TENANT_EMAIL_MISSING, VALIDATION_ERROR for empty or invalid
// bodies, rent.invoice_sent queued (pending) after a live send, sandbox, and the 10/min per-landlord limit
// enforced before any database or PDF work. With SMTP_URL + MAIL_API_URL the mail really goes through maildev.
import fc from 'fast-check';
import { hashKey } from '../src/platform/auth/keys';
import { ManualClock } from '../src/platform/clock';
import type { Mailer, MailMessage } from '../src/platform/mail/mailer';
import { invoicePdfsOf } from '../src/resources/rent/routes';
import {
  eventually,
  harbour,
  mailReaderFor,
  northgate,
  pdfText,
  uniqueAddress,
  type MailReader,
} from './helpers/invoice-mail';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

const START = new Date('2030-06-14T10:00:00Z');
const RAISED = { LANDLORD_LIMITS: 'public_api.rent_invoice_email=1000,public_api.rent_invoice_pdf=1000' };

interface Result {
  sent: boolean;
  sandbox: boolean;
  rentPaymentId: string;
  email: string;
  documentType: string;
  reference: string;
  sentAt: string | null;
  messageId: string | null;
  attachment: { filename: string; contentType: string; sizeBytes: number };
}
type Json = { data: Result; error: string; code: string };

let t: TestServer;
let clock: ManualClock;
let mail: MailReader;
let spy: MailerSpy;
const json = (res: { payload: string }) => JSON.parse(res.payload) as Json;
const email = (
  id: string,
  payload: unknown = {},
  key: string = KEYS.enterpriseLive,
  headers: Record<string, string> = {},
) => t.api('POST', `/rent/${id}/invoice/email`, key, payload, headers);
const dedupRow = async (server: TestServer, id: string) =>
  server.deps.knex('invoice_email_sends').where({ rent_payment_id: id }).first() as Promise<
    Record<string, unknown> | undefined
  >;
const invoiceEvents = async (id: string) =>
  await t.deps
    .knex('outbox_events')
    .where({ event_type: 'rent.invoice_sent' })
    .whereRaw<Array<{ status: string; data: Record<string, unknown> }>>(`data->>'rent_payment_id' = ?`, [id]);

/** Counts (and can hold) sends at the mailer, whichever transport it is. */
interface MailerSpy {
  readonly calls: MailMessage[];
  /** Sends wait until the returned function is called. */
  hold(): () => void;
}
function spyOn(mailer: Mailer): MailerSpy {
  const target = mailer as { send: Mailer['send'] };
  const original = target.send.bind(mailer);
  const calls: MailMessage[] = [];
  let gate: Promise<void> | undefined;
  target.send = async (message) => {
    calls.push(message);
    if (gate) await gate;
    return original(message);
  };
  return {
    calls,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

beforeAll(async () => {
  clock = new ManualClock(START);
  t = await startTestServer({ clock, env: RAISED });
  // Many writes within seconds (Redis counts real time): the per-key write limit is not under test here.
  await t.deps
    .knex('api_keys')
    .where({ key_hash: hashKey(KEYS.enterpriseLive) })
    .update({ rate_limits: JSON.stringify({ writesPerMinute: 1000 }) });
  mail = mailReaderFor(t);
  spy = spyOn(t.deps.mailer);
});
afterAll(async () => {
  await mail.cleanup();
  await t.stop();
});

describe('a live send (rules 1, 2, 6)', () => {
  it('emails the receipt PDF to the tenant on file, answers the result, and queues rent.invoice_sent (pending)', async () => {
    const id = harbour.rent(0, -3); // Paid: a receipt
    const tenant = (await t.deps
      .knex('tenants')
      .where({ id: harbour.tenant(0) })
      .first()) as { email: string; first_name: string; last_name: string };
    const sends = spy.calls.length;
    const res = await email(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    const data = json(res).data;
    expect(data).toEqual({
      sent: true,
      sandbox: false,
      rentPaymentId: id,
      email: tenant.email,
      documentType: 'receipt',
      reference: `INV-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      sentAt: START.toISOString(),
      messageId: expect.any(String),
      attachment: {
        filename: `receipt-${data.reference}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: expect.any(Number),
      },
    });
    expect(spy.calls.length).toBe(sends + 1);

    // The delivered message (capture, or maildev over real SMTP) carries the PDF, byte for byte the download.
    const delivered = await eventually(async () =>
      (await mail.to(tenant.email)).find((m) => data.messageId!.includes(m.messageId)),
    );
    expect(delivered.subject).toContain(data.reference);
    expect(delivered.attachments).toEqual([{ filename: data.attachment.filename, contentType: 'application/pdf' }]);
    const attachment = await mail.attachment(delivered, data.attachment.filename);
    expect(attachment.length).toBe(data.attachment.sizeBytes);
    expect(attachment.equals((await t.api('GET', `/rent/${id}/invoice/pdf`, KEYS.enterpriseLive)).rawPayload)).toBe(
      true,
    );
    const text = await pdfText(attachment);
    expect(text).toContain('RECEIPT');
    expect(text).toContain(`${tenant.first_name} ${tenant.last_name}`);
    expect(text).toContain(data.reference);

    // Rule 6: queued for the background dispatcher, not delivered in the request.
    const events = await invoiceEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0].status).toBe('pending');
    const rent = (
      JSON.parse((await t.api('GET', `/rent/${id}`, KEYS.enterpriseLive)).payload) as { data: Record<string, unknown> }
    ).data;
    expect(events[0].data).toEqual({
      rent_payment_id: id,
      contract_id: harbour.contract(0),
      property_id: harbour.property(0),
      tenant_id: harbour.tenant(0),
      tenant_email: tenant.email,
      document_type: 'receipt',
      period: rent.period,
      amount: rent.amount,
      due_date: rent.dueDate,
      sent_via: 'email',
    });
    expect(await dedupRow(t, id)).toMatchObject({ state: 'sent', recipient: tenant.email });

    // Rule 2 / STATE-33, 34: a repeat gets the stored payload and sends nothing; an override changes nothing.
    clock.advance(60_000);
    try {
      for (const payload of [{}, { email: uniqueAddress('repeat') }]) {
        const again = await email(id, payload);
        expect(again.statusCode).toBe(200);
        expect(json(again).data).toEqual(data);
      }
    } finally {
      clock.set(START);
    }
    expect(spy.calls.length).toBe(sends + 1);
    expect(await invoiceEvents(id)).toHaveLength(1);
  });

  it('sends an invoice for an unpaid payment to the `email` override instead of the tenant', async () => {
    const id = harbour.rent(2, 'upcoming');
    const to = uniqueAddress('override');
    const res = await email(id, { email: to });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ sent: true, email: to, documentType: 'invoice' });
    const delivered = await eventually(async () => (await mail.to(to))[0]);
    expect(delivered.to).toEqual([to]);
    expect(await pdfText(await mail.attachment(delivered, json(res).data.attachment.filename))).toContain('INVOICE');
    expect((await invoiceEvents(id))[0].data.tenant_email).toBe(to);
  });

  it('trims the override address', async () => {
    const to = uniqueAddress('trim');
    const res = await email(harbour.rent(3, -2), { email: `  ${to} ` });
    expect(json(res).data.email).toBe(to);
  });
});

describe('rule 4: TENANT_EMAIL_MISSING', () => {
  it('answers 400 when the tenant has no email and no override is given, creating nothing; an override sends', async () => {
    const id = harbour.rent(7, -3); // the fixture's 8th property: main tenant without email
    const res = await email(id);
    expect([res.statusCode, json(res).code]).toEqual([400, 'TENANT_EMAIL_MISSING']);
    expect(await dedupRow(t, id)).toBeUndefined();
    const sandbox = await email(id, {}, KEYS.enterpriseSandbox);
    expect([sandbox.statusCode, json(sandbox).code]).toEqual([400, 'TENANT_EMAIL_MISSING']);
    const to = uniqueAddress('missing');
    const ok = await email(id, { email: to });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.email).toBe(to);
  });
});

describe('rule 5: VALIDATION_ERROR', () => {
  const raw = (payload: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.inject({
      method: 'POST',
      url: `${API}/rent/${harbour.rent(4, -3)}/invoice/email`,
      payload,
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, ...headers },
    });

  it.each([
    ['an empty body', undefined],
    ['an empty body with a JSON content type', ''],
    ['invalid JSON', '{"email": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"x"'],
    ['JSON null', 'null'],
    ['an invalid email', '{"email":"not-an-email"}'],
    ['an empty email', '{"email":""}'],
    ['an email that is not a string', '{"email":42}'],
    ['an unknown field', '{"cc":"a@b.example"}'],
  ])('answers 400 VALIDATION_ERROR for %s, sending and recording nothing', async (_name, payload) => {
    const sends = spy.calls.length;
    const res = await raw(payload);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(json(res).error).toEqual(expect.any(String));
    expect(spy.calls.length).toBe(sends);
    expect(await dedupRow(t, harbour.rent(4, -3))).toBeUndefined();
  });

  it('never answers 5xx to random JSON bodies (sandbox): 200 or 400 VALIDATION_ERROR, nothing recorded', async () => {
    const id = harbour.rent(4, -3);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.record({ email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })) }).map((o) => JSON.stringify(o)),
        ),
        async (payload) => {
          const res = await t.inject({
            method: 'POST',
            url: `${API}/rent/${id}/invoice/email`,
            payload,
            headers: { authorization: `Bearer ${KEYS.enterpriseSandbox}`, 'content-type': 'application/json' },
          });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(json(res)).toEqual({ error: expect.any(String), code: 'VALIDATION_ERROR' });
          else expect(json(res).data).toMatchObject({ sent: false, sandbox: true });
        },
      ),
      { numRuns: 60 },
    );
    expect(await dedupRow(t, id)).toBeUndefined();
  });

  it('answers 400 VALIDATION_ERROR for an Idempotency-Key above 128 characters, accepts 128', async () => {
    const long = await email(harbour.rent(4, -3), {}, KEYS.enterpriseLive, { 'idempotency-key': 'k'.repeat(129) });
    expect([long.statusCode, json(long).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await dedupRow(t, harbour.rent(4, -3))).toBeUndefined();
    const ok = await email(harbour.rent(4, -3), { email: uniqueAddress('key128') }, KEYS.enterpriseLive, {
      'idempotency-key': 'k'.repeat(128),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('access and isolation', () => {
  it("answers 404 NOT_FOUND for unknown and other landlords' payments, before any dedup record", async () => {
    for (const id of ['3f1c2a4e-0000-4000-8000-000000000000', northgate.rent(0, -2)]) {
      const res = await email(id, { email: uniqueAddress('nf') });
      expect([res.statusCode, json(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Rent payment/);
      expect(await dedupRow(t, id)).toBeUndefined();
    }
    expect((await email(northgate.rent(0, -2), {}, KEYS.enterpriseSandbox)).statusCode).toBe(404);
  });

  it('needs Enterprise and a read_write key (rule 1)', async () => {
    expect(json(await email(harbour.rent(5, -3), {}, KEYS.enterpriseReadOnly)).code).toBe('INSUFFICIENT_SCOPE');
    expect(json(await email(harbour.rent(5, -3), {}, KEYS.portfolioLive)).code).toBe('WRITE_REQUIRES_ENTERPRISE');
    expect(await dedupRow(t, harbour.rent(5, -3))).toBeUndefined();
  });
});

describe('rule 8: sandbox', () => {
  it.each([
    ['a sandbox key', KEYS.enterpriseSandbox, {}, -3],
    ['X-Service-Mode: sandbox', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }, -2],
  ])(
    '(%s) renders and validates the PDF but sends nothing, queues nothing, records nothing',
    async (_name, key, headers, month) => {
      const id = harbour.rent(6, month);
      const sends = spy.calls.length;
      const renders = invoicePdfsOf(t.server).renders;
      const idempotencyRows = (
        (await t.deps.knex('idempotency_keys').count('* as n').first()) as { n: string | number }
      ).n;
      const res = await email(id, {}, key, { ...headers, 'idempotency-key': `sandbox-${Math.random()}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-service-mode']).toBe('sandbox');
      expect(json(res).data).toMatchObject({
        sent: false,
        sandbox: true,
        rentPaymentId: id,
        sentAt: null,
        messageId: null,
        documentType: 'receipt',
      });
      expect(json(res).data.attachment.sizeBytes).toBeGreaterThan(1000);
      expect(invoicePdfsOf(t.server).renders).toBe(renders + 1); // the real pipeline ran (sandbox variant)
      expect(spy.calls.length).toBe(sends);
      expect(await invoiceEvents(id)).toHaveLength(0);
      expect(await dedupRow(t, id)).toBeUndefined();
      expect(((await t.deps.knex('idempotency_keys').count('* as n').first()) as { n: string | number }).n).toBe(
        idempotencyRows,
      );
      // A later live send is unaffected by sandbox calls.
      const live = await email(id, { email: uniqueAddress('after-sandbox') });
      expect(json(live).data.sent).toBe(true);
      // And sandbox after a live send still answers the mock.
      expect(json(await email(id, {}, key, headers)).data).toMatchObject({ sent: false, sandbox: true });
      invoicePdfsOf(t.server).cache.clear();
    },
  );
});

describe('concurrency (rule 2, STATE-31)', () => {
  it('20 concurrent requests send exactly ONE email; every answer is the same 200 body or 409 INVOICE_EMAIL_IN_PROGRESS', async () => {
    const id = harbour.rent(9, -2);
    const to = uniqueAddress('concurrent');
    const sends = spy.calls.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => email(id, { email: to })));
    const ok = results.filter((r) => r.statusCode === 200);
    const busy = results.filter((r) => r.statusCode === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(busy.every((r) => json(r).code === 'INVOICE_EMAIL_IN_PROGRESS')).toBe(true);
    expect(new Set(ok.map((r) => JSON.stringify(json(r).data, Object.keys(json(r).data).sort()))).size).toBe(1);
    expect(spy.calls.length).toBe(sends + 1);
    await eventually(async () => ((await mail.to(to)).length === 1 ? true : undefined));
    expect(await invoiceEvents(id)).toHaveLength(1);
    // After the dust settles, everyone gets the stored payload.
    expect(json(await email(id, { email: to })).data).toEqual(json(ok[0]).data);
    expect(await mail.to(to)).toHaveLength(1);
  });

  it('while the first send is held, 19 concurrent requests get 409 INVOICE_EMAIL_IN_PROGRESS; then the stored payload', async () => {
    const id = harbour.rent(10, -2);
    const to = uniqueAddress('held');
    const sends = spy.calls.length;
    const release = spy.hold();
    const first = email(id, { email: to });
    try {
      await eventually(async () => (spy.calls.length > sends ? true : undefined));
      const others = await Promise.all(Array.from({ length: 19 }, () => email(id, { email: to })));
      expect(others.map((r) => [r.statusCode, json(r).code])).toEqual(
        Array.from({ length: 19 }, () => [409, 'INVOICE_EMAIL_IN_PROGRESS']),
      );
      expect(await dedupRow(t, id)).toMatchObject({ state: 'pending' });
    } finally {
      release();
    }
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(json(await email(id, {})).data).toEqual(json(done).data);
    expect(spy.calls.length).toBe(sends + 1);
    await eventually(async () => ((await mail.to(to)).length === 1 ? true : undefined));
  });
});

describe('rule 3: Idempotency-Key', () => {
  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first request runs, then replays its success for 24 hours', async () => {
    const id = harbour.rent(11, -2);
    const to = uniqueAddress('idem');
    const key = `idem-${Math.random().toString(36).slice(2)}`;
    const sends = spy.calls.length;
    const release = spy.hold();
    const first = email(id, { email: to }, KEYS.enterpriseLive, { 'idempotency-key': key });
    try {
      await eventually(async () => (spy.calls.length > sends ? true : undefined));
      const sameKey = await email(id, { email: to }, KEYS.enterpriseLive, { 'idempotency-key': key });
      expect([sameKey.statusCode, json(sameKey).code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
      const noKey = await email(id, { email: to });
      expect([noKey.statusCode, json(noKey).code]).toEqual([409, 'INVOICE_EMAIL_IN_PROGRESS']);
    } finally {
      release();
    }
    const done = await first;
    expect(done.statusCode).toBe(200);
    clock.advance(23 * 3600_000);
    try {
      const replay = await email(id, { email: to }, KEYS.enterpriseLive, { 'idempotency-key': key });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(json(replay).data).toEqual(json(done).data);
      // The same key with a different request is a conflict, not a replay.
      const other = await email(id, { email: uniqueAddress('other') }, KEYS.enterpriseLive, { 'idempotency-key': key });
      expect([other.statusCode, json(other).code]).toEqual([409, 'CONFLICT']);
    } finally {
      clock.set(START);
    }
    expect(spy.calls.length).toBe(sends + 1);
  });

  it('does not store failures: after a 400, the same key may be retried', async () => {
    const key = `idem-retry-${Math.random().toString(36).slice(2)}`;
    const id = harbour.rent(7, -2); // tenant without email
    const missing = await email(id, {}, KEYS.enterpriseLive, { 'idempotency-key': key });
    expect(json(missing).code).toBe('TENANT_EMAIL_MISSING');
    const again = await email(id, {}, KEYS.enterpriseLive, { 'idempotency-key': key });
    expect(json(again).code).toBe('TENANT_EMAIL_MISSING'); // not IDEMPOTENCY_IN_PROGRESS: the claim was released
  });
});

describe('rule 7: the per-landlord limit (10 per minute, public_api.rent_invoice_email)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(async () => {
    await limited.stop();
  });

  it('refuses the 11th request with 429 RATE_LIMIT_EXCEEDED and Retry-After, before any database or PDF work', async () => {
    const keys = [KEYS.enterpriseLive, KEYS.enterpriseSandbox];
    // Ten requests count, whatever they answer (these are refused by validation, after the limiter).
    for (let i = 0; i < 10; i += 1) {
      const res = await limited.api('POST', `/rent/${harbour.rent(0, -3)}/invoice/email`, keys[i % 2], {
        email: 'bad',
      });
      expect(res.statusCode).toBe(400);
    }
    const spyLimited = spyOn(limited.deps.mailer);
    const pdfs = invoicePdfsOf(limited.server);
    const renders = pdfs.renders;
    const misses = pdfs.cache.stats.misses;
    const id = harbour.rent(1, -3);
    const res = await limited.api('POST', `/rent/${id}/invoice/email`, KEYS.enterpriseLive, {
      email: uniqueAddress('limited'),
    });
    expect([res.statusCode, json(res).code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(await dedupRow(limited, id)).toBeUndefined();
    expect(spyLimited.calls).toHaveLength(0);
    expect([pdfs.renders, pdfs.cache.stats.misses]).toEqual([renders, misses]);
    // Another landlord has its own allowance.
    expect(
      (
        await limited.api('POST', `/rent/${northgate.rent(0, -2)}/invoice/email`, KEYS.otherLandlord, {
          email: uniqueAddress('northgate'),
        })
      ).statusCode,
    ).toBe(200);
  });
});
