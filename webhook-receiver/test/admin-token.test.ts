// The admin API of a receiver exposed for its delivery path: with --admin-token every admin route needs the bearer
// token; without one it answers loopback connections only. Deliveries are never gated.
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { startReceiver, type RunningReceiver } from '../src/server';
import { adminAccess, isLoopbackAddress } from '../src/server/admin-auth';
import { parseReceiverOptions } from '../src/server/cli';
import { DeliveryFactory } from './support/delivery-factory';
import { post } from './http-client';

const SECRET = 'whsec_admin_token_test';
const TOKEN = 'receiver-admin-token-0123456789';
let n = 0;
const signed = () => {
  const factory = new DeliveryFactory(3, SECRET);
  return factory.signed(factory.envelope('rent.overdue', `admin-token-${n++}`));
};

/**
 * Every admin route, with a body where it takes one (null: none; every row has three cells, as jest would take a
 * missing one for `done`): each must refuse a request without the token.
 */
const ADMIN_CALLS: ReadonlyArray<readonly [string, string, unknown]> = [
  ['GET', '/health', null],
  ['GET', '/deliveries', null],
  ['DELETE', '/deliveries', null],
  ['GET', '/deliveries/evt_00000000-0000-4000-8000-000000000000', null],
  ['GET', '/scripts', null],
  ['POST', '/scripts', { match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status' }],
  ['DELETE', '/scripts', null],
  ['DELETE', '/scripts/script_1', null],
  ['POST', '/secrets', { secret: 'whsec_other' }],
  ['DELETE', '/secrets/secret_1', null],
];

async function call(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== null ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== null ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('with --admin-token', () => {
  let receiver: RunningReceiver;
  beforeEach(async () => {
    receiver = await startReceiver({ secret: SECRET, adminToken: TOKEN });
  });
  afterEach(() => receiver.close());

  test.each(ADMIN_CALLS)(
    '%s %s answers 401 in the envelope without the token, and with a wrong one',
    async (m, p, b) => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer not-the-token' },
        { authorization: `Basic ${TOKEN}` },
      ];
      for (const headers of attempts) {
        const res = await call(`${receiver.adminUrl}${p}`, m, b, headers);
        expect(res.status).toBe(401);
        expect(Object.keys(res.body).sort()).toEqual(['code', 'error']);
        expect([res.body.code, String(res.body.error)]).toEqual(['UNAUTHORIZED', expect.stringMatching(/admin token/)]);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    },
  );

  test('a refused request changes nothing; the same request with the token does', async () => {
    const script = { match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status' };
    await call(`${receiver.adminUrl}/scripts`, 'POST', script);
    expect(receiver.store.scripts.list()).toHaveLength(0);
    const ok = await call(`${receiver.adminUrl}/scripts`, 'POST', script, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(201);
    expect(receiver.store.scripts.list()).toHaveLength(1);
  });

  test('deliveries need no token, and the token reads them', async () => {
    expect((await post(`${receiver.url}/webhooks`, signed())).status).toBe(200);
    const read = await call(`${receiver.adminUrl}/deliveries`, 'GET', null, { authorization: `bearer ${TOKEN}` });
    expect(read.status).toBe(200);
    expect(read.body.meta).toEqual({ total: 1 });
  });
});

describe('without an admin token', () => {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

  test('the admin API answers over loopback', async () => {
    const receiver = await startReceiver({ secret: SECRET });
    try {
      expect(receiver.adminTokenRequired).toBe(false);
      expect((await call(`${receiver.adminUrl}/deliveries`, 'GET', null)).status).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  // Needs an interface other than loopback to arrive on; a machine with none cannot expose the receiver either.
  (outside === undefined ? test.skip : test)(
    'bound to every interface, it refuses the admin API on a non-loopback one (403) and still takes deliveries there',
    async () => {
      const receiver = await startReceiver({ secret: SECRET, host: '0.0.0.0' });
      try {
        const base = `http://${outside}:${receiver.port}`;
        const refused = await call(`${base}/_receiver/deliveries`, 'GET', null);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
        expect(String(refused.body.error)).toMatch(/loopback only/);
        expect((await post(`${base}/webhooks`, signed())).status).toBe(200);
        const local = await call(`http://127.0.0.1:${receiver.port}/_receiver/deliveries`, 'GET', null);
        expect([local.status, local.body.meta]).toEqual([200, { total: 1 }]);
      } finally {
        await receiver.close();
      }
    },
  );

  test('loopback is 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '0.0.0.0', '::', undefined])
      expect(isLoopbackAddress(a)).toBe(false);
    const arrivedOn = (localAddress: string) =>
      ({ headers: {}, socket: { localAddress } }) as unknown as IncomingMessage;
    expect(adminAccess(arrivedOn('10.1.2.3'), undefined, false)).toMatchObject({ ok: false, status: 403 });
    expect(adminAccess(arrivedOn('127.0.0.1'), undefined, false)).toEqual({ ok: true });
  });
});

describe('options', () => {
  test('--admin-token, or RECEIVER_ADMIN_TOKEN; an empty variable is unset; the flag wins', () => {
    expect(parseReceiverOptions(['--secret', 's', '--admin-token', 't'], {})).toMatchObject({ adminToken: 't' });
    expect(parseReceiverOptions(['--secret', 's'], { RECEIVER_ADMIN_TOKEN: 'e' })).toMatchObject({ adminToken: 'e' });
    expect(parseReceiverOptions(['--secret', 's'], { RECEIVER_ADMIN_TOKEN: '' })).not.toHaveProperty('adminToken');
    expect(parseReceiverOptions(['--secret', 's', '--admin-token=f'], { RECEIVER_ADMIN_TOKEN: 'e' })).toMatchObject({
      adminToken: 'f',
    });
    expect(() => parseReceiverOptions(['--secret', 's', '--admin-token='], {})).toThrow(/must not be empty/);
  });
});
