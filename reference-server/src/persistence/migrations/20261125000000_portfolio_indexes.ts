// Indexes the large-portfolio benchmark (scripts/bench/large-portfolio.ts) showed were missing: each list's order
// under its landlord (so a page, deep or not, walks an index instead of sorting every row), the unpaid rent
// payments (the Overdue and Pending filters and their counts touch only those), the latest certificate of a type
// per property (compliance, property views, calendar) and the calendar's date windows. All partial on the live
// rows, which are the only ones scoped reads see.
import { indexesMigration, type IndexDefinition } from './schema-steps';

const INDEXES: readonly IndexDefinition[] = [
  ['properties_landlord_order', 'properties (landlord_id, created_at, id) where deleted_at is null'],
  ['contracts_landlord_order', 'contracts (landlord_id, created_at, id) where deleted_at is null'],
  ['tenants_landlord_order', 'tenants (landlord_id, created_at, id) where deleted_at is null'],
  [
    'rent_payments_landlord_due',
    'rent_payments (landlord_id, due_date desc, created_at desc, id) where deleted_at is null',
  ],
  [
    'rent_payments_landlord_unpaid',
    `rent_payments (landlord_id, due_date desc, created_at desc, id) where deleted_at is null and status <> 'Paid'`,
  ],
  [
    'certificates_property_latest',
    'certificates (property_id, type, expiry_date desc, id desc) where deleted_at is null',
  ],
  ['certificates_landlord_expiry', 'certificates (landlord_id, expiry_date) where deleted_at is null'],
  ['maintenance_issues_landlord_order', 'maintenance_issues (landlord_id, created_at, id) where deleted_at is null'],
  ['maintenance_issues_landlord_due', 'maintenance_issues (landlord_id, due_date) where deleted_at is null'],
  ['inspections_landlord_order', 'inspections (landlord_id, inspection_date, id) where deleted_at is null'],
  ['property_documents_landlord_expiry', 'property_documents (landlord_id, expiry_date) where deleted_at is null'],
];

export const { up, down } = indexesMigration(INDEXES);
