// A broken deployment: a node:http proxy on 127.0.0.1:0 in front of the reference server that applies ONE fault,
// a small object whose functions may rewrite the request (e.g. swap the sandbox key for the live one), answer it
// themselves, and/or rewrite the upstream response (status, headers, body). Each self-test proves that a check
// fails against the deployment that breaks its rule.

import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

export interface ProxyRequest {
  readonly method: string;
  /** Pathname as received, e.g. `/api/public/v1/properties`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /**
   * Aborted when the client hangs up before the proxy answered: the upstream request is then abandoned too, as
   * the client's would be without the proxy (a webhook sender's timeout reaches the receiver).
   */
  readonly signal?: AbortSignal;
}

export interface ProxyResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export interface FaultContext {
  /** Sends a request to the reference server directly (for faults that need a second opinion, e.g. page 1). */
  readonly upstream: (req: ProxyRequest) => Promise<ProxyResponse>;
  /** Per-deployment memory (counters of stateful faults). */
  readonly state: Map<string, unknown>;
}

type Maybe<T> = T | void | undefined | Promise<T | void | undefined>;

export interface Fault {
  readonly description: string;
  /** Returns a rewritten request, or a response to answer with (nothing goes upstream), or nothing (unchanged). */
  readonly request?: (req: ProxyRequest, ctx: FaultContext) => Maybe<ProxyRequest | ProxyResponse>;
  /** `original` is the request as the client sent it (before `request` rewrote it). */
  readonly response?: (res: ProxyResponse, original: ProxyRequest, ctx: FaultContext) => Maybe<ProxyResponse>;
  /**
   * How answers leave the proxy: chunked (no Content-Length), with `Connection: close`, after a `103 Early Hints`
   * interim answer, with header names in upper case. Default: none of these.
   */
  readonly transport?: Transport;
}

/** A request as known once its head has arrived, before its body is read. */
export type RequestHead = Omit<ProxyRequest, 'body' | 'signal'>;

/** How answers leave the proxy, and how it treats its connections. */
export interface Transport {
  readonly chunked?: boolean;
  readonly close?: boolean;
  readonly interim?: boolean;
  readonly upperCaseNames?: boolean;
  /** Content codings the proxy applies when the request's Accept-Encoding allows one (first allowed wins). */
  readonly compress?: readonly ContentCoding[];
  /** Closes a keep-alive connection idle this long, without announcing a timeout (no `Keep-Alive` header). */
  readonly idleCloseMs?: number;
  /** Sends `408 Request Timeout` with `Connection: close` on the idle connection before closing it. */
  readonly idle408?: boolean;
  /**
   * Answers a request from its head alone, before reading its body (an upload over a size limit, refused from its
   * Content-Length), then closes the connection, reading and discarding what the client still sends meanwhile.
   */
  readonly early?: (head: RequestHead) => ProxyResponse | undefined;
}

export type ContentCoding = 'gzip' | 'deflate' | 'br';

/** The codings an Accept-Encoding value allows (RFC 9110 section 12.5.3): listed with a q above 0, or `*`. */
export function acceptedCodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.map((p) => /^q=([0-9.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) out.add(name);
  }
  return out;
}

const ENCODERS: Readonly<Record<ContentCoding, (body: Buffer) => Buffer>> = {
  gzip: (b) => gzipSync(b),
  deflate: (b) => deflateSync(b),
  br: (b) => brotliCompressSync(b),
};

export interface BrokenDeployment {
  readonly origin: string;
  /** The public API base URL through the proxy. */
  readonly baseUrl: string;
  stop(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'accept-encoding',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
]);

