// Raw HTTP over a socket, for what inject cannot send: bytes the HTTP parser refuses, bodies shorter than
// their Content-Length, senders that stop. Resolves when the server closes the connection or, with
// `untilAnswer`, as soon as one complete answer arrived; gives up after `budgetMs` (answered: false).
import net from 'node:net';

export interface RawAnswer {
  readonly answered: boolean;
  readonly status?: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly closed: boolean;
  readonly elapsedMs: number;
}

export function parseAnswer(
  raw: Buffer,
  noBody = false,
): Pick<RawAnswer, 'status' | 'headers' | 'body'> & { complete: boolean } {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return { headers: {}, body: '', complete: false };
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.subarray(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.toString('utf8'),
    complete: noBody || (Number.isFinite(length) && body.length >= length),
  };
}

export interface RawRequestOptions {
  readonly port: number;
  /** Written at once, in order; each chunk may be followed by a pause of the sender (no more bytes). */
  readonly chunks: readonly (string | Buffer)[];
  readonly budgetMs: number;
  readonly untilAnswer?: boolean;
  /** A HEAD request: the answer has headers only. */
  readonly head?: boolean;
}

export function rawRequest({
  port,
  chunks,
  budgetMs,
  untilAnswer = true,
  head = false,
}: RawRequestOptions): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseAnswer(Buffer.concat(received), head);
      resolve({
        answered: parsed.status !== undefined && parsed.complete,
        status: parsed.status,
        headers: parsed.headers,
        body: parsed.body,
        closed,
        elapsedMs: Date.now() - started,
      });
    };
    const timer = setTimeout(() => finish(false), budgetMs);
    socket.on('data', (data) => {
      received.push(data);
      if (untilAnswer && parseAnswer(Buffer.concat(received), head).complete) finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk);
    });
  });
}
