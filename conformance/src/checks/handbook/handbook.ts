// Resources > Property handbook: GET /properties/{id}/handbook on every property of the first page (and on a
// fresh property of the suite's own, where nothing is recorded yet: knowledge null is normal, not an error).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { isIsoDate } from '../shared/dates';
import { expectShape, type FieldRule } from '../shared/shape';
import { createOwnProperty, isInt, isRecord, successData, unknownId, type Json } from '../shared/util';
import { targetProperties } from '../properties/fields';

const LIVE = 'enterpriseLive';

const HANDBOOK_FIELDS: readonly FieldRule[] = [
  { field: 'propertyId', type: 'uuid', rule: 'RES-HANDBOOK-1' },
  { field: 'knowledge', type: 'object', nullable: true, rule: 'RES-HANDBOOK-2' },
  { field: 'completeness', type: 'object', rule: 'RES-HANDBOOK-3' },
  { field: 'meters', type: 'array', rule: 'RES-HANDBOOK-4' },
  { field: 'suppliers', type: 'array', rule: 'RES-HANDBOOK-5' },
];

const METER_FIELDS: readonly FieldRule[] = [
  {
    field: 'utilityType',
    type: 'string',
    values: ['electricity', 'gas', 'water', 'heat_network', 'oil'],
    rule: 'RES-HANDBOOK-6',
  },
  { field: 'locationDescription', type: 'string', nullable: true, rule: 'RES-HANDBOOK-7' },
  { field: 'unit', type: 'string', values: ['kWh', 'm3', 'ft3', 'litres'], rule: 'RES-HANDBOOK-8' },
  { field: 'mpan', type: 'string', nullable: true, rule: 'RES-HANDBOOK-10' },
  { field: 'mprn', type: 'string', nullable: true, rule: 'RES-HANDBOOK-10' },
  { field: 'serialNumber', type: 'string', nullable: true, rule: 'RES-HANDBOOK-10' },
  { field: 'openingReading', type: 'object', nullable: true, rule: 'RES-HANDBOOK-11' },
];

const SUPPLIER_FIELDS: readonly FieldRule[] = [
  { field: 'utilityType', type: 'string', rule: 'RES-HANDBOOK-5' },
  { field: 'supplierName', type: 'string', rule: 'RES-HANDBOOK-5' },
];

const REGISTERS = ['single', 'day', 'night', 'export', 'heat'];
/** Keys that would hold a supplier account number (RES-HANDBOOK-13), in any spelling. */
const ACCOUNT_KEY = /acc(oun)?t|customer.?(no|num|ref|id)|billing.?(no|num|ref)/i;

function readingProblem(reading: Json): string | undefined {
  if (!isIsoDate(reading.readingDate)) return `readingDate is ${describeValue(reading.readingDate)}`;
  if (!Array.isArray(reading.registers)) return `registers is ${describeValue(reading.registers)}`;
  for (const r of reading.registers) {
    if (!isRecord(r) || !REGISTERS.includes(r.register as string) || typeof r.value !== 'number')
      return `register ${describeValue(r)}`;
  }
  return undefined;
}

function completenessProblem(c: Json): string | undefined {
  if (!isInt(c.filled) || !isInt(c.total)) return `filled ${describeValue(c.filled)}, total ${describeValue(c.total)}`;
  if (!Array.isArray(c.missing) || c.missing.some((m) => typeof m !== 'string'))
    return `missing ${describeValue(c.missing)}`;
  return undefined;
}

/** Asserts one handbook answer; returns how many meters and suppliers it held. */
function expectHandbook(
  ctx: CheckContext,
  res: Awaited<ReturnType<CheckContext['http']['request']>>,
  propertyId: string,
): { meters: number; suppliers: number; knowledge: boolean } {
  const data = successData(ctx, res, [200], { rules: ['PROP-25'] });
  expectShape(ctx, data, HANDBOOK_FIELDS, `handbook of ${propertyId}`, res.exchange);
  const handbook = data as Json;
  ctx.expect(
    handbook.propertyId === propertyId,
    `handbook.propertyId to be ${propertyId}`,
    () => describeValue(handbook.propertyId),
    res.exchange,
    { rules: ['RES-HANDBOOK-1'] },
  );
  const completeness = completenessProblem(handbook.completeness as Json);
  ctx.expect(
    completeness === undefined,
    'completeness { filled: integer, total: integer, missing: string[] }',
    completeness ?? '',
    res.exchange,
    { rules: ['RES-HANDBOOK-3'] },
  );
  const meters = (handbook.meters as unknown[]).map((m) => m as Json);
  for (const meter of meters) {
    expectShape(ctx, meter, METER_FIELDS, `a meter of ${propertyId}`, res.exchange);
    if (isRecord(meter.openingReading)) {
      const problem = readingProblem(meter.openingReading);
      ctx.expect(
        problem === undefined,
        'openingReading { readingDate: date, registers: [{ register: single|day|night|export|heat, value: number }] }',
        problem ?? '',
        res.exchange,
        { rules: ['RES-HANDBOOK-11'] },
      );
    }
  }
  const suppliers = (handbook.suppliers as unknown[]).map((s) => s as Json);
  for (const supplier of suppliers) {
    expectShape(ctx, supplier, SUPPLIER_FIELDS, `a supplier of ${propertyId}`, res.exchange);
    const leaked = Object.keys(supplier).find((k) => ACCOUNT_KEY.test(k));
    ctx.expect(
      leaked === undefined,
      'supplier items without any account number',
      () => `"${leaked}": ${describeValue(supplier[leaked!])}`,
      res.exchange,
      { rules: ['RES-HANDBOOK-13'] },
    );
  }
  return { meters: meters.length, suppliers: suppliers.length, knowledge: handbook.knowledge !== null };
}

