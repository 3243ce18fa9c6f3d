// Receivers each broken in one way, to prove every tester check can fail (the "harness tests the checker" habit).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { sign, verifySignature } from '@ppapi/webhook-receiver';

export type FaultKind =
  | 'accepts-everything'
  | 'rejects-duplicates-with-409'
  | 'compares-hex-case-sensitively'
  | 'reserialises-json-before-verifying'
  | 'slower-than-timeout';

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
