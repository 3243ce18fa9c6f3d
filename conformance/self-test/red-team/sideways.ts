// More red-team deployments, each one step further out from the first ones and from the faults and mutants: a value
// derived from state (severities at the other thresholds, EPC figures, rentAmount), an edge the spec states exactly
// (a one-character name), a default or a mode on the other member of its family (the other defaulted field, the
// mode header on the other rent routes), a filter in combination, and webhook data on the event types the first
// ones left alone. Each breaks one rule and names it.

import { randomUUID } from 'node:crypto';
import type { Fault, FaultContext, ProxyRequest, ProxyResponse } from '../support/broken';
import { isRec, keyOf, withJson } from '../support/faults';
import { rewrite } from '../support/webhook-deployment';
import { bodyOf, dataOf, items, multipartField, path, withBody, withQuery } from '../support/resource-fault-helpers';
import {
  CONTRACT_DOCS,
  EMAIL,
  idRe,
  isSuccess,
  json,
  PROPERTY,
  PROPERTY_DOCS,
  reads,
  refusal,
  rewriteAnswers,
  severityAt,
  shiftDay,
  type Rec,
  type RedTeamDeployment,
} from './helpers';

const HANDBOOK = idRe('/properties/{id}/handbook');
const RENT_ONE = idRe('/rent/{id}');
const isLive = (req: ProxyRequest): boolean => keyOf(req)?.startsWith('svc_live_') === true;
const sandboxHeader = (req: ProxyRequest): boolean => req.headers['x-service-mode']?.trim().toLowerCase() === 'sandbox';

/** The request without its `X-Service-Mode` header (the deployment does not read it). */
function withoutModeHeader(req: ProxyRequest): ProxyRequest {
  const headers = { ...req.headers };
  delete headers['x-service-mode'];
  return { ...req, headers };
}

/**
 * A deployment that reads sandbox mode off the key alone: a write `aimed` selects, sent with a live key and
 * `X-Service-Mode: sandbox`, goes through live; its answer is dressed as the sandbox mock (`mock` of its data, the
 * header saying sandbox), so only what it wrote tells.
 */
function modeHeaderIgnored(
  description: string,
  aimed: (req: ProxyRequest) => boolean,
  mock: (data: Rec) => Rec,
): Fault {
  const applies = (req: ProxyRequest): boolean => aimed(req) && isLive(req) && sandboxHeader(req);
  return {
    description,
    request: (req) => (applies(req) ? withoutModeHeader(req) : undefined),
    response: (res, req) => {
      const body = json(res);
      if (!applies(req) || !isSuccess(res) || !body || !isRec(body.data)) return undefined;
      return {
        ...withJson(res, { ...body, data: mock(body.data) }),
        headers: { ...res.headers, 'x-service-mode': 'sandbox' },
      };
    },
  };
}

/** A POST /rent with status Paid through the live key whose body has `given` and omits `omitted`. */
function paidCreate(req: ProxyRequest, given: string, omitted: string): boolean {
  const b = bodyOf(req);
  return (
    req.method === 'POST' &&
    path(req) === '/rent' &&
    isLive(req) &&
    b.status === 'Paid' &&
    given in b &&
    !(omitted in b)
  );
}

/**
 * The created payment patched with `patch` right after its creation (what the deployment stores instead of the
 * default), answered as the PATCH read it back: the create's answer and every later read agree.
 */
async function storedAs(
  res: ProxyResponse,
  req: ProxyRequest,
  ctx: FaultContext,
  patch: Rec,
): Promise<ProxyResponse | undefined> {
  const created = dataOf(res);
  if (res.status !== 201 || !isRec(created) || typeof created.id !== 'string') return undefined;
  const patched = await ctx.upstream(
    withBody({ ...req, method: 'PATCH', path: `${req.path}/${created.id}`, query: new URLSearchParams() }, patch),
  );
  const data = dataOf(patched);
  const body = json(res);
  return patched.status === 200 && isRec(data) && body ? withJson(res, { ...body, data }) : undefined;
}

