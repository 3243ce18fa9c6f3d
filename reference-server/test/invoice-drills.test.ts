// Reliability drills for the exactly-once invoice email:
//  1. the mail transport fails (CaptureMailer.failNext, and real SMTP pointed at a closed port): the dedup record
//     becomes `failed`, every later request answers 409 INVOICE_EMAIL_FAILED, nothing is sent twice;
//  2. a server process is SIGKILLed mid-send (its SMTP server accepts and never answers) and restarted on the same
//     data: no email was sent, the record is `pending` only until its lease expires and is then `failed` (never
//     re-sent), and the Idempotency-Key claim is taken over after its own lease.
// Time passing in the killed-process drill is simulated by moving the stored timestamps back (the spawned servers
// run on the system clock); everything else waits on real events with bounded polls.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { freshPostgres } from './helpers/fresh-postgres';
import { clearFailed, INVOICE_EMAIL_LEASE_MS } from '../src/resources/invoices/email/dedup';
import { IN_PROGRESS_LEASE_MS } from '../src/platform/idempotency/store';
import type { Mailer } from '../src/platform/mail/mailer';
import { openDatabase } from '../src/persistence/database';
import { eventually, harbour, mailReaderFor, maildevBase, maildevReader, uniqueAddress } from './helpers/invoice-mail';
import { ADMIN_TOKEN, KEYS, startTestServer, type TestServer } from './helpers/server';
import { startReference, stopReference, type Child } from './helpers/reference-process';

const json = (res: { payload: string }) =>
  JSON.parse(res.payload) as { data: Record<string, unknown>; code: string; error: string };

