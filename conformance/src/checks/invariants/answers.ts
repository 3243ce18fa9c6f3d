// Run-wide invariants of what a success answer SAYS, over every answer of the run (keyed.ts holds headers and codes):
// the envelope `{ data, meta? }` on every 2xx of a detailed route, writes and deletes included; a write's resource
// held to the spec's field table exactly as the GET shape checks hold reads; a sandbox write's mock carrying
// `sandbox: true`; a list's `meta.page` and `meta.limit` saying the page and limit the request asked for, and its
// `meta.hasNextPage`, where it has one, saying whether a page follows.

import type { ObservedBody } from '../../http/client';
import type { RecordedExchange } from '../../model';
import { describeValue } from '../../runner/describe';
import { matchRoute, type SpecRoute } from '../../spec-routes';
import { CONTRACT_FIELDS } from '../contracts/contracts';
import { DOCUMENT_FIELDS, uploadDocument } from '../documents/helpers';
import { occupiedTenantProblem, PROPERTY_FIELDS, propertyProblem } from '../properties/fields';
import { RENT_FIELDS } from '../rent/rent';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { addDays, utcDate } from '../shared/dates';
import { shapeProblem, type FieldRule } from '../shared/shape';
import { createOwnProperty, isInt, isRecord, multipartBody, propertyBody, UUID } from '../shared/util';
import { TINY_PNG } from '../shared/files';
import { invariantCheck } from './global';
import { impliedMode } from './keyed';

type Json = Record<string, unknown>;

/** A resource of the spec's "Resources and their fields" tables, as a write route answers it. */
export interface AnsweredResource {
  /** The name the spec's Success response cell gives it (`{ data: Property }`, "one property document"). */
  readonly name: 'Property' | 'Contract' | 'RentPayment' | 'document';
  readonly fields: readonly FieldRule[];
  /** What the table says beyond a field's type (compliance holds `items`; a paid payment carries its receipt). */
  readonly beyond?: (item: Json) => string | undefined;
}

const PROPERTY: AnsweredResource = {
  name: 'Property',
  fields: PROPERTY_FIELDS,
  beyond: (item) => propertyProblem(item) ?? occupiedTenantProblem(item),
};
const CONTRACT: AnsweredResource = {
  name: 'Contract',
  fields: CONTRACT_FIELDS,
  beyond: (item) => {
    const ids = item.additionalTenantIds;
    const bad: unknown = Array.isArray(ids) ? ids.find((t) => typeof t !== 'string' || !UUID.test(t)) : undefined;
    return bad === undefined ? undefined : `additionalTenantIds holds ${describeValue(bad)}, not a uuid`;
  },
};
const RENT_PAYMENT: AnsweredResource = { name: 'RentPayment', fields: RENT_FIELDS };
const DOCUMENT: AnsweredResource = { name: 'document', fields: DOCUMENT_FIELDS };

/**
 * The resource a route's success answers carry, from its path: a write's, the collection it writes into or the item
 * it changes (`/properties/{id}/image` answers the property it changed); a read's, the item or every element of the
 * list it reads. Held to the spec's Success response cells by answers.test.ts, so a route whose answer the table
 * would misname fails there.
 */
export function answeredResource(route: Pick<SpecRoute, 'method' | 'path' | 'access' | 'response' | 'detail'>) {
  if (route.detail !== 'full') return undefined;
  const write = route.access === 'write' && route.response === 'item';
  const read = route.method === 'GET' && ['item', 'list', 'array'].includes(route.response);
  if (!write && !read) return undefined;
  const literal = route.path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  switch (literal[literal.length - 1]) {
    case 'properties':
      return PROPERTY;
    case 'image':
      return write ? PROPERTY : undefined;
    case 'documents':
      return DOCUMENT;
    case 'contracts':
      return CONTRACT;
    case 'rent':
      return RENT_PAYMENT;
    default:
      return undefined;
  }
}

/** What is wrong with one answered resource (`where` names it), or undefined. */
function resourceProblem(item: unknown, resource: AnsweredResource, where: string): string | undefined {
  if (!isRecord(item)) return `${where} is ${describeValue(item)}, not an object`;
  const problem = shapeProblem(item, resource.fields, where);
  if (problem !== undefined) return `${problem.rule}: ${problem.expected}, got ${problem.got}`;
  const beyond = resource.beyond?.(item);
  return beyond === undefined ? undefined : `${where}: ${beyond}`;
}

