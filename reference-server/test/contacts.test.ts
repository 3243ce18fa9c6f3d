// Contacts: list/search/category, detail with the paginated work history (includeHistory), create, update, soft
// delete, contact.* events with the catalogue's fields, sandbox, tenant isolation.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

interface WorkItem {
  issueId: string;
  propertyId: string;
  propertyName: string;
  title: string;
  status: string;
  priority: string;
  createdAt: string;
  resolvedAt: string | null;
}
interface Contact {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  categories: string[];
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
  history?: { data: WorkItem[]; meta: { page: number; limit: number; total: number } };
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Contact>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();
async function eventsFor(type: string, contactId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw<Array<{ data: Record<string, unknown> | string }>>(`data->>'contact_id' = ?`, [contactId]);
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}
const count = async (table: string) =>
  Number(((await t.deps.knex(table).count('* as n').first()) as { n: number | string }).n);

const busy = fixtureId('contact:harbour:0'); // 25 live issues assigned, plus one deleted
const quiet = fixtureId('contact:harbour:2'); // none assigned
const foreign = fixtureId('contact:northgate:0');

const newContact = {
  name: 'Pat Plaster',
  company: 'Smooth Walls Ltd',
  email: 'pat@smoothwalls.example',
  mobile: '07700 900555',
  categories: ['Plasterer', 'Decorator'],
};

describe('GET /contacts', () => {
  it('lists contacts by name with meta', async () => {
    const res = await t.api('GET', '/contacts', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    const body = json<Contact[]>(res);
    expect(body.meta).toEqual({ page: 1, limit: 50, total: 8 });
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    expect(body.data.find((c) => c.id === busy)).toMatchObject({
      name: 'Dave Fixit',
      company: 'Fixit Plumbing & Heating',
      categories: ['Plumber', 'Gas Engineer'],
    });
    expect(body.data.some((c) => c.history !== undefined)).toBe(false);
  });

  it('searches name, company and email case-insensitively and filters by category', async () => {
    const ids = async (query: string) =>
      json<Contact[]>(await t.api('GET', `/contacts?${query}`, KEYS.enterpriseLive)).data.map((c) => c.id);
    expect(await ids('search=FIXIT')).toEqual([busy]);
    expect(await ids('search=sparks-electrical')).toEqual([fixtureId('contact:harbour:1')]);
    expect((await ids('category=gas%20engineer')).sort()).toEqual([busy, fixtureId('contact:harbour:7')].sort());
    expect(await ids('category=Astronaut')).toEqual([]);
    const page = json<Contact[]>(await t.api('GET', '/contacts?limit=3&page=3', KEYS.enterpriseLive));
    expect([page.data.length, page.meta]).toEqual([2, { page: 3, limit: 3, total: 8 }]);
  });

  it('answers 400 VALIDATION_ERROR for invalid queries; random queries never give a 5xx', async () => {
    for (const query of ['limit=0', 'limit=501', 'search=', 'category=', 'includeHistory=true', 'foo=1']) {
      const res = await t.api('GET', `/contacts?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const key = fc.constantFrom('page', 'limit', 'search', 'category', 'x');
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('%', '_', "'", '\\'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api('GET', `/contacts?${new URLSearchParams(params).toString()}`, KEYS.enterpriseLive);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 50 },
    );
  });
});

describe('GET /contacts/{id}', () => {
  it('has no history unless includeHistory=true', async () => {
    const plain = json(await t.api('GET', `/contacts/${busy}`, KEYS.enterpriseLive)).data;
    expect(plain.history).toBeUndefined();
    expect(
      json(await t.api('GET', `/contacts/${busy}?includeHistory=false`, KEYS.enterpriseLive)).data.history,
    ).toBeUndefined();
  });

  it('pages the work history (live assigned issues, newest first) with its own meta', async () => {
    const page = async (n: number) =>
      json(
        await t.api(
          'GET',
          `/contacts/${busy}?includeHistory=true&historyLimit=10&historyPage=${n}`,
          KEYS.enterpriseLive,
        ),
      ).data.history!;
    const [p1, p2, p3, p4] = [await page(1), await page(2), await page(3), await page(4)];
    expect([p1.meta, p2.meta, p3.meta, p4.meta]).toEqual([1, 2, 3, 4].map((n) => ({ page: n, limit: 10, total: 25 })));
    expect([p1.data.length, p2.data.length, p3.data.length, p4.data.length]).toEqual([10, 10, 5, 0]);
    const all = [...p1.data, ...p2.data, ...p3.data];
    expect(new Set(all.map((w) => w.issueId)).size).toBe(25);
    const created = all.map((w) => w.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    // The deleted issue (fixture issue 25) never shows.
    expect(all.map((w) => w.issueId)).not.toContain(fixtureId('issue:harbour:25'));
    expect(all[0]).toEqual({
      issueId: fixtureId('issue:harbour:24'),
      propertyId: fixtureId('property:harbour:24'),
      propertyName: expect.any(String),
      title: expect.any(String),
      status: 'Open',
      priority: 'Low',
      createdAt: expect.any(String),
      resolvedAt: null,
    });
    expect(all.some((w) => w.resolvedAt !== null)).toBe(true);
  });

  it('defaults the history page to 1 and its limit to 20, and gives an empty history for a contact without work', async () => {
    const history = json(await t.api('GET', `/contacts/${busy}?includeHistory=true`, KEYS.enterpriseLive)).data
      .history!;
    expect([history.data.length, history.meta]).toEqual([20, { page: 1, limit: 20, total: 25 }]);
    expect(
      json(await t.api('GET', `/contacts/${quiet}?includeHistory=true`, KEYS.enterpriseLive)).data.history,
    ).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('refuses history parameters without includeHistory=true, and invalid ones, with 400 VALIDATION_ERROR', async () => {
    for (const query of [
      'historyPage=2',
      'includeHistory=false&historyLimit=5',
      'includeHistory=true&historyLimit=501',
      'includeHistory=true&historyPage=0',
      'includeHistory=maybe',
    ]) {
      const res = await t.api('GET', `/contacts/${busy}?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
  });

  it('never answers 5xx to random detail queries', async () => {
    const key = fc.constantFrom('includeHistory', 'historyPage', 'historyLimit', 'page');
    const value = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.integer({ min: -5, max: 600 }).map(String),
      fc.constantFrom('true', 'false'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 3 }), async (params) => {
        const res = await t.api(
          'GET',
          `/contacts/${busy}?${new URLSearchParams(params).toString()}`,
          KEYS.enterpriseLive,
        );
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 50 },
    );
  });
});

describe('contact writes', () => {
  it('creates, reads, updates and deletes a contact, recording contact.* with the catalogue fields', async () => {
    const created = await t.api('POST', '/contacts', KEYS.enterpriseLive, newContact);
    expect(created.statusCode).toBe(201);
    const contact = json(created).data;
    expect(contact).toMatchObject({ ...newContact, phone: null, notes: null });
    expect(json(await t.api('GET', `/contacts/${contact.id}`, KEYS.enterpriseLive)).data).toEqual(contact);
    const [createdEvent] = await eventsFor('contact.created', contact.id);
    expect(Object.keys(createdEvent).sort()).toEqual(fieldsOf('contact.created'));
    expect(createdEvent).toEqual({
      contact_id: contact.id,
      name: 'Pat Plaster',
      company: 'Smooth Walls Ltd',
      email: 'pat@smoothwalls.example',
      mobile: '07700 900555',
      categories: ['Plasterer', 'Decorator'],
    });

    const patched = await t.api('PATCH', `/contacts/${contact.id}`, KEYS.enterpriseLive, {
      company: null,
      mobile: null,
      categories: [],
      notes: 'Cash only',
    });
    expect(patched.statusCode).toBe(200);
    expect(json(patched).data).toMatchObject({
      id: contact.id,
      company: null,
      mobile: null,
      categories: [],
      notes: 'Cash only',
      name: 'Pat Plaster',
    });
    const [updatedEvent] = await eventsFor('contact.updated', contact.id);
    expect(Object.keys(updatedEvent).sort()).toEqual(fieldsOf('contact.updated'));
    expect(updatedEvent).toMatchObject({ company: '', mobile: '', categories: [] });

    const deleted = await t.api('DELETE', `/contacts/${contact.id}`, KEYS.enterpriseLive);
    expect(json(deleted).data).toEqual({ deleted: true, id: contact.id });
    expect((await t.api('GET', `/contacts/${contact.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    const [deletedEvent] = await eventsFor('contact.deleted', contact.id);
    expect(Object.keys(deletedEvent).sort()).toEqual(fieldsOf('contact.deleted'));
    expect(deletedEvent).toMatchObject({
      contact_id: contact.id,
      name: 'Pat Plaster',
      company: '',
      deleted_at: expect.stringMatching(/T/),
    });
  });

  it('creates a contact from a name alone', async () => {
    const res = await t.api('POST', '/contacts', KEYS.enterpriseLive, { name: 'Solo Trader' });
    expect(json(res).data).toMatchObject({
      name: 'Solo Trader',
      company: null,
      email: null,
      mobile: null,
      phone: null,
      categories: [],
      notes: null,
    });
    expect((await eventsFor('contact.created', json(res).data.id))[0]).toMatchObject({
      company: '',
      email: '',
      mobile: '',
      categories: [],
    });
  });

  it('keeps issues assigned to a deleted contact as history', async () => {
    const contact = json(await t.api('POST', '/contacts', KEYS.enterpriseLive, { name: 'Leaving Soon' })).data;
    const issue = json<{ id: string }>(
      await t.api('POST', '/maintenance/issues', KEYS.enterpriseLive, {
        propertyId: fixtureId('property:harbour:1'),
        title: 'Gutter',
        assignedContactId: contact.id,
      }),
    ).data;
    expect((await t.api('DELETE', `/contacts/${contact.id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    expect(
      json<{ assignedContactId: string }>(await t.api('GET', `/maintenance/issues/${issue.id}`, KEYS.enterpriseLive))
        .data.assignedContactId,
    ).toBe(contact.id);
  });

  it('answers 400 VALIDATION_ERROR in the envelope for invalid bodies', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', 'missing name', { company: 'x' }],
      ['POST', 'empty name', { name: '  ' }],
      ['POST', 'bad email', { name: 'x', email: 'nope' }],
      ['POST', 'categories not strings', { name: 'x', categories: [1] }],
      ['POST', 'duplicate categories', { name: 'x', categories: ['Plumber', 'plumber'] }],
      ['POST', 'unknown key', { name: 'x', rating: 5 }],
      ['PATCH', 'empty body', {}],
      ['PATCH', 'name null', { name: null }],
    ];
    for (const [method, label, payload] of cases) {
      const res = await t.api(
        method,
        method === 'POST' ? '/contacts' : `/contacts/${quiet}`,
        KEYS.enterpriseLive,
        payload,
      );
      expect([label, res.statusCode, json(res)]).toEqual([
        label,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
  });
});

describe('sandbox mode', () => {
  it('POST, PATCH and DELETE answer mocks with sandbox: true and write nothing', async () => {
    const before = [await count('contacts'), await count('outbox_events')];
    const created = await t.api('POST', '/contacts', KEYS.enterpriseSandbox, newContact);
    expect([created.statusCode, json(created).data.sandbox]).toEqual([201, true]);
    expect((await t.api('GET', `/contacts/${json(created).data.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    const patched = await t.api('PATCH', `/contacts/${quiet}`, KEYS.enterpriseSandbox, { name: 'Renamed In Sandbox' });
    expect(json(patched).data).toMatchObject({ id: quiet, name: 'Renamed In Sandbox', sandbox: true });
    expect(json(await t.api('DELETE', `/contacts/${quiet}`, KEYS.enterpriseSandbox)).data).toEqual({
      deleted: true,
      id: quiet,
      sandbox: true,
    });
    expect(json(await t.api('GET', `/contacts/${quiet}`, KEYS.enterpriseLive)).data.name).toBe('Megan Sweep');
    expect([await count('contacts'), await count('outbox_events')]).toEqual(before);
  });

  it('reads the real history in sandbox mode', async () => {
    const res = await t.api('GET', `/contacts/${busy}?includeHistory=true&historyLimit=5`, KEYS.enterpriseSandbox);
    expect(json(res).data.history!.meta).toEqual({ page: 1, limit: 5, total: 25 });
  });
});

describe('tenant isolation', () => {
  it("answers 404 NOT_FOUND for another landlord's contact on every route", async () => {
    for (const [method, path, payload] of [
      ['GET', `/contacts/${foreign}`, undefined],
      ['GET', `/contacts/${foreign}?includeHistory=true`, undefined],
      ['PATCH', `/contacts/${foreign}`, { name: 'Hijack' }],
      ['DELETE', `/contacts/${foreign}`, undefined],
    ] as const) {
      const res = await t.api(method, path, KEYS.enterpriseLive, payload);
      expect([method, path, res.statusCode, json(res).code]).toEqual([method, path, 404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Contact/);
    }
    expect(json<Contact[]>(await t.api('GET', '/contacts?search=North', KEYS.enterpriseLive)).data).toEqual([]);
    expect((await t.api('GET', `/contacts/${foreign}`, KEYS.otherLandlord)).statusCode).toBe(200);
  });
});
