// POST /rent/{id}/invoice/email. Every send goes to a rent payment of the suite's own (its tenant's address, or
// an override address of the run, on example.com), so the capture shows only the run's own mail and the
// "at most one successful send per payment" rule never touches the target's data. The per-landlord limit
// (10 per minute) is booked in shared/invoice-budget: with dashboard access, the checks that send with data of
// their own do so as a landlord of their own (invoiceKey), so none waits for another's minute; without, and for
// the checks that need the target's keys (its data, its sandbox key), the enterpriseLive landlord's minute is shared.
// The concurrency checks send CONCURRENT_SENDS at once and then repeat, so burst and repeat fit in one landlord
// minute: none waits a minute for its own repeat.

import { setMaxListeners } from 'node:events';
import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { INVOICE_EMAIL_PER_MINUTE } from '../../rules/limits';
import { invoiceBurst, invoiceRequest } from '../shared/invoice-budget';
import { mailCapture, mailTo } from '../shared/mail-capture';
import {
  createOwnChain,
  createOwnRent,
  createOwnTenant,
  expect400,
  LIVE,
  optionalPart,
  suiteEmail,
  suitePeriod,
  type OwnChain,
} from '../shared/own-data';
import { readName, requireReadName, unnamedReason } from '../shared/unnamed';
import { createOwnProperty, getList, isRecord, isSuiteData, unknownId, type Json } from '../shared/util';
import { errorCode, invoiceKey, mentionsPeriod, pdfText } from './helpers';
import { burstPastLimit, expectRateLimitRefusal } from './limit-burst';

const GROUP = 'Endpoints > Rent';

interface OwnPayment {
  readonly chain: OwnChain;
  readonly id: string;
  readonly period: string;
}

async function ownPayment(ctx: CheckContext, tag: string, chain?: OwnChain, key = LIVE): Promise<OwnPayment> {
  const c = chain ?? (await createOwnChain(ctx, tag, { key }));
  const payment = await createOwnRent(ctx, c, { period: suitePeriod(ctx, `${tag} invoice`), status: 'Pending' });
  return { chain: c, id: String(payment.id), period: String(payment.period) };
}

/**
 * How many identical sends go at once: the landlord's minute less the repeat that follows, so every one of them
 * reaches the route (a larger burst only adds 429s, refused before any lookup) and the repeat needs no new minute.
 */
export const CONCURRENT_SENDS = INVOICE_EMAIL_PER_MINUTE - 1;

function emailPath(id: string): string {
  return `/rent/${id}/invoice/email`;
}

function send(
  ctx: CheckContext,
  id: string,
  body: unknown,
  extra: { key?: string; headers?: Record<string, string> } = {},
): Promise<HttpResponse> {
  return invoiceRequest(ctx, 'email', {
    method: 'POST',
    path: emailPath(id),
    key: extra.key ?? LIVE,
    json: body,
    headers: extra.headers,
  });
}

/** Stable JSON (sorted keys) of a 200 answer's body, for "identical payload" comparisons. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** 200 { data: { sent: boolean, sandbox: boolean, … } }; returns data. */
function expectEmailResult(
  ctx: CheckContext,
  res: HttpResponse,
  what: string,
  rules: readonly string[] = ['RENT-EMAIL-10'],
): Json {
  const data = isRecord(res.json) ? res.json.data : undefined;
  ctx.expect(
    res.status === 200 && isRecord(data) && typeof data.sent === 'boolean' && typeof data.sandbox === 'boolean',
    `${what}: 200 with data { sent: boolean, sandbox: boolean }`,
    () => describeResponse(res),
    res.exchange,
    { rules },
  );
  return data;
}

/** Fires `n` identical requests at once, booked as one burst in the landlord's minute (resent if all were refused 429). */
async function burst(
  ctx: CheckContext,
  n: number,
  id: string,
  body: unknown,
  headers?: Record<string, string>,
  key = LIVE,
): Promise<HttpResponse[]> {
  setMaxListeners(4 * n + 16, ctx.signal);
  return invoiceBurst(ctx, 'email', n, { method: 'POST', path: emailPath(id), key, json: body, headers });
}

