// Faults of the answer invariants (answers.ts): each keeps the status, headers and codes right and makes a success
// answer SAY something wrong (an envelope member, a field of the resource's table, the page it serves), on answers
// the invariant checks' own probes receive.
import type { FaultTable } from '../../support/self-test';
import { apiPath, isRec, keyOf, mapJson } from '../../support/faults';
import { redTeamFault } from '../../red-team/deployments';

type Rec = Record<string, unknown>;

const ok = (status: number): boolean => status >= 200 && status < 300;
const sandboxKey = (key: string | undefined): boolean => /^svc_sandbox_/.test(key ?? '');
const withData = (b: Rec, fn: (data: Rec) => Rec): Rec => (isRec(b.data) ? { ...b, data: fn(b.data) } : b);

export const faults: FaultTable = {
  'invariants.successBodyIsDataWithMetaOnEveryAnswer': [
    redTeamFault('json-success-typed-text-on-writes'),
    {
      fault: () =>
        mapJson(
          'DELETE answers carry { deleted, id } bare, without the data wrapper',
          (q, r) => q.method === 'DELETE' && ok(r.status),
          (b) => (isRec(b.data) ? b.data : b),
        ),
    },
    {
      fault: () =>
        mapJson(
          'DELETE answers carry an id that is not a UUID ("deleted-1")',
          (q, r) => q.method === 'DELETE' && ok(r.status),
          (b) => withData(b, (d) => ({ ...d, id: 'deleted-1' })),
        ),
    },
    {
      fault: () =>
        mapJson(
          'GET /properties answers carry a `links` member beside data and meta',
          (q, r) => q.method === 'GET' && apiPath(q) === '/properties' && ok(r.status),
          (b) => ({ ...b, links: { self: '/properties' } }),
        ),
    },
  ],
  'invariants.writeAnswersHoldTheResourceFieldTable': [
    {
      fault: () =>
        mapJson(
          'PATCH /properties/{id} answers leave out tenantName of an Occupied property',
          (q, r) => q.method === 'PATCH' && /^\/properties\/[^/]+$/.test(apiPath(q) ?? '') && ok(r.status),
          (b) =>
            withData(b, (d) => {
              if (d.status !== 'Occupied') return d;
              const out = { ...d };
              delete out.tenantName;
              return out;
            }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'POST /contracts answers leave out mainTenantId',
          (q, r) => q.method === 'POST' && apiPath(q) === '/contracts' && ok(r.status),
          (b) =>
            withData(b, (d) => {
              const out = { ...d };
              delete out.mainTenantId;
              return out;
            }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'PATCH /rent/{id} answers carry amount as a string',
          (q, r) => q.method === 'PATCH' && /^\/rent\/[^/]+$/.test(apiPath(q) ?? '') && ok(r.status),
          (b) => withData(b, (d) => ({ ...d, amount: String(d.amount) })),
        ),
    },
    {
      fault: () =>
        mapJson(
          'PATCH /properties/{id} answers carry status "Under repair" (not one of the three)',
          (q, r) => q.method === 'PATCH' && /^\/properties\/[^/]+$/.test(apiPath(q) ?? '') && ok(r.status),
          (b) => withData(b, (d) => ({ ...d, status: 'Under repair' })),
        ),
    },
    {
      // The probe cannot address the property it created: the answer is judged all the same, not left blocked.
      fault: () =>
        mapJson(
          'POST /properties answers an id with slashes instead of dashes (not a UUID)',
          (q, r) => q.method === 'POST' && apiPath(q) === '/properties' && ok(r.status),
          (b) => withData(b, (d) => ({ ...d, id: String(d.id).replace(/-/g, '/') })),
        ),
    },
    {
      fault: () =>
        mapJson(
          "a sandbox key's POST /properties mock carries no sandbox: true",
          (q, r) => q.method === 'POST' && apiPath(q) === '/properties' && sandboxKey(keyOf(q)) && ok(r.status),
          (b) =>
            withData(b, (d) => {
              const out = { ...d };
              delete out.sandbox;
              return out;
            }),
        ),
    },
  ],
  'invariants.readAnswersHoldTheResourceFieldTable': [
    {
      fault: () =>
        mapJson(
          'GET /contracts/{id}/documents lists each document without its name',
          (q, r) => q.method === 'GET' && /^\/contracts\/[^/]+\/documents$/.test(apiPath(q) ?? '') && ok(r.status),
          (b) =>
            Array.isArray(b.data)
              ? {
                  ...b,
                  data: b.data.map((d: unknown) => {
                    if (!isRec(d)) return d;
                    const out = { ...d };
                    delete out.name;
                    return out;
                  }),
                }
              : b,
        ),
    },
    {
      fault: () =>
        mapJson(
          'GET /rent lists the last payment of a page with its amount as a string',
          (q, r) => q.method === 'GET' && apiPath(q) === '/rent' && ok(r.status),
          (b) => {
            const items: unknown[] = Array.isArray(b.data) ? b.data : [];
            const last = items[items.length - 1];
            return isRec(last) ? { ...b, data: [...items.slice(0, -1), { ...last, amount: String(last.amount) }] } : b;
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'GET /contracts/{id} answers a status outside the enumeration ("Running" for Active)',
          (q, r) => q.method === 'GET' && /^\/contracts\/[^/]+$/.test(apiPath(q) ?? '') && ok(r.status),
          (b) => withData(b, (d) => (d.status === 'Active' ? { ...d, status: 'Running' } : d)),
        ),
    },
  ],
  'invariants.listMetaSaysThePageAndLimitAsked': [
    {
      fault: () =>
        mapJson(
          'list answers say meta.page 1 whatever page was asked',
          (q, r) => q.method === 'GET' && ok(r.status),
          (b) => (isRec(b.meta) ? { ...b, meta: { ...b.meta, page: 1 } } : b),
        ),
    },
    {
      fault: () =>
        mapJson(
          'GET /contracts answers say meta.limit 20 (a default) whatever limit was asked',
          (q, r) => q.method === 'GET' && apiPath(q) === '/contracts' && ok(r.status),
          (b) => (isRec(b.meta) ? { ...b, meta: { ...b.meta, limit: 20 } } : b),
        ),
    },
  ],
  'invariants.hasNextPageSaysWhetherAPageFollows': [
    redTeamFault('has-next-page-false-when-filtered'),
    {
      fault: () =>
        mapJson(
          'GET /contracts answers say meta.hasNextPage true on every page, the last one included',
          (q, r) => q.method === 'GET' && apiPath(q) === '/contracts' && ok(r.status),
          (b) =>
            isRec(b.meta) && typeof b.meta.hasNextPage === 'boolean'
              ? { ...b, meta: { ...b.meta, hasNextPage: true } }
              : b,
        ),
    },
  ],
};
