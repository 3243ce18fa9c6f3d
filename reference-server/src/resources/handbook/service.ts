// The property handbook: recorded knowledge (null when nothing is recorded: a normal answer), how complete it
// is, the meters in service with their opening readings, and the suppliers without their account numbers.
import { Handbook, Meter, MeterReading, Property, Supplier, type Scope } from '../../persistence/models';
import { notFound } from '../../platform/errors/api-error';
import { UTILITY_TYPES } from './schemas';

/** The knowledge fields completeness counts (the spec does not list them). */
export const KNOWLEDGE_FIELDS = ['wifi', 'bins', 'stopcock', 'boiler', 'fuseBox', 'parking'] as const;

/** Reasons whose readings open a tenancy: the opening reading is the latest of these, never a routine one. */
export const OPENING_REASONS = ['check_in', 'changeover'] as const;

export interface OpeningReading {
  readingDate: string;
  registers: Array<{ register: string; value: number }>;
}

export interface HandbookMeterView {
  id: string;
  utilityType: string;
  locationDescription: string | null;
  unit: string;
  mpan: string | null;
  mprn: string | null;
  serialNumber: string | null;
  openingReading: OpeningReading | null;
}

export interface HandbookView {
  propertyId: string;
  knowledge: Record<string, unknown> | null;
  completeness: { filled: number; total: number; missing: string[] };
  meters: HandbookMeterView[];
  suppliers: Array<{ utilityType: string; supplierName: string }>;
}

/** A value counts as recorded when it holds something: non-blank text, a number or boolean, or a container with one. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(isFilled);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).some(isFilled);
  return false;
}

export function completenessOf(knowledge: Record<string, unknown> | null): HandbookView['completeness'] {
  const missing = KNOWLEDGE_FIELDS.filter((field) => !isFilled(knowledge?.[field]));
  return { filled: KNOWLEDGE_FIELDS.length - missing.length, total: KNOWLEDGE_FIELDS.length, missing };
}

const ACCOUNT_NUMBER_KEY = /account[\s_-]*(number|no|num)/i;

/** Account numbers never leave through the handbook, even when typed into free-form knowledge. */
export function withoutAccountNumbers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAccountNumbers);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !ACCOUNT_NUMBER_KEY.test(key))
        .map(([k, v]) => [k, withoutAccountNumbers(v)]),
    );
  }
  return value;
}

const utilityRank = (utility: string): number => {
  const index = (UTILITY_TYPES as readonly string[]).indexOf(utility);
  return index === -1 ? UTILITY_TYPES.length : index;
};

/** Meters in service on `today`: never removed, or removed on a later date. */
async function metersInService(scope: Scope, propertyId: string, today: string): Promise<Meter[]> {
  const rows = await Meter.scoped(scope)
    .where('property_id', propertyId)
    .where((q) => void q.whereNull('removed_date').orWhere('removed_date', '>', today))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc');
  return rows.sort((a, b) => utilityRank(a.utility_type) - utilityRank(b.utility_type));
}

async function openingReadings(scope: Scope, meterIds: readonly string[]): Promise<Map<string, OpeningReading>> {
  const out = new Map<string, OpeningReading>();
  if (meterIds.length === 0) return out;
  const rows = await MeterReading.scoped(scope)
    .whereIn('meter_id', meterIds)
    .whereIn('reason', [...OPENING_REASONS])
    .orderBy('reading_date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  for (const row of rows) {
    if (out.has(row.meter_id)) continue; // newest first: the first one seen is the opening reading
    const registers = (Array.isArray(row.registers) ? row.registers : []).map((r) => ({
      register: String(r.register),
      value: Number(r.value),
    }));
    out.set(row.meter_id, { readingDate: row.reading_date, registers });
  }
  return out;
}

export async function get(scope: Scope, propertyId: string, today: string): Promise<HandbookView> {
  const property = await Property.scoped(scope).findById(propertyId);
  if (!property) throw notFound('Property');
  const [handbook, meters, suppliers] = await Promise.all([
    Handbook.scoped(scope).where('property_id', propertyId).first(),
    metersInService(scope, propertyId, today),
    // Only these two columns are ever read: the account number does not leave the database.
    Supplier.scoped(scope)
      .where('property_id', propertyId)
      .select('suppliers.utility_type', 'suppliers.supplier_name')
      .orderBy('suppliers.supplier_name')
      .orderBy('suppliers.id'),
  ]);
  const readings = await openingReadings(
    scope,
    meters.map((m) => m.id),
  );
  const knowledge =
    handbook?.knowledge && typeof handbook.knowledge === 'object'
      ? (withoutAccountNumbers(handbook.knowledge) as Record<string, unknown>)
      : null;
  return {
    propertyId,
    knowledge,
    completeness: completenessOf(knowledge),
    meters: meters.map((m) => ({
      id: m.id,
      utilityType: m.utility_type,
      locationDescription: m.location_description,
      unit: m.unit,
      mpan: m.mpan,
      mprn: m.mprn,
      serialNumber: m.serial_number,
      openingReading: readings.get(m.id) ?? null,
    })),
    suppliers: suppliers
      .sort((a, b) => utilityRank(a.utility_type) - utilityRank(b.utility_type))
      .map((s) => ({ utilityType: s.utility_type, supplierName: s.supplier_name })),
  };
}
