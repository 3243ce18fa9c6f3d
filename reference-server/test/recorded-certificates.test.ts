// POST /provisioning/v1/landlords/{id}/certificates (recordCertificate, docs/provisioning): a certificate put on file
// for a property of a landlord of the test's own counts at once like a fixture certificate, in the compliance
// summary (each severity edge), the property view, the calendar and the renewal-field check; the latest expiry of a
// property and type counts; other landlords' and deleted properties, unknown landlords, invalid bodies and missing
// tokens are refused. Today is the server clock's date in the landlord's time zone (a clock fixed at the start, so no
// run crosses midnight).
import { fixtureId } from '@ppapi/spec';
import { yearBefore } from '../src/dashboard/certificates';
import { DASHBOARD_PREFIX } from '../src/dashboard/routes';
import { ManualClock } from '../src/platform/clock';
import { addDays, localDate } from '../src/platform/time/dates';
import type { ComplianceItem } from '../src/resources/compliance/severity';
import type { ComplianceSummary } from '../src/resources/compliance/summary';
import { provisioningCall } from './helpers/provisioning';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers/server';

const clock = new ManualClock(new Date());
let t: TestServer;
let landlordId: string;
let key: string;
let today: string;

const call = (method: string, url: string, payload?: object, token?: string | null) =>
  provisioningCall(t, method, url, payload, token);
const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;
const body = (res: { payload: string }): unknown => JSON.parse(res.payload);
/** Certificates on file for a property, whoever's. */
const certificatesOf = async (propertyId: string): Promise<number> =>
  (
    await t.deps.knex('certificates').where({ property_id: propertyId }).count<Array<{ count: number }>>('* as count')
  )[0].count;

beforeAll(async () => {
  t = await startTestServer({ clock });
  const created = await call('POST', '/landlords', {
    name: 'Certificate Lets',
    email: 'c@certs.example',
    plan: 'Enterprise',
  });
  const landlord = data<{ id: string; timezone: string }>(created);
  landlordId = landlord.id;
  today = localDate(clock, landlord.timezone);
  key = data<{ key: string }>(
    await call('POST', `/landlords/${landlordId}/keys`, { name: 'certs', mode: 'live', scope: 'read_write' }),
  ).key;
});
afterAll(async () => {
  await t.deps.webhooks.discardQueue();
  await t.stop();
});