/** Rules of every row a write answer is held to, with the envelope's. */
const TABLE_RULES = [
  ...new Set([PROPERTY, CONTRACT, RENT_PAYMENT, DOCUMENT].flatMap((r) => r.fields.map((f) => f.rule))),
];

function successOf(exchange: RecordedExchange, body: ObservedBody): SpecRoute | undefined {
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return undefined;
  const route = matchRoute(exchange.request.method, body.path);
  return route?.detail === 'full' && route.response !== 'pdf' ? route : undefined;
}

/** "JSON bodies use `Content-Type: application/json`" (ENDPOINTS-1): the media type, parameters allowed (RFC 9110 8.3.1). */
export function isJsonMediaType(value: string | undefined): boolean {
  return value !== undefined && /^\s*application\/json\s*(;|$)/i.test(value);
}

/** `{ data, meta? }`: what is wrong with a success body's top level, or undefined. */
function envelopeProblem(json: unknown, route: SpecRoute): string | undefined {
  if (!isRecord(json)) return `the body is ${describeValue(json)}, not a JSON object { data, meta? }`;
  if (!('data' in json)) return `no "data" member: ${describeValue(json)}`;
  const extra = Object.keys(json).filter((k) => k !== 'data' && k !== 'meta');
  if (extra.length > 0) return `members beside data and meta: ${extra.map((k) => JSON.stringify(k)).join(', ')}`;
  const list = route.response === 'list' || route.response === 'array';
  if (list !== Array.isArray(json.data))
    return `"data" is ${describeValue(json.data)}, not ${list ? 'an array' : 'an object'}`;
  if (!list && !isRecord(json.data)) return `"data" is ${describeValue(json.data)}, not an object`;
  return undefined;
}

export const successEnvelopeOnEveryAnswer = invariantCheck({
  id: 'invariants.successBodyIsDataWithMetaOnEveryAnswer',
  title:
    'Every success answer of a detailed route in the run (writes, deletes and sandbox mocks included) is { data, meta? } with Content-Type application/json: data an array on lists, an object otherwise; a delete answers { deleted: true, id: uuid }',
  rules: ['ENVELOPE-4', 'ENVELOPE-1', 'ENDPOINTS-1'],
  expected:
    'Content-Type application/json and a JSON object with "data" (and "meta" on lists) and nothing else at the top level; on a delete, data.deleted true and data.id a UUID',
  about: '2xx answers of the detailed routes, PDF bytes aside',
  observe(exchange, body) {
    const route = successOf(exchange, body);
    if (route === undefined) return undefined;
    const type = exchange.response?.headers['content-type'];
    if (!isJsonMediaType(type))
      return `Content-Type ${type === undefined ? '(absent)' : JSON.stringify(type)} on a JSON answer`;
    const problem = envelopeProblem(body.json, route);
    if (problem !== undefined || route.response !== 'deleted') return problem;
    const data = (body.json as Json).data as Json;
    if (data.deleted !== true) return `data.deleted is ${describeValue(data.deleted)}, not true`;
    return typeof data.id === 'string' && UUID.test(data.id)
      ? undefined
      : `data.id is ${describeValue(data.id)}, not a UUID string`;
  },
  async probe(ctx) {
    // A delete of its own, so the invariant judges a delete answer when run alone.
    const doomed = await createOwnProperty(ctx, 'enterpriseLive', 'envelope-delete');
    await ctx.http.request({ method: 'DELETE', path: `/properties/${String(doomed.id)}`, key: 'enterpriseLive' });
  },
});

