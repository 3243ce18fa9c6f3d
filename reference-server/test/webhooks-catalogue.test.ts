// The payload builders (one per event type) against the project's machine-readable catalogue (spec-data/event-catalogue.json),
// the dispatcher's validator, the envelope and the signer (against the signature vectors and, as an outside
// witness, @octokit/webhooks-methods).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildEventData, EventDataError, eventDataProblems, isValidEventData } from '../src/webhooks/catalogue/build';
import { CATALOGUE, fieldNamesOf, type Field } from '../src/webhooks/catalogue/fields';
import { sampleEventData } from '../src/webhooks/catalogue/samples';
import { buildEnvelope, serialiseEnvelope } from '../src/webhooks/envelope';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION, type EventType } from '../src/webhooks/event-types';
import { deliveryHeaders, signBody } from '../src/webhooks/signer/sign';

interface CatalogueField {
  name: string;
  type: string;
  nullable: boolean;
  values?: string[];
}
const catalogue = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: CatalogueField[];
}>;
const vectors = JSON.parse(readFileSync(require.resolve('@ppapi/spec/webhook-signature-vectors.json'), 'utf8')) as {
  positive: Array<{ name: string; secret: string; body: string; header: string }>;
  negative: Array<{ name: string; secret: string; body: string; header: string | null }>;
};

type OctokitMethods = { verify(secret: string, payload: string, signature: string): Promise<boolean> };
// ESM-only package, transpiled and required through jest.config.js's moduleNameMapper.
const importEsm = async (specifier: string): Promise<OctokitMethods> => require(specifier) as OctokitMethods;

const TODAY = '2026-03-02';
const AT = new Date('2026-03-02T09:15:00.000Z');
const entryOf = (type: string) => catalogue.find((e) => e.event === type)!;

// Nullable beyond what the catalogue marks: values that are optional in the domain (docs/api-notes/webhooks.md).
const EXTRA_NULLABLE = new Set([
  'contract.deleted.end_date',
  'maintenance.created.description',
  'maintenance.updated.description',
  'inspection.updated.landlord_actions',
  'tenant.created.property_id',
  'tenant.created.email',
  'tenant.created.phone',
  'tenant.updated.property_id',
  'tenant.updated.email',
  'tenant.updated.phone',
  'tenant.deleted.property_id',
  'tenant.deleted.email',
  'contact.created.company',
  'contact.created.email',
  'contact.created.mobile',
  'contact.updated.company',
  'contact.updated.email',
  'contact.updated.mobile',
  'contact.deleted.company',
  'rent.updated.date_paid',
  'rent.updated.amount_received',
  'property_document.created.expiry_date',
  'deposit.updated.deduction_reason',
  ...['meter.registered', 'meter.updated', 'meter.removed'].flatMap((m) =>
    ['tariff_structure', 'payment_mode', 'mpan', 'location_description'].map((f) => `${m}.${f}`),
  ),
  'meter_reading.recorded.payment_mode',
]);

describe('event types', () => {
  it("are the catalogue's, each once; the per-endpoint limit is the spec's", () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect([...EVENT_TYPES].sort()).toEqual(catalogue.map((e) => e.event).sort());
    const spec = readFileSync(join(__dirname, '..', '..', 'docs', 'spec', 'property-portfolio-api.md'), 'utf8');
    const stated = /One registered endpoint can subscribe to at most (\d+) of them\./.exec(spec)?.[1];
    expect(MAX_EVENT_TYPES_PER_SUBSCRIPTION).toBe(Number(stated));
  });
});

