import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import { sameSecret } from './admin-auth';

export const SESSION_COOKIE = 'ppapi_receiver_session';
/** Unsafe requests authenticated by the session cookie must repeat the session's CSRF value in this header. */
export const CSRF_HEADER = 'x-receiver-csrf';
const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

interface Session {
  readonly csrf: string;
  readonly expiresAt: number;
}

/**
 * Sign-in for the live page, which a browser opens without an Authorization header: typing the admin token
 * gives a random session id in an HttpOnly, SameSite=Strict cookie scoped to the admin prefix. Sessions live in
 * memory, like everything the receiver knows, and end with the process.
 */
export class LiveSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number) {}

  /** A new session's cookie header and CSRF value. */
  open(path: string): { cookie: string; csrf: string } {
    this.sweep();
    const id = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    this.sessions.set(id, { csrf, expiresAt: this.now() + SESSION_TTL_MS });
    const maxAge = Math.floor(SESSION_TTL_MS / 1000);
    return { cookie: `${SESSION_COOKIE}=${id}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}`, csrf };
  }

  /** The request's live session, if its cookie names one that has not expired. */
  of(req: IncomingMessage): (Session & { readonly id: string }) | undefined {
    const id = cookieValue(req, SESSION_COOKIE);
    if (id === undefined) return undefined;
    const session = this.sessions.get(id);
    if (!session || session.expiresAt <= this.now()) return undefined;
    return { ...session, id };
  }

  /** A cookie-authenticated request that changes something must carry the session's CSRF value. */
  csrfOk(req: IncomingMessage): boolean {
    const session = this.of(req);
    const sent = req.headers[CSRF_HEADER];
    return session !== undefined && typeof sent === 'string' && sameSecret(sent, session.csrf);
  }

  close(req: IncomingMessage, path: string): string {
    const session = this.of(req);
    if (session) this.sessions.delete(session.id);
    return `${SESSION_COOKIE}=; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(id);
  }
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
