// Multi-tenant safety by construction: every landlord-owned model is read and written through
// `scoped(scope)`, which adds the landlord filter (and hides soft-deleted rows) in this one place. Paging,
// lock-or-404 and soft delete are built on it here, once, for every resource group.
import type { Knex } from 'knex';
import { Model, type ModelClass, type PartialModelObject, type QueryBuilder } from 'objection';
import { notFound } from '../../platform/errors/api-error';
import { offsetOf, type PageRequest } from '../../platform/http/pagination';
import type { Scope } from '../../platform/scope';

/** A list order: qualified column and direction, the last entry making it total (the id). */
export type Order = ReadonlyArray<readonly [column: string, direction: 'asc' | 'desc']>;

export interface Page<R> {
  readonly rows: R[];
  readonly total: number;
}

export type { Scope };

/** One kind of row by id, for a repository: each a call of the base below, with the kind named once (for the 404). */
export interface RowsById<M> {
  /** The live row, or 404 `${kind} not found`. */
  readonly find: (scope: Scope, id: string) => Promise<M>;
  /** Inserts a row owned by the scope's landlord and returns it as stored. */
  readonly insert: (scope: Scope, row: Partial<M>) => Promise<M>;
  /** The row locked for the rest of the transaction, or 404. */
  readonly lock: (scope: Scope, id: string) => Promise<M>;
  /** Patches the (locked) row and returns it as stored. */
  readonly patch: (scope: Scope, id: string, patch: Partial<M>) => Promise<M>;
  /** Soft-deletes the row (soft-deletable models only). */
  readonly softDelete: (scope: Scope, id: string, at: Date) => Promise<void>;
}

export abstract class LandlordScopedModel extends Model {
  id!: string;
  landlord_id!: string;

  /** Models whose rows are soft-deleted set this; scoped queries then never see deleted rows. */
  static softDeletable = false;

