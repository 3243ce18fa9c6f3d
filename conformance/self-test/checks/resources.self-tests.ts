// SELF_TESTS for the resource checks (properties, documents, handbook, contracts and occupants, rent, invoices,
// compliance, calendar, team, named endpoints): for each check, one or more faults that break exactly the rule the
// check proves. Same table structure as platform.self-tests.ts; merged in registry.ts.

import { CONCURRENT_SENDS } from '../../src/checks/invoices/email';
import type { ProxyRequest, ProxyResponse } from '../support/broken';
import { apiPath, codeOf, count, errorResponse, isListAnswer, isRec, jsonResponse, keyOf, mapJson, readJson, sandboxThatWrites, withJson } from '../support/faults';
import type { SelfTestTable } from './platform.self-tests';

type Rec = Record<string, unknown>;

const path = (q: ProxyRequest): string => apiPath(q) ?? '';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ONE = new RegExp(`^/properties/(${UUID})$`, 'i');
const DOCS = new RegExp(`^/properties/(${UUID})/documents$`, 'i');
const DOC = new RegExp(`^/(properties|contracts)/(${UUID})/documents/(${UUID})$`, 'i');
const RENT_ONE = new RegExp(`^/rent/(${UUID})$`, 'i');
const EMAIL = new RegExp(`^/rent/(${UUID})/invoice/email$`, 'i');
const PDF = new RegExp(`^/rent/(${UUID})/invoice/pdf$`, 'i');

function bodyOf(req: ProxyRequest): Rec {
  try {
    const v = JSON.parse(req.body.toString('utf8') || '{}') as unknown;
    return isRec(v) ? v : {};
  } catch {
    return {};
  }
}

function withBody(req: ProxyRequest, body: unknown): ProxyRequest {
  return { ...req, headers: { ...req.headers, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) };
}

function dataOf(res: ProxyResponse): unknown {
  const b = readJson(res);
  return isRec(b) ? b.data : undefined;
}

function items(b: Rec): Rec[] {
  return Array.isArray(b.data) ? (b.data as unknown[]).filter(isRec) : [];
}

function withQuery(req: ProxyRequest, edit: (q: URLSearchParams) => void): ProxyRequest {
  const query = new URLSearchParams(req.query);
  edit(query);
  return { ...req, query };
}

const get = (req: ProxyRequest, p: string, query = ''): ProxyRequest => ({ method: 'GET', path: `/api/public/v1${p}`, query: new URLSearchParams(query), headers: { authorization: req.headers.authorization ?? '' }, body: Buffer.alloc(0) });

