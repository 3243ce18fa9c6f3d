// A programmable webhook receiver for the webhook tests: records every hit (raw body bytes, headers, arrival
// time) and answers what the test decides: a status code, or hold the request open (timeouts, kill drills).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly receivedAt: number;
  /** The envelope, parsed from the body. */
  readonly json: {
    id: string;
    event: string;
    created_at: string;
    landlord_id: string;
    data: Record<string, unknown>;
    _test?: boolean;
  };
}

/** A status to answer, or 'hold' to keep the request open until released or closed. */
export type Answer = number | 'hold';

export interface TestReceiver {
  readonly url: string;
  readonly hits: Hit[];
  /** Decides each answer; default 200. */
  answer: (hit: Hit, index: number) => Answer;
  /** Answers every held request with `status`. */
  release(status?: number): void;
  heldCount(): number;
  /** Resolves when `count` hits have arrived (real time; for process drills). */
  waitForHits(count: number, timeoutMs?: number): Promise<void>;
  hitsFor(eventId: string): Hit[];
  close(): Promise<void>;
}

export async function startTestReceiver(): Promise<TestReceiver> {
  const hits: Hit[] = [];
  const held: ServerResponse[] = [];
  const waiters: Array<() => void> = [];
  const receiver: TestReceiver = {
    url: '',
    hits,
    answer: () => 200,
    release(status = 200) {
      for (const res of held.splice(0)) if (!res.writableEnded && !res.destroyed) res.writeHead(status).end('ok');
    },
    heldCount: () => held.length,
    waitForHits(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${hits.length} hits, expected ${count}`)),
          timeoutMs,
        );
        const check = () => {
          if (hits.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    },
    hitsFor: (eventId) => hits.filter((h) => h.json.id === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let json: Hit['json'];
      try {
        json = JSON.parse(body.toString('utf8')) as Hit['json'];
      } catch {
        json = { id: '', event: '', created_at: '', landlord_id: '', data: {} };
      }
      const hit: Hit = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: Date.now(),
        json,
      };
      hits.push(hit);
      for (const w of waiters.splice(0)) w();
      const answer = receiver.answer(hit, hits.length - 1);
      if (answer === 'hold') held.push(res);
      else res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (receiver as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** Polls `condition` (real time) until true: for process drills, where no clock can be moved by hand. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
