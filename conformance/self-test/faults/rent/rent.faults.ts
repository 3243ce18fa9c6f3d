// The faults of the checks in rent.ts: each must make its check FAIL (a broken deployment per fault).
import {
  count,
  isListAnswer,
  isRec,
  jsonResponse,
  mapJson,
  readJson,
  sandboxThatWrites,
  withJson,
} from '../../support/faults';
import {
  Rec,
  path,
  RENT_ONE,
  bodyOf,
  withBody,
  dataOf,
  items,
  withQuery,
  get,
} from '../../support/resource-fault-helpers';
import { refusedSuccess } from '../../support/refused-success';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Rent ---------------------------------------------------------------------------------------------------
  'rent.listShapeAndFilters': [
    {
      fault: () => ({
        description: 'the rent status filter answers Pending for Paid and Paid for Pending',
        request: (req) => {
          const s = req.query.get('status');
          return path(req) === '/rent' && (s === 'Paid' || s === 'Pending')
            ? withQuery(req, (q) => q.set('status', s === 'Paid' ? 'Pending' : 'Paid'))
            : undefined;
        },
      }),
    },
    {
      fault: () =>
        mapJson(
          'rent amounts are strings',
          (q, r) => path(q) === '/rent' && isListAnswer(r),
          (b) => ({ ...b, data: items(b).map((p) => ({ ...p, amount: String(p.amount) })) }),
        ),
    },
  ],
  'rent.listRejectsInvalidQueries': [
    {
      fault: () => ({
        description: 'an unknown rent status is ignored (200)',
        request: (req) =>
          path(req) === '/rent' &&
          req.query.has('status') &&
          !['Paid', 'Pending', 'Overdue'].includes(req.query.get('status') ?? '')
            ? withQuery(req, (q) => q.delete('status'))
            : undefined,
      }),
    },
  ],
  'rent.createNormalisesPeriodAndDefaultsPaid': [
    redTeamFault('rent-paid-date-not-defaulted-when-received-given'),
    redTeamFault('rent-paid-received-not-defaulted-when-date-given'),
    redTeamFault('rent-paid-received-zero-defaulted'),
    redTeamFault('rent-period-newlines-kept'),
    {
      fault: refusedSuccess(
        'POST /rent with status "Paid" and no amountReceived (the defaults) is refused with 400',
        '/rent',
        (b) => b.status === 'Paid' && b.amountReceived === undefined,
      ),
    },
    {
      fault: refusedSuccess(
        'POST /rent with status "Overdue" is refused with 400',
        '/rent',
        (b) => b.status === 'Overdue',
      ),
    },
    {
      fault: () =>
        mapJson(
          'POST /rent answers the period as sent (not normalised)',
          (q, r) => q.method === 'POST' && path(q) === '/rent' && r.status === 201,
          (b, q) => ({ ...b, data: { ...(b.data as Rec), period: bodyOf(q).period } }),
        ),
    },
    {
      fault: () => ({
        description: 'a Paid payment without amountReceived is stored with amountReceived 0',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'POST' && path(req) === '/rent' && b.status === 'Paid' && b.amountReceived === undefined
            ? withBody(req, { ...b, amountReceived: 0 })
            : undefined;
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
          return isRec(contract)
            ? withBody(req, { ...b, propertyId: contract.propertyId, tenantId: contract.mainTenantId })
            : undefined;
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
        response: (res, req) =>
          req.headers['x-service-mode'] !== undefined && res.status === 201
            ? withJson(res, { data: { ...(dataOf(res) as Rec), sandbox: true } })
            : undefined,
      }),
    },
  ],
  'rent.patchReconcilesButKeepsAmountAndIds': [
    {
      fault: () => ({
        description: 'PATCH /rent/{id} with no field answers 200',
        request: (req) =>
          req.method === 'PATCH' && RENT_ONE.test(path(req)) && Object.keys(bodyOf(req)).length === 0
            ? jsonResponse(200, { data: { id: RENT_ONE.exec(path(req))?.[1] } })
            : undefined,
      }),
    },
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
            ? withJson(res, {
                ...(readJson(res) as Rec),
                data: items(readJson(res) as Rec).map((p) =>
                  ctx.state.has(`amount:${String(p.id)}`)
                    ? { ...p, amount: ctx.state.get(`amount:${String(p.id)}`) }
                    : p,
                ),
              })
            : undefined,
      }),
    },
  ],
};
