// Provider verification of the consumer contract in fixtures/pacts/ (written by conformance/pact/): the reference
// server, listening on a real port, must answer every interaction as the conformance client expects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as PactModule from '@pact-foundation/pact';
import { fixtureId } from '@ppapi/spec';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

// Pact's verifier proxy requires https-proxy-agent 9 (ESM only), which jest cannot load here; the provider is
// plain HTTP on loopback, so a plain agent stands in.
jest.mock(
  require.resolve('https-proxy-agent', {
    paths: [(require('node:path') as typeof import('node:path')).dirname(require.resolve('@pact-foundation/pact'))],
  }),
  () => ({ HttpsProxyAgent: class extends jest.requireActual<typeof import('node:https')>('node:https').Agent {} }),
);
process.env.PACT_DO_NOT_TRACK = 'true';
const { Verifier } = require('@pact-foundation/pact') as typeof PactModule;

const PACT_FILE = join(
  __dirname,
  '..',
  '..',
  'fixtures',
  'pacts',
  'portfolio-conformance-client-property-portfolio-reference-server.json',
);
const PROVIDER = 'property-portfolio-reference-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ listen: true });
});
afterAll(async () => {
  await t.stop();
});

/** Which credentials the request filter sends for the interaction whose state was set up last. */
let credentials: 'enterpriseLive' | 'asSent' = 'enterpriseLive';

/** The state promises a resource: check the fixture really holds it, so a failure names the state, not the body. */
async function expectFound(path: string, expected: number): Promise<void> {
  const res = await t.api('GET', path, KEYS.enterpriseLive);
  if (res.statusCode !== expected)
    throw new Error(`provider state: GET ${path} answered ${res.statusCode}, expected ${expected}`);
}

type Params = { id?: string; propertyId?: string } | undefined;
const paramsOf = (p: unknown): Params => p ?? undefined;

const stateHandlers: Record<string, (params?: unknown) => Promise<undefined>> = {
  'an Enterprise landlord with a portfolio': async () => {
    credentials = 'enterpriseLive';
    await expectFound('/properties?limit=1', 200);
    return undefined;
  },
  'the property exists': async (p) => {
    credentials = 'enterpriseLive';
    await expectFound(`/properties/${paramsOf(p)?.id ?? fixtureId('property:harbour:0')}`, 200);
    return undefined;
  },
  'the property has an Active contract': async (p) => {
    credentials = 'enterpriseLive';
    const propertyId = paramsOf(p)?.propertyId ?? fixtureId('property:harbour:0');
    const res = await t.api('GET', `/contracts?propertyId=${propertyId}&status=Active`, KEYS.enterpriseLive);
    if ((JSON.parse(res.payload) as { data: unknown[] }).data.length !== 1)
      throw new Error(`provider state: property ${propertyId} has no Active contract`);
    return undefined;
  },
  'the contract exists': async (p) => {
    credentials = 'enterpriseLive';
    await expectFound(`/contracts/${paramsOf(p)?.id}`, 200);
    return undefined;
  },
  'the tenant exists': async (p) => {
    credentials = 'enterpriseLive';
    await expectFound(`/tenants/${paramsOf(p)?.id}`, 200);
    return undefined;
  },
  'the property does not exist': async (p) => {
    credentials = 'enterpriseLive';
    await expectFound(`/properties/${paramsOf(p)?.id}`, 404);
    return undefined;
  },
  // The interaction carries its own (unknown) key: leave it as sent.
  'the API key is unknown': async () => {
    credentials = 'asSent';
    return undefined;
  },
};

interface FilterRequest {
  headers: Record<string, string | string[] | undefined>;
}
/** The consumer sends an example key; the provider's own fixture key replaces it (unless the state says otherwise). */
const requestFilter = (req: FilterRequest, _res: unknown, next: () => void): void => {
  if (credentials === 'enterpriseLive') req.headers.authorization = `Bearer ${KEYS.enterpriseLive}`;
  next();
};

describe(`Pact provider verification: ${PROVIDER}`, () => {
  it('has a handler for every provider state in the contract', () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
      interactions: Array<{ providerStates?: Array<{ name: string }> }>;
    };
    const states = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect([...states].filter((s) => !(s in stateHandlers))).toEqual([]);
    expect(pact.interactions.length).toBeGreaterThanOrEqual(16);
  });

  it('honours every interaction of the conformance client', async () => {
    const verifier = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: t.url,
      pactUrls: [PACT_FILE],
      stateHandlers,
      requestFilter: requestFilter,
      logLevel: 'warn',
    });
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
  }, 120_000);
});
