// The web dashboard (/dashboard) over HTTP: sign-in with the admin token, CSRF on every form, and each action held
// to the JSON admin API's results for the same input (same service, same schemas, same messages).
import Hapi from '@hapi/hapi';
import { EVENT_TYPE_COUNT, MAX_EVENT_TYPES_PER_ENDPOINT, eventCatalogue } from '@ppapi/spec';
import { registerCookies, SESSION_COOKIE, CSRF_COOKIE } from '../src/dashboard/web/session';
import { CONTENT_SECURITY_POLICY } from '../src/dashboard/web/plugin';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
});
afterAll(async () => {
  await t.deps.webhooks.discardQueue();
  await t.stop();
});

/** A browser's cookie jar over inject. */
class Browser {
  readonly cookies = new Map<string, string>();
  /** The server process it reaches (another process of the same deployment, say); `t` unless set. */
  server?: TestServer;

  async request(method: string, url: string, form?: Record<string, string | string[]>) {
    const body =
      form === undefined
        ? undefined
        : new URLSearchParams(
            Object.entries(form).flatMap(([k, v]): Array<[string, string]> =>
              Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
            ),
          ).toString();
    const res = await (this.server ?? t).inject({
      method,
      url,
      headers: {
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) {
        if (value.join('=') === '') this.cookies.delete(name);
        else this.cookies.set(name, value.join('='));
      }
    }
    return res;
  }

  /** The CSRF field of the last page (every form carries the same one). */
  csrfOf(html: string): string {
    const match = /name="csrf" value="([^"]+)"/.exec(html);
    if (!match) throw new Error('no CSRF field on the page');
    return match[1];
  }

  async signIn(): Promise<string> {
    const page = await this.request('GET', '/dashboard/sign-in');
    const csrf = this.csrfOf(page.payload);
    const res = await this.request('POST', '/dashboard/sign-in', { csrf, token: ADMIN_TOKEN });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard']);
    return csrf;
  }
}

const admin = (method: string, url: string, payload?: object) =>
  t.inject({ method, url: `/dashboard/api${url}`, payload, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
const json = (res: { payload: string }) => JSON.parse(res.payload) as Record<string, unknown>;
const dataOf = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;
/** The text of the page's alert, tags stripped and entities decoded as a browser shows it. */
const alertText = (html: string): string =>
  (/<div class="alert error" role="alert">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/g, '=')
    .replace(/\s+/g, ' ')
    .trim();

describe('sign-in', () => {
  it('sends a visitor without a session to the sign-in page, which has a CSP and no script', async () => {
    const b = new Browser();
    const res = await b.request('GET', '/dashboard');
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/sign-in']);
    const page = await b.request('GET', '/dashboard/sign-in');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.payload).not.toMatch(/<script/i);
    expect(page.payload).toMatch(/<label for="token">Admin token<\/label>/);
  });

  it('takes the admin token, not another; the session cookie is HttpOnly and SameSite=Strict', async () => {
    const b = new Browser();
    const csrf = b.csrfOf((await b.request('GET', '/dashboard/sign-in')).payload);
    const wrong = await b.request('POST', '/dashboard/sign-in', { csrf, token: 'not-the-admin-token' });
    expect(wrong.statusCode).toBe(401);
    expect(alertText(wrong.payload)).toMatch(/not the admin token/);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);

    const ok = await b.request('POST', '/dashboard/sign-in', { csrf, token: ADMIN_TOKEN });
    expect(ok.statusCode).toBe(303);
    const cookie = [ok.headers['set-cookie']].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/dashboard/);
    expect(cookie).not.toMatch(/; Secure/); // not production mode
    expect((await b.request('GET', '/dashboard')).statusCode).toBe(200);

    const signOut = await b.request('POST', '/dashboard/sign-out', { csrf });
    expect(signOut.statusCode).toBe(303);
    expect((await b.request('GET', '/dashboard')).statusCode).toBe(303);
  });

  it('marks both cookies Secure in production mode', () => {
    const server = Hapi.server();
    registerCookies(server, { adminToken: 't'.repeat(20), production: true });
    const states = server.states as unknown as { cookies: Record<string, { isSecure: boolean; isSameSite: string }> };
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) {
      expect(states.cookies[name]).toMatchObject({ isSecure: true, isSameSite: 'Strict' });
    }
  });

  it('refuses a form without this browser’s CSRF token, and does nothing', async () => {
    const b = new Browser();
    await b.signIn();
    const before = dataOf<unknown[]>(await admin('GET', '/landlords')).length;
    for (const csrf of [undefined, 'forged-token-forged-token-forged-token-00']) {
      const res = await b.request('POST', '/dashboard/landlords', {
        ...(csrf ? { csrf } : {}),
        name: 'Forged',
        email: 'f@x.example',
        plan: 'Enterprise',
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(alertText(res.payload)).toMatch(/CSRF/);
    }
    expect(dataOf<unknown[]>(await admin('GET', '/landlords'))).toHaveLength(before);
  });
});