/**
 * The answers of concurrent sends for one payment: each is 200 with the one stored payload, or 409 with one of
 * `inProgress` codes, or (more requests than the landlord's 10 per minute) 429 RATE_LIMIT_EXCEEDED. At least one
 * 200. Returns the payload.
 */
function expectOnePayload(
  ctx: CheckContext,
  answers: readonly HttpResponse[],
  inProgress: readonly string[],
  rules: readonly string[],
): Json {
  const ok = answers.filter((r) => r.status === 200);
  ctx.expect(
    ok.length > 0,
    'at least one 200 among the concurrent sends',
    () => answers.map((r) => `${r.status} ${describeValue(errorCode(r))}`).join(', '),
    answers[0]?.exchange,
    { rules },
  );
  const first = expectEmailResult(ctx, ok[0], 'the first successful send');
  ctx.expect(
    first.sent === true && first.sandbox === false,
    'a live send to answer sent: true, sandbox: false',
    () => describeValue(first),
    ok[0].exchange,
    { rules: ['RENT-EMAIL-10'] },
  );
  for (const r of answers) {
    if (r.status === 200) {
      ctx.expect(
        canonical(isRecord(r.json) ? r.json.data : undefined) === canonical(first),
        'every 200 to carry the identical stored payload',
        () => `${describeValue(r.json)} vs ${describeValue(first)}`,
        r.exchange,
        { rules: [...rules, 'STATE-33'] },
      );
    } else if (r.status === 409) {
      const code = errorCode(r);
      ctx.expect(
        typeof code === 'string' && inProgress.includes(code),
        `a concurrent 409 to carry ${inProgress.join(' or ')}`,
        () => describeResponse(r),
        r.exchange,
        { rules: [...rules, 'STATE-31'] },
      );
      ctx.expectErrorEnvelope(r, 409, code, { rules: ['STATE-31'] });
    } else if (r.status === 429) {
      ctx.expectErrorEnvelope(r, 429, 'RATE_LIMIT_EXCEEDED', { rules: ['RENT-EMAIL-7'] });
    } else {
      ctx.fail(
        `each concurrent send to answer 200 (stored payload), 409 ${inProgress.join(' / ')} or 429 (over 10 per minute)`,
        describeResponse(r),
        r.exchange,
        { rules },
      );
    }
  }
  return first;
}

export const invoiceEmailValidation = defineCheck({
  id: 'invoices.emailRefusesInvalidRequests',
  title:
    'POST /rent/{id}/invoice/email: empty body, invalid JSON, invalid email and an Idempotency-Key over 128 characters → 400 VALIDATION_ERROR',
  group: GROUP,
  rules: ['RENT-EMAIL-5', 'RENT-EMAIL-11', 'LIMIT-11', 'ERR-VALIDATION_ERROR'],
  spread: true,
  async run(ctx: CheckContext) {
    const key = await invoiceKey(ctx, 'email-invalid');
    const payment = await ownPayment(ctx, 'email-invalid', undefined, key);
    const path = emailPath(payment.id);
    const raw = (body: string) =>
      invoiceRequest(ctx, 'email', {
        method: 'POST',
        path,
        key,
        body,
        headers: { 'content-type': 'application/json' },
      });
    expect400(ctx, await raw(''), 'an empty body', ['RENT-EMAIL-5', 'ERR-VALIDATION_ERROR']);
    expect400(ctx, await raw('{"email": '), 'invalid JSON', ['RENT-EMAIL-5', 'ERR-VALIDATION_ERROR']);
    expect400(ctx, await send(ctx, payment.id, { email: 'not-an-email' }, { key }), '{ email: "not-an-email" }', [
      'RENT-EMAIL-5',
      'ERR-VALIDATION_ERROR',
    ]);
    expect400(
      ctx,
      await send(ctx, payment.id, {}, { key, headers: { 'Idempotency-Key': 'k'.repeat(129) } }),
      'an Idempotency-Key of 129 characters',
      ['RENT-EMAIL-11', 'LIMIT-11'],
    );
    ctx.note(
      'empty body, invalid JSON, invalid email and a 129-character Idempotency-Key answered 400 VALIDATION_ERROR',
    );
  },
});

