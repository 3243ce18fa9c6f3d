// Consumer contract of the conformance suite's HTTP client with the read endpoints, written as a Pact (V4) into
// fixtures/pacts/. Each interaction is exercised through the suite's own client (conformance/src/http) against
// Pact's mock server, so the contract records what the suite really sends and relies on. The reference server
// verifies it in reference-server/test/pact-provider.test.ts.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as PactModule from '@pact-foundation/pact';
import type * as PactCoreModule from '@pact-foundation/pact-core';
import { fixtureId } from '@ppapi/spec';
import { createHttpClient, type HttpResponse, type QueryValue } from '../src/http';
import { CONSUMER, PROVIDER, publishPact } from './pact-file';

// Pact's proxy module requires https-proxy-agent 9, which is ESM only: jest (CommonJS here) cannot load it. The
// consumer side never proxies, so a plain agent stands in.
jest.mock(
  require.resolve('https-proxy-agent', {
    paths: [(require('node:path') as typeof import('node:path')).dirname(require.resolve('@pact-foundation/pact'))],
  }),
  () => ({ HttpsProxyAgent: class extends jest.requireActual<typeof import('node:https')>('node:https').Agent {} }),
);
process.env.PACT_DO_NOT_TRACK = 'true';
const { PactV4, MatchersV3: M } = require('@pact-foundation/pact') as typeof PactModule;
const { makeConsumerPact } = require('@pact-foundation/pact-core') as typeof PactCoreModule;

const PREFIX = '/api/public/v1';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A key of the right shape: the provider's request filter swaps in a real one. */
const EXAMPLE_KEY = 'svc_live_pactExampleKey0000000000000000001';
const UNKNOWN_KEY = 'svc_live_unknownPactKey0000000000000000000';

// Fixture ids (spec-data/ids.ts): provider states promise that these exist, or do not.
const PROPERTY_ID = fixtureId('property:harbour:0');
const CONTRACT_ID = fixtureId(`contract:${PROPERTY_ID}`);
const TENANT_ID = fixtureId(`tenant:${PROPERTY_ID}:0`);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const STATES = {
  portfolio: 'an Enterprise landlord with a portfolio',
  property: 'the property exists',
  activeContract: 'the property has an Active contract',
  contract: 'the contract exists',
  tenant: 'the tenant exists',
  noProperty: 'the property does not exist',
  unknownKey: 'the API key is unknown',
} as const;

// Pact regexes must match the whole value.
const SEVERITY = '^(expired|missing|critical|urgent|due_soon|ok)$';
const authHeader = { Authorization: M.regex('^Bearer svc_(live|sandbox)_[A-Za-z0-9]+$', `Bearer ${EXAMPLE_KEY}`) };
const jsonHeaders = {
  'Content-Type': M.regex('^application/json(;\\s*charset=utf-8)?$', 'application/json; charset=utf-8'),
  'X-Service-Mode': M.regex('^(live|sandbox)$', 'live'),
};
const okHeaders = {
  ...jsonHeaders,
  'X-RateLimit-Limit': M.regex('^\\d+$', '500'),
  'X-RateLimit-Remaining': M.regex('^\\d+$', '499'),
  'X-RateLimit-Reset': M.regex('^\\d+$', '1795246400'),
};
const idPath = (collection: string, id: string, rest = '') =>
  M.regex(`^${PREFIX}/${collection}/${UUID}${rest}$`, `${PREFIX}/${collection}/${id}${rest}`);
const date = (example: string) => M.date('yyyy-MM-dd', example);
const timestamp = (example: string) => M.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", example);
const meta = (limit: number, total: number) => ({
  page: M.integer(1),
  limit: M.integer(limit),
  total: M.integer(total),
});

