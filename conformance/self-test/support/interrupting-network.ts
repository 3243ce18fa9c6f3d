// A network that interrupts and does nothing else: a proxy on 127.0.0.1:0 in front of a deployment that stops
// every `every`-th request (counted across the run) before it reaches the deployment, and forwards every other
// request and answer byte for byte. `reset` breaks the connection of every `every`-th GET (the network's fault);
// `unavailable` answers every `every`-th request of any method with the 503 the spec lets any endpoint give
// (`RATE_LIMIT_UNAVAILABLE`, `Retry-After`, `X-Service-Mode`), as a deployment whose rate-limit store is briefly
// out of reach does. `hold` takes every `every`-th GET and never answers it (a stalled path: the client's timeout
// decides). None is a violation of any rule.
import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InterruptingNetwork {
  readonly baseUrl: string;
  /** Requests interrupted so far. */
  interrupted(): number;
  stop(): Promise<void>;
}

export interface Interruption {
  readonly every: number;
  readonly by: 'reset' | 'unavailable' | 'hold';
}

/** The mode the spec's key prefixes and the request's own header imply (section "Sandbox mode"). */
function modeOf(incoming: IncomingMessage): 'live' | 'sandbox' {
  const key = /^Bearer (\S+)$/.exec(incoming.headers.authorization ?? '')?.[1] ?? '';
  return key.startsWith('svc_sandbox_') || incoming.headers['x-service-mode'] === 'sandbox' ? 'sandbox' : 'live';
}

export async function startInterruptingNetwork(
  upstreamOrigin: string,
  { every, by }: Interruption,
): Promise<InterruptingNetwork> {
  const upstream = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let counted = 0;
  let interrupted = 0;
  const server = createServer((incoming, outgoing) => {
    if ((by === 'unavailable' || incoming.method === 'GET') && ++counted % every === 0) {
      interrupted++;
      if (by === 'reset') {
        incoming.socket.destroy();
        return;
      }
      // Held: read and kept, never answered; stop() closes the connection with every other.
      if (by === 'hold') {
        incoming.resume();
        return;
      }
      incoming.resume();
      outgoing.writeHead(503, {
        'content-type': 'application/json',
        'retry-after': '60',
        'x-service-mode': modeOf(incoming),
      });
      outgoing.end(
        JSON.stringify({ error: 'The rate-limit store could not be checked', code: 'RATE_LIMIT_UNAVAILABLE' }),
      );
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
    interrupted: () => interrupted,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