export const invoiceEmailTenantEmailMissing = defineCheck({
  id: 'invoices.emailWithoutTenantAddressAnswers400TenantEmailMissing',
  title:
    'POST /rent/{id}/invoice/email for a payment whose tenant has no email on file, without an email override, answers 400 TENANT_EMAIL_MISSING',
  group: GROUP,
  rules: ['RENT-EMAIL-4', 'ERR-TENANT_EMAIL_MISSING'],
  spread: true,
  async run(ctx: CheckContext) {
    // Tenants cannot be created without an address in every deployment: look for one in the target's data. The
    // email field's name is not given: the target's, or the one a tenant of the check's own shows back.
    if (readName(ctx, 'tenant', 'email') === undefined)
      await optionalPart(ctx, 'learning the tenant email field', async () =>
        createOwnTenant(ctx, String((await createOwnProperty(ctx, LIVE, 'email-missing')).id), 'email-missing'),
      );
    const emailField = requireReadName(ctx, 'tenant', 'email', 'finding a tenant without an email address');
    const checked = new Map<string, boolean>();
    let found: Json | undefined;
    for (let page = 1; page <= 5 && !found; page++) {
      const list = await getList(ctx, '/rent', LIVE, { limit: 100, page });
      for (const payment of list.items) {
        if (isSuiteData(payment) || typeof payment.tenantId !== 'string') continue;
        if (!checked.has(payment.tenantId)) {
          const res = await ctx.http.request({ path: `/tenants/${payment.tenantId}`, key: LIVE });
          const tenant = isRecord(res.json) ? res.json.data : undefined;
          checked.set(
            payment.tenantId,
            res.status === 200 &&
              isRecord(tenant) &&
              (tenant[emailField] === null || tenant[emailField] === undefined || tenant[emailField] === ''),
          );
        }
        if (checked.get(payment.tenantId)) {
          found = payment;
          break;
        }
        if (checked.size >= 60) break;
      }
      if (list.items.length < 100 || checked.size >= 60) break;
    }
    if (!found)
      ctx.skip(`no rent payment whose tenant has no email on file among ${checked.size} tenants of the target`);
    const res = await send(ctx, String(found.id), {});
    ctx.expectErrorEnvelope(res, 400, 'TENANT_EMAIL_MISSING', { rules: ['RENT-EMAIL-4', 'ERR-TENANT_EMAIL_MISSING'] });
    ctx.note(`payment ${String(found.id)} (tenant ${String(found.tenantId)} without email): 400 TENANT_EMAIL_MISSING`);
  },
});

export const invoiceEmailSandboxSendsNothing = defineCheck({
  id: 'invoices.emailInSandboxSendsNothing',
  title:
    'A sandbox invoice email answers { sent: false, sandbox: true }, sends nothing and leaves the payment free for a real send',
  group: GROUP,
  rules: ['RENT-EMAIL-8', 'RENT-EMAIL-10'],
  spread: true,
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    const payment = await ownPayment(ctx, 'email-sandbox');
    const address = suiteEmail(ctx, 'sandbox-invoice');
    const res = await send(ctx, payment.id, { email: address }, { key: 'enterpriseSandbox' });
    const data = expectEmailResult(ctx, res, 'the sandbox send', ['RENT-EMAIL-8', 'RENT-EMAIL-10']);
    ctx.expect(
      data.sent === false && data.sandbox === true,
      'sent: false and sandbox: true',
      () => describeValue(data),
      res.exchange,
      { rules: ['RENT-EMAIL-8'] },
    );
    const capture = ctx.target.mail ? mailCapture(ctx) : undefined;
    if (capture) {
      const mail = await mailTo(ctx, capture, address, (m) => m.length > 0, 3_000);
      ctx.expect(
        mail.length === 0,
        `no email to ${address} after the sandbox send`,
        () => `${mail.length}: ${describeValue(mail.map((m) => m.subject))}`,
        undefined,
        { rules: ['RENT-EMAIL-8'] },
      );
    }
    // Nothing was stored either: a live send of the same payment really sends.
    const live = await send(ctx, payment.id, { email: address });
    const liveData = expectEmailResult(ctx, live, 'the live send after the sandbox one');
    ctx.expect(
      liveData.sent === true && liveData.sandbox === false,
      'the live send after the sandbox one to send (sent: true, sandbox: false): the sandbox stored nothing',
      () => describeValue(liveData),
      live.exchange,
      { rules: ['RENT-EMAIL-8'] },
    );
    ctx.note(
      `sandbox answered { sent: false, sandbox: true }${capture ? ' and sent no email' : ''}; the live send afterwards sent`,
    );
  },
});

