// Red-team deployments: each breaks exactly ONE rule the spec states, chosen one step sideways from what the suite's
// own faults and the mutation engine already produce (another member of a family, a value instead of a presence, a
// state the answer must follow, a value the suite never sent, a required operation that fails). measure.ts runs the
// whole quick suite through each and records whether the run fails; the faults files of the checks that fail them
// take them as faults of their own (by id, from here), so each stays a self-test once the suite holds it.

import { codeOf, errorResponse, isRec, keyOf, withJson } from '../support/faults';
import type { SelfTest, WebhookSelfTest } from '../support/self-test';
import { rewrite } from '../support/webhook-deployment';
import { bodyOf, dataOf, items, path, today, UUID, withBody, withQuery } from '../support/resource-fault-helpers';
import {
  CONTRACT,
  CONTRACT_DOCS,
  EMAIL,
  isSuccess,
  isWrite,
  json,
  keptOnly,
  liveAnswer,
  onDeleted,
  PROPERTY,
  PROPERTY_DOCS,
  PROPERTY_PARTS,
  reads,
  rememberDeletes,
  rewriteAnswers,
  severityAt,
  shiftDay,
  type Rec,
  type RedTeamDeployment,
} from './helpers';
import { SIDEWAYS } from './sideways';

export type { HoleClass, RedTeamDeployment } from './helpers';

