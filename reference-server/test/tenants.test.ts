// Tenants: list/filter/search, detail, create (portal invitation when the tenant has no account), update, soft
// delete (409 while a live contract names the tenant), tenant.* events with the catalogue's fields, sandbox,
// tenant isolation. Mail is read from the in-process capture, or from maildev when SMTP_URL is set.
import { randomBytes } from 'node:crypto';
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

interface Tenant {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  propertyId: string | null;
  status: string;
  hasAccount: boolean;
  rightToRentExpiry: string | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Tenant>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();

const run = randomBytes(4).toString('hex');
let serial = 0;
const uniqueEmail = (label: string): string => `${label}.${run}.${(serial += 1)}@tenant-test.example`;

const harbourProperty = (i: number) => fixtureId(`property:harbour:${i}`);
const northgateTenant = fixtureId(`tenant:${fixtureId('property:northgate:0')}:0`);

async function eventsFor(type: string, tenantId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw<Array<{ data: Record<string, unknown> | string }>>(`data->>'tenant_id' = ?`, [tenantId]);
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}
const outboxCount = async () =>
  Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: number | string }).n);
const tenantCount = async () =>
  Number(((await t.deps.knex('tenants').count('* as n').first()) as { n: number | string }).n);

// ---- mail: in-process capture, or maildev's REST API -------------------------------------------------------
interface Mail {
  to: string;
  subject: string;
  text: string;
}
async function allMail(): Promise<Mail[]> {
  if (t.deps.mailCapture)
    return t.deps.mailCapture.list().map((m) => ({ to: m.to[0].address, subject: m.subject, text: m.text }));
  const res = await fetch(`${process.env.MAIL_API_URL}/api/email`);
  const list = (await res.json()) as Array<{ to: Array<{ address: string }>; subject: string; text: string }>;
  return list.map((m) => ({ to: m.to[0].address, subject: m.subject, text: m.text }));
}
const mailTo = async (address: string): Promise<Mail[]> =>
  (await allMail()).filter((m) => m.to.toLowerCase() === address.toLowerCase());
/** Waits (bounded) for a message to arrive: SMTP delivery to maildev is asynchronous to its API. */
async function awaitMail(address: string, timeoutMs = 5000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailTo(address);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/**
 * "No mail went to `address`": a control invitation sent afterwards is awaited first, so anything the earlier
 * request had sent would have arrived by then.
 */
async function expectNoMailTo(address: string): Promise<void> {
  const control = uniqueEmail('control');
  const res = await t.api('POST', '/tenants', KEYS.enterpriseLive, {
    firstName: 'Control',
    lastName: 'Mail',
    email: control,
    propertyId: harbourProperty(30),
  });
  expect(res.statusCode).toBe(201);
  expect(await awaitMail(control)).toHaveLength(1);
  expect(await mailTo(address)).toEqual([]);
}

const newTenant = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newcombe',
  email: uniqueEmail('nora'),
  phone: '07700 900123',
  propertyId: harbourProperty(32),
  ...overrides,
});