  static scoped<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
  ): QueryBuilder<M, M[]> {
    const query = this.withDeleted<M>(scope);
    return this.softDeletable ? query.whereNull(`${this.tableName}.deleted_at`) : query;
  }

  /** The landlord's rows, soft-deleted ones included (a record that outlives what it names: an issue's property). */
  static withDeleted<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
  ): QueryBuilder<M, M[]> {
    const model = this as unknown as ModelClass<M>;
    return model.query(scope.db).where(`${model.tableName}.landlord_id`, scope.landlordId) as unknown as QueryBuilder<
      M,
      M[]
    >;
  }

  /** Inserts a row owned by the scope's landlord; the landlord id cannot be supplied by the caller. */
  static insertScoped<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    row: Partial<M>,
  ): QueryBuilder<M, M> {
    return (this as unknown as ModelClass<M>)
      .query(scope.db)
      .insert({ ...row, landlord_id: scope.landlordId } as Partial<M>) as unknown as QueryBuilder<M, M>;
  }

  /**
   * One page of a scoped (and filtered) query, with the total (pageRows). `total` replaces the count of the query
   * where the total is known another way (the counts the database keeps: landlord-count.ts).
   */
  static async page<M extends LandlordScopedModel, R = M>(
    this: (new () => M) & typeof LandlordScopedModel,
    query: QueryBuilder<M, M[]>,
    request: PageRequest,
    order: Order,
    total: () => Promise<number> = () => this.countOf(query),
  ): Promise<Page<R>> {
    const [count, page] = await Promise.all([total(), this.orderedPage(query, request, order)]);
    return { rows: page as unknown as R[], total: count };
  }

  /**
   * One page as JSON text, a string per row that PostgreSQL built with `json` (a field table's jsonSql), and the
   * total as `page` gives it: for a list whose rows the server would only turn into JSON again. No model and no
   * value of a row is made in JavaScript (at 500 rows a page, reading, presenting and serialising them was most of
   * the answer's CPU).
   */
  static async pageJson<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    query: QueryBuilder<M, M[]>,
    request: PageRequest,
    order: Order,
    json: Knex.Raw,
    total: () => Promise<number> = () => this.countOf(query),
  ): Promise<Page<string>> {
    const rows = this.orderedPage(query, request, order).clearSelect().select(json.wrap('(', ')::text as json'));
    const [count, page] = await Promise.all([total(), rows.toKnexQuery<{ json: string }>()]);
    return { rows: page.map((r) => r.json), total: count };
  }

  /** One page's rows of the query, in the order. */
  static orderedPage<M extends LandlordScopedModel>(
    query: QueryBuilder<M, M[]>,
    request: PageRequest,
    order: Order,
  ): QueryBuilder<M, M[]> {
    const rows = this.pageRows(query, request, order);
    for (const [column, direction] of order) rows.orderBy(column, direction);
    return rows;
  }

  /**
   * The query narrowed to one page's rows, in no particular order (the caller orders them). A later page's offset
   * is walked on the ids alone, then only the page's rows are read, by primary key: where an index covers the order
   * (landlord_id, order columns, id) a deep page costs a walk of that index, never a read of every row before it
   * (`= any(array(...))`: as `in (...)`, the planner hashed all 5,000 properties of a landlord to find a page's 50).
   * A first page skips nothing, so its rows are read in the order at once: with such an index, the first rows of
   * one index range (at 50,000 properties the first 500 Overdue payments are 19 buffers and 0.5 ms so; joined back
   * to their ids, 2,028 buffers and 15-19 ms).
   */
  static pageRows<M extends LandlordScopedModel>(
    query: QueryBuilder<M, M[]>,
    request: PageRequest,
    order: Order,
  ): QueryBuilder<M, M[]> {
    const rows = query.clone().clearOrder();
    if (offsetOf(request) > 0)
      return rows.whereRaw('??.id = any(array(?))', [
        this.tableName,
        this.pageIds(query, request, order).toKnexQuery(),
      ]);
    for (const [column, direction] of order) rows.orderBy(column, direction);
    return rows.limit(request.limit);
  }

  /** The ids of one page of the query, in order, as a subquery (for pages read through a view query of their own). */
  static pageIds<M extends LandlordScopedModel>(
    query: QueryBuilder<M, M[]>,
    request: PageRequest,
    order: Order,
  ): QueryBuilder<M, M[]> {
    const ids = query.clone().clearSelect().clearOrder().select(`${this.tableName}.id`);
    for (const [column, direction] of order) ids.orderBy(column, direction);
    return ids.offset(offsetOf(request)).limit(request.limit);
  }

  /** How many rows the query matches. */
  static countOf<M extends LandlordScopedModel>(query: QueryBuilder<M, M[]>): Promise<number> {
    return query.clone().clearSelect().clearOrder().resultSize();
  }

  /** The row, locked for the rest of the transaction, or 404 `${kind} not found`. */
  static async lockOrNotFound<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    id: string,
    kind: string,
  ): Promise<M> {
    const row = await this.lock<M>(scope, id);
    if (!row) throw notFound(kind);
    return row;
  }

  /** The row, locked for the rest of the transaction, or undefined (where a missing row is not a 404). */
  static async lock<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    id: string,
  ): Promise<M | undefined> {
    return await this.scoped<M>(scope).findById(id).forUpdate();
  }

  /** Finds one row of the landlord, or 404 `${kind} not found` (a read: no lock). */
  static async findOrNotFound<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    id: string,
    kind: string,
  ): Promise<M> {
    const row = await this.scoped<M>(scope).findById(id);
    if (!row) throw notFound(kind);
    return row;
  }

  /** Patches one row of the landlord (already locked by the caller) and returns it as stored. */
  static async patchReturning<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    id: string,
    patch: PartialModelObject<M>,
  ): Promise<M> {
    // objection types a patch's result as a count; with `returning` on one id it is the row.
    const row = (await this.scoped<M>(scope).findById(id).patch(patch).returning('*')) as unknown as M | undefined;
    if (!row) throw new Error(`${this.tableName} ${id} vanished under its lock`);
    return row;
  }

  /** The by-id operations of this model's rows, the kind named once. */
  static byId<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    kind: string,
  ): RowsById<M> {
    // Arrow functions keep `this` (the class): the repository passes the operations around without it.
    return {
      find: (scope, id) => this.findOrNotFound<M>(scope, id, kind),
      // `returning('*')` typed on the base class: on the generic M its types instantiate too deep for TypeScript.
      insert: async (scope, row) =>
        (await (
          this.insertScoped<M>(scope, row) as unknown as QueryBuilder<LandlordScopedModel, LandlordScopedModel>
        ).returning('*')) as unknown as M,
      lock: (scope, id) => this.lockOrNotFound<M>(scope, id, kind),
      patch: (scope, id, patch) => this.patchReturning<M>(scope, id, patch as PartialModelObject<M>),
      softDelete: (scope, id, at) => this.softDelete<M>(scope, id, at),
    };
  }

  /** Soft-deletes one row of the landlord (deleted_at and updated_at set to `at`); scoped reads no longer see it. */
  static async softDelete<M extends LandlordScopedModel>(
    this: (new () => M) & typeof LandlordScopedModel,
    scope: Scope,
    id: string,
    at: Date,
  ): Promise<void> {
    if (!this.softDeletable) throw new Error(`${this.tableName} is not soft-deletable`);
    await this.scoped(scope)
      .findById(id)
      .patch({ deleted_at: at, updated_at: at } as unknown as Partial<M>);
  }
}
