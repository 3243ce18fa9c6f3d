// Endpoints > Contracts and Resources > Contract: the list and detail shapes, status values, the filters
// (status, propertyId, tenantId on the main tenant only, search on the tenancy reference), meta.hasNextPage,
// and the writes on contracts the check creates itself: status derived from the dates unless Notice Served.

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, utcDate } from '../shared/dates';
import { mailCapture, mailTo } from '../shared/mail-capture';
import { ownWriteKey } from '../shared/provision';
import {
  addressOf,
  createOwnChain,
  createOwnContract,
  createOwnTenant,
  expect400,
  LIVE,
  optionalPart,
} from '../shared/own-data';
import { readName, unnamedReason } from '../shared/unnamed';
import { expectShape, type FieldRule } from '../shared/shape';
import {
  createOwnProperty,
  getList,
  isRecord,
  isSuiteData,
  successData,
  unknownId,
  UUID,
  type Json,
  type ListPage,
} from '../shared/util';
import { maskCase, swapCase } from '../properties/fields';

const GROUP = 'Endpoints > Contracts';
export const CONTRACT_STATUSES = ['Active', 'Pending', 'Notice Served', 'Ended'] as const;

export const CONTRACT_FIELDS: readonly FieldRule[] = [
  { field: 'id', type: 'uuid', rule: 'RES-CONTRACT-1' },
  { field: 'status', type: 'string', values: CONTRACT_STATUSES, rule: 'RES-CONTRACT-2' },
  { field: 'propertyId', type: 'uuid', rule: 'RES-CONTRACT-3' },
  { field: 'mainTenantId', type: 'uuid', rule: 'RES-CONTRACT-4' },
  { field: 'additionalTenantIds', type: 'array', optional: true, rule: 'RES-CONTRACT-5' },
];

export function expectContract(
  ctx: CheckContext,
  item: unknown,
  where: string,
  exchange?: Parameters<CheckContext['fail']>[2],
): void {
  expectShape(ctx, item, CONTRACT_FIELDS, where, exchange);
  const extra = (item as Json).additionalTenantIds;
  if (Array.isArray(extra)) {
    const bad: unknown = extra.find((t) => typeof t !== 'string' || !UUID.test(t));
    ctx.expect(
      bad === undefined,
      `${where}.additionalTenantIds: an array of uuids`,
      () => describeValue(bad),
      exchange,
      { rules: ['RES-CONTRACT-5'] },
    );
  }
}

function hasNextPageProblem(page: ListPage): string | undefined {
  const meta = page.meta;
  if (!meta) return 'no meta';
  if (typeof meta.hasNextPage !== 'boolean') return `hasNextPage is ${describeValue(meta.hasNextPage)}`;
  const { page: p, limit, total } = meta;
  if (
    typeof p === 'number' &&
    typeof limit === 'number' &&
    typeof total === 'number' &&
    meta.hasNextPage !== p * limit < total
  ) {
    return `hasNextPage ${String(meta.hasNextPage)} with page ${p}, limit ${limit}, total ${total}`;
  }
  return undefined;
}

function expectHasNextPage(ctx: CheckContext, page: ListPage, where: string): void {
  const problem = hasNextPageProblem(page);
  ctx.expect(
    problem === undefined,
    `${where}: meta.hasNextPage, a boolean, true exactly when page × limit < total`,
    problem ?? '',
    page.res.exchange,
    { rules: ['ENDPOINTS-8'] },
  );
}

async function contractsPage(ctx: CheckContext, query: Readonly<Record<string, string | number>>): Promise<ListPage> {
  const page = await getList(ctx, '/contracts', LIVE, { limit: 100, ...query }, { rules: ['CONTRACT-1'] });
  expectHasNextPage(
    ctx,
    page,
    `GET /contracts?${Object.entries(query)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('&')}`,
  );
  return page;
}

