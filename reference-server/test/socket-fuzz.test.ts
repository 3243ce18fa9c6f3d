// A property at the socket level: whatever bytes arrive (random path, query, header and body bytes; bodies
// shorter or longer than declared; senders that stop), the server answers within a bounded time, never with a
// 5xx, and every error answer is the `{ error, code }` envelope with X-Service-Mode. Small request timeouts are
// configured so a stalled sender is answered (408) within the budget; nothing here sleeps. Runs on the embedded
// defaults, and on PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set (see helpers/server).
import fc from 'fast-check';
import { KEYS, startTestServer, type TestServer } from './helpers/server';
import { rawRequest } from './helpers/raw-http';

const TIMEOUT_MS = 400;
/** Request timeout, plus the interval Node checks it on, plus slack for a loaded machine. */
const BUDGET_MS = TIMEOUT_MS + 5_000;
const ID = '00000000-0000-4000-8000-000000000000';

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max }),
    fc.string({ unit: 'binary', maxLength: max }),
    fc.constantFrom(
      '\0',
      '\ud800',
      '%00',
      '%FF',
      '%',
      '%zz',
      '😀'.repeat(120),
      '{',
      '"',
      '\\',
      ' ',
      '\r\n',
      '?',
      '#',
      '..',
      '%2F',
    ),
  );
const pathArb = fc
  .tuple(
    fc.constantFrom(
      'properties',
      'properties/{id}',
      'rent',
      'rent/{id}',
      'rent/{id}/invoice/pdf',
      'rent/{id}/invoice/email',
      'tenants',
      'contracts',
      'maintenance/{id}',
      'maintenance/issues',
      'nope',
      '',
    ),
    fc.oneof(fc.constant(ID), fc.constant(ID.toUpperCase().replace(/0/g, 'A')), text(40)),
    fc.oneof(fc.constant(''), text(20)),
  )
  .map(([route, id, tail]) => `/api/public/v1/${route.replace('{id}', id)}${tail}`);
const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.constantFrom('search', 'limit', 'page', 'propertyId', 'status', 'x'), text(30)), {
      maxLength: 3,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
);
const headerArb = fc.oneof(
  fc.tuple(fc.constantFrom('x-service-mode', 'idempotency-key', 'accept', 'x-custom', 'content-encoding'), text(30)),
  fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 20 })),
);
const bodyArb = fc.oneof(
  bytes(200),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')),
  fc
    .record({ shortName: text(30), period: text(10), email: text(20), notes: text(30) }, { requiredKeys: [] })
    .map((v) => Buffer.from(JSON.stringify(v))),
  fc.constant(Buffer.alloc(1024 * 1024 + 10, 0x61)), // over the 1 MiB JSON limit
);
const lengthArb = fc.constantFrom('exact', 'short', 'long', 'none', 'chunked-unfinished');

const requestArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS', 'BREW'),
  path: pathArb,
  query: queryArb,
  key: fc.constantFrom(KEYS.enterpriseLive, KEYS.enterpriseSandbox, KEYS.enterpriseReadOnly, 'svc_live_x', ''),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    '',
  ),
  headers: fc.array(headerArb, { maxLength: 3 }),
  body: bodyArb,
  length: lengthArb,
});

type Generated = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function toChunks(r: Generated): Buffer[] {
  const head = [`${r.method} ${r.path}${r.query} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  if (r.key) head.push(`Authorization: Bearer ${r.key}`);
  if (r.contentType) head.push(`Content-Type: ${r.contentType}`);
  for (const [name, value] of r.headers) head.push(`${name}: ${value}`);
  let body = r.body;
  if (r.length === 'exact') head.push(`Content-Length: ${body.length}`);
  else if (r.length === 'short')
    head.push(`Content-Length: ${body.length + 50}`); // the sender stops before the end
  else if (r.length === 'long') {
    head.push(`Content-Length: ${Math.floor(body.length / 2)}`);
  } // extra bytes after the body
  else if (r.length === 'chunked-unfinished') {
    head.push('Transfer-Encoding: chunked');
    body = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
  } else body = Buffer.alloc(0);
  // Header text is sent as UTF-8 bytes (random strings may hold anything, NUL and CR/LF included).
  return [Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), body];
}

describe('any bytes over a socket get a bounded, well-formed, non-5xx answer', () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer({
      listen: true,
      strictResponses: false,
      env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), HEADERS_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    port = Number(new URL(t.url).port);
    await t.deps.knex('api_keys').update({
      rate_limits: JSON.stringify({ readsPerMinute: 1e6, readsPerDay: 1e7, writesPerMinute: 1e6, writesPerDay: 1e7 }),
    });
  }, 180_000); // a PGlite start on a loaded machine
  afterAll(async () => {
    await t.stop();
  });

  it('holds for random requests', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (generated) => {
        const res = await rawRequest({
          port,
          chunks: toChunks(generated),
          budgetMs: BUDGET_MS,
          head: generated.method === 'HEAD',
        });
        expect(res.answered).toBe(true);
        expect(res.status).toBeLessThan(500);
        expect(res.headers['x-service-mode']).toMatch(/^(live|sandbox)$/);
        if (res.status! >= 400 && generated.method !== 'HEAD') {
          expect(JSON.parse(res.body)).toEqual({ error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) });
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 200) },
    );
  });
});