let made = 0;
/** A new property of the test's landlord, through the public API: no certificate on file. */
async function newProperty(extra: object = {}): Promise<string> {
  made += 1;
  const res = await t.api('POST', '/properties', key, {
    shortName: `${made} Certificate Row`,
    addressLine1: `${made} Certificate Row`,
    city: 'Leeds',
    postcode: 'LS1 4AP',
    propertyType: 'House',
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return data<{ id: string }>(res).id;
}

const record = (propertyId: string, kind: string, expiryDate: string, extra: object = {}) =>
  call('POST', `/landlords/${landlordId}/certificates`, { propertyId, kind, expiryDate, ...extra });

async function recorded(propertyId: string, kind: string, expiryDate: string, extra: object = {}): Promise<string> {
  const res = await record(propertyId, kind, expiryDate, extra);
  expect([res.statusCode, body(res)]).toEqual([201, { data: { id: expect.any(String) } }]);
  return data<{ id: string }>(res).id;
}

async function summary(): Promise<ComplianceSummary> {
  const res = await t.api('GET', '/compliance/summary', key);
  expect(res.statusCode).toBe(200);
  return data<ComplianceSummary>(res);
}
const summaryItem = (s: ComplianceSummary, propertyId: string, code: string): ComplianceItem | undefined =>
  s.properties.find((p) => p.id === propertyId)?.items.find((i) => i.code === code);
async function propertyItem(propertyId: string, code: string): Promise<ComplianceItem | undefined> {
  const res = await t.api('GET', `/properties/${propertyId}`, key);
  expect(res.statusCode).toBe(200);
  return data<{ compliance: { items: ComplianceItem[] } }>(res).compliance.items.find((i) => i.code === code);
}

describe('a recorded certificate counts at once, on every severity edge', () => {
  it.each([
    [-1, 'expired', 'expired'],
    [0, 'valid', 'critical'],
    [30, 'valid', 'critical'],
    [31, 'valid', 'urgent'],
    [90, 'valid', 'due_soon'],
    [91, 'valid', 'ok'],
  ])('gas safety expiring %i days from today: %s, %s', async (offset, state, severity) => {
    const propertyId = await newProperty();
    // Read first, so the summary and the property view are kept and cached before the write.
    expect(summaryItem(await summary(), propertyId, 'GAS_SAFETY')).toMatchObject({
      state: 'missing',
      severity: 'expired',
    });
    expect(await propertyItem(propertyId, 'GAS_SAFETY')).toMatchObject({ state: 'missing' });

    await recorded(propertyId, 'gas_safety', addDays(today, offset));
    const expected = {
      code: 'GAS_SAFETY',
      required: true,
      dueDate: addDays(today, offset),
      daysUntil: offset,
      state,
      severity,
    };
    const after = await summary();
    expect(summaryItem(after, propertyId, 'GAS_SAFETY')).toEqual(expected);
    expect(await propertyItem(propertyId, 'GAS_SAFETY')).toEqual(expected);
    const attention = after.attention.find((a) => a.propertyId === propertyId && a.code === 'GAS_SAFETY');
    expect(attention).toEqual(
      severity === 'ok'
        ? undefined
        : expect.objectContaining({ dueDate: addDays(today, offset), daysUntil: offset, severity }),
    );
  });
});

it('each kind is the item the spec names; an EPC carries its rating and score into the summary', async () => {
  const propertyId = await newProperty({ licenceRequired: true });
  const kinds = [
    ['gas_safety', 'GAS_SAFETY', 10],
    ['electrical_inspection', 'EICR', 20],
    ['energy_performance', 'EPC', 40],
    ['landlord_licence', 'LANDLORD_LICENCE', 70],
  ] as const;
  for (const [kind, , offset] of kinds)
    await recorded(
      propertyId,
      kind,
      addDays(today, offset),
      kind === 'energy_performance' ? { epcRating: 'D', epcScore: 72 } : {},
    );
  const s = await summary();
  for (const [, code, offset] of kinds)
    expect(summaryItem(s, propertyId, code)).toMatchObject({ dueDate: addDays(today, offset), daysUntil: offset });
  // The score gives the band (72 is C), the rating is the letter on file.
  expect(s.properties.find((p) => p.id === propertyId)?.epc).toEqual({
    rating: 'D',
    band: 'C',
    score: 72,
    renewal: addDays(today, 40),
    compliant: true,
  });
});

it('the calendar shows the latest certificate as a Compliance event, and a renewal date contradicting it is refused', async () => {
  const propertyId = await newProperty();
  const events = async () => {
    const res = await t.api('GET', `/events?type=Compliance&propertyId=${propertyId}`, key);
    expect(res.statusCode).toBe(200);
    return data<Array<{ date: string; source?: { kind: string; id: string } }>>(res);
  };
  expect(await events()).toEqual([]);
  const id = await recorded(propertyId, 'electrical_inspection', addDays(today, 12));
  expect(await events()).toEqual([
    expect.objectContaining({ date: addDays(today, 12), source: { kind: 'certificate', id } }),
  ]);
  const patch = (eicrRenewal: string) => t.api('PATCH', `/properties/${propertyId}`, key, { eicrRenewal });
  expect(body(await patch(addDays(today, 13)))).toMatchObject({ code: 'CERTIFICATE_DERIVED_FIELD' });
  expect((await patch(addDays(today, 12))).statusCode).toBe(200);
});

it('a later expiry recorded after supersedes; an earlier one recorded after does not (the latest expiry counts)', async () => {
  const propertyId = await newProperty();
  await recorded(propertyId, 'gas_safety', addDays(today, 31));
  await recorded(propertyId, 'gas_safety', addDays(today, 200));
  expect(summaryItem(await summary(), propertyId, 'GAS_SAFETY')).toMatchObject({ daysUntil: 200, severity: 'ok' });
  await recorded(propertyId, 'gas_safety', addDays(today, 5));
  expect(summaryItem(await summary(), propertyId, 'GAS_SAFETY')).toMatchObject({ daysUntil: 200, severity: 'ok' });
  expect(await propertyItem(propertyId, 'GAS_SAFETY')).toMatchObject({ daysUntil: 200, severity: 'ok' });
  // Other types of the property are untouched.
  expect(summaryItem(await summary(), propertyId, 'EICR')).toMatchObject({ state: 'missing' });
});

it('the issue date defaults to one year before the expiry; one given is kept', async () => {
  const propertyId = await newProperty();
  const issuedOf = async (id: string) =>
    (await t.deps.knex('certificates').where({ id }).first<{ issued_date: string }>('issued_date'))?.issued_date;
  const defaulted = await recorded(propertyId, 'gas_safety', '2027-06-15');
  expect(await issuedOf(defaulted)).toBe('2026-06-15');
  const given = await recorded(propertyId, 'electrical_inspection', '2030-01-31', { issuedDate: '2025-01-31' });
  expect(await issuedOf(given)).toBe('2025-01-31');
  expect(yearBefore('2028-02-29')).toBe('2027-02-28');
  expect(yearBefore('2027-03-01')).toBe('2026-03-01');
});

it('is served under /dashboard/api too, the same route', async () => {
  const propertyId = await newProperty();
  const res = await t.inject({
    method: 'POST',
    url: `${DASHBOARD_PREFIX}/landlords/${landlordId}/certificates`,
    payload: { propertyId, kind: 'gas_safety', expiryDate: addDays(today, 45) },
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.statusCode).toBe(201);
  expect(summaryItem(await summary(), propertyId, 'GAS_SAFETY')).toMatchObject({ daysUntil: 45, severity: 'urgent' });
});

describe('refusals', () => {
  const notFound = { error: expect.any(String), code: 'NOT_FOUND' };

  it("404 for another landlord's property and for a deleted one; nothing recorded", async () => {
    const harbourProperty = fixtureId('property:harbour:1');
    const before = await certificatesOf(harbourProperty);
    const res = await record(harbourProperty, 'gas_safety', addDays(today, 10));
    expect([res.statusCode, body(res)]).toEqual([404, notFound]);
    expect(await certificatesOf(harbourProperty)).toBe(before);

    const deleted = await newProperty();
    expect((await t.api('DELETE', `/properties/${deleted}`, key)).statusCode).toBe(200);
    const gone = await record(deleted, 'gas_safety', addDays(today, 10));
    expect([gone.statusCode, body(gone)]).toEqual([404, notFound]);
  });

  it('404 for an unknown landlord', async () => {
    const propertyId = await newProperty();
    const res = await call('POST', `/landlords/${fixtureId('landlord:nobody')}/certificates`, {
      propertyId,
      kind: 'gas_safety',
      expiryDate: addDays(today, 10),
    });
    expect([res.statusCode, body(res)]).toEqual([404, notFound]);
  });

  it.each([
    ['an unknown kind', { kind: 'boiler_service' }],
    ['a date that does not exist', { expiryDate: '2026-02-30' }],
    ['a date in another format', { expiryDate: '30/01/2027' }],
    ['no expiry date', { expiryDate: undefined }],
    ['no kind', { kind: undefined }],
    ['a property id that is not a UUID', { propertyId: 'property-1' }],
    ['an expiry before 1900', { expiryDate: '0000-01-01' }],
    ['an issue date after the expiry', { issuedDate: '2027-02-01', expiryDate: '2027-01-31' }],
    ['a rating on a gas safety certificate', { epcRating: 'B' }],
    ['a score on a gas safety certificate', { epcScore: 80 }],
    ['a rating outside A to G', { kind: 'energy_performance', epcRating: 'H' }],
    ['a score of 0', { kind: 'energy_performance', epcScore: 0 }],
    ['a score of 101', { kind: 'energy_performance', epcScore: 101 }],
    ['a field the contract does not name', { superseded: true }],
  ])('400 VALIDATION_ERROR for %s', async (_, change) => {
    const propertyId = await newProperty();
    const res = await call('POST', `/landlords/${landlordId}/certificates`, {
      propertyId,
      kind: 'gas_safety',
      expiryDate: addDays(today, 10),
      ...change,
    });
    expect([res.statusCode, body(res)]).toEqual([400, { error: expect.any(String), code: 'VALIDATION_ERROR' }]);
    expect(await certificatesOf(propertyId)).toBe(0);
  });

  it('401 UNAUTHORIZED without the admin token or with a wrong one', async () => {
    const propertyId = await newProperty();
    for (const token of [null, 'wrong-token-0000000']) {
      const res = await call(
        'POST',
        `/landlords/${landlordId}/certificates`,
        { propertyId, kind: 'gas_safety', expiryDate: addDays(today, 10) },
        token,
      );
      expect([res.statusCode, body(res)]).toEqual([401, { error: expect.any(String), code: 'UNAUTHORIZED' }]);
    }
    expect(summaryItem(await summary(), propertyId, 'GAS_SAFETY')).toMatchObject({ state: 'missing' });
  });
});
