// The HTTP sender's pooled connections: one idle past the stale bound is never written to (the receiver may have
// closed it while this process was busy, and the request would be lost unseen); the request goes on a new
// connection instead. A reset of a connection that was written to is the attempt's network error (the receiver may
// have seen the request): never sent twice. Time is a manual clock: no sleeps.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpSender, STALE_CONNECTION_MS } from '../src/webhooks/delivery/http-sender';

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
      for (
        let end = buffered.indexOf('\r\n\r\n');
        end >= 0 && buffered.length >= end + 4 + 2;
        end = buffered.indexOf('\r\n\r\n')
      ) {
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function sender() {
  let now = 0;
  const send = createHttpSender({ now: () => now });
  return {
    send: (url: string) => send({ url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 5000 }),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('createHttpSender: pooled connections', () => {
  let receiver: RawReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('reuses a connection idle for up to the stale bound', async () => {
    receiver = await rawReceiver(() => 'answer');
    const { send, advance } = sender();
    expect(await send(receiver.url)).toMatchObject({ succeeded: true, statusCode: 200 });
    advance(STALE_CONNECTION_MS);
    expect(await send(receiver.url)).toMatchObject({ succeeded: true, statusCode: 200 });
    expect(receiver.requests).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it('never writes to a connection idle past the stale bound: the request goes, once, on a new connection', async () => {
    // Connection 1 would reset a second request, as a receiver whose keep-alive timeout has just fired: it never sees one.
    receiver = await rawReceiver((connection, nth) => (connection === 1 && nth === 2 ? 'reset' : 'answer'));
    const { send, advance } = sender();
    expect(await send(receiver.url)).toMatchObject({ succeeded: true });
    advance(STALE_CONNECTION_MS + 1);
    expect(await send(receiver.url)).toMatchObject({ succeeded: true, statusCode: 200, error: null });
    expect(receiver.requests).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it("a reset of a reused connection after the request was written is the attempt's network error, not a second send", async () => {
    // The receiver read the request and dropped the connection: to the spec a network error (retried later, not now).
    receiver = await rawReceiver((connection, nth) => (connection === 1 && nth === 2 ? 'reset' : 'answer'));
    const { send, advance } = sender();
    expect(await send(receiver.url)).toMatchObject({ succeeded: true });
    advance(STALE_CONNECTION_MS / 2);
    const result = await send(receiver.url);
    expect(result).toMatchObject({ succeeded: false, statusCode: null });
    expect(result.error).toMatch(/^network error: /);
    expect(receiver.requests).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it("a reset of a new connection is the attempt's network error, sent once", async () => {
    receiver = await rawReceiver(() => 'reset');
    const result = await sender().send(receiver.url);
    expect(result).toMatchObject({ succeeded: false, statusCode: null });
    expect(result.error).toMatch(/^network error: .*ECONNRESET/);
    expect(receiver.requests).toEqual([[1, 1]]);
  });
});
