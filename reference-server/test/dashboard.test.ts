// The developer dashboard: guarded by ADMIN_TOKEN; keys shown once, stored hashed, revocable; landlords
// deletable with everything they own.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { EVENT_TYPE_COUNT, fixtureId } from '@ppapi/spec';
import { MAX_EVENT_TYPES_PER_SUBSCRIPTION as MOST } from '../src/webhooks/event-types';
import { MemoryStorage, useStorage } from '../src/storage';
import { DeliveryExecutor } from '../src/webhooks/delivery/executor';
import { findDelivery } from '../src/webhooks/delivery/repository';
import { ADMIN_TOKEN, KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
let storage: MemoryStorage;
// Seeded: the deletion tests check that the fixture landlords' rows are untouched, and delete one of them.
beforeAll(async () => {
  t = await startTestServer();
  storage = new MemoryStorage();
  useStorage(t.deps, storage);
});
afterAll(async () => {
  await t.deps.webhooks.discardQueue();
  await t.stop();
});

const admin = (method: string, url: string, payload?: object, token = ADMIN_TOKEN) =>
  t.inject({ method, url: `/dashboard/api${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;

it('refuses calls without the admin token', async () => {
  for (const token of ['', 'wrong-token-0000000']) {
    const res = await admin('GET', '/landlords', undefined, token);
    expect([res.statusCode, (JSON.parse(res.payload) as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
  }
});

it('provisions a landlord and a key that works, shows the key once and stores only its hash', async () => {
  const landlord = data<{ id: string }>(
    await admin('POST', '/landlords', { name: 'Acme Lets', email: 'a@acme.example', plan: 'Enterprise' }),
  );
  const issued = await admin('POST', `/landlords/${landlord.id}/keys`, {
    name: 'ci',
    mode: 'live',
    scope: 'read_write',
  });
  expect(issued.statusCode).toBe(201);
  const { key, id } = data<{ key: string; id: string }>(issued);
  expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32,}$/);
  const listed = await admin('GET', `/landlords/${landlord.id}/keys`);
  expect(listed.payload).not.toContain(key);
  const row = (await t.deps.knex('api_keys').where({ id }).first()) as Record<string, unknown>;
  expect(JSON.stringify(row)).not.toContain(key);
  expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));

  expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
  expect(data<{ revokedAt: string | null }>(await admin('POST', `/keys/${id}/revoke`)).revokedAt).not.toBeNull();
  const revoked = await t.api('GET', '/properties', key);
  expect([revoked.statusCode, (JSON.parse(revoked.payload) as { code: string }).code]).toEqual([401, 'REVOKED_KEY']);
});

it('changes a plan and the API follows at once', async () => {
  const landlord = data<{ id: string }>(
    await admin('POST', '/landlords', { name: 'Downgrade', email: 'd@x.example', plan: 'Enterprise' }),
  );
  const { key } = data<{ key: string }>(
    await admin('POST', `/landlords/${landlord.id}/keys`, { name: 'k', mode: 'sandbox', scope: 'read_only' }),
  );
  expect(key.startsWith('svc_sandbox_')).toBe(true);
  expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
  await admin('PATCH', `/landlords/${landlord.id}`, { plan: 'Professional' });
  expect((JSON.parse((await t.api('GET', '/properties', key)).payload) as { code: string }).code).toBe(
    'PLAN_UPGRADE_REQUIRED',
  );
});

it('creates webhook subscriptions of at most the per-endpoint limit of event types, secret shown once', async () => {
  const landlord = data<{ id: string }>(
    await admin('POST', '/landlords', { name: 'Hooks', email: 'h@x.example', plan: 'Enterprise' }),
  );
  const types = data<string[]>(await admin('GET', '/event-types'));
  expect(types).toHaveLength(EVENT_TYPE_COUNT);
  const tooMany = await admin('POST', `/landlords/${landlord.id}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: types.slice(0, MOST + 1),
  });
  expect([tooMany.statusCode, (JSON.parse(tooMany.payload) as { code: string }).code]).toEqual([
    400,
    'VALIDATION_ERROR',
  ]);
  const unknown = await admin('POST', `/landlords/${landlord.id}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: ['rent.exploded'],
  });
  expect(unknown.statusCode).toBe(400);
  const created = await admin('POST', `/landlords/${landlord.id}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: types.slice(0, MOST),
  });
  expect(created.statusCode).toBe(201);
  const { secret } = data<{ secret: string }>(created);
  expect(secret).toMatch(/^whsec_/);
  expect((await admin('GET', `/landlords/${landlord.id}/webhooks`)).payload).not.toContain(secret);
});

