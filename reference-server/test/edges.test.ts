// One clear answer for every byte sequence: text the database cannot store, request timeouts, Node's own
// client errors in the envelope, canonical ids, lengths in characters, and the removed route whatever is sent.
import { KEYS, startTestServer, type TestServer } from './helpers/server';
import { rawRequest } from './helpers/raw-http';

const MISSING = '00000000-0000-4000-8000-000000000000';
const json = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string; data?: unknown };
const API = '/api/public/v1';
const canonical = (id: string): string =>
  id
    .replace(/[{}]/g, '')
    .replace(/-/g, '')
    .toLowerCase()
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

describe('request edges', () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer({
      listen: true,
      env: { REDIS_URL: '', REQUEST_TIMEOUT_MS: '600', HEADERS_TIMEOUT_MS: '600' },
    });
    port = Number(new URL(t.url).port);
    await t.deps.knex('api_keys').update({
      rate_limits: JSON.stringify({ readsPerMinute: 1e6, readsPerDay: 1e7, writesPerMinute: 1e6, writesPerDay: 1e7 }),
    });
  }, 180_000); // a PGlite start on a loaded machine
  afterAll(async () => {
    await t.stop();
  });

  describe('text the database cannot store is refused by validation, naming the field', () => {
    it.each([
      ['/properties', 'search'],
      ['/contracts', 'search'],
      ['/tenants', 'search'],
      ['/contacts', 'search'],
      ['/mortgages', 'search'],
    ])('NUL in %s ?%s', async (path, field) => {
      const res = await t.api('GET', `${path}?${field}=a%00b`, KEYS.enterpriseLive);
      expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(json(res).error).toContain(`query.${field}`);
    });

    it.each([
      ['NUL', '"a\\u0000b"'],
      ['an unpaired high surrogate', '"a\\ud800b"'],
      ['an unpaired low surrogate', '"\\udc00"'],
    ])('%s in a JSON body (PATCH property shortName, POST rent period, POST tenant name)', async (_name, literal) => {
      const cases: [string, string, string, string][] = [
        ['PATCH', `/properties/${MISSING}`, `{"shortName":${literal}}`, 'payload.shortName'],
        ['POST', '/rent', `{"period":${literal}}`, 'payload.period'],
        ['POST', '/tenants', `{"firstName":${literal},"lastName":"x"}`, 'payload.firstName'],
      ];
      for (const [method, path, payload, field] of cases) {
        for (const key of [KEYS.enterpriseLive, KEYS.enterpriseSandbox]) {
          const res = await t.inject({
            method,
            url: `${API}${path}`,
            payload,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          });
          expect([path, res.statusCode, json(res).code]).toEqual([path, 400, 'VALIDATION_ERROR']);
          expect(json(res).error).toContain(field);
        }
      }
    });

    it('invalid UTF-8 in the query string or a JSON body', async () => {
      const query = await t.api('GET', '/properties?search=a%FFb', KEYS.enterpriseLive);
      expect([query.statusCode, json(query).code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(json(query).error).toContain('query.search');
      const payload = Buffer.concat([Buffer.from('{"shortName":"a'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      const body = await t.inject({
        method: 'PATCH',
        url: `${API}/properties/${MISSING}`,
        payload,
        headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/json' },
      });
      expect([body.statusCode, json(body).code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(json(body).error).toContain('payload.shortName');
      // A real U+FFFD sent as valid UTF-8 is ordinary text.
      const fine = await t.api('GET', `/properties?search=${encodeURIComponent('a\uFFFDb')}`, KEYS.enterpriseLive);
      expect(fine.statusCode).toBe(200);
    });
  });

  describe('lengths count characters (code points)', () => {
    it('a search of 150 emoji (150 characters, 300 UTF-16 units) is accepted; 201 characters are not', async () => {
      expect(
        (await t.api('GET', `/properties?search=${encodeURIComponent('😀'.repeat(150))}`, KEYS.enterpriseLive))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.api('GET', `/properties?search=${encodeURIComponent('😀'.repeat(200))}`, KEYS.enterpriseLive))
          .statusCode,
      ).toBe(200);
      const over = await t.api(
        'GET',
        `/properties?search=${encodeURIComponent('😀'.repeat(201))}`,
        KEYS.enterpriseLive,
      );
      expect([over.statusCode, json(over).code]).toEqual([400, 'VALIDATION_ERROR']);
    });
  });

  describe('canonical ids', () => {
    it.each([
      ['upper-case hex', '0000000A-0000-4000-8000-000000000000'],
      ['braced', `{${MISSING}}`],
      ['without hyphens', MISSING.replace(/-/g, '')],
      ['URN', `urn:uuid:${MISSING}`],
    ])('a path id %s is refused with 400 VALIDATION_ERROR, never echoed', async (_name, id) => {
      const res = await t.api('GET', `/properties/${encodeURIComponent(id)}`, KEYS.enterpriseLive);
      expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    });

    it('a filter id in another form is refused; the canonical form of a real id is answered as stored', async () => {
      const list = json(await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)) as unknown as {
        data: { id: string }[];
      };
      const id = list.data[0].id;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const upper = await t.api('GET', `/rent?propertyId=${id.toUpperCase()}`, KEYS.enterpriseLive);
      expect([upper.statusCode, json(upper).code]).toEqual([400, 'VALIDATION_ERROR']);
      const detail = json(await t.api('GET', `/properties/${id}`, KEYS.enterpriseLive)) as unknown as {
        data: { id: string };
      };
      expect(detail.data.id).toBe(id);
      expect((await t.api('GET', `/properties/${id.toUpperCase()}`, KEYS.enterpriseLive)).statusCode).toBe(400);
    });
  });

  describe('the removed PATCH /maintenance/{id} answers 410 with its Link whatever is sent', () => {
    it.each([
      ['malformed JSON', 'application/json', '{{{'],
      ['a text body', 'text/plain', 'hello'],
      ['an oversized body', 'application/json', JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) })],
      ['no body', undefined, undefined],
    ])('%s', async (_name, type, payload) => {
      for (const key of [null, KEYS.enterpriseLive, 'svc_live_nonsense']) {
        const headers: Record<string, string> = {
          ...(type ? { 'content-type': type } : {}),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        };
        const res = await t.inject({ method: 'PATCH', url: `${API}/maintenance/${MISSING}`, headers, payload });
        expect([res.statusCode, json(res).code]).toEqual([410, 'ENDPOINT_DEPRECATED']);
        expect(res.headers.link).toBe(`<${API}/maintenance/issues/${MISSING}>; rel="successor-version"`);
      }
    });
  });

  it('the removed route names the successor with the id in canonical form', async () => {
    for (const id of [MISSING.replace(/^0/, 'A'), `{${MISSING}}`, MISSING.replace(/-/g, '')]) {
      const res = await t.inject({ method: 'PATCH', url: `${API}/maintenance/${encodeURIComponent(id)}`, payload: {} });
      expect(res.statusCode).toBe(410);
      expect(res.headers.link).toBe(`<${API}/maintenance/issues/${canonical(id)}>; rel="successor-version"`);
    }
  });

  describe('over a socket', () => {
    const key = KEYS.enterpriseLive;
    it('a body shorter than its Content-Length gets 408 REQUEST_TIMEOUT in the envelope and the connection closes', async () => {
      for (const auth of [`Authorization: Bearer ${key}\r\n`, '']) {
        const res = await rawRequest({
          port,
          budgetMs: 10_000,
          untilAnswer: false,
          chunks: [
            `PATCH ${API}/properties/${MISSING} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"shortName":`,
          ],
        });
        expect([res.status, res.closed]).toEqual([408, true]);
        expect(res.headers['x-service-mode']).toBe('live');
        expect(JSON.parse(res.body)).toEqual({ error: expect.any(String), code: 'REQUEST_TIMEOUT' });
      }
    });

    it('headers that never end get 408 and the connection closes', async () => {
      const res = await rawRequest({
        port,
        budgetMs: 10_000,
        untilAnswer: false,
        chunks: [`GET ${API}/properties HTTP/1.1\r\nHost: x\r\nX-Slow: abc`],
      });
      expect([res.status, res.closed, res.headers['x-service-mode']]).toEqual([408, true, 'live']);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    });

    it.each([
      [
        'oversized headers',
        `GET ${API}/properties HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
      [
        'a URL too long',
        `GET ${API}/properties?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        414,
        'URI_TOO_LONG',
      ],
      ['a garbage request line', 'GARBAGE\r\n\r\n', 400, 'BAD_REQUEST'],
      ['a NUL in a header', `GET ${API}/properties HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n`, 400, 'BAD_REQUEST'],
    ])('%s is answered in the envelope with X-Service-Mode', async (_name, raw, status, code) => {
      const res = await rawRequest({ port, budgetMs: 10_000, chunks: [raw] });
      expect([res.status, res.headers['x-service-mode']]).toEqual([status, 'live']);
      expect(JSON.parse(res.body)).toEqual({ error: expect.any(String), code });
    });
  });
});
