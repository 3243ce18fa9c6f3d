// The generic Idempotency-Key store: claim, replay within 24 h, in-progress conflict, takeover of abandoned claims.
import { ManualClock } from '../src/platform/clock';
import {
  IdempotencyStore,
  IN_PROGRESS_LEASE_MS,
  REPLAY_WINDOW_MS,
  type IdempotencyClaim,
} from '../src/platform/idempotency/store';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
let store: IdempotencyStore;
let landlordId: string;
beforeAll(async () => {
  t = await startTestServer({ clock });
  store = new IdempotencyStore(t.deps.knex, clock);
  landlordId = (await t.deps.knex('landlords').first<{ id: string }>('id')).id;
});
afterAll(async () => {
  await t.stop();
});

let n = 0;
const claimFor = (fingerprint = 'f1'): IdempotencyClaim => ({
  landlordId,
  scope: 'test',
  key: `key-${(n += 1)}`,
  fingerprint,
});
const codeOf = async (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => undefined,
    (err: { data?: { code?: string } }) => err.data?.code,
  );

it('runs the work once and replays the stored success', async () => {
  const claim = claimFor();
  let runs = 0;
  const work = async () => ({ status: 200, body: { run: (runs += 1) } });
  expect(await store.run(claim, work)).toEqual({ status: 200, body: { run: 1 }, replayed: false });
  expect(await store.run(claim, work)).toEqual({ status: 200, body: { run: 1 }, replayed: true });
  expect(runs).toBe(1);
});

it('answers IDEMPOTENCY_IN_PROGRESS while the first request runs', async () => {
  const claim = claimFor();
  let release!: () => void;
  const first = store.run(
    claim,
    () =>
      new Promise<{ status: number; body: { ok: boolean } }>((resolve) => {
        release = () => resolve({ status: 200, body: { ok: true } });
      }),
  );
  await new Promise((r) => setImmediate(r));
  await expect(codeOf(store.run(claim, async () => ({ status: 200, body: {} })))).resolves.toBe(
    'IDEMPOTENCY_IN_PROGRESS',
  );
  release();
  await first;
});

it('refuses the same key with a different request', async () => {
  const claim = claimFor('a');
  await store.run(claim, async () => ({ status: 200, body: {} }));
  await expect(
    codeOf(store.run({ ...claim, fingerprint: 'b' }, async () => ({ status: 200, body: {} }))),
  ).resolves.toBe('CONFLICT');
});

it('releases the claim when the work fails, so the client can retry', async () => {
  const claim = claimFor();
  await expect(
    store.run(claim, async () => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect((await store.run(claim, async () => ({ status: 200, body: { second: true } }))).replayed).toBe(false);
});

it('forgets a success after 24 hours and takes over a claim abandoned by a dead process', async () => {
  const claim = claimFor();
  await store.run(claim, async () => ({ status: 200, body: { v: 1 } }));
  clock.advance(REPLAY_WINDOW_MS);
  expect(await store.run(claim, async () => ({ status: 200, body: { v: 2 } }))).toEqual({
    status: 200,
    body: { v: 2 },
    replayed: false,
  });

  const abandoned = claimFor();
  expect((await store.claim(abandoned)).kind).toBe('claimed'); // never completed
  await expect(codeOf(store.claim(abandoned))).resolves.toBe('IDEMPOTENCY_IN_PROGRESS');
  clock.advance(IN_PROGRESS_LEASE_MS);
  expect((await store.claim(abandoned)).kind).toBe('claimed');
});

it("a claim taken over is its taker's: the first owner's late completion or release leaves it alone", async () => {
  const claim = claimFor();
  const first = await store.claim(claim); // its process stalls past the lease
  clock.advance(IN_PROGRESS_LEASE_MS);
  const taken = await store.claim(claim); // a retry, on another process
  expect([first.kind, taken.kind]).toEqual(['claimed', 'claimed']);
  if (first.kind !== 'claimed') return;
  await store.complete(claim, first.at, 200, { late: true });
  await store.release(claim, first.at);
  // The taker's claim still stands: a third request waits for it, and then gets the taker's answer.
  await expect(codeOf(store.claim(claim))).resolves.toBe('IDEMPOTENCY_IN_PROGRESS');
  if (taken.kind !== 'claimed') return;
  await store.complete(claim, taken.at, 200, { taker: true });
  expect(await store.claim(claim)).toEqual({ kind: 'replay', status: 200, body: { taker: true } });
});