describe('payload builders', () => {
  it.each([...EVENT_TYPES])("%s builds exactly the catalogue's data fields", (type) => {
    const expected = entryOf(type).fields.map((f) => f.name);
    expect(fieldNamesOf(type)).toEqual(expected);
    const data = sampleEventData(type, TODAY, AT);
    expect(Object.keys(data)).toEqual(expected);
    expect(eventDataProblems(type, data)).toEqual([]);
    // A builder keeps the catalogue's fields of a larger object, and only those.
    const rebuilt = buildEventData(type, { ...data, internal_id: 'x', landlord_id: 'y', password: 'z' });
    expect(rebuilt).toEqual(data);
  });

  it.each([...EVENT_TYPES])('%s field kinds, fixed values and nullability agree with the catalogue', (type) => {
    const fields = CATALOGUE[type] as Readonly<Record<string, Field>>;
    for (const f of entryOf(type).fields) {
      const ours = fields[f.name];
      const kindFor: Record<string, string[]> = {
        uuid: ['id'],
        string: ['string', 'literal'],
        number: ['number'],
        integer: ['integer'],
        date: ['date'],
        timestamp: ['timestamp'],
        array: ['ids', 'strings', 'registers', 'contractLinks', 'array'],
      };
      expect(kindFor[f.type]).toContain(ours.kind);
      if (ours.kind === 'literal') expect(f.values).toEqual([ours.value]);
      const nullable = ours.kind !== 'literal' && ours.nullable === true;
      if (f.nullable) expect(nullable).toBe(true);
      if (nullable && !f.nullable) expect(EXTRA_NULLABLE.has(`${type}.${f.name}`)).toBe(true);
    }
  });

  it('fills in the values the spec fixes', () => {
    const deleted = sampleEventData('contract.deleted', TODAY, AT);
    const { status: _s, ...rest } = deleted;
    expect(buildEventData('contract.deleted', rest).status).toBe('Deleted');
    expect(sampleEventData('property.deleted', TODAY, AT).status).toBe('Deleted');
    expect(sampleEventData('tenant.deleted', TODAY, AT).status).toBe('DELETED');
    expect(sampleEventData('inspection.deleted', TODAY, AT).status).toBe('deleted');
    expect(sampleEventData('inspection.completed', TODAY, AT).status).toBe('completed');
    expect(sampleEventData('contract.ended', TODAY, AT).status).toBe('Ended');
    expect(sampleEventData('document.signed', TODAY, AT).status).toBe('signed');
    expect(() =>
      buildEventData('property.deleted', {
        ...sampleEventData('property.deleted', TODAY, AT),
        status: 'Active',
      } as never),
    ).not.toThrow();
    expect(
      buildEventData('property.deleted', {
        ...sampleEventData('property.deleted', TODAY, AT),
        status: 'Active',
      } as never).status,
    ).toBe('Deleted');
  });

  it('turns Dates into dates and timestamps, and missing nullable fields into null', () => {
    const data = buildEventData('contract.created', {
      contract_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      property_id: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
      property_name: 'Flat 1',
      tenancy_id: '7c9e6679-7425-40de-944b-e07fc1f90ae9',
      main_tenant_id: '7c9e6679-7425-40de-944b-e07fc1f90aea',
      status: 'Active',
      start_date: new Date('2026-01-01T00:00:00Z') as unknown as string,
      rent_amount: 950,
    } as never);
    expect(data.start_date).toBe('2026-01-01');
    expect(data.end_date).toBeNull();
    const deleted = buildEventData('property.deleted', {
      property_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      address: 'a',
      short_name: 'b',
      deleted_at: AT as never,
    });
    expect(deleted.deleted_at).toBe('2026-03-02T09:15:00.000Z');
  });

  it('throws EventDataError naming every problem', () => {
    expect(() => buildEventData('rent.overdue', { rent_payment_id: 'nope', amount: '12' } as never)).toThrow(
      EventDataError,
    );
    try {
      buildEventData('rent.overdue', { rent_payment_id: 'nope', amount: '12' } as never);
    } catch (err) {
      expect((err as EventDataError).problems).toEqual(
        expect.arrayContaining([
          'rent_payment_id must be a UUID string',
          'amount must be a number',
          'days_overdue must be a integer',
        ]),
      );
    }
  });
});