function isResponse(value: ProxyRequest | ProxyResponse): value is ProxyResponse {
  return 'status' in value;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolveBody(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function headersOf(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A stale pooled socket is reset as soon as it is written to; a later reset is the upstream's own doing. */
const STALE_RESET_MS = 1_000;

export async function startBrokenDeployment(upstreamOrigin: string, fault: Fault): Promise<BrokenDeployment> {
  const upstreamUrl = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const state = new Map<string, unknown>();

  // A pooled keep-alive socket the upstream has just closed fails at once with ECONNRESET ("socket hang up");
  // the request never reached the upstream, so it is sent once more on a fresh socket (Node's documented remedy).
  // A reset that comes after the upstream held the request (a receiver dropping the connection on purpose) is
  // the upstream's answer, not a stale socket: it is passed on, never re-sent.
  const upstream = async (req: ProxyRequest): Promise<ProxyResponse> => {
    try {
      return await upstreamOnce(req);
    } catch (error) {
      if ((error as { staleSocket?: boolean }).staleSocket) return upstreamOnce(req);
      throw error;
    }
  };

  const upstreamOnce = (req: ProxyRequest): Promise<ProxyResponse> =>
    new Promise((resolveResponse, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = upstreamUrl.host;
      if (req.body.length > 0 || !['GET', 'HEAD'].includes(req.method))
        headers['content-length'] = String(req.body.length);
      const query = req.query.toString();
      let answered = false;
      const sentAt = Date.now();
      const out = httpRequest(
        {
          host: upstreamUrl.hostname,
          port: upstreamUrl.port,
          method: req.method,
          path: `${req.path}${query ? `?${query}` : ''}`,
          headers,
          agent,
          ...(req.signal ? { signal: req.signal } : {}),
        },
        (res) => {
          answered = true;
          readAll(res).then(
            (body) => resolveResponse({ status: res.statusCode ?? 502, headers: headersOf(res), body }),
            reject,
          );
        },
      );
      // The upstream may answer and close before reading the body (a refused write): keep the answer.
      out.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (out.reusedSocket && error.code === 'ECONNRESET' && Date.now() - sentAt < STALE_RESET_MS)
          Object.assign(error, { staleSocket: true });
        reject(error);
      });
      out.end(req.body);
    });
  const ctx: FaultContext = { upstream, state };

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const url = new URL(incoming.url ?? '/', 'http://proxy.invalid');
    const hangUp = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) hangUp.abort();
    });
    const head: RequestHead = {
      method: (incoming.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: headersOf(incoming),
    };
    const early = fault.transport?.early?.(head);
    if (early) {
      // What a server refusing an upload from its head does: answer, close, and read (discard) what still comes
      // for a while so the client can read the answer (RFC 9112 section 9.6, lingering close).
      const socket = incoming.socket;
      incoming.resume();
      outgoing.writeHead(early.status, {
        ...early.headers,
        connection: 'close',
        'content-length': String(early.body.length),
      });
      outgoing.end(early.body, () => {
        socket.end();
        setTimeout(() => socket.destroy(), 2_000).unref();
      });
      return;
    }
    const original: ProxyRequest = { ...head, body: await readAll(incoming), signal: hangUp.signal };
    const copy = (r: ProxyRequest): ProxyRequest => ({
      ...r,
      query: new URLSearchParams(r.query),
      headers: { ...r.headers },
    });
    let res: ProxyResponse;
    const rewritten = fault.request ? await fault.request(copy(original), ctx) : undefined;
    if (rewritten && isResponse(rewritten)) res = rewritten;
    else res = await upstream(rewritten ?? copy(original));
    if (fault.response)
      res = (await fault.response({ ...res, headers: { ...res.headers } }, copy(original), ctx)) ?? res;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    if (fault.transport?.close) headers.connection = 'close';
    const allowed = acceptedCodings(original.headers['accept-encoding']);
    const coding = fault.transport?.compress?.find((c) => allowed.has(c));
    if (coding && res.body.length > 0 && headers['content-encoding'] === undefined) {
      res = { ...res, body: ENCODERS[coding](res.body) };
      headers['content-encoding'] = coding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    const chunked = fault.transport?.chunked === true && res.body.length > 0;
    if (!chunked) headers['content-length'] = String(res.body.length);
    // node:http writes header names as given: upper case on the wire (field names are case-insensitive).
    const named = fault.transport?.upperCaseNames
      ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]))
      : headers;
    // An interim answer before the final one (RFC 9110 section 15.2: clients must parse 1xx they did not expect).
    if (fault.transport?.interim) outgoing.writeEarlyHints({ link: '</favicon.ico>; rel=preload; as=image' });
    outgoing.writeHead(res.status, named);
    if (chunked) {
      // Two chunks, so the client really reassembles the body (HTTP/1.1 chunked transfer coding, RFC 9112 section 7.1).
      const half = Math.ceil(res.body.length / 2);
      outgoing.write(res.body.subarray(0, half));
      outgoing.end(res.body.subarray(half));
      return;
    }
    outgoing.end(res.body);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      if (outgoing.headersSent) return outgoing.destroy();
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`broken-deployment proxy error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  const idleCloseMs = fault.transport?.idleCloseMs;
  if (idleCloseMs === undefined) server.keepAliveTimeout = 2_000;
  else {
    // No Keep-Alive header (a timeout of 0 sends none): the client is not told when an idle connection goes.
    server.keepAliveTimeout = 0;
    const idle = new Map<Socket, NodeJS.Timeout>();
    /** Sockets with a request in progress: never idle, whatever a timer that fired late says. */
    const busy = new WeakSet<Socket>();
    const quiet = (socket: Socket): void => {
      clearTimeout(idle.get(socket));
      idle.set(
        socket,
        setTimeout(() => {
          idle.delete(socket);
          // A timer fires before the I/O that arrived while the event loop was busy is read: look again after that
          // I/O, so a request already received is answered, not met with a 408 or a close (a real server's idle
          // timeout is about the connection, not about its own event loop).
          setImmediate(() => {
            if (busy.has(socket) || idle.has(socket)) return;
            if (fault.transport?.idle408 && socket.writable) {
              const body = '{"error":"The connection was idle too long","code":"REQUEST_TIMEOUT"}';
              socket.end(
                `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
              );
            } else socket.end();
          });
        }, idleCloseMs),
      );
    };
    server.on('connection', (socket: Socket) => {
      quiet(socket);
      socket.on('close', () => {
        clearTimeout(idle.get(socket));
        idle.delete(socket);
      });
    });
    server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
      clearTimeout(idle.get(incoming.socket));
      idle.delete(incoming.socket);
      busy.add(incoming.socket);
      outgoing.on('finish', () => {
        busy.delete(incoming.socket);
        quiet(incoming.socket);
      });
    });
  }
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/public/v1`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolveStop());
      }),
  };
}
