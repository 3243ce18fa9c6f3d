// The contracts' (landlord, created_at, id) list index also carries the columns the status is derived from
// (INCLUDE start_date, end_date, notice_served), so a page of `GET /contracts?status=Active` is an index-only walk.
// In creation order a landlord's ended contracts come first (the oldest tenancies), and the status depends on
// today's date, so no index can leave them out: the walk passes them all before the first Active one. At 50,000
// properties (100,000 ended contracts before the first Active) the page's ids took 19 ms with a heap visit per
// contract and 6 ms from the index alone. Replaced, not added, like the rent index (20261125000200).
import { replacedIndexMigration } from './schema-steps';

const BEFORE = 'contracts (landlord_id, created_at, id) where deleted_at is null';
const AFTER =
  'contracts (landlord_id, created_at, id) include (start_date, end_date, notice_served) where deleted_at is null';

export const { up, down } = replacedIndexMigration('contracts_landlord_order', BEFORE, AFTER);
