// A network that breaks and does nothing else: a proxy on 127.0.0.1:0 in front of a deployment that resets the
// connection of every `every`-th GET (counted across the run) before it reaches the deployment, and forwards
// every other request and answer byte for byte. What it causes is the network's fault, never the deployment's.
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ResettingNetwork {
  readonly baseUrl: string;
  /** GETs whose connection was reset so far. */
  resets(): number;
  stop(): Promise<void>;
}

export async function startResettingNetwork(upstreamOrigin: string, every: number): Promise<ResettingNetwork> {
  const upstream = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let gets = 0;
  let resets = 0;
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'GET' && ++gets % every === 0) {
      resets++;
      incoming.socket.destroy();
      return;
    }
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
        agent,
      },
      (res) => {
        outgoing.writeHead(res.statusCode ?? 502, res.headers);
        res.pipe(outgoing);
      },
    );
    // The deployment itself hung up: pass that on as it is, a broken connection.
    out.on('error', () => outgoing.destroy());
    incoming.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${new URL(upstreamOrigin).pathname.replace(/\/$/, '')}/api/public/v1`,
    resets: () => resets,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
