// Receivers that follow the spec and still differ from the mock receiver: other 2xx codes, empty bodies, slower
// answers inside the timeout, a connection closed after every answer, a de-duplication answer of their own. The
// receiver tester must pass each of them (Delivery 1: "Any 2xx response is success"). One more keeps every MUST
// and breaks only the SHOULD to reject with 401 (it answers 403): a warning, a failure only under --strict.
// Their verification is written here from the spec's paragraph, not borrowed from the mock receiver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CorrectKind =
  | 'answers-202-with-no-body'
  | 'answers-204'
  | 'answers-after-a-delay-inside-the-timeout'
  | 'closes-the-connection-after-every-answer'
  | 'answers-duplicates-200-already-seen';

export type ShouldBreakingKind = 'refuses-unverifiable-with-403';

export interface RunningTestReceiver {
  readonly url: string;
  close(): Promise<void>;
}

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/** Verification as the spec words it: HMAC over the raw bytes, hex case-insensitive, exactly 64 hex characters. */
function verifies(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = SIGNATURE.exec(header);
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(Buffer.from(match[1], 'hex'), expected);
}

function idOf(raw: Buffer): string | undefined {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string')
      return parsed.id;
  } catch {
    // a verified body is the service's JSON; anything else has no id
  }
  return undefined;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** `delayMs`: how long the slow receiver takes (keep it well inside the tester's timeout). */
export async function startCorrectReceiver(
  kind: CorrectKind | ShouldBreakingKind,
  secret: string,
  delayMs = 300,
): Promise<RunningTestReceiver> {
  const seen = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const answer = (res: ServerResponse, verified: boolean, raw: Buffer): void => {
    if (!verified) {
      const status = kind === 'refuses-unverifiable-with-403' ? 403 : 401;
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('signature mismatch');
      return;
    }
    const id = idOf(raw);
    const duplicate = id !== undefined && seen.has(id);
    if (id !== undefined) seen.add(id);
    switch (kind) {
      case 'answers-202-with-no-body':
        res.writeHead(202);
        return void res.end();
      case 'answers-204':
        res.writeHead(204);
        return void res.end();
      case 'closes-the-connection-after-every-answer':
        res.writeHead(200, { Connection: 'close', 'Content-Type': 'text/plain' });
        return void res.end('ok');
      case 'answers-duplicates-200-already-seen':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify(duplicate ? { status: 'already seen' } : { status: 'processed' }));
      default:
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end('{"ok":true}');
    }
  };

  const server = createServer((req, res) => {
    readBody(req).then(
      (raw) => {
        const verified = verifies(raw, req.headers['x-service-signature-256'], secret);
        if (kind !== 'answers-after-a-delay-inside-the-timeout') return answer(res, verified, raw);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(res, verified, raw);
        }, delayMs);
        timers.add(timer);
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/portfolio`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A receiver behind a network that breaks: every `every`-th request has its connection reset before any answer
 * (1: every request). Otherwise it is correct. What it shows is the network's fault, never the receiver's.
 */
export async function startResettingReceiver(secret: string, every: number): Promise<RunningTestReceiver> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    if (count % every === 0) {
      req.socket.destroy();
      return;
    }
    readBody(req).then(
      (raw) => {
        const ok = verifies(raw, req.headers['x-service-signature-256'], secret);
        res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
        res.end(ok ? '{"ok":true}' : '{"error":"unverified"}');
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
