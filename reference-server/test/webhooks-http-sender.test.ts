// The HTTP sender against a receiver that closes kept-alive connections: a request written onto a pooled
// connection the receiver has just dropped never reached it, and is sent once more on a new connection; a reset
// anywhere else is the attempt's network error (the receiver may have seen the request), never sent twice.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { httpSender } from '../src/webhooks/delivery/http-sender';

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\nok';

interface RawReceiver {
  readonly url: string;
  /** Requests seen, as [connection number, request number on that connection]. */
  readonly requests: Array<[number, number]>;
  close(): Promise<void>;
}

/**
 * A raw HTTP/1.1 receiver: `act(connection, nth)` decides, per request, to answer 200 and keep the connection, or
 * to reset it (RST) without answering, as a server whose keep-alive timeout fired just as the request came.
 */
async function rawReceiver(act: (connection: number, nth: number) => 'answer' | 'reset'): Promise<RawReceiver> {
  const requests: Array<[number, number]> = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let nth = 0;
    let buffered = '';
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      // The sender's bodies are "{}" with a Content-Length: one request is complete once its head and 2 bytes are in.
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0 && buffered.length >= end + 4 + 2; end = buffered.indexOf('\r\n\r\n')) {
        buffered = buffered.slice(end + 4 + 2);
        nth += 1;
        requests.push([connection, nth]);
        if (act(connection, nth) === 'reset') {
          socket.resetAndDestroy();
          return;
        }
        socket.write(OK);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

const send = (url: string) => httpSender({ url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 5000 });

describe('httpSender on kept-alive connections', () => {
  it('sends a request once more, on a new connection, when its pooled connection was reset before any answer', async () => {
    // Connection 1 answers its first request and resets on the second (the stale pooled connection).
    const receiver = await rawReceiver((connection, nth) => (connection === 1 && nth === 2 ? 'reset' : 'answer'));
    try {
      expect(await send(receiver.url)).toMatchObject({ succeeded: true, statusCode: 200, error: null });
      expect(await send(receiver.url)).toMatchObject({ succeeded: true, statusCode: 200, error: null });
      expect(receiver.requests).toEqual([[1, 1], [1, 2], [2, 1]]);
    } finally {
      await receiver.close();
    }
  });

  it('does not send again when a new connection is reset: the attempt is a network error', async () => {
    const receiver = await rawReceiver(() => 'reset');
    try {
      const result = await send(receiver.url);
      expect(result).toMatchObject({ succeeded: false, statusCode: null });
      expect(result.error).toMatch(/^network error: .*ECONNRESET/);
      expect(receiver.requests).toEqual([[1, 1]]);
    } finally {
      await receiver.close();
    }
  });

  it('sends at most once more: a reset on the re-send too is the attempt\'s network error', async () => {
    // The pooled connection resets, and so does the new one.
    const receiver = await rawReceiver((connection, nth) => (connection === 1 && nth === 1 ? 'answer' : 'reset'));
    try {
      expect(await send(receiver.url)).toMatchObject({ succeeded: true });
      const result = await send(receiver.url);
      expect(result).toMatchObject({ succeeded: false, statusCode: null });
      expect(receiver.requests).toEqual([[1, 1], [1, 2], [2, 1]]);
    } finally {
      await receiver.close();
    }
  });
});