export const contractListAndDetailShape = defineCheck({
  id: 'contracts.listAndDetailShape',
  title:
    'GET /contracts and GET /contracts/{id} answer Contracts with typed fields and spec statuses; meta.hasNextPage is consistent page by page',
  group: 'Resources > Contract',
  rules: [
    'CONTRACT-1',
    'CONTRACT-10',
    'RES-CONTRACT-1',
    'RES-CONTRACT-2',
    'RES-CONTRACT-3',
    'RES-CONTRACT-4',
    'RES-CONTRACT-5',
    'STATE-2',
    'ENDPOINTS-8',
  ],
  async run(ctx: CheckContext) {
    // A portfolio without contracts of its own (an empty one) gets one of the check's: it must then be listed.
    const targets = (await contractsPage(ctx, {})).items.filter((c) => !isSuiteData(c));
    const own = targets.length === 0 ? (await createOwnChain(ctx, 'contract-shape')).contract : undefined;
    const first = await contractsPage(ctx, {});
    ctx.expect(
      own === undefined || first.items.some((c) => c.id === own.id),
      `the contract the check created (${String(own?.id)}) in GET /contracts`,
      () => describeValue(first.items.map((c) => c.id)),
      first.res.exchange,
      { rules: ['CONTRACT-1'] },
    );
    for (const item of first.items) expectContract(ctx, item, `contract ${String(item.id)}`, first.res.exchange);
    // Small pages: hasNextPage true on every page but the last, and the pages add up to total.
    const limit = Math.max(2, Math.ceil(first.items.length / 4));
    let seen = 0;
    let pages = 0;
    for (let page = 1; page <= 8; page++) {
      const p = await contractsPage(ctx, { page, limit });
      seen += p.items.length;
      pages++;
      if (p.meta?.hasNextPage !== true) break;
      ctx.expect(
        p.items.length === limit,
        `a full page (${limit}) when hasNextPage is true`,
        () => `${p.items.length} items`,
        p.res.exchange,
        { rules: ['ENDPOINTS-8'] },
      );
    }
    const judged = own ? first.items.filter((c) => c.id === own.id) : first.items.filter((c) => !isSuiteData(c));
    for (const item of judged.slice(0, 6)) {
      const id = String(item.id);
      const res = await ctx.http.request({ path: `/contracts/${id}`, key: LIVE });
      const data = successData(ctx, res, [200], { rules: ['CONTRACT-10'] });
      expectContract(ctx, data, `contract ${id} (detail)`, res.exchange);
      // The spec does not say list items and details share a shape (it does for properties only): the Contract fields must agree.
      const differs = CONTRACT_FIELDS.find((f) => isRecord(data) && !isDeepStrictEqual(data[f.field], item[f.field]));
      ctx.expect(
        isRecord(data) && data.id === id && differs === undefined,
        `the detail of ${id} to be that contract, its Contract fields as in the list`,
        () =>
          differs
            ? `${differs.field}: ${describeValue((data as Json)[differs.field])} vs ${describeValue(item[differs.field])}`
            : describeValue(data),
        res.exchange,
        { rules: ['CONTRACT-10'] },
      );
    }
    ctx.note(
      `${first.items.length} contracts typed; ${pages} pages of ${limit} (${seen} items) with consistent hasNextPage; details match`,
    );
  },
});