/** The first deployments; `SIDEWAYS` (sideways.ts) adds more, one step further out. */
const FIRST: readonly RedTeamDeployment[] = [
  // ---- Endpoints: headers and content types on every answer -----------------------------------------------------
  {
    id: 'json-success-typed-text-on-writes',
    rule: 'ENDPOINTS-1',
    hole: 'value-on-few-probes',
    fault: () => ({
      description: 'success answers of writes carry Content-Type: text/plain (the JSON body unchanged)',
      response: (res, req) =>
        isWrite(req) && isSuccess(res) && path(req) !== '' && json(res) !== undefined
          ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } }
          : undefined,
    }),
  },
  {
    id: 'rate-remaining-frozen-off-properties',
    rule: 'LIMIT-RATE-4',
    hole: 'value-on-few-probes',
    fault: () => ({
      description: 'X-RateLimit-Remaining never falls (always Limit − 1) on every route but GET /properties',
      response: (res, req) => {
        const limit = res.headers['x-ratelimit-limit'];
        if (limit === undefined || path(req) === '/properties' || !/^\d+$/.test(limit)) return undefined;
        return { ...res, headers: { ...res.headers, 'x-ratelimit-remaining': String(Number(limit) - 1) } };
      },
    }),
  },
  {
    id: 'rate-remaining-frozen-for-writes',
    rule: 'LIMIT-RATE-4',
    hole: 'value-on-few-probes',
    fault: () => ({
      description:
        'X-RateLimit-Remaining on the rent and invoice writes is always the Limit (the write is not counted)',
      response: (res, req) => {
        const limit = res.headers['x-ratelimit-limit'];
        if (limit === undefined || !isWrite(req)) return undefined;
        return { ...res, headers: { ...res.headers, 'x-ratelimit-remaining': limit } };
      },
    }),
  },
  // ---- Errors: messages -----------------------------------------------------------------------------------------
  {
    id: 'not-found-message-generic-on-uploads-and-contract-patch',
    rule: 'ERR-3',
    hole: 'one-member-of-family',
    fault: () => ({
      description:
        '404 messages of PATCH /contracts/{id}, the uploads and the invoice email say "Resource not found" (no kind)',
      response: (res, req) => {
        const p = path(req);
        const aimed =
          (req.method === 'PATCH' && CONTRACT.test(p)) ||
          (req.method === 'POST' && (PROPERTY_DOCS.test(p) || CONTRACT_DOCS.test(p) || /\/image$/.test(p))) ||
          (req.method === 'POST' && EMAIL.test(p));
        return aimed && codeOf(res) === 'NOT_FOUND'
          ? withJson(res, { error: 'Resource not found', code: 'NOT_FOUND' })
          : undefined;
      },
    }),
  },
  {
    id: 'validation-message-without-paths-on-queries',
    rule: 'ERR-4',
    hole: 'one-member-of-family',
    fault: () => ({
      description:
        'VALIDATION_ERROR answers to GET requests (query validation) say "Invalid query" without any field path',
      response: (res, req) =>
        req.method === 'GET' && codeOf(res) === 'VALIDATION_ERROR'
          ? withJson(res, { error: 'Invalid query', code: 'VALIDATION_ERROR' })
          : undefined,
    }),
  },
  {
    id: 'validation-message-first-issue-only-on-writes-but-properties',
    rule: 'ERR-4',
    hole: 'one-member-of-family',
    fault: () => ({
      description:
        'VALIDATION_ERROR answers to writes other than PATCH /properties/{id} name only a generic "Validation failed" (no field path)',
      response: (res, req) =>
        isWrite(req) && !(req.method === 'PATCH' && PROPERTY.test(path(req))) && codeOf(res) === 'VALIDATION_ERROR'
          ? withJson(res, { error: 'Validation failed', code: 'VALIDATION_ERROR' })
          : undefined,
    }),
  },
  // ---- Versioning: the removed route ----------------------------------------------------------------------------
  {
    id: 'removed-route-link-names-another-id',
    rule: 'DEPRECATED-3',
    hole: 'self-given-leniency',
    fault: () => ({
      description: "the 410 Link header names /maintenance/issues/ with a fixed id, not the request's",
      response: (res, req) =>
        res.status === 410 && /^\/maintenance\//.test(path(req))
          ? {
              ...res,
              headers: {
                ...res.headers,
                link: '</api/public/v1/maintenance/issues/00000000-0000-4000-8000-000000000001>; rel="successor-version"',
              },
            }
          : undefined,
    }),
  },
  {
    id: 'removed-route-mocked-for-sandbox',
    rule: 'DEPRECATED-1',
    hole: 'one-member-of-family',
    fault: (t) => ({
      description: 'PATCH /maintenance/{id} with the sandbox key answers a 200 mock (sandbox: true) instead of 410',
      request: (req) => {
        const m = new RegExp(`^/maintenance/(${UUID})$`, 'i').exec(path(req));
        if (!m || req.method !== 'PATCH' || keyOf(req) !== t.keys.enterpriseSandbox) return undefined;
        return {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'sandbox' },
          body: Buffer.from(JSON.stringify({ data: { id: m[1], ...bodyOf(req), sandbox: true } })),
        };
      },
    }),
  },
  // ---- Invoice email: dedup and idempotency ---------------------------------------------------------------------
  {
    id: 'invoice-repeat-new-payload',
    rule: 'STATE-33',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'a repeated invoice email answers 200 sent: true but a fresh payload (a new sentAt each time)',
      response: (res, req) => {
        if (!EMAIL.test(path(req)) || res.status !== 200) return undefined;
        const body = json(res);
        if (!body || !isRec(body.data) || body.data.sandbox === true) return undefined;
        return withJson(res, {
          ...body,
          data: { ...body.data, sentAt: new Date().toISOString(), nonce: Math.random() },
        });
      },
    }),
  },
  {
    id: 'idempotency-key-of-128-refused',
    rule: 'LIMIT-11',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'an Idempotency-Key of exactly 128 characters is refused with 400 VALIDATION_ERROR',
      request: (req) =>
        EMAIL.test(path(req)) && (req.headers['idempotency-key'] ?? '').length === 128
          ? errorResponse(400, 'VALIDATION_ERROR', 'Idempotency-Key must be shorter than 128 characters')
          : undefined,
    }),
  },
  {
    id: 'invoice-email-no-body-accepted',
    rule: 'RENT-EMAIL-5',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'an invoice email with no body at all is taken as {} (sent)',
      request: (req) => (EMAIL.test(path(req)) && req.body.length === 0 ? withBody(req, {}) : undefined),
    }),
  },
  // ---- Rent ---------------------------------------------------------------------------------------------------
  {
    id: 'rent-paid-received-zero-defaulted',
    rule: 'RENT-POST-5',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'POST /rent Paid with amountReceived 0 stores amountReceived = amount (0 taken as omitted)',
      request: (req) => {
        const b = bodyOf(req);
        return req.method === 'POST' && path(req) === '/rent' && b.status === 'Paid' && b.amountReceived === 0
          ? withBody(req, { ...b, amountReceived: b.amount })
          : undefined;
      },
    }),
  },
  {
    id: 'rent-period-newlines-kept',
    rule: 'RENT-POST-3',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'POST /rent collapses spaces and tabs in period but keeps line breaks',
      request: (req) => {
        const b = bodyOf(req);
        if (req.method !== 'POST' || path(req) !== '/rent' || typeof b.period !== 'string' || !/[\r\n]/.test(b.period))
          return undefined;
        return withBody(req, { ...b, period: `${b.period.trim().replace(/[ \t]+/g, ' ')}\u0000` });
      },
      response: (res, req) => {
        const b = bodyOf(req);
        if (req.method !== 'POST' || path(req) !== '/rent' || typeof b.period !== 'string' || !/[\r\n]/.test(b.period))
          return undefined;
        const body = json(res);
        if (!body || !isRec(body.data)) return undefined;
        const kept = b.period.trim().replace(/[ \t]+/g, ' ');
        return withJson(res, { ...body, data: { ...body.data, period: kept } });
      },
    }),
  },
  // ---- Contracts and properties: filters and search -------------------------------------------------------------
  {
    id: 'contracts-tenant-filter-matches-additional',
    rule: 'CONTRACT-4',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'GET /contracts?tenantId also returns contracts where the tenant is an additional tenant',
      async response(res, req, ctx) {
        const tenant = req.query.get('tenantId');
        if (req.method !== 'GET' || path(req) !== '/contracts' || tenant === null || !isSuccess(res)) return undefined;
        const body = json(res);
        if (!body) return undefined;
        const q = new URLSearchParams(req.query);
        q.delete('tenantId');
        q.set('limit', '500');
        q.set('page', '1');
        const all = json(await ctx.upstream({ ...req, query: q }));
        const extra = all
          ? items(all).filter(
              (c) =>
                Array.isArray(c.additionalTenantIds) &&
                c.additionalTenantIds.includes(tenant) &&
                c.mainTenantId !== tenant,
            )
          : [];
        if (extra.length === 0) return undefined;
        const meta = isRec(body.meta) ? { ...body.meta, total: Number(body.meta.total) + extra.length } : body.meta;
        return withJson(res, { ...body, data: [...items(body), ...extra], meta });
      },
    }),
  },
  {
    id: 'contracts-search-case-sensitive',
    rule: 'CONTRACT-5',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'GET /contracts?search is case-sensitive (items whose reference differs in case are dropped)',
      response: rewriteAnswers(reads('/contracts', 'search'), (body, req) => {
        const term = req.query.get('search') ?? '';
        return keptOnly(body, (c) =>
          Object.entries(c).some(([k, v]) => /reference/i.test(k) && typeof v === 'string' && v.includes(term)),
        );
      }),
    }),
  },
  {
    id: 'properties-search-prefix-only',
    rule: 'PROP-3',
    hole: 'self-given-leniency',
    fault: () => ({
      description: 'GET /properties?search matches the start of the address only (not anywhere in it)',
      response: rewriteAnswers(reads('/properties', 'search'), (body, req) => {
        const term = (req.query.get('search') ?? '').toLowerCase();
        return keptOnly(body, (p) => typeof p.address === 'string' && p.address.toLowerCase().startsWith(term));
      }),
    }),
  },
  // ---- Calendar -------------------------------------------------------------------------------------------------
  {
    id: 'calendar-type-list-first-only',
    rule: 'CAL-9',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'GET /events?type=A,B filters by the first type only',
      request: (req) => {
        const type = req.query.get('type');
        return path(req) === '/events' && type !== null && type.includes(',') && type.length <= 500
          ? withQuery(req, (q) => q.set('type', type.split(',')[0] ?? ''))
          : undefined;
      },
    }),
  },
  {
    id: 'calendar-sorted-only-by-default',
    rule: 'CAL-2',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'GET /events with from and to answers its items sorted by date descending',
      response: rewriteAnswers(reads('/events', 'from'), (body) =>
        items(body).length < 2
          ? undefined
          : {
              ...body,
              data: [...items(body)].sort(
                (a, b) => String(b.date).localeCompare(String(a.date)) || String(a.id).localeCompare(String(b.id)),
              ),
            },
      ),
    }),
  },
  {
    id: 'calendar-ties-by-id-descending',
    rule: 'CAL-2',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'GET /events sorts events of the same date by id descending',
      response: rewriteAnswers(reads('/events'), (body) => {
        const sorted = [...items(body)].sort(
          (a, b) => String(a.date).localeCompare(String(b.date)) || String(b.id).localeCompare(String(a.id)),
        );
        return sorted.some((e, i) => e !== items(body)[i]) ? { ...body, data: sorted } : undefined;
      }),
    }),
  },
  // ---- Compliance -----------------------------------------------------------------------------------------------
  {
    id: 'compliance-worst-severity-second',
    rule: 'RES-COMPLIANCE-4',
    hole: 'shape-without-value',
    fault: () => ({
      description:
        'portfolio.worstSeverity names the second-worst severity present (critical while an expired item exists)',
      response: rewriteAnswers(reads('/compliance/summary'), (body) => {
        const d = isRec(body.data) ? body.data : undefined;
        const p = d && isRec(d.portfolio) ? d.portfolio : undefined;
        if (!d || !p || p.worstSeverity !== 'expired') return undefined;
        return { ...body, data: { ...d, portfolio: { ...p, worstSeverity: 'critical' } } };
      }),
    }),
  },
  {
    id: 'compliance-thirty-days-urgent',
    rule: 'RES-COMPLIANCE-12',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'an item due in exactly 30 days is "urgent" (critical only below 30)',
      response: severityAt(30, 'critical', 'urgent'),
    }),
  },
  // ---- Documents ------------------------------------------------------------------------------------------------
  {
    id: 'documents-expiring-leaves-out-expired',
    rule: 'PROP-42',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'GET /properties/{id}/documents?expiringWithinDays=N leaves out documents already expired',
      response: rewriteAnswers(reads(PROPERTY_DOCS, 'expiringWithinDays'), (body) => {
        const kept = items(body).filter((d) => typeof d.expiryDate !== 'string' || d.expiryDate >= today());
        return kept.length === items(body).length ? undefined : { ...body, data: kept };
      }),
    }),
  },
  {
    id: 'contract-documents-list-drops-expiry',
    rule: 'CONTRACT-17',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'GET /contracts/{id}/documents lists each document with expiryDate null (the upload kept it)',
      response: rewriteAnswers(reads(CONTRACT_DOCS), (body) =>
        items(body).some((d) => typeof d.expiryDate === 'string')
          ? { ...body, data: items(body).map((d) => ({ ...d, expiryDate: null })) }
          : undefined,
      ),
    }),
  },
  {
    id: 'document-upload-day-overflow-accepted',
    rule: 'PROP-31',
    hole: 'value-never-sent',
    fault: () => ({
      description:
        'a document upload with an expiryDate of a day its month does not have ("2026-02-30") is accepted, rolled over',
      request: (req) => {
        const p = path(req);
        if (req.method !== 'POST' || !(PROPERTY_DOCS.test(p) || CONTRACT_DOCS.test(p))) return undefined;
        const text = req.body.toString('latin1');
        const m = /(name="expiryDate"\r\n\r\n)(\d{4})-(\d{2})-(\d{2})(\r\n)/.exec(text);
        if (!m) return undefined;
        const [year, month, day] = [Number(m[2]), Number(m[3]), Number(m[4])];
        // The pattern and the month are checked; the day only against 31.
        if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
        const real = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
        if (real === `${m[2]}-${m[3]}-${m[4]}`) return undefined;
        return { ...req, body: Buffer.from(text.replace(m[0], `${m[1]}${real}${m[5]}`), 'latin1') };
      },
    }),
  },
  {
    id: 'document-delete-under-any-owner',
    rule: 'AUTH-8',
    hole: 'one-member-of-family',
    fault: () => ({
      description:
        'DELETE /properties/{A}/documents/{docId} deletes a document of property B (the owner in the path is not checked)',
      async request(req, ctx) {
        const m = new RegExp(`^/properties/(${UUID})/documents/(${UUID})$`, 'i').exec(path(req));
        if (req.method !== 'DELETE' || !m) return undefined;
        const owner = (ctx.state.get(`doc:${m[2]}`) as string | undefined) ?? m[1];
        return owner === m[1] ? undefined : { ...req, path: req.path.replace(m[1] ?? '', owner) };
      },
      response: (res, req, ctx) => {
        const m = new RegExp(`^/properties/(${UUID})/documents$`, 'i').exec(path(req));
        const data = dataOf(res);
        if (req.method === 'POST' && m && isRec(data) && typeof data.id === 'string')
          ctx.state.set(`doc:${data.id}`, m[1]);
        return undefined;
      },
    }),
  },
  // ---- Deleted resources: gone on every route addressing them --------------------------------------------------
  {
    id: 'deleted-property-handbook-still-answers',
    rule: 'AUTH-8',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'the handbook and documents of a soft-deleted property still answer 200',
      request(req, ctx) {
        const m = onDeleted(req, ctx.state, 'GET', PROPERTY_PARTS, 'property');
        if (!m) return undefined;
        return liveAnswer(
          m[2] === 'documents'
            ? []
            : {
                propertyId: m[1],
                knowledge: null,
                completeness: { filled: 0, total: 0, missing: [] },
                meters: [],
                suppliers: [],
              },
        );
      },
      response: rememberDeletes(PROPERTY, 'property'),
    }),
  },
  {
    id: 'deleted-contract-documents-still-answer',
    rule: 'CONTRACT-18',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'the document list of a soft-deleted contract still answers 200 (an empty list)',
      request: (req, ctx) => (onDeleted(req, ctx.state, 'GET', CONTRACT_DOCS, 'contract') ? liveAnswer([]) : undefined),
      response: rememberDeletes(CONTRACT, 'contract'),
    }),
  },
  {
    id: 'deleted-property-patch-answers',
    rule: 'PROP-15',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'PATCH /properties/{id} of a soft-deleted property answers 200 with the patch applied to a mock',
      request(req, ctx) {
        const m = onDeleted(req, ctx.state, 'PATCH', PROPERTY, 'property');
        if (!m) return undefined;
        return {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-service-mode': 'live' },
          body: Buffer.from(JSON.stringify({ data: { id: m[1], ...bodyOf(req) } })),
        };
      },
      response: rememberDeletes(PROPERTY, 'property'),
    }),
  },
  // ---- Lists against the writes before them ---------------------------------------------------------------------
  {
    id: 'properties-list-hides-maintenance',
    rule: 'PROP-1',
    hole: 'shape-without-value',
    fault: () => ({
      description:
        'GET /properties without a status filter shows Maintenance properties as Vacant (the detail says Maintenance)',
      response: rewriteAnswers(
        (req) => reads('/properties')(req) && !req.query.has('status'),
        (body) =>
          items(body).some((p) => p.status === 'Maintenance')
            ? { ...body, data: items(body).map((p) => (p.status === 'Maintenance' ? { ...p, status: 'Vacant' } : p)) }
            : undefined,
      ),
    }),
  },
  {
    id: 'contract-detail-hides-notice-served',
    rule: 'CONTRACT-10',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'GET /contracts/{id} shows a Notice Served contract as Active (the list says Notice Served)',
      response: rewriteAnswers(reads(CONTRACT), (body) =>
        isRec(body.data) && body.data.status === 'Notice Served'
          ? { ...body, data: { ...body.data, status: 'Active' } }
          : undefined,
      ),
    }),
  },
  {
    id: 'patch-answer-is-the-old-property',
    rule: 'PROP-11',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'PATCH /properties/{id} persists the change but answers the property as it was before',
      async request(req, ctx) {
        const m = PROPERTY.exec(path(req));
        if (req.method !== 'PATCH' || !m) return undefined;
        const before = json(
          await ctx.upstream({ ...req, method: 'GET', body: Buffer.alloc(0), query: new URLSearchParams() }),
        );
        if (before && isRec(before.data)) ctx.state.set(`before:${m[1]}`, before.data);
        return undefined;
      },
      response: (res, req, ctx) => {
        const m = PROPERTY.exec(path(req));
        if (req.method !== 'PATCH' || !m || res.status !== 200) return undefined;
        const before = ctx.state.get(`before:${m[1]}`);
        const body = json(res);
        return body && isRec(before) && isRec(body.data) && body.data.sandbox !== true
          ? withJson(res, { ...body, data: before })
          : undefined;
      },
    }),
  },
  // ---- Sandbox --------------------------------------------------------------------------------------------------
  {
    id: 'sandbox-create-property-refused',
    rule: 'AUTH-2',
    hole: 'skip-cascade',
    fault: (t) => ({
      description: 'a sandbox POST /properties answers 400 VALIDATION_ERROR (the live key creates the same body)',
      request: (req) =>
        req.method === 'POST' && path(req) === '/properties' && keyOf(req) === t.keys.enterpriseSandbox
          ? {
              ...errorResponse(400, 'VALIDATION_ERROR', 'body.type is required'),
              headers: { 'content-type': 'application/json', 'x-service-mode': 'sandbox' },
            }
          : undefined,
    }),
  },
  // ---- Pagination -----------------------------------------------------------------------------------------------
  {
    id: 'page-past-the-end-total-zero',
    rule: 'ENDPOINTS-7',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'a page past the last answers meta.total 0 (the total counts the page, not the list)',
      response: rewriteAnswers(
        (req) => req.method === 'GET',
        (body) => {
          const meta = body.meta;
          if (!isRec(meta) || items(body).length > 0 || Number(meta.page) <= 1 || Number(meta.total) === 0)
            return undefined;
          return {
            ...body,
            meta: { ...meta, total: 0, ...(typeof meta.hasNextPage === 'boolean' ? { hasNextPage: false } : {}) },
          };
        },
      ),
    }),
  },
  {
    id: 'has-next-page-false-when-filtered',
    rule: 'ENDPOINTS-8',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'meta.hasNextPage is false on every filtered contract list',
      response: rewriteAnswers(
        (req) => reads('/contracts')(req) && [...req.query.keys()].some((k) => k !== 'page' && k !== 'limit'),
        (body) =>
          isRec(body.meta) && body.meta.hasNextPage === true
            ? { ...body, meta: { ...body.meta, hasNextPage: false } }
            : undefined,
      ),
    }),
  },
  // ---- Authentication -------------------------------------------------------------------------------------------
  {
    id: 'revoked-key-unauthorized-on-writes',
    rule: 'AUTH-6',
    hole: 'one-member-of-family',
    fault: (t) => ({
      description: 'the revoked key on write routes answers 401 UNAUTHORIZED instead of REVOKED_KEY',
      response: (res, req) =>
        isWrite(req) && keyOf(req) === t.keys.revoked && codeOf(res) === 'REVOKED_KEY'
          ? withJson(res, { error: 'Unauthorized', code: 'UNAUTHORIZED' })
          : undefined,
    }),
  },
  {
    id: 'x-api-key-refused-on-writes',
    rule: 'AUTH-1',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'a key sent as x-api-key is refused (401 UNAUTHORIZED) on write routes; Bearer works',
      request: (req) =>
        isWrite(req) &&
        path(req) !== '' &&
        req.headers['x-api-key'] !== undefined &&
        req.headers.authorization === undefined
          ? errorResponse(401, 'UNAUTHORIZED', 'Missing bearer token')
          : undefined,
    }),
  },
  // ---- Webhooks: event data against what was written ----------------------------------------------------------
  {
    id: 'rent-event-due-date-a-day-late',
    rule: 'EVT-CAT-rent.created',
    hole: 'shape-without-value',
    webhook: (shared) => ({
      sender: {
        description: "rent.created and rent.updated deliveries carry a due_date one day after the payment's",
        request: rewrite(
          shared,
          (e) =>
            /^rent\.(created|updated)$/.test(String(e.event)) && isRec(e.data) && typeof e.data.due_date === 'string',
          (e) => ({ ...e, data: { ...(e.data as Rec), due_date: shiftDay(String((e.data as Rec).due_date), 1) } }),
        ),
      },
    }),
  },
  {
    id: 'contract-event-start-date-a-day-early',
    rule: 'EVT-CAT-contract.created',
    hole: 'shape-without-value',
    webhook: (shared) => ({
      sender: {
        description:
          "contract.created and contract.updated deliveries carry a start_date one day before the contract's",
        request: rewrite(
          shared,
          (e) =>
            /^contract\.(created|updated)$/.test(String(e.event)) &&
            isRec(e.data) &&
            typeof e.data.start_date === 'string',
          (e) => ({ ...e, data: { ...(e.data as Rec), start_date: shiftDay(String((e.data as Rec).start_date), -1) } }),
        ),
      },
    }),
  },
  {
    id: 'document-event-expiry-dropped',
    rule: 'EVT-CAT-property_document.created',
    hole: 'value-never-sent',
    webhook: (shared) => ({
      sender: {
        description: 'property_document.created deliveries carry expiry_date null even when the upload gave one',
        request: rewrite(
          shared,
          (e) => e.event === 'property_document.created' && isRec(e.data) && typeof e.data.expiry_date === 'string',
          (e) => ({ ...e, data: { ...(e.data as Rec), expiry_date: null } }),
        ),
      },
    }),
  },
  {
    id: 'document-event-size-in-kilobytes',
    rule: 'EVT-CAT-property_document.created',
    hole: 'shape-without-value',
    webhook: (shared) => ({
      sender: {
        description: 'document created deliveries carry size_bytes in kilobytes (rounded up)',
        request: rewrite(
          shared,
          (e) => /_document\.created$/.test(String(e.event)) && isRec(e.data) && typeof e.data.size_bytes === 'number',
          (e) => ({
            ...e,
            data: { ...(e.data as Rec), size_bytes: Math.ceil(Number((e.data as Rec).size_bytes) / 1024) },
          }),
        ),
      },
    }),
  },
];

