// The HTTP client over the global fetch, intercepted here by msw: requests as sent, exchanges as recorded,
// and curl reproductions (masked, and runnable: replayed through bash against a local server).

import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHttpClient, maskSecret, SecretMasker, toCurl, TransportError } from '../../src/http';
import { startFakeApi } from './helpers';

const BASE = 'https://api.example.test/api/public/v1';
const KEY = 'svc_live_0123456789abcdefWXYZ';

interface Captured {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  form?: Record<string, string>;
}
let captured: Captured[] = [];

const server = setupServer(
  http.all(`${BASE}/*`, async ({ request }) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const entry: Captured = { method: request.method, url: request.url, headers, body: '' };
    if ((headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      const form = await request.formData();
      entry.form = {};
      for (const [k, v] of form.entries())
        entry.form[k] = typeof v === 'string' ? v : `file:${v.name}:${v.type}:${v.size}`;
    } else {
      entry.body = await request.text();
    }
    captured.push(entry);
    if (request.url.endsWith('/pdf'))
      return new HttpResponse(new Uint8Array([37, 80, 68, 70, 0, 1]), {
        headers: { 'content-type': 'application/pdf' },
      });
    return HttpResponse.json({ data: { ok: true } }, { status: 201, headers: { 'X-Service-Mode': 'live' } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  captured = [];
});
afterAll(() => server.close());

const client = () => createHttpClient({ baseUrl: BASE, resolveKey: (k) => (k === 'enterpriseLive' ? KEY : k) });

describe('http client', () => {
  it('sends method, path, query, JSON and the bearer key; returns lower-case headers and parsed JSON', async () => {
    const res = await client().request({
      method: 'post',
      path: '/rent',
      key: 'enterpriseLive',
      query: { a: 1, b: ['x', 'y'], skip: undefined },
      json: { amount: 10 },
    });
    expect(captured[0]).toMatchObject({ method: 'POST', url: `${BASE}/rent?a=1&b=x&b=y`, body: '{"amount":10}' });
    expect(captured[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(res.status).toBe(201);
    expect(res.headers['x-service-mode']).toBe('live');
    expect(res.json).toEqual({ data: { ok: true } });
    expect(res.exchange).toMatchObject({
      request: { method: 'POST', url: `${BASE}/rent?a=1&b=x&b=y`, body: '{"amount":10}' },
      response: { status: 201 },
    });
  });

  it('x-api-key, none, and explicit headers overriding the auth header', async () => {
    const c = client();
    await c.request({ path: '/a', key: 'enterpriseLive', auth: 'x-api-key' });
    await c.request({ path: '/b', key: 'enterpriseLive', auth: 'none' });
    await c.request({ path: '/c', key: 'enterpriseLive', headers: { Authorization: `Basic ${KEY}` } });
    expect(captured[0]?.headers['x-api-key']).toBe(KEY);
    expect(captured[0]?.headers.authorization).toBeUndefined();
    expect(captured[1]?.headers.authorization).toBeUndefined();
    expect(captured[1]?.headers['x-api-key']).toBeUndefined();
    expect(captured[2]?.headers.authorization).toBe(`Basic ${KEY}`);
    expect(c.exchanges).toHaveLength(3);
  });

  it('sends raw bodies byte for byte (invalid JSON stays invalid)', async () => {
    await client().request({
      method: 'POST',
      path: '/rent/1/invoice/email',
      key: 'enterpriseLive',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(captured[0]?.body).toBe('{"email":');
  });

  it('sends multipart forms and records them part by part', async () => {
    const res = await client().request({
      method: 'POST',
      path: '/properties/1/documents',
      key: 'enterpriseLive',
      multipart: {
        name: 'Gas cert',
        type: 'GSC',
        file: { filename: 'cert.pdf', contentType: 'application/pdf', content: 'PDFDATA' },
      },
    });
    expect(captured[0]?.form).toEqual({ name: 'Gas cert', type: 'GSC', file: 'file:cert.pdf:application/pdf:7' });
    expect(captured[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(res.exchange.request.multipart).toEqual([
      { name: 'name', value: 'Gas cert' },
      { name: 'type', value: 'GSC' },
      {
        name: 'file',
        filename: 'cert.pdf',
        contentType: 'application/pdf',
        size: 7,
        base64: Buffer.from('PDFDATA').toString('base64'),
      },
    ]);
    expect(res.exchange.request.body).toBe(
      'multipart/form-data: name="Gas cert", type="GSC", file=<cert.pdf, application/pdf, 7 bytes>',
    );
  });

  it('keeps binary bodies as bytes and records a summary', async () => {
    const res = await client().request({ path: '/rent/1/invoice/pdf', key: 'enterpriseLive' });
    expect(Array.from(res.bytes.slice(0, 4))).toEqual([37, 80, 68, 70]);
    expect(res.json).toBeUndefined();
    expect(res.exchange.response?.body).toBe('<6 bytes of application/pdf>');
  });

  it('a refused connection is a TransportError carrying the exchange', async () => {
    server.use(http.get(`${BASE}/down`, () => HttpResponse.error()));
    await expect(client().request({ path: '/down' })).rejects.toBeInstanceOf(TransportError);
  });
});

describe('masking and curl', () => {
  it('masks keys as prefix plus the last four', () => {
    expect(maskSecret('svc_live_0123456789abcdefWXYZ')).toBe('svc_live_****WXYZ');
    expect(maskSecret('svc_sandbox_0123456789abcd')).toBe('svc_sandbox_****abcd');
    expect(maskSecret('admin-token-0123456789')).toBe('****6789');
    expect(maskSecret('short')).toBe('****');
    expect(
      new SecretMasker(['admin-token-0123456789']).mask(
        'Bearer admin-token-0123456789 and svc_live_newkeyfromdashboard99',
      ),
    ).toBe('Bearer ****6789 and svc_live_****rd99');
  });

  const exchange = {
    request: {
      method: 'POST',
      url: `${BASE}/rent?x=it's`,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: `{"note":"it's"}`,
    },
    durationMs: 1,
  };

  it('renders masked by default, in full with showSecrets, quoting single quotes', () => {
    expect(toCurl(exchange)).toBe(
      `curl -sS -i -X POST '${BASE}/rent?x=it'\\''s' -H 'authorization: Bearer svc_live_****WXYZ' -H 'content-type: application/json' --data-raw '{"note":"it'\\''s"}'`,
    );
    expect(toCurl(exchange, { showSecrets: true })).toContain(`Bearer ${KEY}`);
  });

  const hasCurl = spawnSync('curl', ['--version']).status === 0 && spawnSync('bash', ['--version']).status === 0;
  (hasCurl ? it : it.skip)('the curl command, run by bash, sends the same request (JSON and multipart)', async () => {
    const api = await startFakeApi((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    try {
      server.close(); // let the real network through for this test
      const c = createHttpClient({ baseUrl: api.baseUrl });
      const a = await c.request({
        method: 'PATCH',
        path: '/properties/1',
        key: KEY,
        json: { note: "it's <ok> & fine" },
      });
      const b = await c.request({
        method: 'POST',
        path: '/properties/1/image',
        key: KEY,
        multipart: {
          file: { filename: 'p.png', contentType: 'image/png', content: new Uint8Array([137, 80, 78, 71, 0, 255]) },
        },
      });
      const sentByClient = api.seen.splice(0);
      // Asynchronously: the fake server lives in this process and must keep answering.
      for (const e of [a.exchange, b.exchange])
        await promisify(execFile)('bash', ['-c', toCurl(e, { showSecrets: true })], { timeout: 10_000 });
      const sentByCurl = api.seen.splice(0);
      expect(sentByCurl[0]).toMatchObject({ method: 'PATCH', url: sentByClient[0]?.url, body: sentByClient[0]?.body });
      expect(sentByCurl[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sentByCurl[1]?.body).toContain('filename="p.png"');
      expect(sentByCurl[1]?.body).toContain('Content-Type: image/png');
      expect(sentByCurl[1]?.body).toContain('PNG\u0000'); // the file's own bytes (the helper decodes as UTF-8)
    } finally {
      server.listen({ onUnhandledRequest: 'error' });
      await api.close();
    }
  });
});