const complianceItem = {
  code: M.string('GAS_SAFETY'),
  required: M.boolean(true),
  state: M.regex('^(missing|valid|expired)$', 'expired'),
  severity: M.regex(SEVERITY, 'expired'),
};
// Nullable fields (addressLine2, renewal dates, image) are left out: a Pact template cannot say "string or null".
const property = {
  id: M.uuid(PROPERTY_ID),
  address: M.string('2 Victoria Terrace, Bristol, BS1 1AL'),
  shortName: M.string('2 Victoria Terrace'),
  addressLine1: M.string('2 Victoria Terrace'),
  city: M.string('Bristol'),
  postcode: M.string('BS1 1AL'),
  propertyType: M.string('House'),
  bedrooms: M.integer(1),
  bathrooms: M.integer(1),
  status: M.regex('^(Occupied|Vacant|Maintenance)$', 'Occupied'),
  rentAmount: M.number(650.5),
  tenantName: M.string('Amelia Patel'),
  compliance: { items: M.eachLike(complianceItem) },
};
const contract = (status: ReturnType<typeof M.regex>) => ({
  id: M.uuid(CONTRACT_ID),
  status,
  propertyId: M.uuid(PROPERTY_ID),
  mainTenantId: M.uuid(TENANT_ID),
  additionalTenantIds: M.atLeastLike(M.uuid(fixtureId(`tenant:${PROPERTY_ID}:1`)), 0, 1),
  tenancyReference: M.string('TEN-HAR-1000'),
  startDate: date('2026-01-25'),
  rentAmount: M.number(650.5),
});
const tenant = {
  id: M.uuid(TENANT_ID),
  firstName: M.string('Amelia'),
  lastName: M.string('Patel'),
  status: M.string('ACTIVE'),
  hasAccount: M.boolean(true),
};
const errorBody = (code: string, message: ReturnType<typeof M.string> | ReturnType<typeof M.regex>) => ({
  error: message,
  code: M.equal(code),
});

interface Case {
  readonly title: string;
  readonly state: { readonly name: string; readonly params?: Record<string, string> };
  readonly path: string | ReturnType<typeof M.regex>;
  /** What the suite's client is asked to do. */
  readonly call: { readonly path: string; readonly query?: Record<string, QueryValue>; readonly key?: string };
  readonly query?: Record<string, string | ReturnType<typeof M.regex>>;
  readonly auth?: 'example' | 'unknown';
  readonly status: number;
  readonly body: unknown;
  readonly check: (res: HttpResponse) => void;
}

const dataOf = (res: HttpResponse) =>
  (res.json as { data: Record<string, unknown> & Array<Record<string, unknown>> }).data;