export const writeAnswersHoldTheResourceTable = invariantCheck({
  id: 'invariants.writeAnswersHoldTheResourceFieldTable',
  title:
    "Every success answer of a POST or PATCH of the run carries the resource the route names, every field of the spec's table for it typed (as the GET shape checks hold reads); a sandbox write's mock carries sandbox: true",
  rules: [...TABLE_RULES, 'ENVELOPE-7'],
  expected:
    "data holding the spec's field table of the resource the route answers (Property, Contract, RentPayment, document); sandbox: true on a sandbox write",
  about: '2xx answers of POST and PATCH on the detailed routes, and sandbox deletes',
  observe(exchange, body) {
    const route = successOf(exchange, body);
    if (route === undefined || route.access !== 'write' || !isRecord(body.json) || !isRecord(body.json.data))
      return undefined;
    const data = body.json.data;
    if (route.sandbox === 'mockWrite' && impliedMode(exchange, route) === 'sandbox' && data.sandbox !== true)
      return `the sandbox write's data carries sandbox ${describeValue(data.sandbox)}, not true: ${describeValue(data)}`;
    const resource = answeredResource(route);
    return resource === undefined ? undefined : resourceProblem(data, resource, `data (${resource.name})`);
  },
  async probe(ctx) {
    // A write of each resource, live and sandbox, so the invariant judges writes when run alone.
    const chain = await createOwnChain(ctx, 'write-answers');
    // The property of an Active contract answered as Occupied: by a PATCH of a renewal date with no certificate
    // on file (accepted, PROP-40) and by an image upload.
    await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${chain.propertyId}`,
      key: chain.key,
      json: { gscRenewal: addDays(utcDate(), 200) },
    });
    const image = multipartBody({ file: { filename: 'occupied.png', contentType: 'image/png', content: TINY_PNG } });
    await ctx.http.request({
      method: 'POST',
      path: `/properties/${chain.propertyId}/image`,
      key: chain.key,
      body: image.body,
      headers: { 'content-type': image.contentType },
    });
    await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${chain.propertyId}`,
      key: chain.key,
      json: { status: 'Maintenance' },
    });
    await ctx.http.request({
      method: 'PATCH',
      path: `/contracts/${chain.contractId}`,
      key: chain.key,
      json: { status: 'Notice Served' },
    });
    const rent = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'write answers') });
    await ctx.http.request({
      method: 'PATCH',
      path: `/rent/${String(rent.id)}`,
      key: chain.key,
      json: { status: 'Paid', amountReceived: 1, datePaid: utcDate() },
    });
    // A contract document with an expiry date: no other check uploads one, so its expiryDate is judged here.
    await uploadDocument(
      ctx,
      { kind: 'contract', id: chain.contractId, key: chain.key },
      { name: `${ctx.marker} write answers`, expiryDate: addDays(utcDate(), 30) },
      ['RES-DOC-3'],
    );
    if (ctx.hasKey('enterpriseSandbox')) {
      const sandbox = 'enterpriseSandbox';
      await ctx.http.request({
        method: 'POST',
        path: '/properties',
        key: sandbox,
        json: propertyBody(ctx, 'write-answers-sandbox'),
      });
      await ctx.http.request({
        method: 'PATCH',
        path: `/properties/${chain.propertyId}`,
        key: sandbox,
        json: { status: null },
      });
    }
  },
});

export const readAnswersHoldTheResourceTable = invariantCheck({
  id: 'invariants.readAnswersHoldTheResourceFieldTable',
  title:
    "Every success answer of a GET of the run that reads a resource of the spec's tables (Property, Contract, RentPayment, property and contract documents; items and every element of lists) holds that resource's field table",
  rules: TABLE_RULES,
  expected:
    "data (or each element of a list's data) holding the spec's field table of the resource the route reads (Property, Contract, RentPayment, document)",
  about: '2xx answers of GET on the detailed routes that read a resource',
  observe(exchange, body) {
    const route = successOf(exchange, body);
    const resource = route?.method === 'GET' ? answeredResource(route) : undefined;
    if (route === undefined || resource === undefined || !isRecord(body.json)) return undefined;
    const data = body.json.data;
    // A data member of the wrong kind (not an array on a list) is the envelope invariant's.
    if (route.response === 'item') return resourceProblem(data, resource, `data (${resource.name})`);
    if (!Array.isArray(data)) return undefined;
    for (const [i, item] of data.entries()) {
      const problem = resourceProblem(item, resource, `data[${i}] (${resource.name})`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  },
  async probe(ctx) {
    // Each read of each resource, on items of the check's own, so the invariant judges them when run alone.
    const chain = await createOwnChain(ctx, 'read-answers');
    await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'read answers') });
    for (const kind of ['property', 'contract'] as const) {
      const id = kind === 'property' ? chain.propertyId : chain.contractId;
      await uploadDocument(
        ctx,
        { kind, id, key: chain.key },
        { name: `${ctx.marker} read answers`, expiryDate: addDays(utcDate(), 30) },
        ['RES-DOC-3'],
      );
    }
    for (const path of [
      '/properties',
      `/properties/${chain.propertyId}`,
      `/properties/${chain.propertyId}/documents`,
      '/contracts',
      `/contracts/${chain.contractId}`,
      `/contracts/${chain.contractId}/documents`,
      '/rent',
    ])
      await ctx.http.request({ path, key: chain.key });
  },
});

