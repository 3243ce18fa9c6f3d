// The web dashboard (/dashboard): server-rendered pages (@hapi/vision with Handlebars) over the same service
// functions as the JSON admin API, signed in with the admin token. Every page answer carries a strict
// Content-Security-Policy (no script at all, styles from this origin only) and is never stored by a cache.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import Vision from '@hapi/vision';
import Handlebars from 'handlebars';
import { depsOf } from '../../platform/app-context';
import { csrfToken, isSignedIn, registerCookies } from './session';
import { DASHBOARD_PAGES, pageRoutes } from './pages';

/** Marks the routes whose answers (errors included) are HTML pages. */
const TAG = 'dashboard-web';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const STYLESHEET = readFileSync(join(__dirname, 'static', 'dashboard.css'), 'utf8');

const isPage = (request: Request): boolean => request.route.settings.tags?.includes(TAG) === true;

/** A thrown error on a page (an unknown landlord, say) becomes a page with the message, never JSON or a stack. */
function errorPage(request: Request, h: ResponseToolkit, status: number, message: string, code: string) {
  const deps = depsOf(request);
  return h
    .view('error', {
      title: status === 404 ? 'Not found' : 'Not done',
      csrf: csrfToken(request, h),
      signedIn: isSignedIn(request, deps.clock),
      mailCaptured: deps.mailCapture !== undefined,
      error: { status, code, message },
    })
    .code(status);
}

export const dashboardWebPlugin: Plugin<void> = {
  name: 'dashboard-web',
  dependencies: ['dashboard'],
  async register(server) {
    const deps = depsOf(server);
    await server.register(Vision);
    server.views({
      engines: { hbs: Handlebars },
      relativeTo: __dirname,
      path: 'templates',
      layout: true,
      layoutPath: 'templates',
      isCached: deps.config.production,
    });
    registerCookies(server, { adminToken: deps.config.adminToken, production: deps.config.production });

    server.auth.scheme('dashboard-session', () => ({
      authenticate: (request, h) =>
        isSignedIn(request, depsOf(request).clock)
          ? h.authenticated({ credentials: { admin: true } })
          : h.redirect(`${DASHBOARD_PAGES}/sign-in`).code(303).takeover(),
    }));
    server.auth.strategy('dashboard-session', 'dashboard-session');

    for (const page of pageRoutes) {
      server.route({
        method: page.method,
        path: page.path,
        handler: page.handler,
        options: {
          auth: page.public ? false : 'dashboard-session',
          tags: [TAG],
          cache: { privacy: 'private', otherwise: 'no-store' },
          ...(page.method === 'POST'
            ? { payload: { allow: ['application/x-www-form-urlencoded'], maxBytes: 64 * 1024 } }
            : {}),
        },
      });
    }
    server.route({
      method: 'GET',
      path: '/assets/dashboard.css',
      options: { auth: false, tags: [TAG] },
      handler: (_request, h) => h.response(STYLESHEET).type('text/css; charset=utf-8'),
    });

    // Before the error responder, which would render a thrown error as JSON.
    server.ext(
      'onPreResponse',
      (request, h) => {
        if (!isPage(request)) return h.continue;
        let response = request.response;
        if ('isBoom' in response && response.isBoom) {
          const status = response.output.statusCode;
          if (status >= 500) {
            deps.logger.error({ err: response, path: request.path }, 'dashboard page failed');
            response = errorPage(request, h, status, 'The server failed to do this; its log says why.', 'SERVER_ERROR');
          } else {
            const code = (response.data as { code?: unknown } | null)?.code;
            response = errorPage(request, h, status, response.message, typeof code === 'string' ? code : 'BAD_REQUEST');
          }
        }
        const page = response as ResponseObject;
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) page.header(name, value);
        return page;
      },
      { before: ['error-responder'] },
    );
  },
};