describe('DELETE /dashboard/api/landlords/{id}', () => {
  const HARBOUR = fixtureId('landlord:harbour');
  const NORTHGATE = fixtureId('landlord:northgate');
  const today = (): string => new Date().toISOString().slice(0, 10);
  const codeOf = (res: { statusCode: number; payload: string }) => [res.statusCode, JSON.parse(res.payload) as unknown];
  const envelope = (status: number, code: string) => [status, { error: expect.any(String), code }];

  /** Every table with a landlord_id column, read from the schema (so a new table cannot be forgotten). */
  async function landlordTables(): Promise<string[]> {
    const rows = await t.deps
      .knex('information_schema.columns')
      .where('column_name', 'landlord_id')
      .whereRaw('table_schema = current_schema()')
      .select<Array<{ table_name: string }>>('table_name');
    return [...new Set(rows.map((r) => r.table_name))].sort();
  }

  async function counts(landlordId: string, op: '=' | '<>'): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of await landlordTables()) {
      const row = (await t.deps.knex(table).where('landlord_id', op, landlordId).count('* as n').first()) as {
        n: number | string;
      };
      out[table] = Number(row.n);
    }
    return out;
  }

  async function newLandlord(name: string): Promise<{ id: string; key: string }> {
    const { id } = data<{ id: string }>(
      await admin('POST', '/landlords', { name, email: `${randomUUID()}@x.example`, plan: 'Enterprise' }),
    );
    const { key } = data<{ key: string }>(
      await admin('POST', `/landlords/${id}/keys`, { name: 'k', mode: 'live', scope: 'read_write' }),
    );
    return { id, key };
  }

  function multipart(
    file: Buffer,
    filename: string,
    fields: Record<string, string> = {},
  ): { payload: Buffer; headers: Record<string, string> } {
    const boundary = `----deltest${randomBytes(8).toString('hex')}`;
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ];
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const PDF = Buffer.from('%PDF-1.4\n% deletion test\n%%EOF\n');
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

  async function created<T = { id: string }>(res: { statusCode: number; payload: string }): Promise<T> {
    expect([res.statusCode, res.payload.slice(0, 300)]).toEqual([201, expect.any(String)]);
    return data<T>(res);
  }

  /** A property with a document (a stored object); returns the document's storage key. */
  async function propertyWithDocument(key: string): Promise<{ propertyId: string; documentKey: string }> {
    const property = await created(
      await t.api('POST', '/properties', key, {
        shortName: 'Doomed House',
        addressLine1: '1 Gone Road',
        city: 'Bath',
        postcode: 'BA1 1AA',
        propertyType: 'House',
      }),
    );
    const upload = multipart(PDF, 'doc.pdf', { name: 'Gas certificate', type: 'GSC_Certificate' });
    const document = await created(
      await t.api('POST', `/properties/${property.id}/documents`, key, upload.payload, upload.headers),
    );
    const row = await t.deps.knex('property_documents').where({ id: document.id }).first<{
      storage_key: string;
    }>('storage_key');
    return { propertyId: property.id, documentKey: row.storage_key };
  }

  it('every landlord_id references landlords ON DELETE CASCADE: what the deletion relies on (a new table must too)', async () => {
    const rows = await t.deps.knex.raw<{
      rows: Array<{ table_name: string; referenced: string; delete_rule: string }>;
    }>(`
      select kcu.table_name, ccu.table_name as referenced, rc.delete_rule
        from information_schema.key_column_usage kcu
        join information_schema.referential_constraints rc on rc.constraint_schema = kcu.constraint_schema and rc.constraint_name = kcu.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_schema = kcu.constraint_schema and ccu.constraint_name = kcu.constraint_name
       where kcu.column_name = 'landlord_id' and kcu.table_schema = current_schema()`);
    const cascading = new Set(
      rows.rows.filter((r) => r.referenced === 'landlords' && r.delete_rule === 'CASCADE').map((r) => r.table_name),
    );
    const tables = await landlordTables();
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => !cascading.has(table))).toEqual([]);
  });

  it('deletes a landlord with everything it owns; its key answers 401 at once; other landlords are untouched', async () => {
    const doomed = await newLandlord('Doomed Lettings');
    const kept = await newLandlord('Kept Lettings');
    // Data of each, through the public API with their own keys (and the dashboard for webhooks).
    const subscription = data<{ id: string }>(
      await admin('POST', `/landlords/${doomed.id}/webhooks`, {
        url: 'http://127.0.0.1:9/hook',
        events: ['property.created', 'tenant.created', 'contract.created'],
      }),
    );
    const { propertyId, documentKey } = await propertyWithDocument(doomed.key);
    const image = multipart(PNG, 'photo.png');
    expect(
      (await t.api('POST', `/properties/${propertyId}/image`, doomed.key, image.payload, image.headers)).statusCode,
    ).toBe(200);
    const imageKey = (
      await t.deps.knex('properties').where({ id: propertyId }).first<{ image_key: string }>('image_key')
    ).image_key;
    const tenant = await created(
      await t.api('POST', '/tenants', doomed.key, {
        firstName: 'Dee',
        lastName: 'Parted',
        email: 'dee@x.example',
        propertyId,
      }),
    );
    const contract = await created(
      await t.api('POST', '/contracts', doomed.key, {
        propertyId,
        mainTenantId: tenant.id,
        tenancyReference: 'DEL-1',
        startDate: today(),
        rentAmount: 900,
      }),
    );
    const rent = await created(
      await t.api('POST', '/rent', doomed.key, {
        propertyId,
        tenantId: tenant.id,
        contractId: contract.id,
        period: 'Deletion month',
        amount: 900,
        dueDate: today(),
      }),
    );
    const emailed = await t.api(
      'POST',
      `/rent/${rent.id}/invoice/email`,
      doomed.key,
      {},
      { 'idempotency-key': 'delete-me-1' },
    );
    expect(emailed.statusCode).toBe(200);
    await created(await t.api('POST', '/contacts', doomed.key, { name: 'Doomed Plumber' }));
    expect((await admin('POST', `/webhooks/${subscription.id}/test`)).statusCode).toBe(202);
    // Outbox → deliveries → attempts (the receiver's port refuses: retries are scheduled).
    await t.deps.webhooks.runDue();
    const keptData = await propertyWithDocument(kept.key);

    const before = await counts(doomed.id, '=');
    const populated = [
      'api_keys',
      'webhook_subscriptions',
      'webhook_deliveries',
      'outbox_events',
      'properties',
      'property_documents',
      'tenants',
      'contracts',
      'rent_payments',
      'invoice_email_sends',
      'idempotency_keys',
      'contacts',
    ];
    expect(populated.filter((table) => !(before[table] > 0))).toEqual([]);
    const deliveryIds = (
      await t.deps.knex('webhook_deliveries').where('landlord_id', doomed.id).select<Array<{ id: string }>>('id')
    ).map((r) => r.id);
    expect(await t.deps.knex('webhook_delivery_attempts').whereIn('delivery_id', deliveryIds)).not.toHaveLength(0);
    expect([await storage.exists(documentKey), await storage.exists(imageKey)]).toEqual([true, true]);
    // The key's lookup is cached now: the deletion must clear that cache.
    expect((await t.api('GET', '/properties', doomed.key)).statusCode).toBe(200);
    const othersBefore = await counts(doomed.id, '<>');

    const deleted = await admin('DELETE', `/landlords/${doomed.id}`);
    expect([deleted.statusCode, JSON.parse(deleted.payload)]).toEqual([
      200,
      { data: { deleted: true, id: doomed.id } },
    ]);

    expect(codeOf(await t.api('GET', '/properties', doomed.key))).toEqual(envelope(401, 'UNAUTHORIZED'));
    expect(codeOf(await admin('GET', `/landlords/${doomed.id}`))).toEqual(envelope(404, 'NOT_FOUND'));
    expect(data<Array<{ id: string }>>(await admin('GET', '/landlords')).map((l) => l.id)).not.toContain(doomed.id);
    expect(Object.entries(await counts(doomed.id, '=')).filter(([, n]) => n > 0)).toEqual([]);
    expect(await t.deps.knex('webhook_delivery_attempts').whereIn('delivery_id', deliveryIds)).toHaveLength(0);
    expect([await storage.exists(documentKey), await storage.exists(imageKey)]).toEqual([false, false]);

    expect(await counts(doomed.id, '<>')).toEqual(othersBefore);
    expect(await storage.exists(keptData.documentKey)).toBe(true);
    expect((await t.api('GET', `/properties/${keptData.propertyId}`, kept.key)).statusCode).toBe(200);
    // Gone is gone: a second delete is 404.
    expect(codeOf(await admin('DELETE', `/landlords/${doomed.id}`))).toEqual(envelope(404, 'NOT_FOUND'));
  });

  it('answers 404 NOT_FOUND for an unknown landlord, 400 for a non-uuid id, 401 without the admin token', async () => {
    expect(codeOf(await admin('DELETE', `/landlords/${randomUUID()}`))).toEqual(envelope(404, 'NOT_FOUND'));
    expect(codeOf(await admin('DELETE', '/landlords/not-a-uuid'))).toEqual(envelope(400, 'VALIDATION_ERROR'));
    const landlord = await newLandlord('Guarded');
    for (const token of ['', 'wrong-token-0000000']) {
      expect(codeOf(await admin('DELETE', `/landlords/${landlord.id}`, undefined, token))).toEqual(
        envelope(401, 'UNAUTHORIZED'),
      );
    }
    expect((await t.api('GET', '/properties', landlord.key)).statusCode).toBe(200);
  });

  it('webhook work of a deleted landlord is skipped: pending deliveries vanish, an attempt in flight records nothing and logs no warning', async () => {
    const pending = await newLandlord('Pending hooks');
    const sub = data<{ id: string }>(
      await admin('POST', `/landlords/${pending.id}/webhooks`, {
        url: 'http://127.0.0.1:9/hook',
        events: ['property.created'],
      }),
    );
    expect((await admin('POST', `/webhooks/${sub.id}/test`)).statusCode).toBe(202);
    expect((await admin('DELETE', `/landlords/${pending.id}`)).statusCode).toBe(200);
    expect((await t.deps.webhooks.runDue()).attempted).toBe(0);

    const inFlight = await newLandlord('In-flight hooks');
    const sub2 = data<{ id: string }>(
      await admin('POST', `/landlords/${inFlight.id}/webhooks`, {
        url: 'http://127.0.0.1:9/hook',
        events: ['property.created'],
      }),
    );
    const delivery = data<{ id: string }>(await admin('POST', `/webhooks/${sub2.id}/test`));
    const row = await findDelivery(t.deps.knex, delivery.id);
    const lines: string[] = [];
    const executor = new DeliveryExecutor({
      knex: t.deps.knex,
      clock: t.deps.clock,
      policy: t.deps.webhooks.policy,
      timeoutMs: 1000,
      logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }),
      // The landlord is deleted while its delivery's HTTP call is running.
      send: async () => {
        expect((await admin('DELETE', `/landlords/${inFlight.id}`)).statusCode).toBe(200);
        return { succeeded: true, statusCode: 200, latencyMs: 1, error: null };
      },
    });
    expect(await executor.execute(row!)).toBe('vanished');
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40)).toEqual([]);
    expect(await findDelivery(t.deps.knex, delivery.id)).toBeUndefined();
  });

  // Last: it removes a fixture landlord. Allowed (the admin's choice); the fixture portfolio covers every table.
  it('deletes a fixture landlord (Northgate, the otherLandlord role) with its whole portfolio; Harbour keeps everything', async () => {
    const before = await counts(NORTHGATE, '=');
    const populated = [
      'properties',
      'certificates',
      'tenants',
      'contracts',
      'rent_payments',
      'meters',
      'meter_readings',
      'team_members',
      'contacts',
      'mortgages',
      'mortgage_properties',
      'chat_messages',
      'maintenance_issue_notes',
      'inspections',
    ];
    expect(populated.filter((table) => !(before[table] > 0))).toEqual([]);
    const harbourBefore = await counts(HARBOUR, '=');
    expect((await t.api('GET', '/properties', KEYS.otherLandlord)).statusCode).toBe(200);

    expect((await admin('DELETE', `/landlords/${NORTHGATE}`)).statusCode).toBe(200);

    expect(codeOf(await t.api('GET', '/properties', KEYS.otherLandlord))).toEqual(envelope(401, 'UNAUTHORIZED'));
    expect(Object.entries(await counts(NORTHGATE, '=')).filter(([, n]) => n > 0)).toEqual([]);
    expect(await counts(HARBOUR, '=')).toEqual(harbourBefore);
    expect((await t.api('GET', '/properties', KEYS.enterpriseLive)).statusCode).toBe(200);
  });
});