/** A request's query value as the page or limit it asks for: a whole number from 1 (minimums are not shown). */
function asked(exchange: RecordedExchange, name: 'page' | 'limit'): number | undefined {
  const raw = new URL(exchange.request.url).searchParams.get(name);
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/**
 * The `meta` of a 2xx answer of a paged list, when it is an object (a list without one is the envelope checks':
 * envelope.successBodiesAreDataWithMetaOnLists).
 */
function pagedMeta(exchange: RecordedExchange, body: ObservedBody): Record<string, unknown> | undefined {
  const route = successOf(exchange, body);
  const meta = route?.paged && isRecord(body.json) ? body.json.meta : undefined;
  return isRecord(meta) ? meta : undefined;
}

export const metaEchoesThePageAsked = invariantCheck({
  id: 'invariants.listMetaSaysThePageAndLimitAsked',
  title:
    'Every list answer of the run says in meta.page and meta.limit the page and limit its request asked for (whole numbers from 1; the defaults are not shown, so a request without them is not judged)',
  rules: ['ENDPOINTS-7', 'ENDPOINTS-5'],
  expected: 'meta.page equal to the `page` the request sent, meta.limit equal to its `limit`',
  about: '2xx answers of the paged lists whose request sent page or limit',
  observe(exchange, body) {
    const meta = pagedMeta(exchange, body);
    const page = asked(exchange, 'page');
    const limit = asked(exchange, 'limit');
    if (meta === undefined || (page === undefined && limit === undefined)) return undefined;
    if (page !== undefined && !(isInt(meta.page) && meta.page === page))
      return `page=${page} asked, meta.page ${describeValue(meta.page)}`;
    if (limit !== undefined && !(isInt(meta.limit) && meta.limit === limit))
      return `limit=${limit} asked, meta.limit ${describeValue(meta.limit)}`;
    return undefined;
  },
  async probe(ctx) {
    for (const path of ['/properties', '/contracts', '/rent', '/events'])
      await ctx.http.request({ path, key: 'enterpriseLive', query: { page: 2, limit: 1 } });
  },
});

export const hasNextPageSaysWhetherAPageFollows = invariantCheck({
  id: 'invariants.hasNextPageSaysWhetherAPageFollows',
  title:
    'Every list answer of the run whose meta carries hasNextPage (the contract lists, filtered or not) says whether a page follows it: page × limit < total',
  rules: ['ENDPOINTS-8', 'ENDPOINTS-7'],
  expected: 'meta.hasNextPage true exactly when meta.page × meta.limit < meta.total',
  about: '2xx list answers whose meta carries hasNextPage',
  observe(exchange, body) {
    const meta = pagedMeta(exchange, body);
    if (meta === undefined || typeof meta.hasNextPage !== 'boolean') return undefined;
    const { page, limit, total } = meta;
    // Members that are not integers are the envelope checks' (envelope.successBodiesAreDataWithMetaOnLists).
    if (!isInt(page) || !isInt(limit) || !isInt(total)) return undefined;
    const follows = page * limit < total;
    return meta.hasNextPage === follows
      ? undefined
      : `meta.hasNextPage ${String(meta.hasNextPage)} with page ${page}, limit ${limit}, total ${total}`;
  },
  async probe(ctx) {
    // Filtered and unfiltered contract lists, pages 1 and 2 of one item each: pages a page follows and pages none does.
    await createOwnChain(ctx, 'has-next-page');
    for (const query of [{}, { status: 'Active' }, { search: ctx.marker }])
      for (const page of [1, 2])
        await ctx.http.request({ path: '/contracts', key: 'enterpriseLive', query: { ...query, page, limit: 1 } });
  },
});

export const ANSWER_INVARIANT_CHECKS = [
  successEnvelopeOnEveryAnswer,
  writeAnswersHoldTheResourceTable,
  readAnswersHoldTheResourceTable,
  metaEchoesThePageAsked,
  hasNextPageSaysWhetherAPageFollows,
] as const;
