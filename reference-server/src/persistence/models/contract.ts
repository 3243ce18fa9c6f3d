import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { LandlordScopedModel, type Scope } from './landlord-scoped-model';

export class Contract extends LandlordScopedModel {
  static override tableName = 'contracts';
  static override softDeletable = true;
  property_id!: string;
  main_tenant_id!: string;
  additional_tenant_ids!: string[];
  tenancy_reference!: string;
  start_date!: string;
  end_date!: string | null;
  rent_amount!: number;
  rent_frequency!: string;
  deposit_amount!: number | null;
  notice_served!: boolean;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;

  // The contracts set aside once ended (migration 20261127000400_contract_sweeps): an archived row's end date is
  // before its landlord's sweep date, so at a today not before that date every archived contract has ended.

  /** Archives the landlord's contracts ended before `today` if not done yet; whether the archived may be left out at `today`. */
  static async sweepEnded(scope: Scope, today: string): Promise<boolean> {
    const db = scope.db as Knex;
    const [row] = await db.select<Array<{ open: boolean }>>(
      db.raw('sweep_ended_contracts(?, ?::date) as open', [scope.landlordId, today]),
    );
    return row?.open === true;
  }

  /** Whether the landlord's archived contracts may be left out at `today` (now, in a statement of its own). */
  static async sweptBy(scope: Scope, today: string): Promise<boolean> {
    const db = scope.db as Knex;
    const row = await db('contract_sweeps')
      .where('landlord_id', scope.landlordId)
      .first<{ open: boolean } | undefined>(db.raw('swept_before <= ?::date as open', [today]));
    return row?.open === true;
  }

  /**
   * The query without the archived contracts, where the sweep date read in the query's own snapshot is not after
   * `today`; where it is (a sweep by a clock ahead of this one since `sweepEnded`), the query matches nothing.
   */
  static withoutArchived(
    query: QueryBuilder<Contract, Contract[]>,
    scope: Scope,
    today: string,
  ): QueryBuilder<Contract, Contract[]> {
    return query
      .whereRaw('not contracts.archived')
      .whereRaw('(select s.swept_before from contract_sweeps s where s.landlord_id = ?) <= ?::date', [
        scope.landlordId,
        today,
      ]);
  }
}