export const contractFiltersHoldOnEveryItem = defineCheck({
  id: 'contracts.filtersHoldOnEveryItem',
  title: 'GET /contracts filters by status, propertyId and tenantId (the main tenant only) on every item',
  group: GROUP,
  rules: ['CONTRACT-2', 'CONTRACT-3', 'CONTRACT-4', 'STATE-2', 'ENDPOINTS-8'],
  async run(ctx: CheckContext) {
    const listed = (await contractsPage(ctx, {})).items.filter((c) => !isSuiteData(c));
    // A portfolio without contracts of its own (an empty one): the filters are held on a contract of the check's.
    const all = listed.length > 0 ? listed : [(await createOwnChain(ctx, 'contract-filters')).contract];
    for (const status of CONTRACT_STATUSES) {
      const page = await contractsPage(ctx, { status });
      const wrong = page.items.find((c) => c.status !== status);
      ctx.expect(
        wrong === undefined,
        `every item of ?status=${status} to be "${status}"`,
        () => `contract ${String(wrong?.id)} is ${describeValue(wrong?.status)}`,
        page.res.exchange,
        { rules: ['CONTRACT-2'] },
      );
      if (all.some((c) => c.status === status))
        ctx.expect(
          page.items.length > 0,
          `?status=${status} to find the contracts in that status`,
          'an empty list',
          page.res.exchange,
          { rules: ['CONTRACT-2'] },
        );
    }
    for (const contract of all.slice(0, 4)) {
      const propertyId = String(contract.propertyId);
      const byProperty = await contractsPage(ctx, { propertyId });
      ctx.expect(
        byProperty.items.some((c) => c.id === contract.id),
        `?propertyId=${propertyId} to include contract ${String(contract.id)}`,
        () => describeValue(byProperty.items.map((c) => c.id)),
        byProperty.res.exchange,
        { rules: ['CONTRACT-3'] },
      );
      const wrong = byProperty.items.find((c) => c.propertyId !== propertyId);
      ctx.expect(
        wrong === undefined,
        `every item of ?propertyId=${propertyId} to be on that property`,
        () => `contract ${String(wrong?.id)} on ${describeValue(wrong?.propertyId)}`,
        byProperty.res.exchange,
        { rules: ['CONTRACT-3'] },
      );

      const tenantId = String(contract.mainTenantId);
      const byTenant = await contractsPage(ctx, { tenantId });
      ctx.expect(
        byTenant.items.some((c) => c.id === contract.id),
        `?tenantId=${tenantId} to include contract ${String(contract.id)} (its main tenant)`,
        () => describeValue(byTenant.items.map((c) => c.id)),
        byTenant.res.exchange,
        { rules: ['CONTRACT-4'] },
      );
      const other = byTenant.items.find((c) => c.mainTenantId !== tenantId);
      ctx.expect(
        other === undefined,
        `every item of ?tenantId=${tenantId} to have that main tenant`,
        () => `contract ${String(other?.id)} has main tenant ${describeValue(other?.mainTenantId)}`,
        byTenant.res.exchange,
        { rules: ['CONTRACT-4'] },
      );
    }
    // An additional (not main) tenant: the filter matches main tenants only.
    const withExtra = all.find((c) => Array.isArray(c.additionalTenantIds) && c.additionalTenantIds.length > 0);
    if (withExtra) {
      const extra = String((withExtra.additionalTenantIds as unknown[])[0]);
      const page = await contractsPage(ctx, { tenantId: extra });
      const wrong = page.items.find((c) => c.mainTenantId !== extra);
      ctx.expect(
        wrong === undefined,
        `?tenantId=${extra} (an additional tenant of contract ${String(withExtra.id)}) to match main tenants only`,
        () => `contract ${String(wrong?.id)} with main tenant ${describeValue(wrong?.mainTenantId)}`,
        page.res.exchange,
        { rules: ['CONTRACT-4'] },
      );
    }
    ctx.note(
      `status, propertyId and tenantId filters held${withExtra ? '; an additional tenant matched no contract where it is not main' : ''}`,
    );
  },
});

