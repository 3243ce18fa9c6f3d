// Endpoints > Rent (GET, POST, PATCH) and Resources > Rent payment. The list and its filters are read from the
// target's data; every write goes to a contract the check creates itself (rent payments cannot be deleted
// through the API, so only the suite's own contracts ever get new ones; their periods carry the run marker).

import { setMaxListeners } from 'node:events';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import type { HttpResponse } from '../../http/client';
import { addDays, duringDates, utcDate } from '../shared/dates';
import {
  createOwnChain,
  createOwnRent,
  expect400,
  LIVE,
  optionalPart,
  rentBody,
  rentFields,
  suitePeriod,
  type OwnChain,
} from '../shared/own-data';
import { ownWriteKey, provisionKey, provisionLandlord } from '../shared/provision';
import { expectShape, type FieldRule } from '../shared/shape';
import { getList, isRecord, isSuiteData, successData, unknownId, type Json } from '../shared/util';

const GROUP = 'Endpoints > Rent';
export const RENT_STATUSES = ['Paid', 'Pending', 'Overdue'] as const;

export const RENT_FIELDS: readonly FieldRule[] = [
  { field: 'id', type: 'uuid', rule: 'ENVELOPE-1' },
  { field: 'propertyId', type: 'uuid', rule: 'RES-RENT-1' },
  { field: 'tenantId', type: 'uuid', rule: 'RES-RENT-1' },
  { field: 'contractId', type: 'uuid', rule: 'RES-RENT-1' },
  { field: 'period', type: 'string', rule: 'RES-RENT-2' },
  { field: 'amount', type: 'number', rule: 'RES-RENT-4' },
  { field: 'status', type: 'string', values: RENT_STATUSES, rule: 'RES-RENT-6' },
  // Unset until something is received / paid: null or absent accepted then; a Paid payment must carry both.
  { field: 'amountReceived', type: 'number', nullable: true, optional: true, rule: 'RES-RENT-7' },
  { field: 'datePaid', type: 'date', nullable: true, optional: true, rule: 'RES-RENT-8' },
];

const PAID_FIELDS: readonly FieldRule[] = [
  { field: 'amountReceived', type: 'number', rule: 'RES-RENT-7' },
  { field: 'datePaid', type: 'date', rule: 'RES-RENT-8' },
];

export function normalizedPeriod(period: string): string {
  return period.replace(/\s+/g, ' ').trim();
}

export function expectRentPayment(
  ctx: CheckContext,
  item: unknown,
  where: string,
  exchange?: HttpResponse['exchange'],
): void {
  expectShape(ctx, item, RENT_FIELDS, where, exchange);
  const payment = item as Json;
  if (payment.status === 'Paid') expectShape(ctx, payment, PAID_FIELDS, `${where} (Paid)`, exchange);
  const period = payment.period as string;
  ctx.expect(
    period === normalizedPeriod(period) && period.length > 0,
    `${where}.period whitespace-normalized`,
    () => JSON.stringify(period),
    exchange,
    { rules: ['RES-RENT-2'] },
  );
}

async function rentPage(ctx: CheckContext, query: Readonly<Record<string, string | number>>, key = LIVE) {
  return getList(ctx, '/rent', key, { limit: 100, ...query }, { rules: ['RENT-GET-1'] });
}

/** The suite's payments of a contract (all pages it can need). */
async function paymentsOf(ctx: CheckContext, contractId: string, key = LIVE): Promise<Json[]> {
  return [...(await rentPage(ctx, { contractId }, key)).items];
}