describe('GET /tenants', () => {
  it('pages with meta and the tenant shape', async () => {
    const res = await t.api('GET', '/tenants?limit=5&page=2', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    const body = json<Tenant[]>(res);
    expect(body.data).toHaveLength(5);
    expect(body.meta).toEqual({ page: 2, limit: 5, total: expect.any(Number) });
    expect(body.meta!.total).toBeGreaterThan(30);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'hasAccount',
      'id',
      'lastName',
      'phone',
      'propertyId',
      'rightToRentExpiry',
      'status',
      'updatedAt',
    ]);
  });

  it('filters by propertyId and status, and searches name and email case-insensitively', async () => {
    // Property 2 has a main tenant and two additional tenants.
    const byProperty = json<Tenant[]>(
      await t.api('GET', `/tenants?propertyId=${harbourProperty(2)}`, KEYS.enterpriseLive),
    ).data;
    expect(byProperty).toHaveLength(3);
    expect(byProperty.every((x) => x.propertyId === harbourProperty(2))).toBe(true);

    const invited = json<Tenant[]>(await t.api('GET', '/tenants?status=INVITED&limit=500', KEYS.enterpriseLive)).data;
    expect(invited.length).toBeGreaterThan(0);
    expect(invited.every((x) => x.status === 'INVITED' && !x.hasAccount)).toBe(true);

    const someone = byProperty[0];
    const byName = json<Tenant[]>(
      await t.api(
        'GET',
        `/tenants?search=${encodeURIComponent(`${someone.firstName} ${someone.lastName}`.toUpperCase())}`,
        KEYS.enterpriseLive,
      ),
    ).data;
    expect(byName.map((x) => x.id)).toContain(someone.id);
    const byEmail = json<Tenant[]>(
      await t.api('GET', `/tenants?search=${encodeURIComponent(someone.email!.slice(0, 12))}`, KEYS.enterpriseLive),
    ).data;
    expect(byEmail.map((x) => x.id)).toContain(someone.id);
    // LIKE wildcards are taken literally.
    expect(json<Tenant[]>(await t.api('GET', '/tenants?search=%25', KEYS.enterpriseLive)).data).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR for invalid queries', async () => {
    for (const query of [
      'limit=501',
      'page=0',
      'status=DELETED',
      'propertyId=nope',
      'search=',
      `search=${'x'.repeat(201)}`,
      'colour=red',
    ]) {
      const res = await t.api('GET', `/tenants?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
  });

  it('never answers 5xx to random query strings', async () => {
    const key = fc.constantFrom('page', 'limit', 'propertyId', 'status', 'search', 'x');
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.uuid(),
      fc.constantFrom('INVITED', 'ACTIVE', '%', '_', "'"),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api('GET', `/tenants?${new URLSearchParams(params).toString()}`, KEYS.enterpriseLive);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /tenants/{id}', () => {
  it('returns one tenant', async () => {
    const id = fixtureId(`tenant:${harbourProperty(0)}:0`);
    const res = await t.api('GET', `/tenants/${id}`, KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ id, propertyId: harbourProperty(0), status: 'ACTIVE', hasAccount: true });
  });

  it('answers 404 NOT_FOUND naming the kind for an unknown id, and 400 for a non-uuid', async () => {
    const missing = await t.api('GET', '/tenants/00000000-0000-4000-8000-000000000000', KEYS.enterpriseLive);
    expect([missing.statusCode, json(missing).code]).toEqual([404, 'NOT_FOUND']);
    expect(json(missing).error).toMatch(/Tenant/);
    expect((await t.api('GET', '/tenants/not-a-uuid', KEYS.enterpriseLive)).statusCode).toBe(400);
  });
});

describe('POST /tenants', () => {
  it('creates an INVITED tenant, records tenant.created with the catalogue fields, and emails a portal invitation', async () => {
    const input = newTenant();
    const res = await t.api('POST', '/tenants', KEYS.enterpriseLive, input);
    expect(res.statusCode).toBe(201);
    const created = json(res).data;
    expect(created).toMatchObject({
      firstName: 'Nora',
      lastName: 'Newcombe',
      email: input.email,
      phone: '07700 900123',
      propertyId: input.propertyId,
      status: 'INVITED',
      hasAccount: false,
      rightToRentExpiry: null,
    });
    expect(created.sandbox).toBeUndefined();
    expect(json(await t.api('GET', `/tenants/${created.id}`, KEYS.enterpriseLive)).data).toEqual(created);

    const [event, ...more] = await eventsFor('tenant.created', created.id);
    expect(more).toEqual([]);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('tenant.created'));
    expect(event).toEqual({
      tenant_id: created.id,
      property_id: input.propertyId,
      first_name: 'Nora',
      last_name: 'Newcombe',
      email: input.email,
      phone: '07700 900123',
      status: 'INVITED',
    });

    const mail = await awaitMail(input.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toMatch(/Harbour Lettings Ltd invites you to the tenant portal/);
    expect(mail[0].text).toContain(`/invitations/${created.id}`);
    expect(mail[0].text).toContain('Hello Nora');
  });

  it('sends no invitation to a tenant who already has a portal account (same email, case-insensitive)', async () => {
    const existing = json(
      await t.api('GET', `/tenants/${fixtureId(`tenant:${harbourProperty(1)}:0`)}`, KEYS.enterpriseLive),
    ).data;
    expect(existing.hasAccount).toBe(true);
    const res = await t.api(
      'POST',
      '/tenants',
      KEYS.enterpriseLive,
      newTenant({ email: existing.email!.toUpperCase(), phone: null }),
    );
    expect(res.statusCode).toBe(201);
    const created = json(res).data;
    expect(created).toMatchObject({ status: 'ACTIVE', hasAccount: true, phone: null });
    expect((await eventsFor('tenant.created', created.id))[0]).toMatchObject({ status: 'ACTIVE', phone: '' });
    await expectNoMailTo(existing.email!.toUpperCase());
    await expectNoMailTo(existing.email!);
  });

  it('answers 400 VALIDATION_ERROR in the envelope for invalid bodies', async () => {
    const cases: Array<[string, unknown]> = [
      ['missing names', { email: uniqueEmail('x'), propertyId: harbourProperty(1) }],
      ['missing email', { firstName: 'A', lastName: 'B', propertyId: harbourProperty(1) }],
      ['invalid email', newTenant({ email: 'not-an-email' })],
      ['missing propertyId', { firstName: 'A', lastName: 'B', email: uniqueEmail('x') }],
      ['status is read-only', newTenant({ status: 'ACTIVE' })],
      ['hasAccount is read-only', newTenant({ hasAccount: true })],
      ['unknown key', newTenant({ nickname: 'N' })],
      ['bad date', newTenant({ rightToRentExpiry: '2026-02-30' })],
      ["another landlord's property", newTenant({ propertyId: fixtureId('property:northgate:1') })],
      ['unknown property', newTenant({ propertyId: '00000000-0000-4000-8000-000000000000' })],
    ];
    for (const [name, payload] of cases) {
      const res = await t.api('POST', '/tenants', KEYS.enterpriseLive, payload);
      expect([name, res.statusCode, json(res)]).toEqual([
        name,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
    expect(
      json(
        await t.api(
          'POST',
          '/tenants',
          KEYS.enterpriseLive,
          newTenant({ propertyId: fixtureId('property:northgate:1') }),
        ),
      ).error,
    ).toMatch(/payload\.propertyId/);
  });
});

describe('PATCH /tenants/{id}', () => {
  it('updates fields and records tenant.updated with the catalogue fields', async () => {
    const created = json(await t.api('POST', '/tenants', KEYS.enterpriseLive, newTenant())).data;
    const res = await t.api('PATCH', `/tenants/${created.id}`, KEYS.enterpriseLive, {
      lastName: 'Newcombe-Hart',
      phone: null,
      rightToRentExpiry: '2027-01-31',
      propertyId: harbourProperty(33),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: created.id,
      lastName: 'Newcombe-Hart',
      phone: null,
      rightToRentExpiry: '2027-01-31',
      propertyId: harbourProperty(33),
      email: created.email,
    });
    const [event] = await eventsFor('tenant.updated', created.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('tenant.updated'));
    expect(event).toMatchObject({
      last_name: 'Newcombe-Hart',
      phone: '',
      property_id: harbourProperty(33),
      status: 'INVITED',
    });
  });

  it('re-sends the invitation to a new address of a tenant who has not accepted', async () => {
    const created = json(await t.api('POST', '/tenants', KEYS.enterpriseLive, newTenant())).data;
    const moved = uniqueEmail('moved');
    expect((await t.api('PATCH', `/tenants/${created.id}`, KEYS.enterpriseLive, { email: moved })).statusCode).toBe(
      200,
    );
    expect(await awaitMail(moved)).toHaveLength(1);
  });

  it('sends nothing when the tenant already has an account', async () => {
    const id = fixtureId(`tenant:${harbourProperty(3)}:0`);
    const moved = uniqueEmail('active-moved');
    const res = await t.api('PATCH', `/tenants/${id}`, KEYS.enterpriseLive, { email: moved });
    expect(json(res).data).toMatchObject({ email: moved, status: 'ACTIVE' });
    expect((await eventsFor('tenant.updated', id))[0]).toMatchObject({ status: 'ACTIVE', email: moved });
    await expectNoMailTo(moved);
  });

  it('refuses read-only and invalid fields with 400 VALIDATION_ERROR', async () => {
    const id = fixtureId(`tenant:${harbourProperty(4)}:0`);
    for (const payload of [
      {},
      { status: 'ACTIVE' },
      { email: null },
      { propertyId: null },
      { firstName: '' },
      { propertyId: fixtureId('property:northgate:0') },
    ]) {
      const res = await t.api('PATCH', `/tenants/${id}`, KEYS.enterpriseLive, payload);
      expect([payload, res.statusCode, json(res).code]).toEqual([payload, 400, 'VALIDATION_ERROR']);
    }
  });
});

describe('DELETE /tenants/{id}', () => {
  it('answers 409 CONFLICT while an Active, Pending or Notice Served contract names the tenant (main or additional)', async () => {
    for (const [label, id] of [
      ['active main', fixtureId(`tenant:${harbourProperty(0)}:0`)],
      ['active additional', fixtureId(`tenant:${harbourProperty(2)}:1`)],
      ['notice served', fixtureId(`tenant:${harbourProperty(21)}:0`)],
      ['pending', fixtureId(`tenant:${harbourProperty(24)}:0`)],
    ] as const) {
      const res = await t.api('DELETE', `/tenants/${id}`, KEYS.enterpriseLive);
      expect([label, res.statusCode, json(res).code]).toEqual([label, 409, 'CONFLICT']);
    }
  });

  it('soft-deletes a tenant whose contracts have all ended, and records tenant.deleted', async () => {
    const id = fixtureId(`tenant:${harbourProperty(28)}:0`); // property 28: an Ended contract
    const res = await t.api('DELETE', `/tenants/${id}`, KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ deleted: true, id });
    expect((await t.api('GET', `/tenants/${id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/tenants/${id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    expect(
      ((await t.deps.knex('tenants').where({ id }).first()) as { deleted_at: Date | null }).deleted_at,
    ).not.toBeNull();
    const [event] = await eventsFor('tenant.deleted', id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('tenant.deleted'));
    expect(event).toMatchObject({
      tenant_id: id,
      status: 'DELETED',
      deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('deletes a new tenant with no contract at all', async () => {
    const created = json(await t.api('POST', '/tenants', KEYS.enterpriseLive, newTenant())).data;
    expect((await t.api('DELETE', `/tenants/${created.id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
  });
});

describe('sandbox mode', () => {
  it('POST, PATCH and DELETE answer mocks with sandbox: true and write nothing: no row, no event, no mail', async () => {
    const before = { tenants: await tenantCount(), events: await outboxCount() };
    const input = newTenant();
    const created = await t.api('POST', '/tenants', KEYS.enterpriseSandbox, input);
    expect(created.statusCode).toBe(201);
    expect(json(created).data).toMatchObject({ sandbox: true, email: input.email, status: 'INVITED' });
    expect((await t.api('GET', `/tenants/${json(created).data.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);

    const target = fixtureId(`tenant:${harbourProperty(29)}:0`); // Ended contract: deletable
    const patched = await t.api('PATCH', `/tenants/${target}`, KEYS.enterpriseSandbox, {
      firstName: 'Sandy',
      email: uniqueEmail('sandbox-patch'),
    });
    expect(json(patched).data).toMatchObject({ id: target, firstName: 'Sandy', sandbox: true });
    const deleted = await t.api('DELETE', `/tenants/${target}`, KEYS.enterpriseSandbox);
    expect(json(deleted).data).toEqual({ deleted: true, id: target, sandbox: true });
    expect(json(await t.api('GET', `/tenants/${target}`, KEYS.enterpriseLive)).data.firstName).not.toBe('Sandy');
    expect({ tenants: await tenantCount(), events: await outboxCount() }).toEqual(before);
    await expectNoMailTo(input.email);
  });

  it('still validates and 404s like a live write', async () => {
    expect((await t.api('POST', '/tenants', KEYS.enterpriseSandbox, { firstName: 'x' })).statusCode).toBe(400);
    expect(
      (await t.api('DELETE', '/tenants/00000000-0000-4000-8000-000000000000', KEYS.enterpriseSandbox)).statusCode,
    ).toBe(404);
    expect(
      (await t.api('DELETE', `/tenants/${fixtureId(`tenant:${harbourProperty(0)}:0`)}`, KEYS.enterpriseSandbox))
        .statusCode,
    ).toBe(409);
  });
});

describe('tenant isolation', () => {
  it("answers 404 NOT_FOUND for another landlord's tenant on every route, and never lists it", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { firstName: 'Hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/tenants/${northgateTenant}`, KEYS.enterpriseLive, payload);
      expect([method, res.statusCode, json(res).code]).toEqual([method, 404, 'NOT_FOUND']);
    }
    expect((await t.api('GET', `/tenants/${northgateTenant}`, KEYS.otherLandlord)).statusCode).toBe(200);
    const all = json<Tenant[]>(
      await t.api('GET', `/tenants?propertyId=${fixtureId('property:northgate:0')}`, KEYS.enterpriseLive),
    );
    expect(all.data).toEqual([]);
  });
});