/** Counts sends at the mailer, whichever transport it is. */
function countSends(mailer: Mailer): { count: number } {
  const target = mailer as { send: Mailer['send'] };
  const original = target.send.bind(mailer);
  const counter = { count: 0 };
  target.send = async (message) => {
    counter.count += 1;
    return original(message);
  };
  return counter;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function assertFailedAndBlocked(
  t: TestServer,
  sends: { count: number },
  rentId: string,
  to: string,
): Promise<void> {
  const res = await t.api(
    'POST',
    `/rent/${rentId}/invoice/email`,
    KEYS.enterpriseLive,
    { email: to },
    { 'idempotency-key': `drill-${rentId}` },
  );
  expect([res.statusCode, json(res).code]).toEqual([409, 'INVOICE_EMAIL_FAILED']);
  expect(sends.count).toBe(1);
  const row = (await t.deps.knex('invoice_email_sends').where({ rent_payment_id: rentId }).first()) as {
    state: string;
    error: string | null;
  };
  expect(row.state).toBe('failed');
  expect(row.error).toEqual(expect.any(String));
  expect(
    await t.deps
      .knex('outbox_events')
      .where({ event_type: 'rent.invoice_sent' })
      .whereRaw(`data->>'rent_payment_id' = ?`, [rentId]),
  ).toHaveLength(0);
  // Every later request, with or without the same key (the failed claim was released, not stuck), is refused.
  const variants: Array<Record<string, string>> = [
    {},
    { 'idempotency-key': `drill-${rentId}` },
    { 'idempotency-key': `drill-other-${rentId}` },
  ];
  for (const headers of variants) {
    const again = await t.api('POST', `/rent/${rentId}/invoice/email`, KEYS.enterpriseLive, { email: to }, headers);
    expect([again.statusCode, json(again).code]).toEqual([409, 'INVOICE_EMAIL_FAILED']);
  }
  expect(sends.count).toBe(1);
  // Sandbox still previews the document.
  expect(
    json(await t.api('POST', `/rent/${rentId}/invoice/email`, KEYS.enterpriseSandbox, { email: to })).data,
  ).toMatchObject({ sent: false, sandbox: true });
}

describe('drill: the mail transport fails', () => {
  describe('in-process capture with injected failures', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ env: { SMTP_URL: '' } });
    });
    afterAll(async () => {
      await t.stop();
    });

    it('records failed, answers 409 INVOICE_EMAIL_FAILED now and after, and never sends', async () => {
      expect(t.deps.mailCapture).toBeDefined();
      const sends = countSends(t.deps.mailer);
      const rentId = harbour.rent(12, -3);
      const to = uniqueAddress('capture-fail');
      t.deps.mailCapture!.failNext(1);
      await assertFailedAndBlocked(t, sends, rentId, to);
      expect(await mailReaderFor(t).to(to)).toHaveLength(0);
    });

    it('an operator clearing the failed record allows exactly one new send', async () => {
      const sends = countSends(t.deps.mailer);
      const rentId = harbour.rent(13, -3);
      const to = uniqueAddress('capture-clear');
      t.deps.mailCapture!.failNext(1);
      expect(json(await t.api('POST', `/rent/${rentId}/invoice/email`, KEYS.enterpriseLive, { email: to })).code).toBe(
        'INVOICE_EMAIL_FAILED',
      );
      expect(await clearFailed({ landlordId: harbour.landlord, db: t.deps.knex }, rentId)).toBe(true);
      const ok = await t.api('POST', `/rent/${rentId}/invoice/email`, KEYS.enterpriseLive, { email: to });
      expect(ok.statusCode).toBe(200);
      expect(
        json(await t.api('POST', `/rent/${rentId}/invoice/email`, KEYS.enterpriseLive, { email: to })).data,
      ).toEqual(json(ok).data);
      expect(sends.count).toBe(2);
      expect(await mailReaderFor(t).to(to)).toHaveLength(1);
    });
  });

  describe('real SMTP transport pointed at a closed port', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    });
    afterAll(async () => {
      await t.stop();
    });

    it('records failed, answers 409 INVOICE_EMAIL_FAILED now and after, and never sends twice', async () => {
      expect(t.deps.mailer.kind).toBe('smtp');
      const sends = countSends(t.deps.mailer);
      await assertFailedAndBlocked(t, sends, harbour.rent(14, -3), uniqueAddress('closed-port'));
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** The drill's database: PGlite on disk (opened only while no server runs) or a fresh PostgreSQL database. */
interface DrillDatabase {
  readonly env: NodeJS.ProcessEnv;
  use<T>(work: (knex: Knex) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function drillDatabase(): Promise<DrillDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const fresh = await freshPostgres(baseUrl, 'test_drill');
    return {
      env: { DATABASE_URL: fresh.url },
      async use(work) {
        const knex = knexFactory({ client: 'pg', connection: fresh.url, pool: { min: 0, max: 1 } });
        try {
          return await work(knex);
        } finally {
          await knex.destroy();
        }
      },
      drop: fresh.drop,
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'invoice-drill-'));
  return {
    env: { DATA_DIR: dir },
    async use(work) {
      const db = await openDatabase({ dataDir: dir }); // the server's DATA_DIR is PGlite's data directory
      try {
        return await work(db.knex);
      } finally {
        await db.close();
      }
    },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

describe('drill: a server killed mid-send, then restarted on the same data', () => {
  let smtpHang: NetServer;
  const connections: Socket[] = [];
  let db: DrillDatabase;
  const children: Child[] = [];

  beforeAll(async () => {
    // An SMTP server that accepts connections and never says a word: the send hangs until the process dies.
    smtpHang = createServer((socket) => {
      connections.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => smtpHang.listen(0, '127.0.0.1', resolve));
    db = await drillDatabase();
  });
  afterAll(async () => {
    for (const child of children) await stopReference(child, 'SIGKILL');
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => smtpHang.close(() => resolve()));
    await db.drop();
  });

  const baseEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN,
      // Shared Redis counts across runs: this drill is not about the limit.
      LANDLORD_LIMITS: 'public_api.rent_invoice_email=1000',
      WEBHOOK_PROCESSING: '0',
      ...db.env,
    };
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
    return env;
  };
  const start = async (smtpUrl: string | undefined): Promise<Child> => {
    const child = await startReference({ ...baseEnv(), ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) });
    children.push(child);
    return child;
  };
  const post = (child: Child, rentId: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${child.url}/api/public/v1/rent/${rentId}/invoice/email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** Mail delivered to `to` through the restarted servers: the in-process capture (dashboard API) or maildev. */
  const deliveredTo = async (child: Child, to: string): Promise<number> => {
    if (maildevBase() && process.env.SMTP_URL) return (await maildevReader().to(to)).length;
    const res = await fetch(`${child.url}/dashboard/api/mail`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const list = (await res.json()) as Array<{ to: Array<{ address: string }> }>;
    return list.filter((m) => m.to.some((r) => r.address === to)).length;
  };

  it('sends nothing twice, resolves the pending record after its lease, and recovers the idempotency claim', async () => {
    const rentId = harbour.rent(15, -3);
    const to = uniqueAddress('killed');
    const key = `drill-kill-${randomBytes(4).toString('hex')}`;

    // 1. Process A claims the record and hangs in the SMTP conversation; it is killed there.
    const a = await start(`smtp://127.0.0.1:${(smtpHang.address() as { port: number }).port}`);
    const inFlight = post(a, rentId, { email: to }, { 'idempotency-key': key }).then(
      (r) => r.status,
      () => 'connection lost',
    );
    await eventually(async () => (connections.length > 0 ? true : undefined), { timeoutMs: 20_000 });
    await stopReference(a, 'SIGKILL');
    expect(await inFlight).toBe('connection lost');

    // 2. What the dead process left: a pending record within its lease, an in-progress idempotency claim, no event.
    const left = await db.use(async (knex) => ({
      record: (await knex('invoice_email_sends').where({ rent_payment_id: rentId }).first()) as {
        state: string;
        claimed_at: Date;
        lease_expires_at: Date;
      },
      claim: (await knex('idempotency_keys').where({ key }).first()) as { state: string } | undefined,
      events: await knex('outbox_events')
        .where({ event_type: 'rent.invoice_sent' })
        .whereRaw(`data->>'rent_payment_id' = ?`, [rentId]),
    }));
    expect(left.record.state).toBe('pending');
    expect(new Date(left.record.lease_expires_at).getTime() - new Date(left.record.claimed_at).getTime()).toBe(
      INVOICE_EMAIL_LEASE_MS,
    );
    expect(left.claim?.state).toBe('in_progress');
    expect(left.events).toHaveLength(0);

    // 3. Restarted within the leases (B, with a working mail transport): both claims still hold, nothing is sent.
    const workingSmtp = maildevBase() ? process.env.SMTP_URL : undefined;
    const b = await start(workingSmtp);
    const sameKey = await post(b, rentId, { email: to }, { 'idempotency-key': key });
    expect([sameKey.status, ((await sameKey.json()) as { code: string }).code]).toEqual([
      409,
      'IDEMPOTENCY_IN_PROGRESS',
    ]);
    const noKey = await post(b, rentId, { email: to });
    expect([noKey.status, ((await noKey.json()) as { code: string }).code]).toEqual([409, 'INVOICE_EMAIL_IN_PROGRESS']);
    expect(await deliveredTo(b, to)).toBe(0);
    await stopReference(b, 'SIGTERM');

    // 4. Time passes beyond both leases (the stored timestamps move back by the longer lease plus a minute).
    const shiftMs = Math.max(INVOICE_EMAIL_LEASE_MS, IN_PROGRESS_LEASE_MS) + 60_000;
    await db.use(async (knex) => {
      const shift = knex.raw(`interval '${shiftMs} milliseconds'`);
      await knex('invoice_email_sends')
        .where({ rent_payment_id: rentId })
        .update({
          claimed_at: knex.raw('claimed_at - ?', [shift]),
          lease_expires_at: knex.raw('lease_expires_at - ?', [shift]),
        });
      await knex('idempotency_keys')
        .where({ key })
        .update({ created_at: knex.raw('created_at - ?', [shift]) });
    });

    // 5. Restarted after the leases (C): the record is resolved to failed, never re-sent; the key is usable again.
    const c = await start(workingSmtp);
    const variants: Array<Record<string, string>> = [{ 'idempotency-key': key }, { 'idempotency-key': key }, {}];
    for (const headers of variants) {
      const res = await post(c, rentId, { email: to }, headers);
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([409, 'INVOICE_EMAIL_FAILED']);
    }
    expect(await deliveredTo(c, to)).toBe(0);
    await stopReference(c, 'SIGTERM');

    const after = await db.use(async (knex) => ({
      record: (await knex('invoice_email_sends').where({ rent_payment_id: rentId }).first()) as {
        state: string;
        error: string;
      },
      claim: await knex('idempotency_keys').where({ key }).first(),
      events: await knex('outbox_events')
        .where({ event_type: 'rent.invoice_sent' })
        .whereRaw(`data->>'rent_payment_id' = ?`, [rentId]),
    }));
    expect(after.record.state).toBe('failed');
    expect(after.record.error).toMatch(/lease expired/);
    expect(after.claim).toBeUndefined(); // released: a failure is never stored as the key's answer
    expect(after.events).toHaveLength(0);
    // The hung SMTP server never got past the connection: nothing was ever transmitted.
    expect(connections).toHaveLength(1);
  }, 180_000);
});
