// The HTTP listener under Hapi: Node's own request and header timeouts, checked often enough for small
// configured values, and Node's client errors (malformed request line, oversized headers or URL, timeouts)
// answered in the `{ error, code }` envelope with X-Service-Mode wherever the socket still allows an answer.
// Hapi's own handler would answer a bare `400 Bad Request` (or a Boom 400 for a timeout): it is replaced here.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Server } from '@hapi/hapi';
import { ERRORS, type ErrorCode } from '../errors/catalogue';
import { serviceModeOf, type ServiceMode } from './service-mode';

export interface ListenerTimeouts {
  /** Whole request (headers and body) received within this many ms, else 408 and the connection closes. */
  readonly requestTimeoutMs: number;
  /** Headers received within this many ms (at most requestTimeoutMs). */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many ms (below headersTimeoutMs). */
  readonly keepAliveTimeoutMs: number;
}

/** A request line longer than this (in the bytes Node refused) is reported as 414 rather than 431. */
const MAX_REQUEST_LINE = 8 * 1024;

export function createListener(timeouts: ListenerTimeouts): http.Server {
  const listener = http.createServer({
    requestTimeout: timeouts.requestTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
    // Node checks expired requests on this interval (30 s by default): a tenth of the bound keeps the answer near it.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersTimeoutMs / 10))),
  });
  // Node's default is 5 s: a balancer keeping idle upstream connections longer would reuse one the server is closing.
  listener.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return listener;
}

type SocketWithMessage = Socket & { _httpMessage?: { headersSent?: boolean } | null };

interface ClientErrorLike extends Error {
  readonly code?: string;
  readonly rawPacket?: Buffer;
}

/** Which envelope answer a client error gets. */
export function classifyClientError(err: ClientErrorLike): ErrorCode {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const packet = err.rawPacket ?? Buffer.alloc(0);
    const lineEnd = packet.indexOf('\n');
    return (lineEnd === -1 ? packet.length : lineEnd) > MAX_REQUEST_LINE ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  }
  return 'BAD_REQUEST';
}

export function envelopeResponse(code: ErrorCode, mode: ServiceMode, requestId?: string): string {
  const body = JSON.stringify({ error: ERRORS[code].message, code });
  const lines = [
    `HTTP/1.1 ${ERRORS[code].status} ${http.STATUS_CODES[ERRORS[code].status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    `x-service-mode: ${mode}`,
    ...(requestId ? [`x-request-id: ${requestId}`] : []),
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Replaces Hapi's client-error handler on the server's listener; call after the server is built. */
export function answerClientErrors(server: Server): void {
  // The request a socket is carrying, when Node got as far as its headers (for X-Service-Mode and the id).
  const current = new WeakMap<Socket, Request>();
  server.ext('onRequest', (request, h) => {
    current.set(request.raw.req.socket, request);
    return h.continue;
  });
  server.listener.removeAllListeners('clientError');
  server.listener.on('clientError', (err: ClientErrorLike, socket: SocketWithMessage) => {
    if (!socket.writable || socket._httpMessage?.headersSent || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const request = current.get(socket);
    const code = classifyClientError(err);
    socket.end(envelopeResponse(code, request ? serviceModeOf(request) : 'live', request?.info.id));
    // A client that never reads its answer does not keep the socket.
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}