export const rentListShapeAndFilters = defineCheck({
  id: 'rent.listShapeAndFilters',
  title: 'GET /rent answers typed RentPayments; status and contractId filters hold on every item',
  group: GROUP,
  rules: [
    'RENT-GET-1',
    'RENT-GET-2',
    'RENT-GET-3',
    'RES-RENT-1',
    'RES-RENT-2',
    'RES-RENT-4',
    'RES-RENT-6',
    'RES-RENT-7',
    'RES-RENT-8',
    'STATE-4',
  ],
  async run(ctx: CheckContext) {
    const all = await rentPage(ctx, {});
    ctx.expect(
      all.meta !== undefined && all.items.length > 0,
      'GET /rent to answer a non-empty list with meta',
      () => describeResponse(all.res),
      all.res.exchange,
      { rules: ['RENT-GET-1'] },
    );
    for (const item of all.items) expectRentPayment(ctx, item, `rent payment ${String(item.id)}`, all.res.exchange);
    for (const status of RENT_STATUSES) {
      const page = await rentPage(ctx, { status });
      const wrong = page.items.find((p) => p.status !== status);
      ctx.expect(
        wrong === undefined,
        `every item of ?status=${status} to be "${status}"`,
        () => `payment ${String(wrong?.id)} is ${describeValue(wrong?.status)}`,
        page.res.exchange,
        { rules: ['RENT-GET-2', 'STATE-4'] },
      );
      if (all.items.some((p) => p.status === status))
        ctx.expect(
          page.items.length > 0,
          `?status=${status} to find payments in that status`,
          'an empty list',
          page.res.exchange,
          { rules: ['RENT-GET-2'] },
        );
    }
    const contracts = [...new Set(all.items.filter((p) => !isSuiteData(p)).map((p) => String(p.contractId)))].slice(
      0,
      4,
    );
    for (const contractId of contracts) {
      const page = await rentPage(ctx, { contractId });
      const wrong = page.items.find((p) => p.contractId !== contractId);
      ctx.expect(
        wrong === undefined,
        `every item of ?contractId=${contractId} to be of that contract`,
        () => `payment ${String(wrong?.id)} of ${describeValue(wrong?.contractId)}`,
        page.res.exchange,
        { rules: ['RENT-GET-3'] },
      );
      const expected = all.items.filter((p) => p.contractId === contractId);
      const missing = expected.find((p) => !page.items.some((q) => q.id === p.id));
      ctx.expect(
        missing === undefined,
        `?contractId=${contractId} to include every payment of that contract`,
        () => `payment ${String(missing?.id)} is missing`,
        page.res.exchange,
        { rules: ['RENT-GET-3'] },
      );
    }
    ctx.note(`${all.items.length} payments typed; status filters and ${contracts.length} contractId filters held`);
  },
});

export const rentListRejectsInvalidQueries = defineCheck({
  id: 'rent.listRejectsInvalidQueries',
  title: 'GET /rent answers 400 VALIDATION_ERROR for an unknown status or a contractId that is not a UUID',
  group: GROUP,
  rules: ['RENT-GET-4', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    for (const query of [{ status: 'Late' }, { status: 'paid' }, { contractId: 'contract-1' }]) {
      const res = await ctx.http.request({ path: '/rent', key: LIVE, query });
      expect400(
        ctx,
        res,
        `GET /rent?${Object.entries(query)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')}`,
        ['RENT-GET-4'],
      );
    }
    ctx.note('status=Late, status=paid and contractId=contract-1 answered 400 VALIDATION_ERROR');
  },
});