export const RED_TEAM: readonly RedTeamDeployment[] = [...FIRST, ...SIDEWAYS];

export function redTeam(id: string): RedTeamDeployment {
  const found = RED_TEAM.find((d) => d.id === id);
  if (!found) throw new Error(`no red-team deployment ${id}`);
  return found;
}

/** A red-team deployment as a fault of the checks that fail it (a `faults` table entry). */
export function redTeamFault(id: string): SelfTest {
  const { fault } = redTeam(id);
  if (!fault) throw new Error(`red-team deployment ${id} is a webhook deployment`);
  return { fault };
}

/** A red-team webhook deployment as a `webhookFaults` table entry. */
export function redTeamWebhookFault(id: string): WebhookSelfTest {
  const d = redTeam(id);
  const broken = d.webhook;
  if (!broken) throw new Error(`red-team deployment ${id} is not a webhook deployment`);
  return { fault: () => ({ description: describe(d) }), broken };
}

/** A webhook deployment's description (its sender's), for test names. */
function describe(d: RedTeamDeployment): string {
  const pair = d.webhook?.({
    subscriptions: new Map(),
    keys: new Map(),
    plans: new Map(),
    state: new Map(),
    receiverUrl: '',
    receiverAdminUrl: '',
  });
  return pair?.sender?.description ?? pair?.api?.description ?? d.id;
}
