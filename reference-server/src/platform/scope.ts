// The landlord a request acts for and the connection its queries use: the one thing every layer passes down.
import type { Knex } from 'knex';

/** The authenticated landlord and the connection (or transaction) every query of a request must use. */
export interface Scope {
  readonly landlordId: string;
  readonly db: Knex | Knex.Transaction;
}
