// GET /events takes its per-date counts from landlord_counts, which count a source's rows whatever their property,
// and subtracts the rows the calendar does not show. Those reads start from the few rows they look for: the
// landlord's soft-deleted properties (then each one's rows through the source's property index; rent payments had
// none), and the latest licence certificates (of which only those of properties needing no licence are hidden).
import { indexesMigration, type IndexDefinition } from './schema-steps';

const INDEXES: readonly IndexDefinition[] = [
  ['properties_landlord_deleted', 'properties (landlord_id) where deleted_at is not null'],
  ['rent_payments_property_due', 'rent_payments (property_id, due_date) where deleted_at is null'],
  [
    'certificates_landlord_licence_latest',
    `certificates (landlord_id, expiry_date) where deleted_at is null and not superseded and type = 'LANDLORD_LICENCE'`,
  ],
];

export const { up, down } = indexesMigration(INDEXES);
