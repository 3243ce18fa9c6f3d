// The receiver's live page: sign-in with the admin token (a session cookie), CSRF on changes made through that
// session, and the server-sent event stream the page follows.
import { startReceiver, type RunningReceiver } from '../src/server';
import { DeliveryFactory } from './support/delivery-factory';
import { post } from './http-client';

const SECRET = 'whsec_live_page_test';
const TOKEN = 'live-page-admin-token-0123456789';
let n = 0;
const signed = () => {
  const factory = new DeliveryFactory(5, SECRET);
  return factory.signed(factory.envelope('rent.overdue', `live-page-${n++}`));
};

/** Reads server-sent events until `done` says so (bounded by the jest timeout, never a sleep). */
async function readEvents(
  res: Response,
  done: (events: ReadonlyArray<{ event: string; data: unknown }>) => boolean,
): Promise<Array<{ event: string; data: unknown }>> {
  const reader = res.body!.getReader();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = '';
  while (!done(events)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += Buffer.from(chunk.value).toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
    }
  }
  await reader.cancel();
  return events;
}

describe('with an admin token', () => {
  let receiver: RunningReceiver;
  beforeEach(async () => {
    receiver = await startReceiver({ secret: SECRET, adminToken: TOKEN });
  });
  afterEach(() => receiver.close());

  async function signIn(): Promise<string> {
    const res = await fetch(`${receiver.adminUrl}/live/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: TOKEN }).toString(),
      redirect: 'manual',
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/_receiver/live']);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/_receiver/);
    return cookie.split(';')[0];
  }

  test('the page asks for the token, refuses another, and shows the live view to a session', async () => {
    const first = await fetch(`${receiver.adminUrl}/live`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    expect(await first.text()).toMatch(/<label for="token">Admin token<\/label>/);

    const wrong = await fetch(`${receiver.adminUrl}/live/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=not-it',
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const cookie = await signIn();
    const page = await fetch(`${receiver.adminUrl}/live`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toMatch(/<h1>What arrived<\/h1>/);
    expect(html).not.toMatch(/<script>/); // only <script src>, as the policy demands
    expect((await fetch(`${receiver.adminUrl}/deliveries`, { headers: { cookie } })).status).toBe(200);
  });

  test('a change through the session needs its CSRF header; the bearer token does not', async () => {
    const cookie = await signIn();
    const csrf = /name="receiver-csrf" content="([^"]+)"/.exec(
      await (await fetch(`${receiver.adminUrl}/live`, { headers: { cookie } })).text(),
    )?.[1];
    const script = JSON.stringify({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status' });
    const json = { 'content-type': 'application/json' };
    const without = await fetch(`${receiver.adminUrl}/scripts`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: script,
    });
    expect(without.status).toBe(403);
    expect(receiver.store.scripts.list()).toHaveLength(0);
    const withCsrf = await fetch(`${receiver.adminUrl}/scripts`, {
      method: 'POST',
      headers: { ...json, cookie, 'x-receiver-csrf': csrf ?? '' },
      body: script,
    });
    expect(withCsrf.status).toBe(201);
    const bearer = await fetch(`${receiver.adminUrl}/scripts`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${TOKEN}` },
      body: script,
    });
    expect(bearer.status).toBe(201);
  });

  test('the event stream needs the token, then streams each attempt as it arrives and when it is answered', async () => {
    expect((await fetch(`${receiver.adminUrl}/events`)).status).toBe(401);
    const controller = new AbortController();
    const stream = await fetch(`${receiver.adminUrl}/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const delivery = signed();
    const reading = readEvents(stream, (events) =>
      events.some((e) => e.event === 'attempt' && (e.data as { status: number | null }).status === 200),
    );
    expect((await post(`${receiver.url}/hooks`, delivery)).status).toBe(200);
    const events = await reading;
    controller.abort();
    expect(events[0]?.event).toBe('hello');
    const attempts = events.filter((e) => e.event === 'attempt').map((e) => e.data as Record<string, unknown>);
    expect(attempts.at(-1)).toMatchObject({ id: delivery.envelope.id, verified: true, duplicate: false, status: 200 });
  });
});

describe('without an admin token', () => {
  test('the live page opens over loopback, and a text/plain POST (a cross-site form) is refused', async () => {
    const receiver = await startReceiver({ secret: SECRET });
    try {
      const page = await fetch(`${receiver.adminUrl}/live`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<h1>What arrived<\/h1>/);
      const plain = await fetch(`${receiver.adminUrl}/scripts`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status' }),
      });
      expect(plain.status).toBe(415);
      expect(receiver.store.scripts.list()).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
