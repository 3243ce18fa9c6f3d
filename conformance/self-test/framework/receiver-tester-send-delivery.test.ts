// The receiver tester's deliveries each go on a connection of their own: a receiver that closes a kept-alive
// connection instead of reading a second request on it (as one whose idle timeout has just fired) still gets
// and answers every delivery.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sendDelivery } from '../../src/receiver-tester/send-delivery';

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\nok';

describe('sendDelivery', () => {
  let server: net.Server;
  const sockets = new Set<net.Socket>();
  /** [connection, request on it] per request read. */
  const requests: Array<[number, number]> = [];
  let url: string;

  beforeAll(async () => {
    let connections = 0;
    server = net.createServer((socket) => {
      const connection = ++connections;
      let nth = 0;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
        nth += 1;
        requests.push([connection, nth]);
        // A connection carries one delivery: a second request on it is reset unanswered.
        if (nth > 1) socket.resetAndDestroy();
        else socket.write(OK);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends each delivery on a new connection, never on one kept alive from an earlier delivery', async () => {
    for (let i = 0; i < 3; i += 1) {
      const exchange = await sendDelivery({ url, body: '{}', headers: { 'content-type': 'application/json' } }, 5000);
      expect(exchange).toMatchObject({ status: 200, error: null, timedOut: false });
    }
    expect(requests).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });
});