/** The dedup check's burst: one less than the minute allows, which also holds a repeat to another address. */
const DEDUP_SENDS = CONCURRENT_SENDS - 1;

export const invoiceEmailDedupUnderConcurrency = defineCheck({
  id: 'invoices.emailConcurrentAndRepeatedSendsShareOnePayload',
  title: `${DEDUP_SENDS} concurrent invoice emails for one payment (with the two repeats, the landlord's ${INVOICE_EMAIL_PER_MINUTE} a minute) answer the one stored payload (200) or 409 INVOICE_EMAIL_IN_PROGRESS; a repeat answers the same 200, to another address too`,
  group: GROUP,
  rules: ['RENT-EMAIL-2', 'RENT-EMAIL-10', 'STATE-31', 'STATE-33', 'ERR-INVOICE_EMAIL_IN_PROGRESS'],
  spread: true,
  async run(ctx: CheckContext) {
    const key = await invoiceKey(ctx, 'email-dedup');
    const payment = await ownPayment(ctx, 'email-dedup', undefined, key);
    const body = { email: suiteEmail(ctx, 'dedup-invoice') };
    const answers = await burst(ctx, DEDUP_SENDS, payment.id, body, undefined, key);
    const payload = expectOnePayload(
      ctx,
      answers,
      ['INVOICE_EMAIL_IN_PROGRESS'],
      ['RENT-EMAIL-2', 'STATE-31', 'ERR-INVOICE_EMAIL_IN_PROGRESS'],
    );
    const repeat = await send(ctx, payment.id, body, { key });
    const again = expectEmailResult(ctx, repeat, 'a repeat send');
    ctx.expect(
      canonical(again) === canonical(payload),
      'the repeat to answer 200 with the identical stored payload',
      () => `${describeValue(again)} vs ${describeValue(payload)}`,
      repeat.exchange,
      { rules: ['RENT-EMAIL-2', 'STATE-33'] },
    );
    // "At most one successful invoice_email_sent per rent payment": a repeat to another address is a repeat too.
    const elsewhere = await send(ctx, payment.id, { email: suiteEmail(ctx, 'dedup-invoice-other') }, { key });
    const stored = expectEmailResult(ctx, elsewhere, 'a repeat send to another address');
    ctx.expect(
      canonical(stored) === canonical(payload),
      'a repeat to another address to answer 200 with the identical stored payload (no second send)',
      () => `${describeValue(stored)} vs ${describeValue(payload)}`,
      elsewhere.exchange,
      { rules: ['RENT-EMAIL-2', 'STATE-33'] },
    );
    const counts = new Map<string, number>();
    for (const r of answers)
      counts.set(
        `${r.status}${errorCode(r) ? ` ${String(errorCode(r))}` : ''}`,
        (counts.get(`${r.status}${errorCode(r) ? ` ${String(errorCode(r))}` : ''}`) ?? 0) + 1,
      );
    ctx.note(
      `${DEDUP_SENDS} concurrent sends: ${[...counts].map(([k, n]) => `${n}× ${k}`).join(', ')}; the repeats (same and another address) answered the stored payload`,
    );
  },
});

