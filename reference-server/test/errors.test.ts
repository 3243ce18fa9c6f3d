// The error envelope on every error, including what Hapi raises itself.
import fc from 'fast-check';
import Joi from 'joi';
import { ERRORS } from '../src/platform/errors/catalogue';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const envelope = Joi.object({
  error: Joi.string().min(1).required(),
  code: Joi.string()
    .valid(...Object.keys(ERRORS))
    .required(),
});
const parse = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string };

// The catalogue against the spec's Errors table: error-catalogue.test.ts.

describe('errors raised by Hapi itself', () => {
  it('unknown route: 404 NOT_FOUND, with X-Service-Mode', async () => {
    for (const url of ['/nope', `${API}/nope`, `${API}/properties/x/y/z`]) {
      const res = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${KEYS.enterpriseLive}` } });
      expect([res.statusCode, parse(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(res.headers['x-service-mode']).toBe('live');
    }
  });

  it('unknown route or unlisted method: 404 whatever the body, since the body of a request no route takes is never read', async () => {
    const bodies: Array<[string, string]> = [
      ['{', 'application/json'],
      ['a=b', 'application/x-www-form-urlencoded'],
      ['x'.repeat(1_100_000), 'application/json'],
      ['\u0000', 'text/plain'],
    ];
    for (const [method, url] of [
      ['DELETE', `${API}/properties`],
      ['PUT', `${API}/rent`],
      ['POST', `${API}/nope`],
      ['PUT', `${API}/nope?q=%00`],
    ] as const) {
      for (const [payload, type] of bodies) {
        const res = await t.inject({
          method,
          url,
          payload,
          headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': type },
        });
        expect([method, url, type, res.statusCode, parse(res).code]).toEqual([method, url, type, 404, 'NOT_FOUND']);
        expect(res.headers['x-service-mode']).toBe('live');
      }
    }
  });

  it('malformed JSON: 400 BAD_REQUEST', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/properties`,
      payload: '{"a":',
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/json' },
    });
    expect([res.statusCode, parse(res).code]).toEqual([400, 'BAD_REQUEST']);
  });

  it("payload too large: 413 with the spec's one 413 code, FILE_TOO_LARGE", async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/properties`,
      payload: JSON.stringify({ shortName: 'x'.repeat(1_100_000) }),
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/json' },
    });
    expect([res.statusCode, parse(res).code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(envelope.validate(parse(res)).error).toBeUndefined();
  });

  it('unsupported media type: 415 with the envelope', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/properties`,
      payload: 'a=b',
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([res.statusCode, parse(res).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('validation errors', () => {
  it('list the first 10 issues with field paths', async () => {
    const payload: Record<string, unknown> = {};
    for (let i = 0; i < 12; i += 1) payload[`unknown${i}`] = i;
    const res = await t.api('POST', '/properties', KEYS.enterpriseLive, payload);
    const body = parse(res);
    expect([res.statusCode, body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const listed = body.error.match(/payload\.[A-Za-z0-9]+:/g) ?? [];
    expect(listed).toHaveLength(10);
    expect(body.error).toMatch(/and \d+ more/);
  });

  it('name the query parameter', async () => {
    const res = await t.api('GET', '/properties?limit=501', KEYS.enterpriseLive);
    expect(parse(res)).toEqual({ error: expect.stringContaining('query.limit'), code: 'VALIDATION_ERROR' });
  });
});

describe('server errors', () => {
  it('answer 500 SERVER_ERROR without a stack trace, with a request id to find the log line', async () => {
    t.server.route({
      method: 'GET',
      path: `${API}/__boom`,
      options: {
        handler: () => {
          throw new Error('secret internal detail at /srv/app.js:12');
        },
      },
    });
    const res = await t.api('GET', '/__boom', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(500);
    expect(parse(res)).toEqual({ error: 'An internal server error occurred', code: 'SERVER_ERROR' });
    expect(res.payload).not.toMatch(/secret|\.js|at /);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('fuzzing the platform', () => {
  const header = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 60 }),
    fc.constantFrom(...Object.values(KEYS)).map((k) => `Bearer ${k}`),
  );
  const query = fc.dictionary(
    fc.constantFrom('page', 'limit', 'status', 'search', 'x', 'page[]'),
    fc.oneof(fc.string({ maxLength: 250 }), fc.integer({ min: -10, max: 100000 }).map(String)),
    { maxKeys: 4 },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  );
  const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT');
  const path = fc.constantFrom(
    '/properties',
    '/properties/00000000-0000-4000-8000-000000000000',
    '/properties/not-a-uuid',
    '/maintenance/abc',
    '/x',
  );

  it('no input yields a 5xx, and every error carries the envelope with a catalogued code', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        path,
        query,
        header,
        fc.option(fc.constantFrom(...Object.values(KEYS))),
        body,
        async (m, p, q, authorization, apiKey, payload) => {
          const url = `${API}${p}?${new URLSearchParams(q).toString()}`;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (authorization !== undefined) headers.authorization = authorization;
          if (apiKey) headers['x-api-key'] = apiKey;
          const res = await t.inject({ method: m, url, headers, payload: m === 'GET' ? undefined : payload });
          expect(res.statusCode).toBeLessThan(500);
          expect(res.headers['x-service-mode']).toMatch(/^(live|sandbox)$/);
          if (res.statusCode >= 400) expect(envelope.validate(JSON.parse(res.payload)).error).toBeUndefined();
        },
      ),
      { seed: 20261121, numRuns: 300 },
    );
  });
});