describe('on many processes', () => {
  // Nothing of a session or a form token is kept in a process: both are cookies sealed with a key derived from
  // ADMIN_TOKEN, so a balancer may send each request of a browser to any process sharing that token.
  it('a session and its form token from one process are taken by another with the same ADMIN_TOKEN', async () => {
    const other = await startTestServer({ seed: false });
    try {
      const b = new Browser();
      const csrf = await b.signIn();
      b.server = other;
      expect((await b.request('GET', '/dashboard')).statusCode).toBe(200);
      const res = await b.request('POST', '/dashboard/landlords', {
        csrf,
        name: 'Elsewhere',
        email: 'elsewhere@lets.example',
        plan: 'Enterprise',
      });
      expect(res.statusCode).toBe(303);
      const landlords = await other.inject({
        method: 'GET',
        url: '/dashboard/api/landlords',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(dataOf<Array<{ name: string }>>(landlords).map((l) => l.name)).toContain('Elsewhere');
    } finally {
      await other.stop();
    }
  });
});

describe('the same results as the admin API', () => {
  let b: Browser;
  let csrf: string;
  beforeAll(async () => {
    b = new Browser();
    csrf = await b.signIn();
  });

  it('creates a landlord with a plan exactly as the API does, and changes its plan', async () => {
    const res = await b.request('POST', '/dashboard/landlords', {
      csrf,
      name: 'Page Lets',
      email: 'page@lets.example',
      plan: 'Portfolio',
    });
    expect(res.statusCode).toBe(303);
    const id = /\/dashboard\/landlords\/([0-9a-f-]{36})/.exec(String(res.headers.location))?.[1] ?? '';
    const viaApi = dataOf<Record<string, unknown>>(
      await admin('POST', '/landlords', { name: 'Page Lets', email: 'page@lets.example', plan: 'Portfolio' }),
    );
    const viaPage = dataOf<Record<string, unknown>>(await admin('GET', `/landlords/${id}`));
    expect({ ...viaPage, id: 'x' }).toEqual({ ...viaApi, id: 'x' });

    expect((await b.request('POST', `/dashboard/landlords/${id}/plan`, { csrf, plan: 'Essential' })).statusCode).toBe(
      303,
    );
    expect(dataOf<{ plan: string }>(await admin('GET', `/landlords/${id}`)).plan).toBe('Essential');
  });

  it.each([
    ['an e-mail that is not one', { name: 'X', email: 'not-an-email', plan: 'Enterprise' }],
    ['an unknown plan', { name: 'X', email: 'x@x.example', plan: 'Gold' }],
  ])('refuses %s with the API’s message, on the page', async (_what, input) => {
    const page = await b.request('POST', '/dashboard/landlords', { csrf, ...input });
    const api = await admin('POST', '/landlords', input);
    expect(page.statusCode).toBe(api.statusCode);
    expect(alertText(page.payload)).toContain(String(json(api).error));
    expect(alertText(page.payload)).toContain(String(json(api).code));
  });

  it('shows an unknown landlord as a 404 page, as the API answers 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const page = await b.request('GET', `/dashboard/landlords/${missing}`);
    const api = await admin('GET', `/landlords/${missing}`);
    expect([page.statusCode, api.statusCode]).toEqual([404, 404]);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(alertText(page.payload)).toContain(String(json(api).error));
    const malformed = await b.request('GET', '/dashboard/landlords/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(alertText(malformed.payload)).toMatch(/params\.id/);
  });

  describe('keys and subscriptions of one landlord', () => {
    let landlordId: string;
    beforeAll(async () => {
      landlordId = dataOf<{ id: string }>(
        await admin('POST', '/landlords', { name: 'Hooks Page', email: 'hp@x.example', plan: 'Enterprise' }),
      ).id;
    });

    it('issues a key shown once, which works, and revokes it', async () => {
      const res = await b.request('POST', `/dashboard/landlords/${landlordId}/keys`, {
        csrf,
        name: 'page key',
        mode: 'sandbox',
        scope: 'read_only',
      });
      expect(res.statusCode).toBe(201);
      const key = /id="issued-key" class="secret" readonly value="([^"]+)"/.exec(res.payload)?.[1] ?? '';
      expect(key).toMatch(/^svc_sandbox_[A-Za-z0-9]{32,}$/);
      expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
      const again = await b.request('GET', `/dashboard/landlords/${landlordId}`);
      expect(again.payload).not.toContain(key);
      expect(again.payload).toContain(`…${key.slice(-4)}`);

      const [listed] = dataOf<Array<{ id: string; mode: string; scope: string }>>(
        await admin('GET', `/landlords/${landlordId}/keys`),
      );
      expect(listed).toMatchObject({ mode: 'sandbox', scope: 'read_only' });
      const revoked = await b.request('POST', `/dashboard/landlords/${landlordId}/keys/${listed.id}/revoke`, { csrf });
      expect(revoked.statusCode).toBe(303);
      expect(json(await t.api('GET', '/properties', key)).code).toBe('REVOKED_KEY');
    });

    it('explains the per-endpoint limit with the catalogue’s numbers and refuses one type more, as the API does', async () => {
      const page = await b.request('GET', `/dashboard/landlords/${landlordId}`);
      expect(page.payload).toContain(`at most ${MAX_EVENT_TYPES_PER_ENDPOINT} of the ${EVENT_TYPE_COUNT} event types`);
      expect(page.payload.match(/type="checkbox" name="events"/g)).toHaveLength(EVENT_TYPE_COUNT);

      const tooMany = eventCatalogue.slice(0, MAX_EVENT_TYPES_PER_ENDPOINT + 1).map((e) => e.event);
      const input = { url: 'http://127.0.0.1:9/hook', description: '' };
      const viaPage = await b.request('POST', `/dashboard/landlords/${landlordId}/webhooks`, {
        csrf,
        ...input,
        events: tooMany,
      });
      const viaApi = await admin('POST', `/landlords/${landlordId}/webhooks`, { ...input, events: tooMany });
      expect([viaPage.statusCode, viaApi.statusCode]).toEqual([400, 400]);
      expect(alertText(viaPage.payload)).toContain(String(json(viaApi).error));
      expect(alertText(viaPage.payload)).toContain(
        `at most ${MAX_EVENT_TYPES_PER_ENDPOINT} of the ${EVENT_TYPE_COUNT}`,
      );
      // The choices survive the refusal.
      expect(viaPage.payload.match(/name="events" value="[^"]+" checked>/g)).toHaveLength(tooMany.length);

      const ftp = await b.request('POST', `/dashboard/landlords/${landlordId}/webhooks`, {
        csrf,
        url: 'ftp://example.com/hook',
        events: ['rent.overdue'],
      });
      const ftpApi = await admin('POST', `/landlords/${landlordId}/webhooks`, {
        url: 'ftp://example.com/hook',
        events: ['rent.overdue'],
      });
      expect(ftp.statusCode).toBe(400);
      expect(alertText(ftp.payload)).toContain(String(json(ftpApi).error));
      expect(dataOf<unknown[]>(await admin('GET', `/landlords/${landlordId}/webhooks`))).toHaveLength(0);
    });

    it('subscribes with the limit exactly, shows the secret once, sends a test delivery and lists it', async () => {
      const events = eventCatalogue.slice(0, MAX_EVENT_TYPES_PER_ENDPOINT).map((e) => e.event);
      const res = await b.request('POST', `/dashboard/landlords/${landlordId}/webhooks`, {
        csrf,
        url: 'http://127.0.0.1:9/hook',
        description: 'page',
        events,
      });
      expect(res.statusCode).toBe(201);
      const secret = /id="signing-secret" class="secret" readonly value="([^"]+)"/.exec(res.payload)?.[1] ?? '';
      expect(secret).toMatch(/^whsec_/);
      const [sub] = dataOf<Array<{ id: string; events: string[] }>>(
        await admin('GET', `/landlords/${landlordId}/webhooks`),
      );
      expect(sub?.events).toEqual(events);
      const subPage = `/dashboard/landlords/${landlordId}/webhooks/${sub.id}`;
      expect((await b.request('GET', subPage)).payload).not.toContain(secret);

      const sent = await b.request('POST', `${subPage}/test`, { csrf, event: events[1] });
      expect([sent.statusCode, sent.headers.location]).toEqual([303, `${subPage}?done=test`]);
      const [delivery] = dataOf<Array<{ event: string; test: boolean; status: string }>>(
        await admin('GET', `/webhooks/${sub.id}/deliveries`),
      );
      expect(delivery).toMatchObject({ event: events[1], test: true });
      const history = await b.request('GET', subPage);
      expect(history.payload).toContain(`<code>${events[1]}</code> (test)`);
      // The payload exactly as sent and signed.
      expect(history.payload).toContain('&quot;_test&quot;:true');

      // A type the subscription does not have: the API's refusal, on the page.
      const other = eventCatalogue[MAX_EVENT_TYPES_PER_ENDPOINT].event;
      const refused = await b.request('POST', `${subPage}/test`, { csrf, event: other });
      const refusedApi = await admin('POST', `/webhooks/${sub.id}/test`, { event: other });
      expect([refused.statusCode, refusedApi.statusCode]).toEqual([400, 400]);
      expect(alertText(refused.payload)).toContain(String(json(refusedApi).error));
    });
  });
});
