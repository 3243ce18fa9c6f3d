// Running behind a balancer and on many processes, over real HTTP: keep-alive and header timeouts, readiness
// (/readyz) beside liveness, graceful shutdown, and the Prometheus metrics at /metrics.
import { connect, type Socket } from 'node:net';
import { hashKey } from '../src/platform/auth/keys';
import { loadConfig } from '../src/platform/config';
import { buildServer } from '../src/server/build';
import { CHECK_TIMEOUT_MS } from '../src/server/readiness';
import { shutDown } from '../src/server/shutdown';
import { summaryGate } from '../src/resources/compliance/routes';
import { ADMIN_TOKEN, API, KEYS, startTestServer, type TestServer } from './helpers/server';
import { startTestReceiver, type TestReceiver } from './helpers/webhook-test-receiver';

let t: TestServer;
let receiver: TestReceiver;
beforeAll(async () => {
  t = await startTestServer({ listen: true });
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.url}${url}`, { headers });

/** A raw TCP connection to the server, for exchanges fetch cannot make (half a body, an idle kept connection). */
function rawSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

function readUntil(socket: Socket, done: (text: string) => boolean): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (closed: boolean) => {
      socket.off('data', onData).off('close', onClose);
      resolve({ text, closed });
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) finish(false);
    };
    const onClose = () => finish(true);
    socket.on('data', onData).on('close', onClose);
  });
}

const completeAnswer = (text: string): boolean => {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /content-length: (\d+)/i.exec(text.slice(0, end));
  return length !== null && text.length - end - 4 >= Number(length[1]);
};

describe('timeouts for a balancer in front', () => {
  it('defaults: keep-alive 65 s (above the 60 s of common balancers), headers 66 s (above keep-alive)', () => {
    const config = loadConfig({});
    expect([config.keepAliveTimeoutMs, config.headersTimeoutMs]).toEqual([65_000, 66_000]);
    expect(config.requestTimeoutMs).toBeGreaterThanOrEqual(config.headersTimeoutMs);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '70000' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('the listener runs with them, and says so to the client: Keep-Alive: timeout=65', async () => {
    // The shared test server runs on the defaults (nothing in the environment sets these).
    expect([t.server.listener.keepAliveTimeout, t.server.listener.headersTimeout]).toEqual([65_000, 66_000]);
    const res = await fetch(`${t.url}/healthz`);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('a configured keep-alive timeout is the one the server keeps and announces', async () => {
    const config = loadConfig({
      ...process.env,
      PORT: '0',
      KEEP_ALIVE_TIMEOUT_MS: '7000',
      HEADERS_TIMEOUT_MS: '8000',
      REQUEST_TIMEOUT_MS: '9000',
    });
    const server = await buildServer({ ...t.deps, config });
    await server.start();
    try {
      expect([server.listener.keepAliveTimeout, server.listener.headersTimeout]).toEqual([7000, 8000]);
      const res = await fetch(`${server.info.uri}/healthz`);
      expect(res.headers.get('keep-alive')).toBe('timeout=7');
    } finally {
      await server.stop();
    }
  });
});

describe('GET /readyz', () => {
  it('200 naming every dependency it checked, without a key', async () => {
    const res = await get('/readyz');
    const body = (await res.json()) as { status: string; checks: Record<string, string> };
    const expected = ['database', 'queue', ...(process.env.REDIS_URL ? ['redis'] : [])].sort();
    expect([res.status, body.status, Object.keys(body.checks).sort()]).toEqual([200, 'ready', expected]);
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After when a dependency fails or does not answer in time', async () => {
    const failing = await buildServer({
      ...t.deps,
      readiness: {
        database: () => Promise.resolve(),
        redis: () => Promise.reject(new Error('connection refused')),
        queue: () => new Promise<void>(() => undefined), // never answers: cut off at the check timeout
      },
    });
    const started = Date.now();
    const res = await failing.inject({ method: 'GET', url: '/readyz' });
    const body = JSON.parse(res.payload) as { error: string; code: string };
    expect([res.statusCode, body.code, Number(res.headers['retry-after']) > 0]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      true,
    ]);
    // A 5xx says no more than its code (the names are in the server's log).
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 2000);
  });

  it('503 once the process is draining, while /healthz (liveness) still answers 200', async () => {
    const draining = await buildServer(t.deps, { drain: { draining: true } });
    const ready = await draining.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, (JSON.parse(ready.payload) as { code: string }).code]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
    ]);
    expect((await draining.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('stops accepting, closes idle connections at once, finishes the request in flight and closes its connection', async () => {
    const drain = { draining: false };
    // A server as main() builds it, with the drain state its shutdown sets, on the shared test server's dependencies
    // (which this shutdown leaves open: closing them is the callback's job, checked here).
    const server = await buildServer(t.deps, { drain });
    await server.start();
    const url = server.info.uri;
    let closedDependencies = false;
    try {
      // An idle keep-alive connection: one answered request, then nothing.
      const idle = await rawSocket(url);
      idle.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect((await readUntil(idle, completeAnswer)).text).toMatch(/^HTTP\/1\.1 200/);
      const idleClosed = readUntil(idle, () => false);

      // A request in flight: its headers and half its body sent.
      const body = JSON.stringify({
        shortName: 'Drain Cottage',
        addressLine1: '1 Drain Lane',
        city: 'Bath',
        postcode: 'BA1 1AA',
        propertyType: 'House',
      });
      const dispatched = new Promise((resolve) => server.listener.once('request', resolve));
      const busy = await rawSocket(url);
      const answer = readUntil(busy, completeAnswer);
      busy.write(
        `POST ${API}/properties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.enterpriseLive}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
      );
      await dispatched;

      const stopped = shutDown(server, drain, {
        timeoutMs: 10_000,
        closeDependencies: () => {
          closedDependencies = true;
          return Promise.resolve();
        },
      });
      // The idle connection is closed at once; a new connection is refused.
      expect((await idleClosed).closed).toBe(true);
      await expect(rawSocket(url)).rejects.toThrow(/ECONNREFUSED/);
      expect(closedDependencies).toBe(false);

      // The request in flight completes and is answered, with Connection: close.
      busy.write(body.slice(20));
      const { text } = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 201/);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      await stopped;
      expect(closedDependencies).toBe(true);
    } finally {
      if (server.info.started) await server.stop({ timeout: 0 });
    }
  });

  it('a request still unfinished at the bound is cut off, and the shutdown completes', async () => {
    const drain = { draining: false };
    const server = await buildServer(t.deps, { drain });
    await server.start();
    try {
      const dispatched = new Promise((resolve) => server.listener.once('request', resolve));
      const stuck = await rawSocket(server.info.uri);
      const closed = readUntil(stuck, () => false);
      stuck.write(
        `POST ${API}/properties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.enterpriseLive}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"short',
      );
      await dispatched;
      const started = Date.now();
      await shutDown(server, drain, { timeoutMs: 300, closeDependencies: () => Promise.resolve() });
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await closed).closed).toBe(true);
    } finally {
      if (server.info.started) await server.stop({ timeout: 0 });
    }
  });
});

describe('GET /metrics', () => {
  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` }) => {
    const res = await get('/metrics', headers);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const sample = (text: string, name: string, labels: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };

  it('needs the admin token by default: 401 UNAUTHORIZED without it or with another', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong-token-0123456789' }];
    for (const headers of attempts) {
      const res = await scrape(headers);
      expect([res.status, (JSON.parse(res.text) as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('counts requests by route pattern and status, with their latency, in the Prometheus text format', async () => {
    const before = await scrape();
    const labels = `route="${API}/properties/{id}",status="404"`;
    for (let i = 0; i < 3; i++)
      await get(`${API}/properties/00000000-0000-4000-8000-00000000000${i}`, {
        authorization: `Bearer ${KEYS.enterpriseLive}`,
      });
    const after = await scrape();
    expect([after.status, after.type]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    expect(
      sample(after.text, 'ppapi_http_requests_total', labels) -
        sample(before.text, 'ppapi_http_requests_total', labels),
    ).toBe(3);
    expect(sample(after.text, 'ppapi_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(3);
  });

  it('counts limiter decisions', async () => {
    const before = await scrape();
    await get(`${API}/properties?limit=1`, { authorization: `Bearer ${KEYS.enterpriseLive}` });
    const after = await scrape();
    const allowed = 'scope="read",decision="allowed"';
    expect(
      sample(after.text, 'ppapi_rate_limit_decisions_total', allowed) -
        sample(before.text, 'ppapi_rate_limit_decisions_total', allowed),
    ).toBe(1);
  });

  it('counts a window that is full as refused (a landlord limit of 1 a minute, taken twice)', async () => {
    const limited = await buildServer({
      ...t.deps,
      config: { ...t.deps.config, landlordLimits: { 'public_api.rent_invoice_pdf': 1 } },
    });
    const before = await scrape();
    const pdf = () =>
      limited.inject({
        method: 'GET',
        url: `${API}/rent/00000000-0000-4000-8000-000000000000/invoice/pdf`,
        headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
      });
    expect((await pdf()).statusCode).toBe(404);
    expect((await pdf()).statusCode).toBe(429);
    const after = await scrape();
    const delta = (labels: string) =>
      sample(after.text, 'ppapi_rate_limit_decisions_total', labels) -
      sample(before.text, 'ppapi_rate_limit_decisions_total', labels);
    expect([delta('scope="landlord",decision="allowed"'), delta('scope="landlord",decision="refused"')]).toEqual([
      1, 1,
    ]);
  });

  it('shows the webhook queue depth and each delivery attempt with its outcome', async () => {
    const keyRow = await t.deps
      .knex<{ landlord_id: string; key_hash: string }>('api_keys')
      .where('key_hash', hashKey(KEYS.enterpriseLive))
      .first('landlord_id');
    if (!keyRow) throw new Error('fixture key missing');
    const sub = await t.inject({
      method: 'POST',
      url: `/dashboard/api/landlords/${keyRow.landlord_id}/webhooks`,
      payload: { url: `${receiver.url}/metrics`, events: ['property.created'] },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(sub.statusCode).toBe(201);
    const created = await t.api('POST', '/properties', KEYS.enterpriseLive, {
      shortName: 'Metrics Cottage',
      addressLine1: '1 Metrics Lane',
      city: 'Bath',
      postcode: 'BA1 1AA',
      propertyType: 'House',
    });
    expect(created.statusCode).toBe(201);
    const waiting = await scrape();
    expect(sample(waiting.text, 'ppapi_webhook_queue_depth', 'state="outbox"')).toBeGreaterThanOrEqual(1);
    await t.deps.webhooks.runDue();
    const after = await scrape();
    expect(sample(after.text, 'ppapi_webhook_delivery_attempts_total', 'outcome="succeeded"')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(after.text, 'ppapi_webhook_queue_depth', 'state="outbox"')).toBe(0);
    expect(sample(after.text, 'ppapi_webhook_delivery_attempt_duration_seconds_count', 'outcome="succeeded"')).toBe(
      sample(after.text, 'ppapi_webhook_delivery_attempts_total', 'outcome="succeeded"'),
    );
  });

  it('METRICS=open answers without a token; METRICS=off has no such route', async () => {
    const open = await buildServer({ ...t.deps, config: { ...t.deps.config, metrics: 'open' } });
    const off = await buildServer({ ...t.deps, config: { ...t.deps.config, metrics: 'off' } });
    await open.start();
    await off.start();
    try {
      expect((await fetch(`${open.info.uri}/metrics`)).status).toBe(200);
      const res = await fetch(`${off.info.uri}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await open.stop();
      await off.stop();
    }
  });
});

describe("the compliance summary's gate, full", () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After once a request waited DB_QUERY_TIMEOUT_MS, and 200 once free', async () => {
    // One place, a 100 ms wait: the place is taken by a task of the test's own until it lets go.
    const deps = { ...t.deps, config: { ...t.deps.config, complianceSummaryConcurrency: 1, dbQueryTimeoutMs: 100 } };
    const server = await buildServer(deps);
    let release = (): void => undefined;
    const held = summaryGate(deps).run(() => new Promise<void>((resolve) => (release = resolve)));
    const summary = () =>
      server.inject({
        method: 'GET',
        url: `${API}/compliance/summary`,
        headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
      });
    const busy = await summary();
    expect([busy.statusCode, (JSON.parse(busy.payload) as { code: string }).code]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
    ]);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    release();
    await held;
    expect((await summary()).statusCode).toBe(200);
  });
});
