// The webhook sender against transport faults, with nock in place of the receiver: a connection reset, a receiver
// that never answers (the spec's 10-second timeout, on fake timers), a DNS failure, a redirect (not followed), and a
// 2xx whose body is slow. Then the same faults through the delivery executor: each attempt recorded with its outcome
// and latency, and the retry schedule (about 15 and 60 minutes, ±10 % jitter, 3 attempts) held.
import nock from 'nock';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { createHttpSender, type SendResult } from '../src/webhooks/delivery/http-sender';
import { DeliveryExecutor } from '../src/webhooks/delivery/executor';
import { findDelivery, type DeliveryRow } from '../src/webhooks/delivery/repository';
import { retryDelayMs, seededRandom, type RetryPolicy } from '../src/webhooks/delivery/retry-policy';
import { hashKey } from '../src/platform/auth/keys';
import { ADMIN_TOKEN, KEYS, startTestServer, type TestServer } from './helpers/server';

const RECEIVER = 'http://receiver.nock.test';
const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
const dnsFailure = () =>
  Object.assign(new Error('getaddrinfo ENOTFOUND receiver.nock.test'), {
    code: 'ENOTFOUND',
    hostname: 'receiver.nock.test',
  });
const SPEC_TIMEOUT_MS = 10_000;

interface AttemptRow {
  readonly delivery_id: string;
  readonly attempt_number: number;
  readonly status_code: number | null;
  readonly error: string | null;
  readonly succeeded: boolean;
  readonly latency_ms: number;
  readonly attempted_at: Date;
}
const request = (path = '/hook') => ({
  url: `${RECEIVER}${path}`,
  body: '{"event":"property.created"}',
  headers: { 'content-type': 'application/json' },
  timeoutMs: SPEC_TIMEOUT_MS,
});