export const rentCreateNormalisesPeriodAndDefaultsPaid = defineCheck({
  id: 'rent.createNormalisesPeriodAndDefaultsPaid',
  title:
    'POST /rent answers 201 with the given status; period whitespace is collapsed; Paid defaults amountReceived to amount and datePaid to today (UTC)',
  group: GROUP,
  rules: ['RENT-POST-3', 'RENT-POST-5', 'RENT-POST-6', 'RES-RENT-2', 'STATE-19', 'STATE-21', 'STATE-22'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'rent-create');
    const chain = await createOwnChain(ctx, 'rent-create', { key });
    const raw = `  ${ctx.marker}   November   2030 `;
    const created = await createOwnRent(ctx, chain, { period: raw, amount: 1234.5 });
    expectRentPayment(ctx, created, 'the created payment');
    const wanted = `${ctx.marker} November 2030`;
    ctx.expect(
      created.period === wanted,
      `period ${JSON.stringify(raw)} stored as ${JSON.stringify(wanted)}`,
      () => JSON.stringify(created.period),
      undefined,
      { rules: ['RENT-POST-3', 'RES-RENT-2'] },
    );
    // Every kind of whitespace is whitespace: tabs and line breaks collapse like spaces.
    for (const [label, raw2, wanted2] of [
      ['tabs', `${ctx.marker}\tDecember \t 2030\t`, `${ctx.marker} December 2030`],
      ['line breaks', `${ctx.marker}\r\nJanuary\n\n2031\n`, `${ctx.marker} January 2031`],
    ] as const) {
      const spaced = await createOwnRent(ctx, chain, { period: raw2 });
      ctx.expect(
        spaced.period === wanted2,
        `${label} collapsed like spaces: ${JSON.stringify(raw2)} stored as ${JSON.stringify(wanted2)}`,
        () => JSON.stringify(spaced.period),
        undefined,
        { rules: ['RENT-POST-3'] },
      );
    }
    const listed = await paymentsOf(ctx, chain.contractId, key);
    ctx.expect(
      listed.some((p) => p.id === created.id && p.period === wanted),
      `GET /rent?contractId to show the period as ${JSON.stringify(wanted)}`,
      () => describeValue(listed.map((p) => p.period)),
      undefined,
      { rules: ['RENT-POST-3'] },
    );

    for (const status of ['Pending', 'Overdue'] as const) {
      const p = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, `status ${status}`), status });
      ctx.expect(
        p.status === status,
        `POST with status "${status}" to create a "${status}" payment`,
        () => describeValue(p.status),
        undefined,
        { rules: ['STATE-19'] },
      );
    }
    // Rule 5 field by field: an omitted amountReceived defaults to the amount, an omitted datePaid to today (UTC),
    // each whether or not the other is given; a given one is kept.
    const paidCases: ReadonlyArray<{
      label: string;
      amount: number;
      given: { amountReceived?: number; datePaid?: string };
    }> = [
      { label: 'neither given', amount: 987.65, given: {} },
      { label: 'both given', amount: 800, given: { amountReceived: 750, datePaid: addDays(utcDate(), -3) } },
      { label: 'amountReceived only', amount: 820, given: { amountReceived: 700 } },
      { label: 'datePaid only', amount: 830, given: { datePaid: addDays(utcDate(), -2) } },
    ];
    for (const { label, amount, given } of paidCases) {
      const { value: paid, dates } = await duringDates(() =>
        createOwnRent(ctx, chain, { period: suitePeriod(ctx, `paid ${label}`), status: 'Paid', amount, ...given }),
      );
      expectRentPayment(ctx, paid, `the created Paid payment (${label})`);
      ctx.expect(
        paid.status === 'Paid',
        `the Paid payment (${label}) created "Paid"`,
        () => describeValue(paid.status),
        undefined,
        { rules: ['STATE-19'] },
      );
      const received = given.amountReceived ?? amount;
      ctx.expect(
        paid.amountReceived === received,
        `a Paid payment with ${label}: amountReceived ${received} (${given.amountReceived === undefined ? 'defaulted to the amount' : 'as given'})`,
        () => describeValue(paid.amountReceived),
        undefined,
        { rules: given.amountReceived === undefined ? ['RENT-POST-5', 'STATE-21'] : ['RENT-POST-5'] },
      );
      ctx.expect(
        given.datePaid !== undefined
          ? paid.datePaid === given.datePaid
          : paid.datePaid === dates.first || paid.datePaid === dates.last,
        `a Paid payment with ${label}: datePaid ${given.datePaid ?? `defaulted to today (UTC) ${dates.first}`}`,
        () => describeValue(paid.datePaid),
        undefined,
        { rules: given.datePaid === undefined ? ['RENT-POST-5', 'STATE-22'] : ['RENT-POST-5'] },
      );
    }
    // Only an omitted amountReceived defaults: a given 0 is a value, kept as sent. The spec does not say a Paid
    // payment may record nothing received, so a refusal of it is the deployment's choice; a default is not.
    const zero = await ctx.http.request({
      method: 'POST',
      path: '/rent',
      key,
      json: rentBody(chain, rentFields(ctx), {
        period: suitePeriod(ctx, 'paid zero'),
        status: 'Paid',
        amount: 640,
        amountReceived: 0,
      }),
    });
    const zeroData = isRecord(zero.json) ? zero.json.data : undefined;
    if (zero.status === 201)
      ctx.expect(
        isRecord(zeroData) && zeroData.amountReceived === 0,
        'a given amountReceived of 0 kept on a Paid payment (only an omitted one defaults to the amount)',
        () => describeValue(isRecord(zeroData) ? zeroData.amountReceived : zeroData),
        zero.exchange,
        { rules: ['RENT-POST-5'] },
      );
    else ctx.note(`a Paid payment with amountReceived 0 was refused (${describeResponse(zero).slice(0, 80)})`);
    ctx.note('period normalised; statuses as given; Paid defaults applied, each also on its own');
  },
});