export const SIDEWAYS: readonly RedTeamDeployment[] = [
  // ---- Compliance: the other thresholds, and the EPC figures against the bands ------------------------------------
  {
    id: 'compliance-sixty-days-due-soon',
    rule: 'RES-COMPLIANCE-13',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'an item due in exactly 60 days is "due_soon" (urgent only below 60)',
      response: severityAt(60, 'urgent', 'due_soon'),
    }),
  },
  {
    id: 'compliance-due-today-expired',
    rule: 'RES-COMPLIANCE-12',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'an item due today (0 days) is "expired" (today taken as past due)',
      response: severityAt(0, 'critical', 'expired'),
    }),
  },
  {
    id: 'compliance-epc-above-and-below-c-swapped',
    rule: 'RES-COMPLIANCE-6',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'the summary counts the properties rated D to G as cOrAbove and those rated A to C as belowC',
      response: rewriteAnswers(reads('/compliance/summary'), (body) => {
        const d = isRec(body.data) ? body.data : undefined;
        const epc = d && isRec(d.epc) ? d.epc : undefined;
        if (!d || !epc || epc.cOrAbove === epc.belowC) return undefined;
        return { ...body, data: { ...d, epc: { ...epc, cOrAbove: epc.belowC, belowC: epc.cOrAbove } } };
      }),
    }),
  },
  // ---- Handbook -----------------------------------------------------------------------------------------------
  {
    id: 'handbook-knowledge-empty-record-when-nothing-recorded',
    rule: 'RES-HANDBOOK-2',
    hole: 'self-given-leniency',
    fault: () => ({
      description: 'the handbook of a property with nothing recorded answers knowledge {} instead of null',
      response: rewriteAnswers(reads(HANDBOOK), (body) =>
        isRec(body.data) && body.data.knowledge === null
          ? { ...body, data: { ...body.data, knowledge: {} } }
          : undefined,
      ),
    }),
  },
  // ---- Rent: each default on its own ---------------------------------------------------------------------------
  {
    id: 'rent-paid-date-not-defaulted-when-received-given',
    rule: 'RENT-POST-5',
    hole: 'value-never-sent',
    fault: () => ({
      description:
        'POST /rent Paid with amountReceived but no datePaid stores datePaid null (defaulted only when both are omitted)',
      response: (res, req, ctx) =>
        paidCreate(req, 'amountReceived', 'datePaid') ? storedAs(res, req, ctx, { datePaid: null }) : undefined,
    }),
  },
  {
    id: 'rent-paid-received-not-defaulted-when-date-given',
    rule: 'RENT-POST-5',
    hole: 'value-never-sent',
    fault: () => ({
      description:
        'POST /rent Paid with datePaid but no amountReceived stores nothing received (defaulted only when both are omitted)',
      response: (res, req, ctx) =>
        paidCreate(req, 'datePaid', 'amountReceived') ? storedAs(res, req, ctx, { amountReceived: null }) : undefined,
    }),
  },
  // ---- Sandbox mode through the request header on the other rent routes ----------------------------------------
  {
    id: 'service-mode-header-ignored-on-rent-patch',
    rule: 'RENT-PATCH-6',
    hole: 'one-member-of-family',
    fault: () =>
      modeHeaderIgnored(
        'PATCH /rent/{id} with a live key and X-Service-Mode: sandbox updates the payment (answered as a sandbox mock)',
        (req) => req.method === 'PATCH' && RENT_ONE.test(path(req)),
        (data) => ({ ...data, sandbox: true }),
      ),
  },
  {
    id: 'service-mode-header-ignored-on-invoice-email',
    rule: 'RENT-EMAIL-8',
    hole: 'one-member-of-family',
    fault: () =>
      modeHeaderIgnored(
        'POST /rent/{id}/invoice/email with a live key and X-Service-Mode: sandbox really sends (answered sent: false, sandbox: true)',
        (req) => EMAIL.test(path(req)),
        (data) => ({ ...data, sent: false, sandbox: true, messageId: null }),
      ),
  },
  // ---- Invoice email: one success per payment, whatever the address --------------------------------------------
  {
    id: 'invoice-repeat-to-another-address-sends-again',
    rule: 'RENT-EMAIL-2',
    hole: 'value-never-sent',
    fault: () => ({
      description:
        'after a stored success, an invoice email to another address sends again (a fresh payload); the same address gets its stored one',
      response: (res, req, ctx) => {
        const m = EMAIL.exec(path(req));
        const body = json(res);
        if (!m || res.status !== 200 || !body || !isRec(body.data) || body.data.sent !== true) return undefined;
        const key = `sends:${m[1]}`;
        const sends = (ctx.state.get(key) as Map<string, Rec> | undefined) ?? new Map<string, Rec>();
        ctx.state.set(key, sends);
        const email = bodyOf(req).email;
        const address = typeof email === 'string' ? email : '';
        const [first] = sends.keys();
        if (first === undefined) sends.set(address, body.data);
        if (first === undefined || address === first) return undefined;
        const stored = sends.get(address);
        const fresh: Rec = stored ?? {
          ...body.data,
          email: address || body.data.email,
          sentAt: new Date().toISOString(),
          messageId: `<${randomUUID()}@mail>`,
        };
        sends.set(address, fresh);
        return withJson(res, { ...body, data: fresh });
      },
    }),
  },
  // ---- Properties: a derived field, and the field search looks in --------------------------------------------
  {
    id: 'property-rent-amount-not-derived',
    rule: 'RES-PROP-13',
    hole: 'shape-without-value',
    fault: () => ({
      description: 'rentAmount is 0 on every property, Occupied ones included (not derived from their contracts)',
      response: rewriteAnswers(
        (req) => reads('/properties')(req) || reads(PROPERTY)(req),
        (body) => {
          const zero = (p: Rec): Rec =>
            typeof p.rentAmount === 'number' && p.rentAmount !== 0 ? { ...p, rentAmount: 0 } : p;
          if (Array.isArray(body.data))
            return items(body).some((p) => zero(p) !== p) ? { ...body, data: items(body).map(zero) } : undefined;
          return isRec(body.data) && zero(body.data) !== body.data ? { ...body, data: zero(body.data) } : undefined;
        },
      ),
    }),
  },
  {
    id: 'properties-search-also-matches-short-name',
    rule: 'PROP-3',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'GET /properties?search also returns properties whose shortName (not address) contains the term',
      async response(res, req, ctx) {
        const term = req.query.get('search')?.toLowerCase();
        const body = json(res);
        if (
          !reads('/properties', 'search')(req) ||
          !isSuccess(res) ||
          !body ||
          !term ||
          Number(req.query.get('page') ?? 1) > 1
        )
          return undefined;
        const q = new URLSearchParams(req.query);
        q.delete('search');
        q.set('page', '1');
        q.set('limit', '500');
        const all = json(await ctx.upstream({ ...req, query: q }));
        const found = new Set(items(body).map((p) => p.id));
        const extra = (all ? items(all) : []).filter(
          (p) => !found.has(p.id) && typeof p.shortName === 'string' && p.shortName.toLowerCase().includes(term),
        );
        if (extra.length === 0) return undefined;
        const meta = isRec(body.meta) ? { ...body.meta, total: Number(body.meta.total) + extra.length } : body.meta;
        return withJson(res, { ...body, data: [...items(body), ...extra], meta });
      },
    }),
  },
  // ---- Documents: the lower edge of a name ----------------------------------------------------------------------
  {
    id: 'document-name-of-one-character-refused',
    rule: 'LIMIT-7',
    hole: 'value-never-sent',
    fault: () => ({
      description: 'a document named with one character is refused with 400 VALIDATION_ERROR (names start at 2)',
      request: (req) => {
        const p = path(req);
        if (req.method !== 'POST' || !(PROPERTY_DOCS.test(p) || CONTRACT_DOCS.test(p))) return undefined;
        const name = multipartField(req.body, 'name');
        return name !== undefined && [...Buffer.from(name, 'latin1').toString('utf8')].length === 1
          ? refusal(req, 400, 'VALIDATION_ERROR', 'Validation failed: name must be 2 to 500 characters')
          : undefined;
      },
    }),
  },
  // ---- Calendar: a filter in combination ------------------------------------------------------------------------
  {
    id: 'calendar-type-ignored-with-property-id',
    rule: 'CAL-9',
    hole: 'one-member-of-family',
    fault: () => ({
      description: 'GET /events ignores type when propertyId is given too',
      request: (req) =>
        req.method === 'GET' && path(req) === '/events' && req.query.has('type') && req.query.has('propertyId')
          ? withQuery(req, (q) => q.delete('type'))
          : undefined,
    }),
  },
  // ---- Webhooks: event data on the other event types -----------------------------------------------------------
  {
    id: 'property-events-report-derived-status-in-maintenance',
    rule: 'EVT-CAT-property.updated',
    hole: 'shape-without-value',
    webhook: (shared) => ({
      sender: {
        description: 'property.created and property.updated report a property in Maintenance as "Vacant"',
        request: rewrite(
          shared,
          (e) =>
            /^property\.(created|updated)$/.test(String(e.event)) && isRec(e.data) && e.data.status === 'Maintenance',
          (e) => ({ ...e, data: { ...(e.data as Rec), status: 'Vacant' } }),
        ),
      },
    }),
  },
  {
    id: 'invoice-sent-event-due-date-a-day-late',
    rule: 'EVT-CAT-rent.invoice_sent',
    hole: 'one-member-of-family',
    webhook: (shared) => ({
      sender: {
        description: "rent.invoice_sent deliveries carry a due_date one day after the payment's",
        request: rewrite(
          shared,
          (e) => e.event === 'rent.invoice_sent' && isRec(e.data) && typeof e.data.due_date === 'string',
          (e) => ({ ...e, data: { ...(e.data as Rec), due_date: shiftDay(String((e.data as Rec).due_date), 1) } }),
        ),
      },
    }),
  },
  {
    id: 'contract-deleted-event-start-date-a-day-early',
    rule: 'EVT-CAT-contract.deleted',
    hole: 'one-member-of-family',
    webhook: (shared) => ({
      sender: {
        description: "contract.deleted deliveries carry a start_date one day before the contract's",
        request: rewrite(
          shared,
          (e) => e.event === 'contract.deleted' && isRec(e.data) && typeof e.data.start_date === 'string',
          (e) => ({ ...e, data: { ...(e.data as Rec), start_date: shiftDay(String((e.data as Rec).start_date), -1) } }),
        ),
      },
    }),
  },
];
