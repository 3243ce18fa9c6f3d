// The faults of the checks in read.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, isListAnswer, mapJson } from '../../support/faults';
import { Rec, path, ONE, items, withQuery } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Properties -----------------------------------------------------------------------------------------
  'properties.listAndDetailShareTheFullShape': [
    {
      fault: () =>
        mapJson(
          'property details carry an extra "links" field list items lack',
          (q, r) => q.method === 'GET' && ONE.test(path(q)) && r.status === 200,
          (b) => ({ ...b, data: { ...(b.data as Rec), links: { self: 'x' } } }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'bedrooms is a string in property lists',
          (q, r) => q.method === 'GET' && path(q) === '/properties' && isListAnswer(r),
          (b) => ({ ...b, data: items(b).map((p) => ({ ...p, bedrooms: String(p.bedrooms) })) }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'Occupied properties leave out tenantName, in lists and details alike',
          (q, r) => q.method === 'GET' && (path(q) === '/properties' || ONE.test(path(q))) && r.status === 200,
          (b) => {
            const unnamed = (p: Rec): Rec => {
              if (p.status !== 'Occupied') return p;
              const out = { ...p };
              delete out.tenantName;
              return out;
            };
            return { ...b, data: Array.isArray(b.data) ? items(b).map(unnamed) : unnamed(b.data as Rec) };
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'properties without tenants answer tenantName null (the spec types it string, not nullable)',
          (q, r) => q.method === 'GET' && (path(q) === '/properties' || ONE.test(path(q))) && r.status === 200,
          (b) => {
            const vacant = (p: Rec): Rec => (p.status === 'Occupied' ? p : { ...p, tenantName: null });
            return { ...b, data: Array.isArray(b.data) ? items(b).map(vacant) : vacant(b.data as Rec) };
          },
        ),
    },
  ],
  'properties.statusFilterHoldsOnEveryItem': [
    {
      fault: () => ({
        description: 'the property status filter answers Vacant for Occupied and Occupied for Vacant',
        request: (req) => {
          const s = req.query.get('status');
          if (req.method !== 'GET' || path(req) !== '/properties' || (s !== 'Occupied' && s !== 'Vacant'))
            return undefined;
          return withQuery(req, (q) => q.set('status', s === 'Occupied' ? 'Vacant' : 'Occupied'));
        },
      }),
    },
  ],
  'properties.searchIsCaseInsensitiveContainsOnAddress': [
    redTeamFault('properties-search-also-matches-short-name'),
    redTeamFault('properties-search-prefix-only'),
    {
      fault: () =>
        mapJson(
          'property search is case-sensitive',
          (q, r) => path(q) === '/properties' && q.query.has('search') && isListAnswer(r),
          (b, q) => {
            const data = items(b).filter((p) => String(p.address).includes(q.query.get('search') ?? ''));
            return { ...b, data, meta: { ...(b.meta as Rec), total: data.length } };
          },
        ),
    },
  ],
  'properties.listRejectsInvalidQueries': [
    {
      fault: () => ({
        description: 'a property search over 200 characters is cut to 200 and answered',
        request: (req) =>
          path(req) === '/properties' && (req.query.get('search') ?? '').length > 200
            ? withQuery(req, (q) => q.set('search', (q.get('search') ?? '').slice(0, 200)))
            : undefined,
      }),
    },
  ],
  'properties.routesAnswer404ForUnknownIds': [
    {
      fault: () =>
        mapJson(
          'unknown property ids answer 400 VALIDATION_ERROR',
          (q, r) => path(q).startsWith('/properties/') && codeOf(r) === 'NOT_FOUND',
          (b) => [{ ...b, code: 'VALIDATION_ERROR' }, 400],
        ),
    },
  ],
};