function expectConflict(ctx: CheckContext, res: HttpResponse): void {
  ctx.expectErrorEnvelope(res, 409, 'CONFLICT', { rules: ['RENT-POST-4', 'ERR-CONFLICT'] });
}

export const rentDuplicatePeriodAnswers409 = defineCheck({
  id: 'rent.duplicatePeriodAnswers409',
  title:
    'A second POST /rent for the same (contractId, period), also spaced differently or sent 10 times at once, answers 409 CONFLICT: exactly one is created',
  group: GROUP,
  rules: ['RENT-POST-4', 'RES-RENT-3', 'ERR-CONFLICT'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'rent-duplicate');
    const chain = await createOwnChain(ctx, 'rent-duplicate', { key });
    const fields = rentFields(ctx);
    const period = suitePeriod(ctx, 'March 2031');
    await createOwnRent(ctx, chain, { period });
    const post = (p: string) =>
      ctx.http.request({ method: 'POST', path: '/rent', key, json: rentBody(chain, fields, { period: p }) });
    expectConflict(ctx, await post(period));
    expectConflict(ctx, await post(`  ${period.replace(' March ', '   March  ')} `));

    const burst = suitePeriod(ctx, 'April 2031');
    setMaxListeners(64, ctx.signal);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(burst)));
    const created = answers.filter((r) => r.status === 201);
    const others = answers.filter((r) => r.status !== 201);
    ctx.expect(
      created.length === 1,
      'exactly one 201 among 10 concurrent creates of one (contract, period)',
      () => answers.map((r) => r.status).join(', '),
      (created[1] ?? others[0] ?? answers[0]).exchange,
      { rules: ['RENT-POST-4', 'RES-RENT-3'] },
    );
    for (const r of others) ctx.expectErrorEnvelope(r, 409, 'CONFLICT', { rules: ['RENT-POST-4', 'ERR-CONFLICT'] });
    const stored = (await paymentsOf(ctx, chain.contractId, key)).filter(
      (p) => p.period === burst || p.period === period,
    );
    ctx.expect(
      stored.length === 2,
      'one payment per period stored for the contract',
      () => describeValue(stored.map((p) => p.period)),
      undefined,
      { rules: ['RES-RENT-3'] },
    );
    // Unique per contract, not globally: another contract may use the same period.
    const other = await optionalPart(ctx, 'the same period on another contract', () =>
      createOwnChain(ctx, 'rent-duplicate-other', { key }),
    );
    if (other) await createOwnRent(ctx, other, { period });
    ctx.note(
      `duplicates answered 409 CONFLICT; 10 concurrent creates gave one 201${other ? '; another contract took the same period' : ''}`,
    );
  },
});

/**
 * The ids of another contract of the landlord `key` writes as: one of the target's own for enterpriseLive, else a
 * second chain of the check's own landlord (which has no other data).
 */
async function siblingContract(
  ctx: CheckContext,
  key: string,
  chain: OwnChain,
): Promise<{ propertyId: string; tenantId: string } | undefined> {
  if (key === LIVE) {
    const c = (await getList(ctx, '/contracts', LIVE, { limit: 20 })).items.find(
      (x) => !isSuiteData(x) && x.propertyId !== chain.propertyId,
    );
    return c ? { propertyId: String(c.propertyId), tenantId: String(c.mainTenantId) } : undefined;
  }
  const other = await optionalPart(ctx, 'ids of another contract of the landlord', () =>
    createOwnChain(ctx, 'rent-mismatch-other', { key }),
  );
  return other ? { propertyId: other.propertyId, tenantId: other.tenant.id } : undefined;
}