export const handbookShapeOnEveryProperty = defineCheck({
  id: 'handbook.shapeOnEveryProperty',
  title:
    'GET /properties/{id}/handbook answers the Handbook (knowledge or null, completeness, meters, suppliers without account numbers)',
  group: 'Resources > Property handbook',
  rules: [
    'PROP-25',
    'RES-HANDBOOK-1',
    'RES-HANDBOOK-2',
    'RES-HANDBOOK-3',
    'RES-HANDBOOK-4',
    'RES-HANDBOOK-5',
    'RES-HANDBOOK-6',
    'RES-HANDBOOK-7',
    'RES-HANDBOOK-8',
    'RES-HANDBOOK-10',
    'RES-HANDBOOK-11',
    'RES-HANDBOOK-13',
  ],
  async run(ctx: CheckContext) {
    let meters = 0;
    let suppliers = 0;
    let withKnowledge = 0;
    const properties = await targetProperties(ctx);
    for (const property of properties) {
      const id = String(property.id);
      const res = await ctx.http.request({ path: `/properties/${id}/handbook`, key: LIVE });
      const seen = expectHandbook(ctx, res, id);
      meters += seen.meters;
      suppliers += seen.suppliers;
      if (seen.knowledge) withKnowledge++;
    }
    // A property with nothing recorded: 200 with knowledge null ("null when nothing has been recorded yet; this is
    // normal, not an error"), never an error and never a record standing for nothing.
    const own = await createOwnProperty(ctx, LIVE, 'handbook');
    const fresh = await ctx.http.request({ path: `/properties/${String(own.id)}/handbook`, key: LIVE });
    ctx.expect(
      fresh.status === 200,
      'the handbook of a new property (nothing recorded yet) to answer 200',
      () => describeResponse(fresh),
      fresh.exchange,
      { rules: ['RES-HANDBOOK-2', 'PROP-25'] },
    );
    expectHandbook(ctx, fresh, String(own.id));
    const knowledge = isRecord(fresh.json) && isRecord(fresh.json.data) ? fresh.json.data.knowledge : undefined;
    ctx.expect(
      knowledge === null,
      'the handbook of a new property (nothing recorded yet) to carry knowledge null',
      () => `knowledge ${describeValue(knowledge)}`,
      fresh.exchange,
      { rules: ['RES-HANDBOOK-2'] },
    );
    ctx.note(
      `${properties.length} handbooks (${withKnowledge} with knowledge, ${meters} meters, ${suppliers} suppliers) and a fresh property's handbook`,
    );
  },
});

export const handbookErrors = defineCheck({
  id: 'handbook.answers401And404',
  title: 'GET /properties/{id}/handbook answers 401 without credentials and 404 for an unknown property',
  group: 'Endpoints > Properties',
  rules: ['PROP-26', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    const [property] = await targetProperties(ctx, LIVE, 1);
    const id = property ? String(property.id) : unknownId();
    const anonymous = await ctx.http.request({ path: `/properties/${id}/handbook`, auth: 'none' });
    ctx.expectErrorEnvelope(anonymous, 401, 'UNAUTHORIZED', { rules: ['PROP-26'] });
    const unknown = await ctx.http.request({ path: `/properties/${unknownId()}/handbook`, key: LIVE });
    ctx.expectErrorEnvelope(unknown, 404, 'NOT_FOUND', { rules: ['PROP-26', 'ERR-NOT_FOUND'] });
    ctx.note('401 UNAUTHORIZED without a key, 404 NOT_FOUND for an unknown property');
  },
});
