// The rent payments' (landlord, due date) index also carries the property id (INCLUDE), so the calendar's
// per-date count of rent events (GET /events, one row per payment due in the window, joined to its live
// property) is an index-only scan instead of a heap visit per payment: at 5,000 properties a 400-day window
// holds 30,000 payments (cost estimate 16,200 -> 2,200, measured about 1.7x faster on a loaded machine). The
// index is replaced, not added: the list order it serves is unchanged, and a bulk load rebuilds one index, not two.
import { replacedIndexMigration } from './schema-steps';

const BEFORE = 'rent_payments (landlord_id, due_date desc, created_at desc, id) where deleted_at is null';
const AFTER =
  'rent_payments (landlord_id, due_date desc, created_at desc, id) include (property_id) where deleted_at is null';

export const { up, down } = replacedIndexMigration('rent_payments_landlord_due', BEFORE, AFTER);