const CASES: Case[] = [
  {
    title: 'a request for a page of properties',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/properties`,
    query: { page: '1', limit: '2' },
    call: { path: '/properties', query: { page: 1, limit: 2 } },
    status: 200,
    body: { data: M.eachLike(property), meta: meta(2, 36) },
    check: (res) => expect(dataOf(res)[0].id).toBe(PROPERTY_ID),
  },
  {
    title: 'a request for one property',
    state: { name: STATES.property, params: { id: PROPERTY_ID } },
    path: idPath('properties', PROPERTY_ID),
    call: { path: `/properties/${PROPERTY_ID}` },
    status: 200,
    body: { data: property },
    check: (res) => expect(dataOf(res).status).toBe('Occupied'),
  },
  {
    title: 'a request for the handbook of a property',
    state: { name: STATES.property, params: { id: PROPERTY_ID } },
    path: idPath('properties', PROPERTY_ID, '/handbook'),
    call: { path: `/properties/${PROPERTY_ID}/handbook` },
    status: 200,
    body: {
      data: {
        propertyId: M.uuid(PROPERTY_ID),
        completeness: { filled: M.integer(0), total: M.integer(6) },
        meters: M.eachLike({
          id: M.uuid(fixtureId(`meter:${PROPERTY_ID}:0`)),
          utilityType: M.regex('^(electricity|gas|water|heat_network|oil)$', 'electricity'),
          unit: M.regex('^(kWh|m3|ft3|litres)$', 'kWh'),
        }),
        suppliers: M.eachLike({ utilityType: M.string('electricity'), supplierName: M.string('Octopus Energy') }),
      },
    },
    check: (res) => expect(dataOf(res).propertyId).toBe(PROPERTY_ID),
  },
  {
    title: 'a request for the documents of a property',
    state: { name: STATES.property, params: { id: PROPERTY_ID } },
    path: idPath('properties', PROPERTY_ID, '/documents'),
    call: { path: `/properties/${PROPERTY_ID}/documents` },
    status: 200,
    body: {
      data: M.eachLike({
        id: M.uuid(fixtureId(`property-document:${PROPERTY_ID}:0`)),
        name: M.string('EPC Certificate - 2 Victoria Terrace.pdf'),
        type: M.string('EPC_Certificate'),
        downloadUrl: M.regex('^https?://\\S+$', 'https://api.example.com/media/documents/property.example-token'),
      }),
      meta: meta(50, 1),
    },
    check: (res) => expect(dataOf(res)[0].downloadUrl).toMatch(/^https?:\/\//),
  },
  {
    title: 'a request for the Active contract of a property (current occupants, step 1)',
    state: { name: STATES.activeContract, params: { propertyId: PROPERTY_ID } },
    path: `${PREFIX}/contracts`,
    query: { propertyId: M.regex(`^${UUID}$`, PROPERTY_ID), status: 'Active' },
    call: { path: '/contracts', query: { propertyId: PROPERTY_ID, status: 'Active' } },
    status: 200,
    body: {
      data: M.eachLike(contract(M.regex('^Active$', 'Active'))),
      meta: { ...meta(50, 1), hasNextPage: M.boolean(false) },
    },
    check: (res) => expect(dataOf(res)[0].mainTenantId).toBe(TENANT_ID),
  },
  {
    title: 'a request for one contract',
    state: { name: STATES.contract, params: { id: CONTRACT_ID } },
    path: idPath('contracts', CONTRACT_ID),
    call: { path: `/contracts/${CONTRACT_ID}` },
    status: 200,
    body: { data: contract(M.regex('^(Active|Pending|Notice Served|Ended)$', 'Active')) },
    check: (res) => expect(dataOf(res).id).toBe(CONTRACT_ID),
  },
  {
    title: 'a request for a page of rent payments',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/rent`,
    query: { limit: '2' },
    call: { path: '/rent', query: { limit: 2 } },
    status: 200,
    body: {
      data: M.eachLike({
        id: M.uuid(fixtureId(`rent:${CONTRACT_ID}:upcoming`)),
        propertyId: M.uuid(PROPERTY_ID),
        tenantId: M.uuid(TENANT_ID),
        contractId: M.uuid(CONTRACT_ID),
        period: M.string('December 2026'),
        amount: M.number(650.5),
        status: M.regex('^(Paid|Pending|Overdue)$', 'Pending'),
        amountReceived: M.number(0),
        dueDate: date('2026-12-01'),
      }),
      meta: meta(2, 106),
    },
    check: (res) => expect(Array.isArray(dataOf(res))).toBe(true),
  },
  {
    title: 'a request for calendar events in the default window',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/events`,
    query: { limit: '5' },
    call: { path: '/events', query: { limit: 5 } },
    status: 200,
    body: {
      data: M.eachLike({
        id: M.uuid('0c84deee-632f-51ab-867b-62cd1f26f9bd'),
        type: M.regex('^(Task|Property|Contract|Tenant|Rent|Compliance|Insurance|Schedule|Inspection)$', 'Compliance'),
        date: date('2026-11-20'),
        title: M.string('Energy performance certificate expires at 2 Victoria Terrace'),
      }),
      meta: meta(5, 162),
    },
    check: (res) => expect(dataOf(res).length).toBeGreaterThan(0),
  },
  {
    title: 'a request for the team roster',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/team`,
    call: { path: '/team' },
    status: 200,
    body: {
      data: M.eachLike({
        name: M.string('Helen Harbour'),
        email: M.string('owner@harbour-lettings.example'),
        role: M.string('Owner'),
        status: M.string('active'),
      }),
    },
    check: (res) => expect(dataOf(res)[0].role).toBe('Owner'),
  },
  {
    title: 'a request for the compliance summary',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/compliance/summary`,
    call: { path: '/compliance/summary' },
    status: 200,
    body: {
      data: {
        generatedAt: timestamp('2026-11-21T06:33:19.632Z'),
        portfolio: {
          propertyCount: M.integer(36),
          requiredItemsTotal: M.integer(114),
          attentionCount: M.integer(92),
          worstSeverity: M.regex(SEVERITY, 'expired'),
          counts: {
            expired: M.integer(19),
            missing: M.integer(0),
            critical: M.integer(30),
            urgent: M.integer(21),
            due_soon: M.integer(22),
            ok: M.integer(22),
          },
        },
        epc: { rated: M.integer(34), unrated: M.integer(2), cOrAbove: M.integer(16), belowC: M.integer(18) },
        attention: M.eachLike({
          propertyId: M.uuid(PROPERTY_ID),
          propertyName: M.string('2 Victoria Terrace'),
          code: M.string('GAS_SAFETY'),
          severity: M.regex(SEVERITY, 'expired'),
        }),
        properties: M.eachLike({
          id: M.uuid(PROPERTY_ID),
          name: M.string('2 Victoria Terrace'),
          items: M.eachLike(complianceItem),
        }),
      },
    },
    check: (res) => expect((dataOf(res).portfolio as { propertyCount: number }).propertyCount).toBeGreaterThan(0),
  },
  {
    title: 'a request for a page of tenants',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/tenants`,
    query: { limit: '2' },
    call: { path: '/tenants', query: { limit: 2 } },
    status: 200,
    body: { data: M.eachLike(tenant), meta: meta(2, 58) },
    check: (res) => expect(dataOf(res).length).toBeGreaterThan(0),
  },
  {
    title: 'a request for one tenant (current occupants, step 4)',
    state: { name: STATES.tenant, params: { id: TENANT_ID } },
    path: idPath('tenants', TENANT_ID),
    call: { path: `/tenants/${TENANT_ID}` },
    status: 200,
    body: { data: tenant },
    check: (res) => expect(dataOf(res).id).toBe(TENANT_ID),
  },
  {
    title: 'a request for the subscription summary',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/subscription`,
    call: { path: '/subscription' },
    status: 200,
    body: {
      data: {
        plan: M.regex('^(Portfolio|Enterprise)$', 'Enterprise'),
        status: M.string('active'),
        propertyCount: M.integer(36),
        storage: { usedBytes: M.integer(113343) },
      },
    },
    check: (res) => expect(dataOf(res).plan).toBe('Enterprise'),
  },
  {
    title: 'a request with an unknown API key',
    state: { name: STATES.unknownKey },
    path: `${PREFIX}/properties`,
    query: { limit: '1' },
    auth: 'unknown',
    call: { path: '/properties', query: { limit: 1 }, key: UNKNOWN_KEY },
    status: 401,
    body: errorBody('UNAUTHORIZED', M.string('Missing or invalid API key')),
    check: (res) => expect(res.json).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' }),
  },
  {
    title: 'a request for a property that does not exist',
    state: { name: STATES.noProperty, params: { id: MISSING_ID } },
    path: `${PREFIX}/properties/${MISSING_ID}`,
    call: { path: `/properties/${MISSING_ID}` },
    status: 404,
    body: errorBody('NOT_FOUND', M.regex('^.*Property.*$', 'Property not found')),
    check: (res) => expect((res.json as { code: string }).code).toBe('NOT_FOUND'),
  },
  {
    title: 'a request for properties with a limit above 500',
    state: { name: STATES.portfolio },
    path: `${PREFIX}/properties`,
    query: { limit: '501' },
    call: { path: '/properties', query: { limit: 501 } },
    status: 400,
    body: errorBody(
      'VALIDATION_ERROR',
      M.regex('^.*limit.*$', 'Invalid request: query.limit: "limit" must be less than or equal to 500'),
    ),
    check: (res) => expect((res.json as { code: string }).code).toBe('VALIDATION_ERROR'),
  },
];

const workDir = mkdtempSync(join(tmpdir(), 'pact-consumer-'));
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: workDir, logLevel: 'warn' });
let passed = 0;

// The mock server (pact-core 19) records a matched request on a channel that another task drains after the answer
// has gone out (pact-foundation/pact-core-mock-server#13), so executeTest, reading the record as soon as the client
// has its answer, can report a request it answered as never received: CI under load did (stop 16). Mock servers are
// looked up by port, so any handle of the core can ask; a request that did not match never settles and executeTest
// reports it after the bound.
const core = makeConsumerPact(CONSUMER, PROVIDER);
const MATCH_RECORD_BOUND_MS = 2000;
async function matchRecorded(port: number): Promise<void> {
  const deadline = performance.now() + MATCH_RECORD_BOUND_MS;
  while (!core.mockServerMatchedSuccessfully(port) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterAll(() => {
  // Only a complete run may replace the committed contract.
  if (passed === CASES.length) {
    const [file] = readdirSync(workDir).filter((name) => name.endsWith('.json'));
    if (file) publishPact(join(workDir, file));
  }
  rmSync(workDir, { recursive: true, force: true });
});

describe(`Pact: ${CONSUMER} → ${PROVIDER} (read endpoints)`, () => {
  it.each(CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    await pact
      .addInteraction()
      .given(c.state.name, c.state.params)
      .uponReceiving(c.title)
      .withRequest('GET', c.path, (request) => {
        if (c.query) request.query(c.query);
        request.headers(c.auth === 'unknown' ? { Authorization: `Bearer ${UNKNOWN_KEY}` } : authHeader);
      })
      .willRespondWith(c.status, (response) => {
        response.headers(c.status === 200 ? okHeaders : jsonHeaders).jsonBody(c.body);
      })
      .executeTest(async (mock) => {
        const client = createHttpClient({ baseUrl: `${mock.url}${PREFIX}` });
        const res = await client.request({
          path: c.call.path,
          ...(c.call.query ? { query: c.call.query } : {}),
          key: c.call.key ?? EXAMPLE_KEY,
        });
        await matchRecorded(mock.port);
        expect(res.status).toBe(c.status);
        c.check(res);
      });
    passed++;
  });
});