export const contractSearchMatchesTenancyReference = defineCheck({
  id: 'contracts.searchMatchesTenancyReference',
  title:
    'GET /contracts?search= is a case-insensitive contains on the tenancy reference, 1 to 200 characters (0 and 201 → 400)',
  group: GROUP,
  rules: ['CONTRACT-5', 'CONTRACT-6', 'RES-CONTRACT-6', 'LIMIT-4'],
  async run(ctx: CheckContext) {
    for (const search of ['', 'r'.repeat(201)]) {
      const res = await ctx.http.request({ path: '/contracts', key: LIVE, query: { search } });
      expect400(ctx, res, `GET /contracts?search= of ${search.length} characters`, [
        'CONTRACT-5',
        'CONTRACT-6',
        'LIMIT-4',
      ]);
    }
    const ok = await ctx.http.request({ path: '/contracts', key: LIVE, query: { search: 'r'.repeat(200) } });
    ctx.expect(ok.status === 200, 'a 200-character search accepted (200)', () => describeResponse(ok), ok.exchange, {
      rules: ['LIMIT-4'],
    });
    const invalid = await ctx.http.request({ path: '/contracts', key: LIVE, query: { status: 'Expired' } });
    expect400(ctx, invalid, 'GET /contracts?status=Expired', ['CONTRACT-6']);

    // LIKE wildcards are matched literally ("contains"): every result must contain them.
    for (const literal of ['%', '_']) {
      const page = await getList(ctx, '/contracts', LIVE, { search: literal, limit: 100 }, { rules: ['CONTRACT-5'] });
      const wrong = page.items.find((c) => !JSON.stringify(c).includes(literal));
      ctx.expect(
        wrong === undefined,
        `every result of ?search=${literal} to contain "${literal}" (a contains match, not a wildcard)`,
        () => `contract ${String(wrong?.id)}`,
        page.res.exchange,
        { rules: ['CONTRACT-5'] },
      );
    }
    // The reference's field name is not given: the target's, or the one a contract of the check's own shows back.
    const own =
      readName(ctx, 'contract', 'tenancyReference') === undefined
        ? await optionalPart(ctx, 'matching', () => createOwnChain(ctx, 'contract-search'))
        : undefined;
    const field = readName(ctx, 'contract', 'tenancyReference');
    if (field === undefined) {
      ctx.note(
        `bounds checked; matching not checked: ${unnamedReason(ctx, 'contract', 'tenancyReference', 'reading a tenancy reference')}`,
      );
      return;
    }
    const reference = (c: Json): string | undefined => (typeof c[field] === 'string' ? c[field] : undefined);
    const contracts = [
      ...(own ? [own.contract] : []),
      ...(await contractsPage(ctx, {})).items.filter((c) => !isSuiteData(c) && (reference(c) ?? '').trim().length > 0),
    ].filter((c) => (reference(c) ?? '').trim().length > 0);
    if (contracts.length === 0) {
      ctx.note('bounds checked; no contract with a tenancy reference to search for');
      return;
    }
    const search = async (term: string, sourceId: string): Promise<void> => {
      const page = await getList(ctx, '/contracts', LIVE, { search: term, limit: 100 }, { rules: ['CONTRACT-5'] });
      const needle = term.toLowerCase();
      const wrong = page.items.find((c) => !(reference(c) ?? '').toLowerCase().includes(needle));
      ctx.expect(
        wrong === undefined,
        `every result of ?search=${JSON.stringify(term)} to contain it in its tenancy reference (${field})`,
        () => `contract ${String(wrong?.id)}: ${describeValue(wrong ? reference(wrong) : undefined)}`,
        page.res.exchange,
        { rules: ['CONTRACT-5', 'RES-CONTRACT-6'] },
      );
      const total = typeof page.meta?.total === 'number' ? page.meta.total : page.items.length;
      ctx.expect(
        page.items.some((c) => c.id === sourceId) || total > page.items.length,
        `?search=${JSON.stringify(term)} to find contract ${sourceId}`,
        () => `${page.items.length} results without it`,
        page.res.exchange,
        { rules: ['CONTRACT-5'] },
      );
    };
    const first = contracts[0];
    await search(swapCase((reference(first) ?? '').slice(0, 200)), String(first.id));
    await ctx.property(
      'a case-scrambled substring of a tenancy reference finds its contract',
      fc.record({ index: fc.nat(), start: fc.nat(), length: fc.integer({ min: 1, max: 10 }), upper: fc.boolean() }),
      async ({ index, start, length, upper }) => {
        const c = contracts[index % contracts.length];
        const ref = reference(c) ?? '';
        const from = start % ref.length;
        const raw = ref.slice(from, from + length);
        if (raw.trim().length === 0) return true;
        await search(maskCase(raw, [upper]), String(c.id));
        return true;
      },
      { numRuns: 6 },
    );
    ctx.note(`search matched the tenancy reference ("${field}") case-insensitively; 0 and 201 characters refused`);
  },
});

async function contractStatus(ctx: CheckContext, id: string, key = LIVE): Promise<unknown> {
  const res = await ctx.http.request({ path: `/contracts/${id}`, key });
  const data = successData(ctx, res, [200], { rules: ['CONTRACT-10'] });
  return isRecord(data) ? data.status : undefined;
}