export const rentCreateRefusesMismatchedIds = defineCheck({
  id: 'rent.createRefusesMismatchedIds',
  title:
    'POST /rent whose propertyId, tenantId and contractId are not one contract of the landlord is refused (4xx) and writes nothing',
  group: GROUP,
  rules: ['RENT-POST-2', 'RENT-POST-7'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'rent-mismatch');
    const chain = await createOwnChain(ctx, 'rent-mismatch', { key });
    const fields = rentFields(ctx);
    const sibling = await siblingContract(ctx, key, chain);
    const probes: Array<[string, Json]> = [
      ['an unknown contractId', { contractId: unknownId() }],
      ['an unknown propertyId', { propertyId: unknownId() }],
      ['an unknown tenantId', { tenantId: unknownId() }],
    ];
    if (sibling) {
      probes.push(['the propertyId of another contract', { propertyId: sibling.propertyId }]);
      probes.push(['the tenantId of another contract', { tenantId: sibling.tenantId }]);
    }
    if (ctx.hasKey('otherLandlord')) {
      const foreign = (await getList(ctx, '/contracts', 'otherLandlord', { limit: 5 })).items[0];
      if (foreign)
        probes.push([
          "another landlord's contract, property and tenant",
          {
            contractId: String(foreign.id),
            propertyId: String(foreign.propertyId),
            tenantId: String(foreign.mainTenantId),
          },
        ]);
    }
    const periods: string[] = [];
    for (const [i, [what, override]] of probes.entries()) {
      const period = suitePeriod(ctx, `mismatch ${i}`);
      periods.push(period);
      const res = await ctx.http.request({
        method: 'POST',
        path: '/rent',
        key,
        json: rentBody(chain, fields, { period, ...override }),
      });
      const code = isRecord(res.json) ? res.json.code : undefined;
      ctx.expect(
        res.status >= 400 && res.status < 500 && typeof code === 'string',
        `POST /rent with ${what} to be refused with a 4xx error`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['RENT-POST-2'] },
      );
    }
    const invalid: Array<[string, Json]> = [
      ['amount "lots"', { ...rentBody(chain, fields, { period: suitePeriod(ctx, 'invalid amount') }), amount: 'lots' }],
      ['status "Late"', { ...rentBody(chain, fields, { period: suitePeriod(ctx, 'invalid status') }), status: 'Late' }],
      [
        'no period',
        (() => {
          const b = rentBody(chain, fields, { period: 'x' });
          delete b.period;
          return b;
        })(),
      ],
    ];
    for (const [what, json] of invalid) {
      const res = await ctx.http.request({ method: 'POST', path: '/rent', key, json });
      expect400(ctx, res, `POST /rent with ${what}`, ['RENT-POST-7']);
    }
    const stored = await paymentsOf(ctx, chain.contractId, key);
    ctx.expect(
      stored.length === 0,
      "no payment written for the suite's contract by the refused requests",
      () => describeValue(stored.map((p) => p.period)),
      undefined,
      { rules: ['RENT-POST-2', 'RENT-POST-7'] },
    );
    ctx.note(`${probes.length} mismatched id sets and ${invalid.length} invalid bodies refused; nothing written`);
  },
});

function expectSandboxMock(
  ctx: CheckContext,
  res: HttpResponse,
  statuses: readonly number[],
  what: string,
  rules: readonly string[],
): Json {
  const data = successData(ctx, res, statuses, { rules });
  ctx.expect(
    isRecord(data) && data.sandbox === true,
    `${what} to answer a mock carrying sandbox: true`,
    () => describeValue(data),
    res.exchange,
    { rules: [...rules, 'ENVELOPE-7'] },
  );
  return data;
}

