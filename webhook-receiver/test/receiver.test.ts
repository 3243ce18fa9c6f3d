import { signatureVectors } from '@ppapi/spec';
import { startReceiver, type RunningReceiver } from '../src/server';
import { manualClock, MIN_DEDUPE_TTL_MS, type DeliveryAttempt } from '../src/store';
import { DeliveryFactory } from './support/delivery-factory';
import { getJson, post, sendJson } from './http-client';

const SECRET = 'whsec_receiver_test';
let receiver: RunningReceiver;
let factory: DeliveryFactory;
let n = 0;

/** A fresh signed delivery each call (distinct seed key). */
const delivery = (event = 'rent.overdue', options: Parameters<DeliveryFactory['signed']>[1] = {}) =>
  factory.signed(factory.envelope(event, `receiver-test-${n++}`), options);

beforeEach(async () => {
  receiver = await startReceiver({ secret: SECRET });
  factory = new DeliveryFactory(7, SECRET);
});
afterEach(() => receiver.close());

describe('delivery endpoint', () => {
  test('valid delivery is accepted and recorded', async () => {
    const d = delivery();
    const res = await post(`${receiver.url}/webhooks`, d);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.responseBody)).toEqual({ received: true });
    const [attempt] = receiver.store.deliveries();
    expect(attempt).toMatchObject({
      id: d.envelope.id,
      event: 'rent.overdue',
      landlordId: d.envelope.landlord_id,
      path: '/webhooks',
      rawBody: d.body,
      envelope: d.envelope,
      verified: true,
      verifyFailure: null,
      duplicate: false,
      outcome: 'accepted',
      status: 200,
      attempt: 1,
      sincePreviousAttemptMs: null,
    });
    expect(attempt?.headers['x-service-signature-256']).toBe(d.headers['X-Service-Signature-256']);
  });

  test('forged signature is answered 401 and recorded as unverified', async () => {
    const res = await post(receiver.url, delivery('contact.created', { secret: 'not the secret' }));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.responseBody)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(receiver.store.deliveries()[0]).toMatchObject({
      verified: false,
      verifyFailure: 'mismatch',
      outcome: 'invalid-signature',
      status: 401,
    });
  });

  test('malformed signature is answered 401 and recorded as malformed', async () => {
    const res = await post(receiver.url, delivery('rent.overdue', { signature: 'sha256=abc' }));
    expect(res.status).toBe(401);
    expect(receiver.store.deliveries()[0]).toMatchObject({ verified: false, verifyFailure: 'malformed' });
  });

  test('missing signature is answered 401 and recorded as missing', async () => {
    const res = await post(receiver.url, delivery('rent.overdue', { signature: null }));
    expect(res.status).toBe(401);
    expect(receiver.store.deliveries()[0]).toMatchObject({ verified: false, verifyFailure: 'missing' });
  });

  test('signature is checked before the body: an unsigned non-JSON body is 401, not 400', async () => {
    const res = await post(receiver.url, { body: 'not json', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  test('signed body that is not an envelope is answered 400', async () => {
    const body = '["not", "an", "envelope"]';
    const res = await post(receiver.url, {
      body,
      headers: {
        'X-Service-Signature-256':
          factory.signed(factory.anyEnvelope('x'), { body }).headers['X-Service-Signature-256'] ?? '',
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.responseBody)).toMatchObject({ code: 'INVALID_ENVELOPE' });
  });

  test('X-Service-Event different from the body event is answered 400', async () => {
    const d = delivery();
    const res = await post(receiver.url, {
      body: d.body,
      headers: { ...d.headers, 'X-Service-Event': 'rent.created' },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.responseBody)).toMatchObject({ code: 'HEADER_MISMATCH' });
    expect(receiver.store.deliveries()[0]).toMatchObject({ verified: true, outcome: 'invalid-delivery', status: 400 });
  });

  test('X-Service-Delivery other than the id without evt_ is answered 400', async () => {
    const d = delivery();
    const res = await post(receiver.url, {
      body: d.body,
      headers: { ...d.headers, 'X-Service-Delivery': d.envelope.id },
    });
    expect(res.status).toBe(400);
    expect(receiver.store.deliveries()[0]?.problem).toMatch(/X-Service-Delivery/);
  });

  test('duplicate is answered 2xx and flagged', async () => {
    const d = delivery();
    await post(receiver.url, d);
    const second = await post(receiver.url, d);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.responseBody)).toEqual({ received: true, duplicate: true });
    expect(receiver.store.attemptsOf(d.envelope.id).map((a) => [a.attempt, a.duplicate, a.outcome])).toEqual([
      [1, false, 'accepted'],
      [2, true, 'duplicate'],
    ]);
  });

  test('a forged copy of a seen id is 401, not a duplicate (verify first)', async () => {
    const d = delivery();
    await post(receiver.url, d);
    const forged = await post(receiver.url, factory.signed(d.envelope, { secret: 'forger' }));
    expect(forged.status).toBe(401);
  });

  test('test delivery is accepted and flagged as a test', async () => {
    const d = factory.signed(factory.testEnvelope('t'));
    const res = await post(receiver.url, d);
    expect(JSON.parse(res.responseBody)).toEqual({ received: true, test: true });
    expect(receiver.store.deliveries()[0]?.test).toBe(true);
  });

  test('body over the size limit is answered 413', async () => {
    const small = await startReceiver({ secret: SECRET, maxBodyBytes: 100 });
    try {
      const res = await post(small.url, delivery());
      expect(res.status).toBe(413);
      expect(small.store.deliveries()[0]?.outcome).toBe('too-large');
    } finally {
      await small.close();
    }
  });

  test('GET on the delivery path is 405', async () => {
    const res = await fetch(`${receiver.url}/webhooks`);
    expect(res.status).toBe(405);
  });

  test('any of several secrets is accepted (rotation)', async () => {
    const rotating = await startReceiver({ secrets: ['old-secret', SECRET] });
    try {
      expect((await post(rotating.url, delivery())).status).toBe(200);
      expect(
        (await post(rotating.url, factory.signed(factory.anyEnvelope('r'), { secret: 'old-secret' }))).status,
      ).toBe(200);
    } finally {
      await rotating.close();
    }
  });

  test('startReceiver without a secret throws', async () => {
    await expect(startReceiver({})).rejects.toThrow(/secret/);
  });
});

describe('signature vectors through the server', () => {
  test.each(signatureVectors.positive.map((v) => [v.name, v] as const))(
    'positive %s passes verification',
    async (_name, vector) => {
      const r = await startReceiver({ secret: vector.secret });
      try {
        const res = await post(r.url, {
          body: vector.body,
          headers: { 'Content-Type': 'application/json', 'X-Service-Signature-256': vector.header },
        });
        expect(r.store.deliveries()[0]?.verified).toBe(true);
        // Envelopes without matching X-Service-* headers (and non-envelopes) fail later checks with 400, never 401.
        expect(res.status).toBe(400);
      } finally {
        await r.close();
      }
    },
  );

  test.each(signatureVectors.negative.map((v) => [v.name, v] as const))(
    'negative %s is answered 401',
    async (_name, vector) => {
      const r = await startReceiver({ secret: vector.secret });
      try {
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (vector.header !== null) headers['X-Service-Signature-256'] = vector.header;
        const res = await post(r.url, { body: vector.body, headers });
        expect(res.status).toBe(401);
        expect(r.store.deliveries()[0]).toMatchObject({ verified: false, verifyFailure: vector.reason });
      } finally {
        await r.close();
      }
    },
  );
});

describe('failure scripts', () => {
  test('status script fails the first N attempts, then the delivery succeeds', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 2, mode: 'status', status: 503 });
    const d = delivery('rent.overdue');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(receiver.url, d)).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(receiver.store.attemptsOf(d.envelope.id).map((a) => a.outcome)).toEqual([
      'scripted-status',
      'scripted-status',
      'accepted',
    ]);
  });

  test('event scripts count attempts per delivery id', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status' });
    const a = delivery('rent.overdue');
    const b = delivery('rent.overdue');
    expect((await post(receiver.url, a)).status).toBe(500);
    expect((await post(receiver.url, b)).status).toBe(500);
    expect((await post(receiver.url, a)).status).toBe(200);
  });

  test('id script applies to that id only', async () => {
    const target = delivery('contract.created');
    const other = delivery('contract.created');
    receiver.script({ match: { id: target.envelope.id.slice(4) }, failFirst: 1, mode: 'status', status: 502 });
    expect((await post(receiver.url, other)).status).toBe(200);
    expect((await post(receiver.url, target)).status).toBe(502);
    expect((await post(receiver.url, target)).status).toBe(200);
  });

  test('other event types are not affected', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 5, mode: 'status' });
    expect((await post(receiver.url, delivery('tenant.created'))).status).toBe(200);
  });

  test('timeout script holds the connection past the sender timeout, then drops it', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'timeout', delayMs: 400 });
    const d = delivery('rent.overdue');
    const first = await post(receiver.url, d, 150);
    expect(first.timedOut).toBe(true);
    const second = await post(receiver.url, d, 2000);
    expect(second.status).toBe(200);
    expect(receiver.store.attemptsOf(d.envelope.id).map((a) => [a.outcome, a.status])).toEqual([
      ['scripted-timeout', null],
      ['accepted', 200],
    ]);
  });

  test('timeout script with a patient sender: the connection is dropped unanswered', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'timeout', delayMs: 100 });
    const res = await post(receiver.url, delivery('rent.overdue'), 2000);
    expect(res.status).toBeNull();
    expect(res.timedOut).toBe(false);
    expect(res.error).toMatch(/socket hang up|ECONNRESET/);
  });

  test('slow script answers 2xx after the delay', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'slow', delayMs: 200 });
    const d = delivery('rent.overdue');
    const res = await post(receiver.url, d, 2000);
    expect(res.status).toBe(200);
    expect(res.durationMs).toBeGreaterThanOrEqual(190);
    expect(receiver.store.attemptsOf(d.envelope.id)[0]).toMatchObject({
      outcome: 'accepted',
      scripted: { mode: 'slow', delayMs: 200 },
    });
  });

  test('a sender that gives up on a slow answer is recorded as closed early', async () => {
    receiver.script({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'slow', delayMs: 300 });
    const d = delivery('rent.overdue');
    // The receiver learns of the hang-up asynchronously, and tells its store's listeners (the live page's) then.
    const closedEarly = new Promise<void>((resolve) => {
      const onAttempt = (attempt: DeliveryAttempt): void => {
        if (attempt.id !== d.envelope.id || !attempt.senderClosedEarly) return;
        receiver.store.changes.off('attempt', onAttempt);
        resolve();
      };
      receiver.store.changes.on('attempt', onAttempt);
    });
    expect((await post(receiver.url, d, 100)).timedOut).toBe(true);
    await closedEarly;
    expect(receiver.store.attemptsOf(d.envelope.id)[0]?.senderClosedEarly).toBe(true);
    expect(typeof receiver.store.attemptsOf(d.envelope.id)[0]?.closedAt).toBe('string');
  });

  test('invalid script is refused', () => {
    expect(() => receiver.script({ match: {}, failFirst: 1, mode: 'status' })).toThrow(/match/);
    expect(() => receiver.script({ match: { event: 'x' }, failFirst: -1, mode: 'status' })).toThrow(/failFirst/);
    expect(() => receiver.script({ match: { event: 'x' }, failFirst: 1, mode: 'status', delayMs: 5 })).toThrow(
      /delayMs/,
    );
  });
});

