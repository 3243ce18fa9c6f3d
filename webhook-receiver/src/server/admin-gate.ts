import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ReceiverStore } from '../store/receiver-store';
import { ADMIN_PREFIX, handleAdmin } from './admin-api';
import { adminAccess, bearerToken, sameSecret } from './admin-auth';
import { sendError } from './json-response';
import { streamChanges } from './live-events';
import { LiveSessions } from './live-session';
import { LIVE_CSP, LIVE_SCRIPT, LIVE_STYLES, livePage, signInPage } from './live/live-page';
import { readRawBody } from './read-raw-body';

export interface AdminGateOptions {
  readonly adminToken: string | undefined;
  readonly store: ReceiverStore;
  readonly sessions: LiveSessions;
  /** Where deliveries go (shown on the live page). */
  readonly deliveryUrl: () => string;
}

const PAGE_HEADERS = {
  'Content-Security-Policy': LIVE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function sendText(
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    ...PAGE_HEADERS,
    ...headers,
  });
  res.end(text);
}

const seeOther = (res: ServerResponse, location: string, headers: Record<string, string> = {}) => {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', ...headers });
  res.end();
};

async function formField(req: IncomingMessage, name: string): Promise<string | undefined> {
  const body = await readRawBody(req, 16 * 1024);
  if (!body.ok) return undefined;
  return new URLSearchParams(body.bytes.toString('utf8')).get(name) ?? undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Everything under /_receiver/: the live page's assets and sign-in (open), then the admin token (a bearer header,
 * or the live page's session cookie plus its CSRF header on changes), then the live page, its event stream and
 * the JSON admin API.
 */
export async function handleAdminRequest(
  req: IncomingMessage,
  res: ServerResponse,
  o: AdminGateOptions,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0].slice(ADMIN_PREFIX.length).replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';

  if (method === 'GET' && path === '/live.js') return sendText(res, 200, 'text/javascript; charset=utf-8', LIVE_SCRIPT);
  if (method === 'GET' && path === '/live.css') return sendText(res, 200, 'text/css; charset=utf-8', LIVE_STYLES);
  if (method === 'POST' && path === '/live/sign-in' && o.adminToken !== undefined) {
    const token = await formField(req, 'token');
    if (token === undefined || !sameSecret(token, o.adminToken)) {
      return sendText(
        res,
        401,
        'text/html; charset=utf-8',
        signInPage(ADMIN_PREFIX, 'That is not this receiver’s admin token.'),
      );
    }
    const { cookie } = o.sessions.open(ADMIN_PREFIX);
    return seeOther(res, `${ADMIN_PREFIX}/live`, { 'Set-Cookie': cookie });
  }

  if (method === 'POST' && path === '/live/sign-in') return seeOther(res, `${ADMIN_PREFIX}/live`); // no token: no sign-in
  const session = o.sessions.of(req);
  if (
    method === 'GET' &&
    path === '/live' &&
    o.adminToken !== undefined &&
    session === undefined &&
    bearerToken(req) === undefined
  ) {
    return sendText(res, 200, 'text/html; charset=utf-8', signInPage(ADMIN_PREFIX));
  }
  const access = adminAccess(req, o.adminToken, session !== undefined);
  if (!access.ok) {
    const challenge: Record<string, string> =
      access.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="ppapi-receiver admin"' } : {};
    return sendError(res, access.status, access.code, access.error, challenge);
  }
  // A browser sends the session cookie by itself; a change must also prove it comes from the live page.
  const bySession = o.adminToken !== undefined && bearerToken(req) === undefined;
  if (bySession && UNSAFE.has(method) && path !== '/live/sign-out' && !o.sessions.csrfOk(req)) {
    return sendError(res, 403, 'FORBIDDEN', 'a change through the live page session needs its x-receiver-csrf header');
  }
  // A cross-site page can POST text/plain without asking first; JSON makes the browser ask, and nobody answers.
  if (
    method === 'POST' &&
    path !== '/live/sign-out' &&
    !/^application\/json\b/i.test(req.headers['content-type'] ?? '')
  ) {
    return sendError(
      res,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'admin requests with a body send Content-Type: application/json',
    );
  }

  if (path === '/live' && method === 'GET') {
    return sendText(
      res,
      200,
      'text/html; charset=utf-8',
      livePage({
        adminPrefix: ADMIN_PREFIX,
        deliveryUrl: o.deliveryUrl(),
        csrf: session?.csrf ?? '',
        signOut: session !== undefined,
      }),
    );
  }
  if (path === '/live/sign-out' && method === 'POST') {
    const csrf = await formField(req, 'csrf');
    if (session && (csrf === undefined || !sameSecret(csrf, session.csrf))) {
      return sendError(res, 403, 'FORBIDDEN', 'sign-out needs the live page’s CSRF value');
    }
    return seeOther(res, `${ADMIN_PREFIX}/live`, { 'Set-Cookie': o.sessions.close(req, ADMIN_PREFIX) });
  }
  if (path === '/events' && method === 'GET') return streamChanges(req, res, o.store);
  return handleAdmin(req, res, o.store);
}