describe('dispatch validation (fast-check)', () => {
  const typeArb = fc.constantFrom(...EVENT_TYPES);

  it('accepts every sample and refuses any missing, extra or mistyped field', () => {
    fc.assert(
      fc.property(
        typeArb,
        fc.nat(),
        fc.constantFrom('drop', 'extra', 'mistype', 'null-required'),
        (type: EventType, pick, mutation) => {
          const data: Record<string, unknown> = { ...sampleEventData(type, TODAY, AT) };
          expect(isValidEventData(type, data)).toBe(true);
          const names = fieldNamesOf(type);
          const name = names[pick % names.length];
          const field = (CATALOGUE[type] as Readonly<Record<string, Field>>)[name];
          if (mutation === 'drop') delete data[name];
          else if (mutation === 'extra') data[`extra_${pick}`] = 1;
          else if (mutation === 'mistype')
            data[name] = field.kind === 'string' || field.kind === 'literal' ? 42 : { wrong: true };
          else {
            if (field.kind !== 'literal' && field.nullable) return true;
            data[name] = null;
          }
          return eventDataProblems(type, data).length > 0;
        },
      ),
      { numRuns: 400 },
    );
  });

  it('ignores `_test` (test deliveries add it) but refuses non-objects', () => {
    expect(isValidEventData('note.created', { ...sampleEventData('note.created', TODAY, AT), _test: true })).toBe(true);
    for (const value of [null, [], 'x', 3]) expect(isValidEventData('note.created', value)).toBe(false);
  });

  it('checks nested shapes: registers, contract links, id arrays', () => {
    const reading = sampleEventData('meter_reading.recorded', TODAY, AT);
    expect(reading.contracts.map((c) => c.role).sort()).toEqual(['check_in', 'check_out']);
    expect(
      isValidEventData('meter_reading.recorded', {
        ...reading,
        registers: [{ register: 'day', value: '1', unit: 'kWh' }],
      }),
    ).toBe(false);
    expect(
      isValidEventData('meter_reading.recorded', {
        ...reading,
        contracts: [{ contract_id: reading.contracts[0].contract_id, role: 'moving' }],
      }),
    ).toBe(false);
    expect(
      isValidEventData('mortgage.created', {
        ...sampleEventData('mortgage.created', TODAY, AT),
        property_ids: ['not-a-uuid'],
      }),
    ).toBe(false);
    expect(
      isValidEventData('rent.overdue', { ...sampleEventData('rent.overdue', TODAY, AT), due_date: '2026-02-30' }),
    ).toBe(false);
    expect(isValidEventData('rent.overdue', { ...sampleEventData('rent.overdue', TODAY, AT), days_overdue: 1.5 })).toBe(
      false,
    );
    expect(
      isValidEventData('note.created', { ...sampleEventData('note.created', TODAY, AT), created_at: '2026-03-02' }),
    ).toBe(false);
  });
});

describe('envelope', () => {
  const data = sampleEventData('rent.overdue', TODAY, AT);
  const base = {
    eventUuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    type: 'rent.overdue' as const,
    createdAt: AT,
    landlordId: '0b3e7a52-1c4d-4f8e-9a61-5d2c8e7f4a10',
    data,
  };

  it('real deliveries: id, event, created_at, landlord_id, data and no `_test` anywhere (EVT-ENV-1..8)', () => {
    const envelope = buildEnvelope({ ...base, data: { ...data, _test: true } });
    expect(Object.keys(envelope)).toEqual(['id', 'event', 'created_at', 'landlord_id', 'data']);
    expect(envelope.id).toBe('evt_7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(envelope.created_at).toBe('2026-03-02T09:15:00.000Z');
    expect(serialiseEnvelope(envelope)).not.toContain('_test');
  });

  it('test deliveries: `_test: true` at top level and inside data', () => {
    const envelope = buildEnvelope({ ...base, test: true });
    expect(envelope._test).toBe(true);
    expect(envelope.data._test).toBe(true);
    expect(Object.keys(envelope.data).filter((k) => k !== '_test')).toEqual(fieldNamesOf('rent.overdue'));
  });
});

describe('signer', () => {
  let octokit: OctokitMethods;
  beforeAll(async () => {
    octokit = await importEsm('@octokit/webhooks-methods');
  });

  it('reproduces every positive signature vector (hex compared case-insensitively)', () => {
    for (const v of vectors.positive)
      expect(signBody(v.secret, Buffer.from(v.body, 'utf8'))).toBe(v.header.toLowerCase());
  });

  it("never produces a negative vector's header", () => {
    for (const v of vectors.negative)
      if (v.header) expect(signBody(v.secret, Buffer.from(v.body, 'utf8'))).not.toBe(v.header);
  });

  it('is verified by @octokit/webhooks-methods for any secret and body (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 2000 }),
        async (secret, body) => {
          const header = signBody(secret, body);
          return /^sha256=[0-9a-f]{64}$/.test(header) && (await octokit.verify(secret, body, header));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('builds the three headers: signature, event, delivery (the uuid without evt_)', () => {
    const body = '{"id":"evt_7c9e6679-7425-40de-944b-e07fc1f90ae7"}';
    const headers = deliveryHeaders({
      body,
      secret: 's3cret',
      eventType: 'rent.overdue',
      eventUuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    });
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Service-Signature-256': signBody('s3cret', body),
      'X-Service-Event': 'rent.overdue',
      'X-Service-Delivery': '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    });
  });
});