export const invoiceEmailSentExactlyOnce = defineCheck({
  id: 'invoices.emailSentExactlyOnceWithThePdf',
  title:
    'The invoice email goes to the tenant (or the email override) with the PDF attached, exactly once per payment even under concurrent and repeated sends',
  group: GROUP,
  rules: ['RENT-EMAIL-1', 'RENT-EMAIL-2', 'STATE-34'],
  spread: true,
  needs: ['mail'],
  async run(ctx: CheckContext) {
    const capture = mailCapture(ctx);
    const key = await invoiceKey(ctx, 'email-once');
    const first = await ownPayment(ctx, 'email-once', undefined, key);
    // Override address, CONCURRENT_SENDS requests at once, then a repeat (the landlord's whole minute): one email.
    const override = suiteEmail(ctx, 'once-invoice');
    const answers = await burst(ctx, CONCURRENT_SENDS, first.id, { email: override }, undefined, key);
    expectOnePayload(ctx, answers, ['INVOICE_EMAIL_IN_PROGRESS'], ['RENT-EMAIL-2']);
    expectEmailResult(ctx, await send(ctx, first.id, { email: override }, { key }), 'a repeat send');
    let mail = await mailTo(ctx, capture, override, (m) => m.length > 0);
    await ctx.sleep(1_500);
    mail = await capture.to(override);
    ctx.expect(
      mail.length === 1,
      `exactly one email to ${override} after ${CONCURRENT_SENDS} concurrent sends and a repeat`,
      () => `${mail.length} emails`,
      undefined,
      { rules: ['RENT-EMAIL-2', 'STATE-34'] },
    );
    const message = mail[0];
    const attachment = message.attachments.find((a) => /pdf/i.test(a.contentType) || /\.pdf$/i.test(a.filename));
    ctx.expect(
      attachment !== undefined,
      'the email to carry the invoice PDF as an attachment',
      () => describeValue(message.attachments),
      undefined,
      { rules: ['RENT-EMAIL-1'] },
    );
    const bytes = await capture.attachment(message, attachment);
    ctx.expect(
      Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-',
      'the attachment to be a PDF (%PDF-)',
      () =>
        `${bytes.byteLength} bytes starting ${JSON.stringify(Buffer.from(bytes.subarray(0, 8)).toString('latin1'))}`,
      undefined,
      { rules: ['RENT-EMAIL-1'] },
    );
    const text = await pdfText(bytes);
    if (text !== undefined)
      ctx.expect(
        mentionsPeriod(text, first.period),
        `the attached PDF to show the payment's period "${first.period}"`,
        () => describeValue(text.slice(0, 400)),
        undefined,
        { rules: ['RENT-EMAIL-1'] },
      );
    const firstTenant = first.chain.tenant.email;
    if (firstTenant !== undefined) {
      const tenantMail = await capture.to(firstTenant);
      ctx.expect(
        !tenantMail.some((m) => m.subject === message.subject),
        'no copy to the tenant when an email override is given',
        () => `${tenantMail.length} emails to ${firstTenant}`,
        undefined,
        { rules: ['RENT-EMAIL-1'] },
      );
    }

    // Without an override: to the tenant's address on file. With dashboard access as a second landlord of the
    // check's own, whose minute is untouched (the first one's is spent); without, on the same shared minute.
    const tenantKey = await invoiceKey(ctx, 'email-tenant');
    const second = await ownPayment(ctx, 'email-tenant', tenantKey === key ? first.chain : undefined, tenantKey);
    const address = second.chain.tenant.email;
    if (address === undefined) {
      ctx.note(
        `one email with the PDF to the override; the send without override not checked: ${unnamedReason(ctx, 'tenant', 'email', "mailing the tenant's address on file")}`,
      );
      return;
    }
    const before = (await capture.to(address)).length;
    const res = await send(ctx, second.id, {}, { key: tenantKey });
    const data = expectEmailResult(ctx, res, 'a send without override');
    ctx.expect(data.sent === true, 'the send without override to send', () => describeValue(data), res.exchange, {
      rules: ['RENT-EMAIL-1'],
    });
    const toTenant = await mailTo(ctx, capture, address, (m) => m.length > before);
    ctx.expect(
      toTenant.length === before + 1,
      `one email to the tenant's address ${address}`,
      () => `${toTenant.length - before} new emails`,
      undefined,
      { rules: ['RENT-EMAIL-1'] },
    );
    ctx.note(
      `one email with the PDF to the override (${CONCURRENT_SENDS} concurrent + 1 repeat); one to the tenant without override`,
    );
  },
});

