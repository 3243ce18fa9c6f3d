// Indexes the calendar's per-date counts showed were missing (large-portfolio benchmark, 5,000 properties): the
// contract start and end dates and the tenants' right-to-rent expiries under their landlord, which were read by
// a scan of every contract and tenant of the landlord for each GET /events. Partial on the live rows, like the
// other portfolio indexes.
import { indexesMigration, type IndexDefinition } from './schema-steps';

const INDEXES: readonly IndexDefinition[] = [
  ['contracts_landlord_start', 'contracts (landlord_id, start_date) where deleted_at is null'],
  ['contracts_landlord_end', 'contracts (landlord_id, end_date) where deleted_at is null'],
  ['tenants_landlord_right_to_rent', 'tenants (landlord_id, right_to_rent_expiry) where deleted_at is null'],
];

export const { up, down } = indexesMigration(INDEXES);
