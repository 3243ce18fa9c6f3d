// The faults of the checks in contracts.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, isListAnswer, isRec, jsonResponse, mapJson, readJson } from '../../support/faults';
import { Rec, path, bodyOf, withBody, dataOf, items, withQuery, get } from '../../support/resource-fault-helpers';
import { refusedSuccess } from '../../support/refused-success';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Contracts and current occupants ----------------------------------------------------------------------
  'contracts.listAndDetailShape': [
    {
      fault: () =>
        mapJson(
          'contract statuses in lower case ("active")',
          (q, r) => path(q).startsWith('/contracts') && r.status === 200,
          (b) => ({
            ...b,
            data: Array.isArray(b.data)
              ? items(b).map((c) => ({ ...c, status: String(c.status).toLowerCase() }))
              : { ...(b.data as Rec), status: String((b.data as Rec).status).toLowerCase() },
          }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'contract lists say hasNextPage: false on every page',
          (q, r) => path(q) === '/contracts' && isListAnswer(r),
          (b) => ({ ...b, meta: { ...(b.meta as Rec), hasNextPage: false } }),
        ),
    },
  ],
  'contracts.filtersHoldOnEveryItem': [
    redTeamFault('contracts-tenant-filter-matches-additional'),
    {
      fault: () => ({
        description: 'the contract tenantId filter also matches additional tenants',
        async request(req, ctx) {
          const tenant = req.query.get('tenantId');
          if (req.method !== 'GET' || path(req) !== '/contracts' || !tenant) return undefined;
          const all = readJson(
            await ctx.upstream(withQuery(req, (q) => (q.delete('tenantId'), q.set('limit', '500'), q.delete('page')))),
          ) as Rec;
          const data = items(all).filter(
            (c) =>
              c.mainTenantId === tenant ||
              (Array.isArray(c.additionalTenantIds) && c.additionalTenantIds.includes(tenant)),
          );
          return jsonResponse(200, { data, meta: { page: 1, limit: 100, total: data.length, hasNextPage: false } });
        },
      }),
    },
    {
      fault: () => ({
        description: 'the contract propertyId filter is ignored',
        request: (req) =>
          path(req) === '/contracts' && req.query.has('propertyId')
            ? withQuery(req, (q) => q.delete('propertyId'))
            : undefined,
      }),
    },
  ],
  'contracts.searchMatchesTenancyReference': [
    redTeamFault('contracts-search-case-sensitive'),
    {
      fault: () =>
        mapJson(
          'contract search is case-sensitive',
          (q, r) => path(q) === '/contracts' && q.query.has('search') && isListAnswer(r),
          (b, q) => {
            const data = items(b).filter((c) => String(c.tenancyReference).includes(q.query.get('search') ?? ''));
            return { ...b, data, meta: { ...(b.meta as Rec), total: data.length, hasNextPage: false } };
          },
        ),
    },
  ],
  'contracts.statusDerivedFromDatesUnlessNoticeServed': [
    {
      fault: refusedSuccess(
        'POST /contracts with status "Notice Served" is refused with 400',
        '/contracts',
        (b) => b.status === 'Notice Served',
      ),
    },
    {
      fault: () => ({
        description: 'status "Notice Served" in a contract PATCH is dropped',
        request: (req) => {
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !path(req).startsWith('/contracts/') || b.status !== 'Notice Served')
            return undefined;
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
          return isRec(current) && current.status === 'Notice Served'
            ? withBody(req, { ...b, status: 'Notice Served' })
            : undefined;
        },
      }),
    },
  ],
  'contracts.routesAnswer404ForUnknownIds': [
    {
      fault: () =>
        mapJson(
          'unknown contract ids answer 403 FORBIDDEN',
          (q, r) => path(q).startsWith('/contracts/') && codeOf(r) === 'NOT_FOUND',
          (b) => [{ ...b, code: 'FORBIDDEN' }, 403],
        ),
    },
  ],
  'contracts.creationEmailsItsTenants': [
    {
      fault: () => ({
        description: 'POST /contracts answers 201 without creating the contract (no assignment email)',
        request: (req) =>
          req.method === 'POST' && path(req) === '/contracts'
            ? jsonResponse(201, {
                data: { ...bodyOf(req), id: '00000000-0000-4000-8000-000000000001', status: 'Active' },
              })
            : undefined,
      }),
    },
  ],
};
