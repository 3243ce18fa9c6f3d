// Sample `data` for every event type: what the dashboard's test deliveries carry (plus `_test: true`).
// Deterministic for a given date, and valid by construction (built through buildEventData).
import { createHash } from 'node:crypto';
import type { EventType } from '../event-types';
import { buildCatalogueData } from './build';
import { CATALOGUE, type EventData, type Field } from './fields';

/** A stable UUID (v5 layout) per (type, field), so a sample's ids are the same on every test delivery. */
function sampleId(seed: string): string {
  const h = createHash('sha1').update(`webhook-sample:${seed}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// Values seen in the spec's payloads, where a field has them; other strings get a readable placeholder.
const STRINGS: Record<string, string> = {
  property_name: '12 Harbour View',
  address: '12 Harbour View, Bristol BS1 4AB',
  short_name: '12 Harbour View',
  city: 'Bristol',
  postcode: 'BS1 4AB',
  title: 'Leaking kitchen tap',
  description: 'Water pooling under the sink',
  priority: 'Medium',
  inspection_type: 'Routine',
  landlord_actions: 'Replace the bathroom extractor fan',
  first_name: 'Alex',
  last_name: 'Taylor',
  email: 'alex.taylor@example.com',
  phone: '07700 900123',
  mobile: '07700 900456',
  name: 'Sample document',
  company: 'Bristol Plumbing Ltd',
  text: 'Hello, the plumber will visit on Tuesday.',
  attachment_type: 'image/jpeg',
  attachment_name: 'photo.jpg',
  lender: 'Example Bank',
  reference: 'MORT-0001',
  period: 'March 2026',
  tenant_email: 'alex.taylor@example.com',
  document_type: 'invoice',
  sent_via: 'public_api',
  type: 'EPC_Certificate',
  document_name: 'Tenancy agreement',
  signer_email: 'alex.taylor@example.com',
  signed_document_url: 'https://files.example.com/signed/tenancy-agreement.pdf',
  deduction_reason: 'Carpet cleaning',
  plan_description: '£100 per month for 6 months',
  utility_type: 'electricity',
  unit: 'kWh',
  tariff_structure: 'single_rate',
  payment_mode: 'credit',
  mpan: '1200023305967',
  location_description: 'Under the stairs',
  reason: 'changeover',
};
const STATUS: Partial<Record<EventType, string>> = {
  'contract.created': 'Active',
  'contract.updated': 'Active',
  'maintenance.created': 'Open',
  'maintenance.updated': 'In_Progress',
  'inspection.scheduled': 'in_progress',
  'inspection.updated': 'in_progress',
  'property.created': 'Vacant',
  'property.updated': 'Occupied',
  'tenant.created': 'INVITED',
  'tenant.updated': 'ACTIVE',
  'mortgage.created': 'Active',
  'mortgage.updated': 'Active',
  'rent.created': 'Pending',
  'rent.updated': 'Paid',
  'document.unsigned': 'declined',
  'deposit.updated': 'partial_return',
  'meter_reading.recorded': 'actual',
};

export function sampleEventData<T extends EventType>(type: T, today: string, at: Date): EventData<T> {
  const timestamp = at.toISOString();
  const value = (name: string, field: Field): unknown => {
    switch (field.kind) {
      case 'literal':
        return field.value;
      case 'id':
        return sampleId(`${type}:${name}`);
      case 'ids':
        return [sampleId(`${type}:${name}:0`), sampleId(`${type}:${name}:1`)];
      case 'number':
        return name === 'interest_rate' ? 4.25 : 1250;
      case 'integer':
        return name === 'size_bytes' ? 48213 : 3;
      case 'date':
        return name === 'removed_date' && type !== 'meter.removed' ? null : today;
      case 'timestamp':
        return timestamp;
      case 'strings':
        return ['Plumbing', 'Heating'];
      case 'registers':
        return [{ register: 'single', value: 10432.5, unit: 'kWh' }];
      case 'contractLinks':
        return [
          { contract_id: sampleId(`${type}:contract:out`), role: 'check_out' },
          { contract_id: sampleId(`${type}:contract:in`), role: 'check_in' },
        ];
      case 'array':
        return [];
      default:
        return name === 'status' ? (STATUS[type] ?? 'Active') : (STRINGS[name] ?? `Sample ${name.replace(/_/g, ' ')}`);
    }
  };
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(CATALOGUE[type] as Readonly<Record<string, Field>>))
    input[name] = value(name, field);
  return buildCatalogueData(type, input);
}