export const rentSandboxWritesNothing = defineCheck({
  id: 'rent.sandboxWritesNothing',
  title:
    'POST and PATCH /rent in sandbox mode (sandbox key, or X-Service-Mode: sandbox on POST) answer mocks with sandbox: true and write nothing',
  group: GROUP,
  rules: ['RENT-POST-1', 'RENT-PATCH-6', 'ENVELOPE-7'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    const chain = await createOwnChain(ctx, 'rent-sandbox');
    const fields = rentFields(ctx);
    const sandboxPeriod = suitePeriod(ctx, 'sandbox key');
    const res = await ctx.http.request({
      method: 'POST',
      path: '/rent',
      key: 'enterpriseSandbox',
      json: rentBody(chain, fields, { period: sandboxPeriod }),
    });
    expectSandboxMock(ctx, res, [200, 201], 'POST /rent with the sandbox key', ['RENT-POST-1']);
    const headerPeriod = suitePeriod(ctx, 'sandbox header');
    const viaHeader = await ctx.http.request({
      method: 'POST',
      path: '/rent',
      key: LIVE,
      headers: { 'X-Service-Mode': 'sandbox' },
      json: rentBody(chain, fields, { period: headerPeriod }),
    });
    expectSandboxMock(ctx, viaHeader, [200, 201], 'POST /rent with a live key and X-Service-Mode: sandbox', [
      'RENT-POST-1',
    ]);
    let stored = await paymentsOf(ctx, chain.contractId);
    ctx.expect(
      stored.length === 0,
      'nothing written by the sandbox creates',
      () => describeValue(stored.map((p) => p.period)),
      undefined,
      { rules: ['RENT-POST-1'] },
    );

    const live = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'live'), status: 'Pending' });
    const patched = await ctx.http.request({
      method: 'PATCH',
      path: `/rent/${String(live.id)}`,
      key: 'enterpriseSandbox',
      json: { status: 'Paid', amountReceived: 1, datePaid: utcDate() },
    });
    expectSandboxMock(ctx, patched, [200], 'PATCH /rent/{id} with the sandbox key', ['RENT-PATCH-6']);
    stored = await paymentsOf(ctx, chain.contractId);
    const after = stored.find((p) => p.id === live.id);
    ctx.expect(
      after !== undefined &&
        after.status === live.status &&
        after.amountReceived === live.amountReceived &&
        after.datePaid === live.datePaid,
      'the live payment unchanged after the sandbox PATCH',
      () => describeValue(after),
      undefined,
      { rules: ['RENT-PATCH-6'] },
    );
    ctx.expect(
      stored.length === 1,
      'only the live payment stored',
      () => describeValue(stored.map((p) => p.period)),
      undefined,
      { rules: ['RENT-POST-1'] },
    );
    ctx.note('sandbox POST (key and header) and PATCH answered mocks; nothing written or changed');
  },
});

