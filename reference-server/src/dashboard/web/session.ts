// Sign-in state and CSRF protection of the web dashboard, on hapi's own cookie support (iron: encrypted and
// signed). The session cookie proves its holder typed the admin token: its password is derived from that token,
// so changing ADMIN_TOKEN signs everyone out. Each form carries the value of a second cookie (double submit);
// both cookies are HttpOnly and SameSite=Strict, and Secure in production mode.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { Clock } from '../../platform/clock';

export const SESSION_COOKIE = 'ppapi_dashboard_session';
export const CSRF_COOKIE = 'ppapi_dashboard_csrf';
export const CSRF_FIELD = 'csrf';
/** A signed-in session lasts a working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
const PATH = '/dashboard';

interface Session {
  readonly signedInAt: number;
}

/** Iron needs a password of at least 32 characters: 64 hex characters derived from the admin token. */
function cookiePassword(adminToken: string | undefined): string {
  // Without a token nobody can sign in; the cookies still need a password, and nobody can know this one.
  const key = adminToken ?? randomBytes(32).toString('hex');
  return createHmac('sha256', key).update('ppapi dashboard cookies v1').digest('hex');
}

export function registerCookies(server: Server, options: { adminToken?: string; production: boolean }): void {
  const common = {
    encoding: 'iron' as const,
    password: cookiePassword(options.adminToken),
    isSecure: options.production,
    isHttpOnly: true,
    isSameSite: 'Strict' as const,
    path: PATH,
    clearInvalid: true,
    strictHeader: true,
    ignoreErrors: true,
  };
  server.state(SESSION_COOKIE, { ...common, ttl: SESSION_TTL_MS });
  server.state(CSRF_COOKIE, { ...common, ttl: null });
}

const isSession = (value: unknown): value is Session =>
  typeof value === 'object' && value !== null && typeof (value as { signedInAt?: unknown }).signedInAt === 'number';

export function isSignedIn(request: Request, clock: Clock): boolean {
  const session: unknown = request.state[SESSION_COOKIE];
  if (!isSession(session)) return false;
  const age = clock.now().getTime() - session.signedInAt;
  return age >= 0 && age < SESSION_TTL_MS;
}

export function signIn(h: ResponseToolkit, clock: Clock): void {
  h.state(SESSION_COOKIE, { signedInAt: clock.now().getTime() } satisfies Session);
}

export function signOut(h: ResponseToolkit): void {
  h.unstate(SESSION_COOKIE);
}

/** The form token of this browser: the one in its cookie, or a new one set along with this answer. */
export function csrfToken(request: Request, h: ResponseToolkit): string {
  const existing: unknown = request.state[CSRF_COOKIE];
  if (typeof existing === 'string' && existing.length >= 32) return existing;
  const fresh = randomBytes(32).toString('base64url');
  h.state(CSRF_COOKIE, fresh);
  return fresh;
}

/** A form is ours when its hidden field equals this browser's cookie (another site can read neither). */
export function csrfValid(request: Request, submitted: string | undefined): boolean {
  const expected: unknown = request.state[CSRF_COOKIE];
  if (typeof expected !== 'string' || submitted === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