const DAY = 86_400_000;
const today = (): string => new Date().toISOString().slice(0, 10);
const plusDays = (d: string, n: number): string => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The value of the multipart field `name` (text parts only). */
function multipartField(body: Buffer, name: string): string | undefined {
  const m = new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`).exec(body.toString('latin1'));
  return m?.[1];
}

function withMultipartField(req: ProxyRequest, name: string, value: string): ProxyRequest {
  const text = req.body.toString('latin1').replace(new RegExp(`(name="${name}"\\r\\n\\r\\n)[\\s\\S]*?(\\r\\n--)`), (_m, a: string, b: string) => `${a}${Buffer.from(value, 'utf8').toString('latin1')}${b}`);
  return { ...req, body: Buffer.from(text, 'latin1') };
}

export const RESOURCE_SELF_TESTS: SelfTestTable = {
  // ---- Properties -----------------------------------------------------------------------------------------
  'properties.listAndDetailShareTheFullShape': [
    { fault: () => mapJson('property details carry an extra "links" field list items lack', (q, r) => q.method === 'GET' && ONE.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), links: { self: 'x' } } })) },
    { fault: () => mapJson('bedrooms is a string in property lists', (q, r) => q.method === 'GET' && path(q) === '/properties' && isListAnswer(r), (b) => ({ ...b, data: items(b).map((p) => ({ ...p, bedrooms: String(p.bedrooms) })) })) },
  ],
  'properties.statusFilterHoldsOnEveryItem': [
    {
      fault: () => ({
        description: 'the property status filter answers Vacant for Occupied and Occupied for Vacant',
        request: (req) => {
          const s = req.query.get('status');
          if (req.method !== 'GET' || path(req) !== '/properties' || (s !== 'Occupied' && s !== 'Vacant')) return undefined;
          return withQuery(req, (q) => q.set('status', s === 'Occupied' ? 'Vacant' : 'Occupied'));
        },
      }),
    },
  ],
  'properties.searchIsCaseInsensitiveContainsOnAddress': [
    {
      fault: () =>
        mapJson('property search is case-sensitive', (q, r) => path(q) === '/properties' && q.query.has('search') && isListAnswer(r), (b, q) => {
          const data = items(b).filter((p) => String(p.address).includes(q.query.get('search') ?? ''));
          return { ...b, data, meta: { ...(b.meta as Rec), total: data.length } };
        }),
    },
  ],
  'properties.listRejectsInvalidQueries': [
    {
      fault: () => ({
        description: 'a property search over 200 characters is cut to 200 and answered',
        request: (req) => (path(req) === '/properties' && (req.query.get('search') ?? '').length > 200 ? withQuery(req, (q) => q.set('search', (q.get('search') ?? '').slice(0, 200))) : undefined),
      }),
    },
  ],
  'properties.routesAnswer404ForUnknownIds': [
    { fault: () => mapJson('unknown property ids answer 400 VALIDATION_ERROR', (q, r) => path(q).startsWith('/properties/') && codeOf(r) === 'NOT_FOUND', (b) => [{ ...b, code: 'VALIDATION_ERROR' }, 400]) },
  ],
  'properties.createSetsOnlyMaintenance': [
    {
      fault: () => ({
        description: 'POST /properties accepts status Occupied or Vacant (stored as Maintenance)',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'POST' && path(req) === '/properties' && (b.status === 'Occupied' || b.status === 'Vacant') ? withBody(req, { ...b, status: 'Maintenance' }) : undefined;
        },
      }),
    },
  ],
  'properties.maintenanceIsSetAndClearedToDerivedStatus': [
    {
      fault: () => ({
        description: 'PATCH { status: null } is ignored: the property stays in Maintenance',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'PATCH' && ONE.test(path(req)) && 'status' in b && b.status === null ? withBody(req, { ...b, status: 'Maintenance' }) : undefined;
        },
      }),
    },
  ],
  'properties.readOnlyFieldsCannotBePatched': [
    {
      fault: () => ({
        description: 'PATCH { rentAmount } is applied (answered and read back with the new amount)',
        async request(req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !id || typeof b.rentAmount !== 'number') return undefined;
          ctx.state.set(`rent:${id}`, b.rentAmount);
          const current = await ctx.upstream(get(req, `/properties/${id}`));
          return withJson(current, { data: { ...(dataOf(current) as Rec), rentAmount: b.rentAmount } }, 200);
        },
        response(res, req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const amount = id ? ctx.state.get(`rent:${id}`) : undefined;
          if (req.method !== 'GET' || amount === undefined || res.status !== 200) return undefined;
          return withJson(res, { data: { ...(dataOf(res) as Rec), rentAmount: amount } });
        },
      }),
    },
  ],
  'properties.deleteIsSoftAndThenNotFound': [
    {
      fault: () => ({
        description: 'a deleted property is still readable (GET answers 200)',
        async request(req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          if (req.method === 'DELETE' && id) ctx.state.set(`gone:${id}`, await ctx.upstream(get(req, `/properties/${id}`)));
          return undefined;
        },
        response(res, req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const kept = id ? (ctx.state.get(`gone:${id}`) as ProxyResponse | undefined) : undefined;
          return req.method === 'GET' && kept && res.status === 404 ? kept : undefined;
        },
      }),
    },
  ],
  'properties.deleteRefusedWhileContractIsLive': [
    { fault: () => mapJson('DELETE of a property with a live contract answers 200 (a fake success)', (q, r) => q.method === 'DELETE' && ONE.test(path(q)) && codeOf(r) === 'CONFLICT', (_b, q) => [{ data: { deleted: true, id: ONE.exec(path(q))?.[1] } }, 200]) },
  ],
  'properties.renewalWithoutCertificateIsAccepted': [
    {
      fault: () => ({
        description: 'every renewal date answers 409 CERTIFICATE_DERIVED_FIELD, certificate or not',
        request: (req) => {
          const b = bodyOf(req);
          const dated = ['gscRenewal', 'eicrRenewal', 'epcRenewal', 'landlordLicenceRenewal'].some((f) => typeof b[f] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b[f] as string));
          return req.method === 'PATCH' && ONE.test(path(req)) && dated ? errorResponse(409, 'CERTIFICATE_DERIVED_FIELD', 'Renewal dates follow the certificates') : undefined;
        },
      }),
    },
  ],
  'properties.renewalContradictingCertificateIsRefused': [
    { fault: () => mapJson('CERTIFICATE_DERIVED_FIELD answered as CONFLICT', (_q, r) => codeOf(r) === 'CERTIFICATE_DERIVED_FIELD', (b) => ({ ...b, code: 'CONFLICT' })) },
    {
      fault: () => ({
        description: 'an identical retry of a refused renewal PATCH is accepted (200)',
        async response(res, req, ctx) {
          if (codeOf(res) !== 'CERTIFICATE_DERIVED_FIELD') return undefined;
          if (count(ctx, `${path(req)} ${req.body.toString('utf8')}`) < 2) return undefined;
          return ctx.upstream(get(req, path(req)));
        },
      }),
    },
  ],
  'properties.imageUploadGivesAPublicUrl': [
    { fault: () => mapJson('the image upload answers the property without its image URL', (q, r) => q.method === 'POST' && /\/image$/.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), image: undefined } })) },
    {
      fault: () => ({
        description: 'text files are accepted as images (served back as the image)',
        request: (req) => (req.method === 'POST' && /\/image$/.test(path(req)) && /content-type: text\/plain/i.test(req.body.toString('latin1')) ? withMultipartPng(req) : undefined),
      }),
    },
  ],

  // ---- Documents ------------------------------------------------------------------------------------------
  'documents.listItemsCarryAWorkingDownloadUrl': [
    { fault: () => mapJson('document lists lack downloadUrl', (q, r) => q.method === 'GET' && /\/documents$/.test(path(q)) && isListAnswer(r), (b) => ({ ...b, data: items(b).map(({ downloadUrl: _d, ...rest }) => rest) })) },
    { fault: () => mapJson('download links point nowhere', (q, r) => q.method === 'GET' && /\/documents$/.test(path(q)) && isListAnswer(r), (b) => ({ ...b, data: items(b).map((d) => ({ ...d, downloadUrl: `${String(d.downloadUrl)}x` })) })) },
  ],
  'documents.expiringWithinDaysReturnsOnlyDocumentsDueByThen': [
    { fault: () => ({ description: 'expiringWithinDays is ignored', request: (req) => (req.query.has('expiringWithinDays') ? withQuery(req, (q) => q.delete('expiringWithinDays')) : undefined) }) },
    {
      fault: () =>
        mapJson('expiringWithinDays leaves out documents that have already expired', (q, r) => q.query.has('expiringWithinDays') && isListAnswer(r), (b) => {
          const data = items(b).filter((d) => typeof d.expiryDate === 'string' && d.expiryDate >= today());
          return { ...b, data, meta: { ...(b.meta as Rec), total: data.length } };
        }),
    },
  ],
  'documents.expiringWithinDaysBounds': [
    { fault: () => ({ description: 'expiringWithinDays above 3650 is capped to 3650', request: (req) => (Number(req.query.get('expiringWithinDays')) > 3650 ? withQuery(req, (q) => q.set('expiringWithinDays', '3650')) : undefined) }) },
  ],
  'documents.uploadThenSoftDeleteRemovesFromList': [
    {
      fault: () => ({
        description: 'DELETE of a document answers { deleted: true } but deletes nothing',
        request: (req) => {
          const m = DOC.exec(path(req));
          return req.method === 'DELETE' && m ? jsonResponse(200, { data: { deleted: true, id: m[3] } }) : undefined;
        },
      }),
    },
  ],
  'documents.nameBoundsAndRequiredParts': [
    {
      fault: () => ({
        description: 'document names over 500 characters are cut to 500 and accepted',
        request: (req) => {
          if (req.method !== 'POST' || !/\/documents$/.test(path(req))) return undefined;
          const name = multipartField(req.body, 'name');
          const chars = name === undefined ? [] : Array.from(Buffer.from(name, 'latin1').toString('utf8'));
          return chars.length > 500 ? withMultipartField(req, 'name', chars.slice(0, 500).join('')) : undefined;
        },
      }),
    },
  ],
  'documents.oversizeUploadAnswers413FileTooLarge': [
    { fault: () => mapJson('oversize documents answer 413 PAYLOAD_TOO_LARGE', (_q, r) => r.status === 413, (b) => ({ ...b, code: 'PAYLOAD_TOO_LARGE' })) },
  ],
  'documents.contractDocumentsAreApartFromPropertyDocuments': [
    {
      fault: () => ({
        description: "a property's document list also shows its contracts' documents",
        async response(res, req, ctx) {
          const id = DOCS.exec(path(req))?.[1];
          if (req.method !== 'GET' || !id || !isListAnswer(res)) return undefined;
          const contracts = items(readJson(await ctx.upstream(get(req, '/contracts', `propertyId=${id}&limit=100`))) as Rec);
          const extra: unknown[] = [];
          for (const c of contracts) extra.push(...items(readJson(await ctx.upstream(get(req, `/contracts/${String(c.id)}/documents`))) as Rec));
          const b = readJson(res) as Rec;
          return withJson(res, { ...b, data: [...items(b), ...extra] });
        },
      }),
    },
  ],

  // ---- Handbook -------------------------------------------------------------------------------------------
  'handbook.shapeOnEveryProperty': [
    { fault: () => mapJson('supplier items carry the account number', (q, r) => /\/handbook$/.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), suppliers: ((b.data as Rec).suppliers as Rec[]).map((s, i) => ({ ...s, accountNumber: `ACC-${i}` })) } })) },
    { fault: () => mapJson('a handbook with nothing recorded answers 404', (q, r) => /\/handbook$/.test(path(q)) && r.status === 200 && (dataOf(r) as Rec).knowledge === null, () => [{ error: 'Handbook not found', code: 'NOT_FOUND' }, 404]) },
    { fault: () => mapJson('meter units in lower case (kwh)', (q, r) => /\/handbook$/.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), meters: ((b.data as Rec).meters as Rec[]).map((m) => ({ ...m, unit: String(m.unit).toLowerCase() })) } })) },
  ],
  'handbook.answers401And404': [
    { fault: () => mapJson('the handbook of an unknown property answers 200 with an empty handbook', (q, r) => /\/handbook$/.test(path(q)) && codeOf(r) === 'NOT_FOUND', () => [{ data: { propertyId: null, knowledge: null, completeness: { filled: 0, total: 0, missing: [] }, meters: [], suppliers: [] } }, 200]) },
  ],

  // ---- Contracts and current occupants ----------------------------------------------------------------------
  'contracts.listAndDetailShape': [
    { fault: () => mapJson('contract statuses in lower case ("active")', (q, r) => path(q).startsWith('/contracts') && r.status === 200, (b) => ({ ...b, data: Array.isArray(b.data) ? items(b).map((c) => ({ ...c, status: String(c.status).toLowerCase() })) : { ...(b.data as Rec), status: String((b.data as Rec).status).toLowerCase() } })) },
    { fault: () => mapJson('contract lists say hasNextPage: false on every page', (q, r) => path(q) === '/contracts' && isListAnswer(r), (b) => ({ ...b, meta: { ...(b.meta as Rec), hasNextPage: false } })) },
  ],
  'contracts.filtersHoldOnEveryItem': [
    {
      fault: () => ({
        description: 'the contract tenantId filter also matches additional tenants',
        async request(req, ctx) {
          const tenant = req.query.get('tenantId');
          if (req.method !== 'GET' || path(req) !== '/contracts' || !tenant) return undefined;
          const all = readJson(await ctx.upstream(withQuery(req, (q) => (q.delete('tenantId'), q.set('limit', '500'), q.delete('page'))))) as Rec;
          const data = items(all).filter((c) => c.mainTenantId === tenant || (Array.isArray(c.additionalTenantIds) && c.additionalTenantIds.includes(tenant)));
          return jsonResponse(200, { data, meta: { page: 1, limit: 100, total: data.length, hasNextPage: false } });
        },
      }),
    },
    { fault: () => ({ description: 'the contract propertyId filter is ignored', request: (req) => (path(req) === '/contracts' && req.query.has('propertyId') ? withQuery(req, (q) => q.delete('propertyId')) : undefined) }) },
  ],
  'contracts.searchMatchesTenancyReference': [
    {
      fault: () =>
        mapJson('contract search is case-sensitive', (q, r) => path(q) === '/contracts' && q.query.has('search') && isListAnswer(r), (b, q) => {
          const data = items(b).filter((c) => String(c.tenancyReference).includes(q.query.get('search') ?? ''));
          return { ...b, data, meta: { ...(b.meta as Rec), total: data.length, hasNextPage: false } };
        }),
    },
  ],
  'contracts.statusDerivedFromDatesUnlessNoticeServed': [
    {
      fault: () => ({
        description: 'status "Notice Served" in a contract PATCH is dropped',
        request: (req) => {
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !path(req).startsWith('/contracts/') || b.status !== 'Notice Served') return undefined;
          const { status: _s, ...rest } = b;
          return withBody(req, rest);
        },
      }),
    },
    {
      fault: () => ({
        description: 'a contract keeps Notice Served after a PATCH without it',
        async request(req, ctx) {
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !path(req).startsWith('/contracts/') || 'status' in b) return undefined;
          const current = dataOf(await ctx.upstream(get(req, path(req))));
          return isRec(current) && current.status === 'Notice Served' ? withBody(req, { ...b, status: 'Notice Served' }) : undefined;
        },
      }),
    },
  ],
  'contracts.routesAnswer404ForUnknownIds': [
    { fault: () => mapJson('unknown contract ids answer 403 FORBIDDEN', (q, r) => path(q).startsWith('/contracts/') && codeOf(r) === 'NOT_FOUND', (b) => [{ ...b, code: 'FORBIDDEN' }, 403]) },
  ],
  'contracts.creationEmailsItsTenants': [
    {
      fault: () => ({
        description: 'POST /contracts answers 201 without creating the contract (no assignment email)',
        request: (req) => (req.method === 'POST' && path(req) === '/contracts' ? jsonResponse(201, { data: { ...bodyOf(req), id: '00000000-0000-4000-8000-000000000001', status: 'Active' } }) : undefined),
      }),
    },
  ],
  'overview.currentOccupantsResolveThroughActiveContract': [
    { fault: () => mapJson('contracts lose their additionalTenantIds', (q, r) => path(q).startsWith('/contracts') && r.status === 200, (b) => ({ ...b, data: Array.isArray(b.data) ? items(b).map((c) => ({ ...c, additionalTenantIds: [] })) : b.data })) },
    { fault: () => ({ description: 'the status=Active filter is ignored when a propertyId is given', request: (req) => (path(req) === '/contracts' && req.query.has('propertyId') && req.query.get('status') === 'Active' ? withQuery(req, (q) => q.delete('status')) : undefined) }) },
  ],

  // ---- Rent ---------------------------------------------------------------------------------------------------
  'rent.listShapeAndFilters': [
    {
      fault: () => ({
        description: 'the rent status filter answers Pending for Paid and Paid for Pending',
        request: (req) => {
          const s = req.query.get('status');
          return path(req) === '/rent' && (s === 'Paid' || s === 'Pending') ? withQuery(req, (q) => q.set('status', s === 'Paid' ? 'Pending' : 'Paid')) : undefined;
        },
      }),
    },
    { fault: () => mapJson('rent amounts are strings', (q, r) => path(q) === '/rent' && isListAnswer(r), (b) => ({ ...b, data: items(b).map((p) => ({ ...p, amount: String(p.amount) })) })) },
  ],
  'rent.listRejectsInvalidQueries': [
    { fault: () => ({ description: 'an unknown rent status is ignored (200)', request: (req) => (path(req) === '/rent' && req.query.has('status') && !['Paid', 'Pending', 'Overdue'].includes(req.query.get('status') ?? '') ? withQuery(req, (q) => q.delete('status')) : undefined) }) },
  ],
  'rent.createNormalisesPeriodAndDefaultsPaid': [
    { fault: () => mapJson('POST /rent answers the period as sent (not normalised)', (q, r) => q.method === 'POST' && path(q) === '/rent' && r.status === 201, (b, q) => ({ ...b, data: { ...(b.data as Rec), period: bodyOf(q).period } })) },
    {
      fault: () => ({
        description: 'a Paid payment without amountReceived is stored with amountReceived 0',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'POST' && path(req) === '/rent' && b.status === 'Paid' && b.amountReceived === undefined ? withBody(req, { ...b, amountReceived: 0 }) : undefined;
        },
      }),
    },
  ],
  'rent.duplicatePeriodAnswers409': [
    {
      fault: () => ({
        description: 'a repeated (contract, period) gets a unique period and a second payment',
        request: (req, ctx) => {
          const b = bodyOf(req);
          if (req.method !== 'POST' || path(req) !== '/rent' || typeof b.period !== 'string') return undefined;
          const n = count(ctx, `${String(b.contractId)} ${b.period.replace(/\s+/g, ' ').trim()}`);
          return n >= 2 ? withBody(req, { ...b, period: `${b.period} (${n})` }) : undefined;
        },
      }),
    },
  ],
  'rent.createRefusesMismatchedIds': [
    {
      fault: () => ({
        description: "POST /rent ignores propertyId and tenantId and takes the contract's",
        async request(req, ctx) {
          const b = bodyOf(req);
          if (req.method !== 'POST' || path(req) !== '/rent' || typeof b.contractId !== 'string') return undefined;
          const contract = dataOf(await ctx.upstream(get(req, `/contracts/${b.contractId}`)));
          return isRec(contract) ? withBody(req, { ...b, propertyId: contract.propertyId, tenantId: contract.mainTenantId }) : undefined;
        },
      }),
    },
  ],
  'rent.sandboxWritesNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    {
      fault: () => ({
        description: 'X-Service-Mode: sandbox on a live POST /rent is ignored (the payment is written)',
        request: (req) => {
          if (req.headers['x-service-mode'] === undefined) return undefined;
          const { 'x-service-mode': _m, ...headers } = req.headers;
          return { ...req, headers };
        },
        response: (res, req) => (req.headers['x-service-mode'] !== undefined && res.status === 201 ? withJson(res, { data: { ...(dataOf(res) as Rec), sandbox: true } }) : undefined),
      }),
    },
  ],
  'rent.patchReconcilesButKeepsAmountAndIds': [
    { fault: () => ({ description: 'PATCH /rent/{id} with no field answers 200', request: (req) => (req.method === 'PATCH' && RENT_ONE.test(path(req)) && Object.keys(bodyOf(req)).length === 0 ? jsonResponse(200, { data: { id: RENT_ONE.exec(path(req))?.[1] } }) : undefined) }) },
    {
      fault: () => ({
        description: 'PATCH { amount } changes the amount',
        request(req, ctx) {
          const id = RENT_ONE.exec(path(req))?.[1];
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !id || typeof b.amount !== 'number') return undefined;
          ctx.state.set(`amount:${id}`, b.amount);
          return jsonResponse(200, { data: { id, amount: b.amount } });
        },
        response: (res, req, ctx) =>
          path(req) === '/rent' && isListAnswer(res)
            ? withJson(res, { ...(readJson(res) as Rec), data: items(readJson(res) as Rec).map((p) => (ctx.state.has(`amount:${String(p.id)}`) ? { ...p, amount: ctx.state.get(`amount:${String(p.id)}`) } : p)) })
            : undefined,
      }),
    },
  ],

  // ---- Invoices -------------------------------------------------------------------------------------------
  'invoices.pdfIsThePaymentsInvoice': [
    { fault: () => ({ description: 'the invoice PDF is served as application/octet-stream', response: (res, req) => (PDF.test(path(req)) && res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'application/octet-stream' } } : undefined) }) },
    { fault: (t) => ({ description: 'the read_only key is refused the invoice PDF (403 INSUFFICIENT_SCOPE)', request: (req) => (PDF.test(path(req)) && keyOf(req) === t.keys.enterpriseReadOnly ? errorResponse(403, 'INSUFFICIENT_SCOPE', 'Needs read_write') : undefined) }) },
    {
      fault: () => ({
        description: 'the invoice PDF shows another payment (the first of the landlord)',
        async request(req, ctx) {
          if (!PDF.test(path(req))) return undefined;
          const list = items(readJson(await ctx.upstream(get(req, '/rent', 'limit=100'))) as Rec);
          const id = PDF.exec(path(req))?.[1];
          const mine = list.find((p) => p.id === id);
          const other = list.find((p) => p.id !== id && mine !== undefined && p.amount !== mine.amount && p.period !== mine.period);
          return other ? { ...req, path: `/api/public/v1/rent/${String(other.id)}/invoice/pdf` } : undefined;
        },
      }),
    },
  ],
  'invoices.pdfAnswers404ForUnknownAndForeignIds': [
    { fault: () => mapJson('unknown payments answer 403 FORBIDDEN on the PDF route', (q, r) => PDF.test(path(q)) && codeOf(r) === 'NOT_FOUND', (b) => [{ ...b, code: 'FORBIDDEN' }, 403]) },
  ],
  'invoices.pdfInSandboxMode': [
    { fault: (t) => ({ description: 'sandbox keys are refused the invoice PDF', request: (req) => (PDF.test(path(req)) && keyOf(req) === t.keys.enterpriseSandbox ? errorResponse(403, 'FORBIDDEN', 'Not in sandbox') : undefined) }) },
  ],
  'invoices.emailRefusesInvalidRequests': [
    { fault: () => ({ description: 'an invalid email override is accepted (200)', request: (req) => (EMAIL.test(path(req)) && bodyOf(req).email === 'not-an-email' ? jsonResponse(200, { data: { sent: true, sandbox: false } }) : undefined) }) },
    { fault: () => ({ description: 'an empty invoice email body is treated as {}', request: (req) => (EMAIL.test(path(req)) && req.body.length === 0 ? withBody(req, {}) : undefined) }) },
  ],
  'invoices.emailWithoutTenantAddressAnswers400TenantEmailMissing': [
    { fault: () => mapJson('TENANT_EMAIL_MISSING answered as VALIDATION_ERROR', (_q, r) => codeOf(r) === 'TENANT_EMAIL_MISSING', (b) => ({ ...b, code: 'VALIDATION_ERROR' })) },
  ],
  'invoices.emailInSandboxSendsNothing': [{ fault: (t) => sandboxThatWrites(t) }],
  'invoices.emailConcurrentAndRepeatedSendsShareOnePayload': [
    { fault: () => mapJson('every invoice email answer is a fresh payload (its own sentAt)', (q, r) => EMAIL.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), sentAt: new Date(Date.now() + Math.floor(Math.random() * 1e6)).toISOString() } })) },
    // The repeat is the request after the check's concurrent ones.
    { fault: () => ({ description: 'a repeated invoice email answers 409 INVOICE_EMAIL_FAILED', request: (req, ctx) => (EMAIL.test(path(req)) && count(ctx, path(req)) > CONCURRENT_SENDS ? errorResponse(409, 'INVOICE_EMAIL_FAILED', 'An earlier send failed') : undefined) }) },
  ],
  'invoices.emailSentExactlyOnceWithThePdf': [
    { fault: () => ({ description: 'the email override is ignored (the invoice goes to the tenant)', request: (req) => (EMAIL.test(path(req)) && typeof bodyOf(req).email === 'string' ? withBody(req, {}) : undefined) }) },
  ],
  'invoices.emailIdempotencyKeyReplays': [
    { fault: () => ({ description: 'an Idempotency-Key of 128 characters is refused', request: (req) => (EMAIL.test(path(req)) && (req.headers['idempotency-key'] ?? '').length >= 100 ? errorResponse(400, 'VALIDATION_ERROR', 'Invalid request: headers.idempotency-key: too long') : undefined) }) },
    { fault: () => mapJson('an Idempotency-Key replay answers a different payload', (q, r) => EMAIL.test(path(q)) && q.headers['idempotency-key'] !== undefined && r.status === 200, (b, q) => ({ ...b, data: { ...(b.data as Rec), replayedAt: `${Date.now()}-${q.headers['idempotency-key']?.length}-${Math.random()}` } })) },
  ],
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
    { fault: () => ({ description: 'the invoice PDF limit is 15 a minute', request: (req, ctx) => (PDF.test(path(req)) && count(ctx, 'pdf') > 15 ? errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Too many invoice PDFs', { 'retry-after': '60' }) : undefined) }) },
  ],
  'invoices.emailLimitedTo10PerMinute': [
    { fault: () => mapJson('the invoice email limit is never enforced (429 answered 404)', (q, r) => EMAIL.test(path(q)) && r.status === 429, () => [{ error: 'Rent payment not found', code: 'NOT_FOUND' }, 404]) },
    { fault: () => ({ description: 'the invoice email limit is counted only after the payment is found (unknown ids never count)', request: (req) => (EMAIL.test(path(req)) ? errorResponse(404, 'NOT_FOUND', 'Rent payment not found') : undefined) }) },
  ],

  // ---- Compliance -----------------------------------------------------------------------------------------
  'compliance.summaryShape': [
    { fault: () => mapJson('generatedAt is a date without a time', (q, r) => path(q) === '/compliance/summary' && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), generatedAt: today() } })) },
    { fault: () => mapJson('portfolio.counts lacks the "missing" key', (q, r) => path(q) === '/compliance/summary' && r.status === 200, (b) => { const d = b.data as Rec; const p = d.portfolio as Rec; const { missing: _m, ...counts } = p.counts as Rec; return { ...b, data: { ...d, portfolio: { ...p, counts } } }; }) },
  ],
  'compliance.severityFollowsThresholds': [
    {
      fault: () =>
        mapJson('items due in 31 to 60 days are reported due_soon', (q, r) => (path(q) === '/compliance/summary' || path(q) === '/properties') && r.status === 200, (b) => {
          const shift = (i: Rec): Rec => (i.severity === 'urgent' ? { ...i, severity: 'due_soon' } : i);
          const d = b.data as Rec | Rec[];
          if (Array.isArray(d)) return { ...b, data: d.map((p) => ({ ...p, compliance: { ...(p.compliance as Rec), items: ((p.compliance as Rec).items as Rec[]).map(shift) } })) };
          return { ...b, data: { ...d, attention: (d.attention as Rec[]).map(shift), properties: (d.properties as Rec[]).map((p) => ({ ...p, items: (p.items as Rec[]).map(shift) })) } };
        }),
    },
    {
      // Passed under the old ±1 day of slack: severities unchanged (ok stays ok), only the day count is one more.
      fault: () =>
        mapJson('daysUntil one more than the days to the due date on items due in 100 days or more (summary)', (q, r) => path(q) === '/compliance/summary' && r.status === 200, (b) => {
          const shift = (i: Rec): Rec => (typeof i.daysUntil === 'number' && i.daysUntil >= 100 ? { ...i, daysUntil: i.daysUntil + 1 } : i);
          const d = b.data as Rec;
          return { ...b, data: { ...d, properties: (d.properties as Rec[]).map((p) => ({ ...p, items: (p.items as Rec[]).map(shift) })) } };
        }),
    },
  ],
  'compliance.attentionSortedAndCountsConsistent': [
    { fault: () => mapJson('the attention list is sorted best first', (q, r) => path(q) === '/compliance/summary' && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), attention: [...((b.data as Rec).attention as unknown[])].reverse() } })) },
    { fault: () => mapJson('portfolio.counts.ok is one too many', (q, r) => path(q) === '/compliance/summary' && r.status === 200, (b) => { const d = b.data as Rec; const p = d.portfolio as Rec; const c = p.counts as Rec; return { ...b, data: { ...d, portfolio: { ...p, counts: { ...c, ok: Number(c.ok) + 1 } } } }; }) },
  ],

  // ---- Calendar -------------------------------------------------------------------------------------------
  'calendar.defaultWindowSortedAndTyped': [
    { fault: () => ({ description: 'the default calendar window starts 30 days back', request: (req) => (path(req) === '/events' && req.method === 'GET' && !req.query.has('from') && !req.query.has('to') ? withQuery(req, (q) => (q.set('from', plusDays(today(), -30)), q.set('to', plusDays(today(), 90)))) : undefined) }) },
    { fault: () => mapJson('events sorted by id only', (q, r) => path(q) === '/events' && isListAnswer(r), (b) => ({ ...b, data: [...items(b)].sort((x, y) => String(x.id).localeCompare(String(y.id))) })) },
  ],
  'calendar.fromAndToTogetherAtMost400Days': [
    {
      fault: () => ({
        description: 'calendar ranges over 400 days are cut to 400',
        request: (req) => {
          const from = req.query.get('from');
          const to = req.query.get('to');
          if (path(req) !== '/events' || !from || !to || Date.parse(to) - Date.parse(from) <= 400 * DAY) return undefined;
          return withQuery(req, (q) => q.set('to', plusDays(from, 400)));
        },
      }),
    },
    {
      fault: () => ({
        description: 'a calendar range of 401 days (to − from) is accepted (cut to 400)',
        request: (req) => {
          const from = req.query.get('from');
          const to = req.query.get('to');
          return path(req) === '/events' && from && to && Date.parse(to) - Date.parse(from) === 401 * DAY ? withQuery(req, (q) => q.set('to', plusDays(from, 400))) : undefined;
        },
      }),
    },
    { fault: () => ({ description: 'from alone is accepted (to defaults to from + 90)', request: (req) => (path(req) === '/events' && req.query.has('from') && !req.query.has('to') ? withQuery(req, (q) => q.set('to', plusDays(q.get('from') ?? today(), 90))) : undefined) }) },
  ],
  'calendar.typeFilterAndItsLength': [
    { fault: () => ({ description: 'the calendar type filter is ignored', request: (req) => (path(req) === '/events' && req.query.has('type') ? withQuery(req, (q) => q.delete('type')) : undefined) }) },
    { fault: () => ({ description: 'calendar type lists over 500 characters are cut and accepted', request: (req) => ((req.query.get('type') ?? '').length > 500 ? withQuery(req, (q) => q.set('type', 'Rent')) : undefined) }) },
  ],
  'calendar.propertyIdFilter': [
    { fault: () => ({ description: 'the calendar propertyId filter is ignored', request: (req) => (path(req) === '/events' && req.query.has('propertyId') ? withQuery(req, (q) => q.delete('propertyId')) : undefined) }) },
  ],

  // ---- Team and the named endpoints -------------------------------------------------------------------------
  'team.rosterShape': [
    { fault: () => mapJson('team members lack email', (q, r) => path(q) === '/team' && r.status === 200, (b) => ({ ...b, data: items(b).map(({ email: _e, ...rest }) => rest) })) },
    { fault: () => mapJson('the team roster is empty', (q, r) => path(q) === '/team' && r.status === 200, (b) => ({ ...b, data: [] })) },
  ],
  'other.namedEndpointsAnswerTheEnvelope': [
    { fault: () => ({ description: 'GET /mortgages answers 404', request: (req) => (path(req) === '/mortgages' ? errorResponse(404, 'NOT_FOUND', 'Not found') : undefined) }) },
    { fault: () => mapJson('GET /subscription answers a bare object without data', (q, r) => path(q) === '/subscription' && r.status === 200, (b) => ({ plan: (b.data as Rec).plan })) },
  ],
  'other.maintenanceIssuePatchRouteExists': [
    { fault: () => ({ description: 'PATCH /maintenance/issues/{id} answers 410 ENDPOINT_DEPRECATED', request: (req) => (req.method === 'PATCH' && path(req).startsWith('/maintenance/issues/') ? errorResponse(410, 'ENDPOINT_DEPRECATED', 'Gone') : undefined) }) },
  ],
};

/** A multipart image upload whose file part is replaced by a PNG (a deployment that "accepts" text files). */
function withMultipartPng(req: ProxyRequest): ProxyRequest {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const text = req.body.toString('latin1');
  const m = /(content-type: text\/plain\r\n\r\n)([\s\S]*?)(\r\n--)/i.exec(text);
  if (!m) return req;
  const replaced = text.replace(m[0], `content-type: image/png\r\n\r\n${png.toString('latin1')}${m[3]}`).replace(/filename="notes\.txt"/, 'filename="notes.png"');
  return { ...req, body: Buffer.from(replaced, 'latin1') };
}