beforeAll(() => {
  nock.disableNetConnect();
});
afterEach(() => {
  nock.cleanAll();
});
// Importing nock replaces node:http's request for the whole worker process, and jest shares core modules between
// the test files one worker runs: without restore(), later files' keep-alive clients go through nock's recorder.
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('the sender on each transport fault (fake timers)', () => {
  beforeEach(() => {
    // Timers and the clock are fake; the I/O callbacks nock schedules are not.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  // Latency on the faked clock too (Date is faked; nock's own delays run on real timers, so none is used here).
  const sender = () => createHttpSender({ now: () => Date.now() });

  /** Sends, moving fake time on by `advanceMs` once the request is out, and returns the result. */
  async function send(advanceMs = 0): Promise<SendResult> {
    const pending = sender()(request());
    if (advanceMs > 0) await jest.advanceTimersByTimeAsync(advanceMs);
    return pending;
  }

  it('connection reset: a failed attempt with no status, the network error named', async () => {
    nock(RECEIVER).post('/hook').replyWithError(reset());
    const result = await send();
    expect(result).toEqual({
      succeeded: false,
      statusCode: null,
      latencyMs: expect.any(Number) as number,
      error: expect.stringMatching(/^network error: .*(ECONNRESET|socket hang up)/) as string,
    });
  });

  it('a receiver that never answers: a timeout at 10 s exactly, not before', async () => {
    // Held for good: nock answers only once the request is aborted (then nothing is read).
    nock(RECEIVER).post('/hook').delay(60_000).reply(200, 'late');
    const pending = sender()(request());
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(SPEC_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toEqual({
      succeeded: false,
      statusCode: null,
      latencyMs: SPEC_TIMEOUT_MS,
      error: `timeout after ${SPEC_TIMEOUT_MS} ms`,
    });
  });

  it('DNS failure: a failed attempt with no status, ENOTFOUND named', async () => {
    nock(RECEIVER).post('/hook').replyWithError(dnsFailure());
    const result = await send();
    expect([result.succeeded, result.statusCode, result.error]).toEqual([
      false,
      null,
      expect.stringMatching(/ENOTFOUND/) as string,
    ]);
  });

  it.each([301, 302, 307, 308])(
    'a %i redirect is a failed attempt with its status, and is not followed',
    async (status) => {
      const scope = nock(RECEIVER)
        .post('/hook')
        .reply(status, '', { location: `${RECEIVER}/moved` });
      const moved = nock(RECEIVER).post('/moved').reply(200, 'ok');
      const result = await send();
      expect([result.succeeded, result.statusCode, result.error]).toEqual([false, status, null]);
      expect(scope.isDone()).toBe(true);
      expect(moved.isDone()).toBe(false);
    },
  );

  it('a 2xx whose body has not come by the timeout: a timeout, like any call not over in 10 s', async () => {
    nock(RECEIVER).post('/hook').delayBody(30_000).reply(200, 'too late');
    const result = await send(SPEC_TIMEOUT_MS);
    expect(result).toEqual({
      succeeded: false,
      statusCode: null,
      latencyMs: SPEC_TIMEOUT_MS,
      error: `timeout after ${SPEC_TIMEOUT_MS} ms`,
    });
  });
});

describe('the sender on a slow 2xx body (real timers: nock delays in real time)', () => {
  it('success once the body has come, the wait counted in the latency', async () => {
    nock(RECEIVER).post('/hook').delayBody(300).reply(202, 'accepted');
    const result = await createHttpSender()(request());
    expect([result.succeeded, result.statusCode, result.error]).toEqual([true, 202, null]);
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
  });
});

describe('attempts recorded through the executor, the retry schedule held (real timers, a manual clock)', () => {
  const START = new Date('2026-05-04T08:00:00Z');
  const clock = new ManualClock(START);
  const policy: RetryPolicy = { delaysSeconds: [900, 3600], jitter: 0.1, random: seededRandom(30) };
  let t: TestServer;
  let subscriptionId: string;
  let landlordId: string;

  beforeAll(async () => {
    t = await startTestServer({ clock });
    const key = await t.deps
      .knex<{ landlord_id: string; key_hash: string }>('api_keys')
      .where('key_hash', hashKey(KEYS.enterpriseLive))
      .first('landlord_id');
    if (!key) throw new Error('fixture key missing');
    landlordId = key.landlord_id;
    // nock would intercept the dashboard call too: allow the test server's own address only while subscribing.
    const res = await t.inject({
      method: 'POST',
      url: `/dashboard/api/landlords/${landlordId}/webhooks`,
      payload: { url: `${RECEIVER}/hook`, events: ['property.created'] },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.statusCode).toBe(201);
    subscriptionId = (JSON.parse(res.payload) as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await t.stop();
  });

  async function newDelivery(): Promise<DeliveryRow> {
    const id = randomUUID();
    const now = clock.now();
    await t.deps.knex('webhook_deliveries').insert({
      id,
      landlord_id: landlordId,
      subscription_id: subscriptionId,
      event_id: randomUUID(),
      event_type: 'property.created',
      body: '{"event":"property.created"}',
      status: 'pending',
      max_attempts: 3,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
    const row = await findDelivery(t.deps.knex, id);
    if (!row) throw new Error('delivery not stored');
    return row;
  }

  it('reset, redirect, DNS failure: three attempts, each with its outcome and latency; 15 then 60 minutes apart; then permanently failed', async () => {
    const executor = new DeliveryExecutor({
      knex: t.deps.knex,
      clock,
      logger: t.deps.logger,
      policy,
      timeoutMs: SPEC_TIMEOUT_MS,
      send: createHttpSender(),
    });
    const expectedRandom = seededRandom(30);
    const expectedDelays = [1, 2].map((attempt) => retryDelayMs({ ...policy, random: expectedRandom }, attempt)!);
    nock(RECEIVER).post('/hook').replyWithError(reset());
    nock(RECEIVER)
      .post('/hook')
      .reply(302, '', { location: `${RECEIVER}/elsewhere` });
    nock(RECEIVER).post('/hook').replyWithError(dnsFailure());
    const elsewhere = nock(RECEIVER).post('/elsewhere').reply(200);

    let row = await newDelivery();
    const outcomes: string[] = [];
    const attemptTimes: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      attemptTimes.push(clock.now().getTime());
      outcomes.push(await executor.execute(row));
      row = (await findDelivery(t.deps.knex, row.id))!;
      if (row.next_attempt_at) clock.set(new Date(row.next_attempt_at));
    }
    expect(outcomes).toEqual(['retry_scheduled', 'retry_scheduled', 'permanently_failed']);
    expect([row.status, row.attempt_count, row.next_attempt_at]).toEqual(['permanently_failed', 3, null]);
    // The schedule: each retry waits the policy's delay (15 and 60 minutes, within ±10 %).
    const gaps = [attemptTimes[1] - attemptTimes[0], attemptTimes[2] - attemptTimes[1]];
    expect(gaps).toEqual(expectedDelays);
    expect(Math.abs(gaps[0] / 900_000 - 1)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(gaps[1] / 3_600_000 - 1)).toBeLessThanOrEqual(0.1);
    expect(elsewhere.isDone()).toBe(false);

    const attempts = await t.deps
      .knex<AttemptRow>('webhook_delivery_attempts')
      .where('delivery_id', row.id)
      .orderBy('attempt_number')
      .select('attempt_number', 'status_code', 'error', 'succeeded', 'latency_ms', 'attempted_at');
    expect(attempts.map((a) => [a.attempt_number, a.status_code, a.succeeded])).toEqual([
      [1, null, false],
      [2, 302, false],
      [3, null, false],
    ]);
    expect(attempts[0].error).toMatch(/ECONNRESET|socket hang up/);
    expect(attempts[1].error).toBeNull();
    expect(attempts[2].error).toMatch(/ENOTFOUND/);
    for (const a of attempts) expect(a.latency_ms).toBeGreaterThanOrEqual(0);
    expect(attempts.map((a) => new Date(a.attempted_at).getTime())).toEqual(attemptTimes);
  });

  it('a slow 2xx body within the timeout: one attempt, succeeded, its latency the time the body took', async () => {
    const executor = new DeliveryExecutor({
      knex: t.deps.knex,
      clock,
      logger: t.deps.logger,
      policy,
      timeoutMs: SPEC_TIMEOUT_MS,
      send: createHttpSender(),
    });
    nock(RECEIVER).post('/hook').delayBody(300).reply(200, 'ok');
    const row = await newDelivery();
    expect(await executor.execute(row)).toBe('succeeded');
    const attempt = await t.deps
      .knex<AttemptRow>('webhook_delivery_attempts')
      .where('delivery_id', row.id)
      .first('status_code', 'succeeded', 'latency_ms', 'error');
    if (!attempt) throw new Error('attempt not recorded');
    expect([attempt.status_code, attempt.succeeded, attempt.error]).toEqual([200, true, null]);
    expect(attempt.latency_ms).toBeGreaterThanOrEqual(300);
  });
});
