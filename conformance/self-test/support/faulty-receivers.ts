// Receivers each broken in one way, to prove every tester check can fail (the "harness tests the checker" habit).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { eventCatalogue } from '@ppapi/spec';
import { sign, verifySignature } from '@ppapi/webhook-receiver';

export type FaultKind =
  | 'accepts-everything'
  | 'rejects-duplicates-with-409'
  | 'compares-hex-case-sensitively'
  | 'reserialises-json-before-verifying'
  | 'slower-than-timeout'
  | 'refuses-events-older-than-5-minutes'
  | 'races-on-concurrent-duplicates'
  | 'reads-the-body-before-verifying';

export interface FaultyReceiver {
  readonly url: string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const answer = (res: ServerResponse, status: number): void => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(status < 300 ? { received: true } : { error: 'rejected', code: String(status) }));
};

const signatureOf = (req: IncomingMessage): string | undefined => {
  const value = req.headers['x-service-signature-256'];
  return Array.isArray(value) ? value.join(', ') : value;
};

const KNOWN_EVENTS = new Set(eventCatalogue.map((e) => e.event));
/** How long the racing receiver holds a request between its "seen?" check and its "seen" write. */
const RACE_WINDOW_MS = 100;

const envelopeOf = (raw: Buffer): Record<string, unknown> | undefined => {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : undefined;
  } catch {
    return undefined;
  }
};

const idOf = (raw: Buffer): string => {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'string')
      return parsed.id;
  } catch {
    // fall through: hash the bytes instead
  }
  return createHash('sha256').update(raw).digest('hex');
};

/** `slowMs`: how long the slow receiver waits before answering (make it longer than the tester's timeout). */
export async function startFaultyReceiver(kind: FaultKind, secret: string, slowMs = 1000): Promise<FaultyReceiver> {
  const seen = new Set<string>();
  const inFlight = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const header = signatureOf(req);
    switch (kind) {
      case 'accepts-everything':
        return answer(res, 200);
      case 'rejects-duplicates-with-409': {
        if (!verifySignature(raw, header, secret).ok) return answer(res, 401);
        const id = idOf(raw);
        if (seen.has(id)) return answer(res, 409);
        seen.add(id);
        return answer(res, 200);
      }
      case 'compares-hex-case-sensitively':
        return answer(res, header === sign(secret, raw) ? 200 : 401);
      case 'reserialises-json-before-verifying': {
        let canonical: string;
        try {
          canonical = JSON.stringify(JSON.parse(raw.toString('utf8')));
        } catch {
          return answer(res, 401);
        }
        return answer(res, verifySignature(canonical, header, secret).ok ? 200 : 401);
      }
      case 'refuses-events-older-than-5-minutes': {
        // A replay window borrowed from other services: the spec's retries come an hour and more later.
        if (!verifySignature(raw, header, secret).ok) return answer(res, 401);
        const createdAt = envelopeOf(raw)?.created_at;
        const age = typeof createdAt === 'string' ? Date.now() - Date.parse(createdAt) : Infinity;
        return answer(res, age <= 5 * 60_000 ? 200 : 400);
      }
      case 'races-on-concurrent-duplicates': {
        // Check, work, then record: a second delivery of an id arriving meanwhile hits the unique index (500).
        if (!verifySignature(raw, header, secret).ok) return answer(res, 401);
        const id = idOf(raw);
        if (inFlight.has(id)) return answer(res, 500);
        inFlight.add(id);
        const timer = setTimeout(() => {
          timers.delete(timer);
          inFlight.delete(id);
          if (!res.destroyed) answer(res, 200);
        }, RACE_WINDOW_MS);
        timers.add(timer);
        return;
      }
      case 'reads-the-body-before-verifying': {
        // Parses and routes first, verifies last: unreadable or unroutable forgeries get 400, not 401.
        const envelope = envelopeOf(raw);
        if (envelope === undefined || typeof envelope.event !== 'string' || !KNOWN_EVENTS.has(envelope.event))
          return answer(res, 400);
        return answer(res, verifySignature(raw, header, secret).ok ? 200 : 401);
      }
      case 'slower-than-timeout': {
        const status = verifySignature(raw, header, secret).ok ? 200 : 401;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(res, status);
        }, slowMs);
        timers.add(timer);
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