export const invoiceEmailIdempotencyKeyReplays = defineCheck({
  id: 'invoices.emailIdempotencyKeyReplays',
  title:
    'An Idempotency-Key of 128 characters is accepted; concurrent and repeated requests with it answer the identical 200 or 409 IDEMPOTENCY_IN_PROGRESS',
  group: GROUP,
  rules: ['RENT-EMAIL-3', 'RENT-EMAIL-11', 'LIMIT-11', 'LIMIT-12', 'ERR-IDEMPOTENCY_IN_PROGRESS'],
  spread: true,
  async run(ctx: CheckContext) {
    const apiKey = await invoiceKey(ctx, 'email-idempotency');
    const payment = await ownPayment(ctx, 'email-idempotency', undefined, apiKey);
    const key = `${ctx.marker}-`.padEnd(128, 'k');
    const headers = { 'Idempotency-Key': key };
    const body = { email: suiteEmail(ctx, 'idempotent-invoice') };
    const answers = await burst(ctx, 2, payment.id, body, headers, apiKey);
    const payload = expectOnePayload(
      ctx,
      answers,
      ['IDEMPOTENCY_IN_PROGRESS', 'INVOICE_EMAIL_IN_PROGRESS'],
      ['RENT-EMAIL-3', 'LIMIT-11', 'ERR-IDEMPOTENCY_IN_PROGRESS'],
    );
    const replay = await send(ctx, payment.id, body, { key: apiKey, headers });
    const again = expectEmailResult(ctx, replay, 'the replay with the same Idempotency-Key', [
      'RENT-EMAIL-3',
      'LIMIT-12',
    ]);
    ctx.expect(
      canonical(again) === canonical(payload),
      'the replay to answer the identical success response',
      () => `${describeValue(again)} vs ${describeValue(payload)}`,
      replay.exchange,
      { rules: ['RENT-EMAIL-3', 'LIMIT-12'] },
    );
    ctx.note(`a 128-character key accepted; ${answers.map((r) => r.status).join(', ')} then an identical replay`);
  },
});

export const invoiceEmailLimitedTo10PerMinute = defineCheck({
  id: 'invoices.emailLimitedTo10PerMinute',
  title:
    'The invoice email allows 10 requests per minute per landlord, counted before any lookup (unknown payments: 404); the 11th answers 429 RATE_LIMIT_EXCEEDED',
  group: 'Limits > Other limits',
  rules: ['RENT-EMAIL-7', 'LIMIT-2', 'RENT-EMAIL-12', 'ERR-RATE_LIMIT_EXCEEDED'],
  exclusive: true,
  timeoutMs: 6 * 60_000,
  async run(ctx: CheckContext) {
    // Unknown payments: nothing is sent, and the limit comes before any database work, so they count. With dashboard
    // access the minute is a fresh landlord's (nobody else's traffic is in it); without, enterpriseLive's.
    const key = await invoiceKey(ctx, 'email-limit');
    const { over, how } = await burstPastLimit(ctx, {
      route: 'email',
      key,
      limit: INVOICE_EMAIL_PER_MINUTE,
      what: 'invoice email requests',
      rules: ['RENT-EMAIL-7', 'LIMIT-2'],
      send: () => ctx.http.request({ method: 'POST', path: emailPath(unknownId()), key, json: {} }),
      served: (res) => ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['RENT-EMAIL-12'] }),
    });
    ctx.expect(
      over.status === 429,
      `request ${INVOICE_EMAIL_PER_MINUTE + 1} in the minute to answer 429 (the limit is enforced before the payment is looked up)`,
      () => describeResponse(over),
      over.exchange,
      { rules: ['RENT-EMAIL-7', 'LIMIT-2'] },
    );
    expectRateLimitRefusal(ctx, over);
    ctx.note(`${INVOICE_EMAIL_PER_MINUTE} requests answered, the ${INVOICE_EMAIL_PER_MINUTE + 1}th 429, ${how}`);
  },
});
