import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Who may use the admin API. With a token: whoever sends `Authorization: Bearer TOKEN` (or holds a live-page
 * session, see live-session.ts). Without one: only connections that arrived over loopback, so a receiver
 * exposed to the internet for its delivery path never exposes what it recorded or lets anyone script it.
 */
export type AdminAccess =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: 401 | 403; readonly code: string; readonly error: string };

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Constant-time whatever the lengths: digests are compared, never the strings. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The bearer token of a request, if it has one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses (a dual-stack listener reports those). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

export function adminAccess(req: IncomingMessage, adminToken: string | undefined, hasSession: boolean): AdminAccess {
  if (adminToken === undefined) {
    // The local address is the interface the connection came in on: loopback means the peer is this machine.
    if (isLoopbackAddress(req.socket.localAddress)) return { ok: true };
    return {
      ok: false,
      status: 403,
      code: 'FORBIDDEN',
      error:
        'the admin API answers on loopback only when the receiver has no admin token: start it with --admin-token (or RECEIVER_ADMIN_TOKEN) to use it from elsewhere',
    };
  }
  const given = bearerToken(req);
  if (given !== undefined ? sameSecret(given, adminToken) : hasSession) return { ok: true };
  return {
    ok: false,
    status: 401,
    code: 'UNAUTHORIZED',
    error:
      given === undefined
        ? 'the admin API needs Authorization: Bearer <admin token>'
        : 'the admin token in Authorization: Bearer is not this receiver’s',
  };
}