describe('de-duplication window', () => {
  test('keeps seen ids 24 hours by default', async () => {
    const clock = manualClock();
    const r = await startReceiver({ secret: SECRET, clock });
    try {
      const d = delivery();
      await post(r.url, d);
      clock.advance(MIN_DEDUPE_TTL_MS - 1);
      expect(JSON.parse((await post(r.url, d)).responseBody)).toEqual({ received: true, duplicate: true });
      clock.advance(1);
      expect(JSON.parse((await post(r.url, d)).responseBody)).toEqual({ received: true });
    } finally {
      await r.close();
    }
  });

  test('records the delay since the previous attempt of the same id', async () => {
    const clock = manualClock();
    const r = await startReceiver({ secret: SECRET, clock });
    try {
      const d = delivery();
      await post(r.url, d);
      clock.advance(15 * 60 * 1000);
      await post(r.url, d);
      clock.advance(60 * 60 * 1000);
      await post(r.url, d);
      expect(r.store.attemptsOf(d.envelope.id).map((a) => a.sincePreviousAttemptMs)).toEqual([
        null,
        900_000,
        3_600_000,
      ]);
    } finally {
      await r.close();
    }
  });
});

describe('admin API', () => {
  interface List {
    data: DeliveryAttempt[];
    meta: { total: number };
  }

  test('GET /_receiver/deliveries filters by event, id and landlordId', async () => {
    const a = delivery('rent.overdue');
    const b = delivery('tenant.created');
    await post(receiver.url, a);
    await post(receiver.url, b);
    const all = await getJson<List>(`${receiver.adminUrl}/deliveries`);
    expect(all.body.meta.total).toBe(2);
    const byEvent = await getJson<List>(`${receiver.adminUrl}/deliveries?event=tenant.created`);
    expect(byEvent.body.data.map((d) => d.id)).toEqual([b.envelope.id]);
    const byId = await getJson<List>(`${receiver.adminUrl}/deliveries?id=${a.envelope.id.slice(4)}`);
    expect(byId.body.data.map((d) => d.event)).toEqual(['rent.overdue']);
    const byLandlord = await getJson<List>(`${receiver.adminUrl}/deliveries?landlordId=${a.envelope.landlord_id}`);
    expect(byLandlord.body.meta.total).toBe(2);
    const none = await getJson<List>(`${receiver.adminUrl}/deliveries?landlordId=someone-else`);
    expect(none.body.data).toEqual([]);
  });

  test('GET /_receiver/deliveries/:id lists the attempts of one delivery', async () => {
    const d = delivery();
    await post(receiver.url, d);
    await post(receiver.url, d);
    const res = await getJson<{ data: { id: string; accepted: boolean; attempts: DeliveryAttempt[] } }>(
      `${receiver.adminUrl}/deliveries/${d.envelope.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: d.envelope.id, accepted: true });
    expect(res.body.data.attempts.map((a) => a.duplicate)).toEqual([false, true]);
    expect((await getJson(`${receiver.adminUrl}/deliveries/evt_nope`)).status).toBe(404);
  });

  test('POST /_receiver/scripts scripts failures; DELETE removes them', async () => {
    const created = await sendJson<{ data: { scriptId: string } }>('POST', `${receiver.adminUrl}/scripts`, {
      match: { event: 'rent.overdue' },
      failFirst: 1,
      mode: 'status',
      status: 500,
    });
    expect(created.status).toBe(201);
    expect(created.body?.data.scriptId).toMatch(/^script_/);
    expect((await post(receiver.url, delivery('rent.overdue'))).status).toBe(500);
    expect((await sendJson('DELETE', `${receiver.adminUrl}/scripts`)).status).toBe(204);
    expect((await post(receiver.url, delivery('rent.overdue'))).status).toBe(200);
  });

  test('a scripted 2xx answer is sent as scripted; a 204 carries no body and no Content-Length', async () => {
    await sendJson('POST', `${receiver.adminUrl}/scripts`, {
      match: { event: 'rent.overdue' },
      failFirst: 1,
      mode: 'status',
      status: 204,
    });
    const answered = await post(receiver.url, delivery('rent.overdue'));
    expect(answered.status).toBe(204);
    expect(answered.responseBody).toBe('');
    expect(answered.recorded.response?.headers['content-length']).toBeUndefined();
    await sendJson('DELETE', `${receiver.adminUrl}/scripts`);
  });

  test('POST /_receiver/scripts rejects an invalid script with 400', async () => {
    const bad = await sendJson<{ code: string }>('POST', `${receiver.adminUrl}/scripts`, {
      match: { event: 'x' },
      failFirst: 1,
      mode: 'explode',
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.code).toBe('VALIDATION_ERROR');
    expect((await sendJson('POST', `${receiver.adminUrl}/scripts`, '{not json')).status).toBe(400);
  });

  test('DELETE /_receiver/deliveries forgets attempts and seen ids', async () => {
    const d = delivery();
    await post(receiver.url, d);
    expect((await sendJson('DELETE', `${receiver.adminUrl}/deliveries`)).status).toBe(204);
    expect((await getJson<List>(`${receiver.adminUrl}/deliveries`)).body.data).toEqual([]);
    expect(JSON.parse((await post(receiver.url, d)).responseBody)).toEqual({ received: true });
  });

  test('unknown admin route is 404', async () => {
    expect((await getJson(`${receiver.adminUrl}/nothing`)).status).toBe(404);
  });

  test('admin requests are not recorded as deliveries', async () => {
    await getJson(`${receiver.adminUrl}/deliveries`);
    expect(receiver.store.deliveries()).toEqual([]);
  });
});