export const contractStatusDerivedFromDatesUnlessNoticeServed = defineCheck({
  id: 'contracts.statusDerivedFromDatesUnlessNoticeServed',
  title:
    'POST and PATCH /contracts derive the status from the dates (Active, Pending, Ended) unless the body says Notice Served; DELETE is soft',
  group: 'States and transitions > Moves that are shown',
  rules: [
    'CONTRACT-7',
    'CONTRACT-8',
    'CONTRACT-9',
    'CONTRACT-12',
    'CONTRACT-13',
    'CONTRACT-14',
    'CONTRACT-15',
    'CONTRACT-16',
    'STATE-13',
    'STATE-15',
    'STATE-16',
    'STATE-27',
  ],
  async run(ctx: CheckContext) {
    const today = utcDate();
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'contract-status');
    const chain = await createOwnChain(ctx, 'contract-status', { end: addDays(today, 200), key });
    const { contractId } = chain;
    expectContract(ctx, chain.contract, 'the created contract');
    ctx.expect(
      chain.contract.status === 'Active',
      'a contract started 30 days ago, ending in 200 days, to be created "Active"',
      () => describeValue(chain.contract.status),
      undefined,
      { rules: ['CONTRACT-8', 'STATE-13'] },
    );

    const patchContract = async (json: Json, expected: string, rules: string[], what: string): Promise<void> => {
      const res = await ctx.http.request({ method: 'PATCH', path: `/contracts/${contractId}`, key, json });
      const data = successData(ctx, res, [200], { rules: ['CONTRACT-12'] });
      expectContract(ctx, data, 'the patched contract', res.exchange);
      ctx.expect(
        isRecord(data) && data.status === expected,
        `${what}: status "${expected}"`,
        () => describeValue(isRecord(data) ? data.status : data),
        res.exchange,
        { rules },
      );
      ctx.expect(
        (await contractStatus(ctx, contractId, key)) === expected,
        `GET after ${what}: status "${expected}"`,
        'another status',
        undefined,
        { rules },
      );
    };
    await patchContract(
      { status: 'Notice Served' },
      'Notice Served',
      ['STATE-15', 'CONTRACT-13'],
      'PATCH { status: "Notice Served" }',
    );
    // A field the spec names, unchanged: the PATCH carries no Notice Served.
    await patchContract(
      { mainTenantId: chain.tenant.id },
      'Active',
      ['STATE-16', 'CONTRACT-13'],
      'PATCH without Notice Served (status recalculated from the dates)',
    );
    // The dates' field names are not given: moved only under names the target gives or the deployment showed back.
    const start = readName(ctx, 'contract', 'startDate');
    const end = readName(ctx, 'contract', 'endDate');
    if (start !== undefined && end !== undefined) {
      await patchContract(
        { [start]: addDays(today, 30), [end]: addDays(today, 300) },
        'Pending',
        ['STATE-16', 'CONTRACT-13'],
        'PATCH moving the start into the future',
      );
      await patchContract(
        { [start]: addDays(today, -400), [end]: addDays(today, -10) },
        'Ended',
        ['STATE-16', 'CONTRACT-13'],
        'PATCH moving the end into the past',
      );
    } else
      ctx.note(
        `dates not moved by PATCH: ${unnamedReason(ctx, 'contract', start === undefined ? 'startDate' : 'endDate', "moving a contract's dates")}`,
      );

    // Created straight into the other states.
    const pendingProperty = await createOwnProperty(ctx, key, 'contract-pending');
    const pending = await createOwnContract(ctx, {
      propertyId: String(pendingProperty.id),
      mainTenantId: chain.tenant.id,
      start: addDays(today, 45),
      end: addDays(today, 400),
      tag: 'contract-pending',
      key,
    });
    ctx.expect(
      pending.status === 'Pending' || readName(ctx, 'contract', 'startDate') === undefined,
      'a contract starting in 45 days to be created "Pending"',
      () => describeValue(pending.status),
      undefined,
      { rules: ['CONTRACT-8', 'STATE-13'] },
    );
    const notice = await createOwnContract(ctx, {
      propertyId: chain.propertyId,
      mainTenantId: chain.tenant.id,
      start: addDays(today, -5),
      end: addDays(today, 60),
      status: 'Notice Served',
      tag: 'contract-notice',
      key,
    });
    ctx.expect(
      notice.status === 'Notice Served',
      'POST with status "Notice Served" to create it "Notice Served"',
      () => describeValue(notice.status),
      undefined,
      { rules: ['CONTRACT-8', 'STATE-15'] },
    );

    const empty = await ctx.http.request({ method: 'POST', path: '/contracts', key, json: {} });
    if (empty.status === 201 && isRecord(empty.json) && isRecord(empty.json.data)) {
      const id = String(empty.json.data.id);
      ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/contracts/${id}`, key }));
    }
    expect400(ctx, empty, 'POST /contracts with an empty body', ['CONTRACT-9']);
    if (start !== undefined) {
      const badDate = await ctx.http.request({
        method: 'PATCH',
        path: `/contracts/${contractId}`,
        key,
        json: { [start]: 'first of May' },
      });
      expect400(ctx, badDate, `PATCH /contracts/{id} with ${start} "first of May"`, ['CONTRACT-14']);
    }

    const res = await ctx.http.request({ method: 'DELETE', path: `/contracts/${notice.id as string}`, key });
    const data = successData(ctx, res, [200], { rules: ['CONTRACT-15'] });
    ctx.expect(
      isRecord(data) && data.deleted === true && data.id === notice.id,
      `{ deleted: true, id: "${String(notice.id)}" }`,
      () => describeValue(data),
      res.exchange,
      { rules: ['CONTRACT-15'] },
    );
    ctx.expectErrorEnvelope(
      await ctx.http.request({ path: `/contracts/${String(notice.id)}`, key }),
      404,
      'NOT_FOUND',
      { rules: ['STATE-27', 'CONTRACT-11'] },
    );
    ctx.expectErrorEnvelope(
      await ctx.http.request({ method: 'DELETE', path: `/contracts/${String(notice.id)}`, key }),
      404,
      'NOT_FOUND',
      { rules: ['CONTRACT-16'] },
    );
    ctx.note(
      'Active → Notice Served → Active → Pending → Ended by PATCH; Pending and Notice Served on POST; empty body and bad date refused; soft delete',
    );
  },
});

export const contractRoutesAnswer404ForUnknownIds = defineCheck({
  id: 'contracts.routesAnswer404ForUnknownIds',
  title: 'GET, PATCH and DELETE /contracts/{id} answer 404 NOT_FOUND for an unknown contract',
  group: GROUP,
  rules: ['CONTRACT-11', 'CONTRACT-14', 'CONTRACT-16', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    const id = unknownId();
    ctx.expectErrorEnvelope(await ctx.http.request({ path: `/contracts/${id}`, key: LIVE }), 404, 'NOT_FOUND', {
      rules: ['CONTRACT-11'],
    });
    ctx.expectErrorEnvelope(
      await ctx.http.request({
        method: 'PATCH',
        path: `/contracts/${id}`,
        key: LIVE,
        // A body of the spec's own words, so the only thing wrong with the request is the id.
        json: { status: 'Notice Served' },
      }),
      404,
      'NOT_FOUND',
      { rules: ['CONTRACT-14'] },
    );
    ctx.expectErrorEnvelope(
      await ctx.http.request({ method: 'DELETE', path: `/contracts/${id}`, key: LIVE }),
      404,
      'NOT_FOUND',
      { rules: ['CONTRACT-16'] },
    );
    ctx.note('404 NOT_FOUND on GET, PATCH and DELETE of an unknown contract');
  },
});

export const contractCreationEmailsItsTenants = defineCheck({
  id: 'contracts.creationEmailsItsTenants',
  title: "POST /contracts sends assignment emails to the contract's tenants (mail capture)",
  group: 'States and transitions > Moves that are shown',
  rules: ['STATE-14'],
  needs: ['mail'],
  async run(ctx: CheckContext) {
    const capture = mailCapture(ctx);
    const property = await createOwnProperty(ctx, LIVE, 'assignment-mail');
    const main = await createOwnTenant(ctx, String(property.id), 'assignment-main');
    const extra = await createOwnTenant(ctx, String(property.id), 'assignment-extra');
    const addresses = [main, extra].map((t) => addressOf(ctx, t, 'mailing the tenants of a contract'));
    // Tenant creation may itself send mail (a portal invitation): count what each address had before.
    const before = new Map<string, number>();
    for (const a of addresses) before.set(a, (await mailTo(ctx, capture, a, () => true, 0)).length);
    await createOwnContract(ctx, {
      propertyId: String(property.id),
      mainTenantId: main.id,
      additionalTenantIds: [extra.id],
      tag: 'assignment-mail',
    });
    for (const a of addresses) {
      const mail = await mailTo(ctx, capture, a, (m) => m.length > before.get(a)!);
      ctx.expect(
        mail.length > before.get(a)!,
        `an assignment email to ${a} after POST /contracts`,
        () => `${mail.length} emails (${before.get(a)} before)`,
        undefined,
        { rules: ['STATE-14'] },
      );
    }
    ctx.note('the main and the additional tenant each got an email when the contract was created');
  },
});