export const rentPatchRules = defineCheck({
  id: 'rent.patchReconcilesButKeepsAmountAndIds',
  title:
    'PATCH /rent/{id} needs at least one field, reconciles Pending to Paid, never changes amount or ids, and is Enterprise read_write only',
  group: GROUP,
  rules: ['RENT-PATCH-1', 'RENT-PATCH-2', 'RENT-PATCH-3', 'RENT-PATCH-4', 'RENT-PATCH-5', 'RES-RENT-5', 'STATE-20'],
  async run(ctx: CheckContext) {
    // With dashboard access a landlord of the check's own (writes not paced against enterpriseLive's) and a
    // read_only key of that landlord for the scope probe; else the target's enterpriseLive and enterpriseReadOnly.
    const own = ctx.target.provisioning ? await provisionLandlord(ctx, 'rent-patch') : undefined;
    const key = own?.live ?? LIVE;
    const readOnly = own
      ? (await provisionKey(ctx, { landlordId: own.landlordId, scope: 'read_only' })).key
      : ctx.hasKey('enterpriseReadOnly')
        ? 'enterpriseReadOnly'
        : undefined;
    const chain = await createOwnChain(ctx, 'rent-patch', { key });
    const payment = await createOwnRent(ctx, chain, {
      period: suitePeriod(ctx, 'patch'),
      status: 'Pending',
      amount: 1100,
    });
    const id = String(payment.id);
    const path = `/rent/${id}`;
    const read = async (): Promise<Json> => {
      const found = (await paymentsOf(ctx, chain.contractId, key)).find((p) => p.id === id);
      ctx.expect(found !== undefined, `payment ${id} listed for its contract`, 'missing', undefined, {
        rules: ['RENT-GET-3'],
      });
      return found;
    };

    expect400(ctx, await ctx.http.request({ method: 'PATCH', path, key, json: {} }), 'PATCH /rent/{id} with no field', [
      'RENT-PATCH-2',
    ]);
    const other = await optionalPart(ctx, "changing ids to another contract's", () =>
      createOwnChain(ctx, 'rent-patch-other', { key }),
    );
    const immutable: Array<[string, Json]> = [
      ['amount', { amount: 1 }],
      ['contractId', { contractId: other?.contractId ?? unknownId() }],
      ['propertyId', { propertyId: other?.propertyId ?? unknownId() }],
      ['tenantId', { tenantId: other?.tenant.id ?? unknownId() }],
    ];
    for (const [field, json] of immutable) {
      const res = await ctx.http.request({ method: 'PATCH', path, key, json });
      const rules = field === 'amount' ? ['RENT-PATCH-3', 'RES-RENT-5'] : ['RENT-PATCH-3'];
      ctx.expect(
        res.status === 400 || res.status === 200,
        `PATCH { ${field} } to be refused (400) or ignored (200)`,
        () => describeResponse(res),
        res.exchange,
        { rules },
      );
      const now =
        field === 'amount' || field === 'contractId'
          ? await read()
          : ((await paymentsOf(ctx, chain.contractId, key)).find((p) => p.id === id) ?? {});
      ctx.expect(
        now[field] === payment[field],
        `${field} unchanged (${describeValue(payment[field])}) after PATCH { ${field} }`,
        () => describeValue(now[field]),
        res.exchange,
        { rules },
      );
    }

    const paidOn = addDays(utcDate(), -1);
    const res = await ctx.http.request({
      method: 'PATCH',
      path,
      key,
      json: { status: 'Paid', amountReceived: 1100, datePaid: paidOn },
    });
    const data = successData(ctx, res, [200], { rules: ['RENT-PATCH-1'] });
    expectRentPayment(ctx, data, 'the reconciled payment', res.exchange);
    ctx.expect(
      isRecord(data) &&
        data.status === 'Paid' &&
        data.amountReceived === 1100 &&
        data.datePaid === paidOn &&
        data.amount === 1100,
      `Pending reconciled to Paid (amountReceived 1100, datePaid ${paidOn}), amount still 1100`,
      () => describeValue(data),
      res.exchange,
      { rules: ['STATE-20', 'RENT-PATCH-1'] },
    );
    const after = await read();
    ctx.expect(
      after.status === 'Paid' && after.amount === 1100,
      'GET to show the payment Paid with its amount',
      () => describeValue(after),
      undefined,
      { rules: ['STATE-20'] },
    );

    ctx.expectErrorEnvelope(
      await ctx.http.request({ method: 'PATCH', path: `/rent/${unknownId()}`, key, json: { status: 'Paid' } }),
      404,
      'NOT_FOUND',
      { rules: ['RENT-PATCH-4'] },
    );
    if (readOnly !== undefined) {
      ctx.expectErrorEnvelope(
        await ctx.http.request({ method: 'PATCH', path, key: readOnly, json: { status: 'Pending' } }),
        403,
        'INSUFFICIENT_SCOPE',
        { rules: ['RENT-PATCH-5'] },
      );
    }
    if (ctx.hasKey('portfolioLive')) {
      ctx.expectErrorEnvelope(
        await ctx.http.request({ method: 'PATCH', path, key: 'portfolioLive', json: { status: 'Pending' } }),
        403,
        'WRITE_REQUIRES_ENTERPRISE',
        { rules: ['RENT-PATCH-5'] },
      );
    }
    ctx.expect(
      (await read()).status === 'Paid',
      'the payment still Paid after the refused PATCHes',
      'changed',
      undefined,
      { rules: ['RENT-PATCH-5'] },
    );
    ctx.note(
      'empty PATCH refused; amount and ids unchanged; reconciled to Paid; 404 unknown; read_only and Portfolio refused',
    );
  },
});
