// Multi-tenant safety by construction: every landlord-owned model is read and written through
// `scoped(scope)`, which adds the landlord filter (and hides soft-deleted rows) in this one place.
import { Model, type ModelClass, type QueryBuilder } from 'objection';
import type { Knex } from 'knex';

/** The authenticated landlord and the connection (or transaction) every query of a request must use. */
export interface Scope {
  readonly landlordId: string;
  readonly db: Knex | Knex.Transaction;
}

export abstract class TenantModel extends Model {
  id!: string;
  landlord_id!: string;

  /** Models whose rows are soft-deleted set this; scoped queries then never see deleted rows. */
  static softDeletable = false;

  static scoped<M extends TenantModel>(this: (new () => M) & typeof TenantModel, scope: Scope): QueryBuilder<M, M[]> {
    const model = this as unknown as ModelClass<M>;
    const table = model.tableName;
    const query = model.query(scope.db).where(`${table}.landlord_id`, scope.landlordId) as unknown as QueryBuilder<M, M[]>;
    return this.softDeletable ? query.whereNull(`${table}.deleted_at`) : query;
  }

  /** Inserts a row owned by the scope's landlord; the landlord id cannot be supplied by the caller. */
  static insertScoped<M extends TenantModel>(this: (new () => M) & typeof TenantModel, scope: Scope, row: Partial<M>): QueryBuilder<M, M> {
    return (this as unknown as ModelClass<M>).query(scope.db).insert({ ...row, landlord_id: scope.landlordId } as Partial<M>) as unknown as QueryBuilder<M, M>;
  }
}
