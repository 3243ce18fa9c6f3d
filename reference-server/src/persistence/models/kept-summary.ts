// The compliance summary the database keeps per landlord and date (migration 20261129000000): every read and write
// of it goes through here, scoped to the landlord (the key of both tables).
import type { Knex } from 'knex';
import type { Scope } from './landlord-scoped-model';

/** What a kept body was computed for: the date, the version of the landlord's data, the code that built it. */
export interface KeptSummaryKey {
  readonly today: string;
  readonly version: number;
  readonly format: string;
}

/**
 * SQL (a subquery) for the landlord's current data version, 0 before any counted write. Read inside the statement
 * that computes the summary, so the version and the rows come from one snapshot.
 */
export function summaryVersionQuery(scope: Scope): Knex.Raw {
  return (scope.db as Knex).raw(
    'coalesce((select version from compliance_summary_versions where landlord_id = ?), 0)::bigint',
    [scope.landlordId],
  );
}

/**
 * The landlord's current data version, and whether a body kept for `today` in `format` was computed from it: one
 * read of two rows by primary key, without the body.
 */
export async function keptSummaryState(
  scope: Scope,
  today: string,
  format: string,
): Promise<{ version: number; kept: boolean }> {
  const knex = scope.db as Knex;
  const { rows } = await knex.raw<{ rows: Array<{ version: number; kept: boolean }> }>(
    `select v.version, exists (
       select 1 from compliance_summaries s
       where s.landlord_id = ? and s.today = ? and s.format = ? and s.version = v.version
     ) as kept
     from (select ? as version) v`,
    [scope.landlordId, today, format, summaryVersionQuery(scope)],
  );
  return rows[0];
}

/** The kept body for `today` in `format` and its version, if it was computed from the landlord's current data. */
export async function keptSummaryBody(
  scope: Scope,
  today: string,
  format: string,
): Promise<{ body: string; version: number } | undefined> {
  const knex = scope.db as Knex;
  return knex('compliance_summaries as s')
    .where('s.landlord_id', scope.landlordId)
    .where('s.today', today)
    .where('s.format', format)
    .whereRaw('s.version = ?', [summaryVersionQuery(scope)])
    .first<{ body: string; version: number } | undefined>('s.body', 's.version');
}

/**
 * Keeps `body` as the landlord's summary for `key`, in place of the one kept before; nothing for a landlord that is
 * gone (deleted while its summary was computed).
 */
export async function keepSummaryBody(scope: Scope, key: KeptSummaryKey, body: string): Promise<void> {
  await (scope.db as Knex).raw(
    `insert into compliance_summaries (landlord_id, today, version, format, body)
     select l.id, ?, ?, ?, ? from landlords l where l.id = ?
     on conflict (landlord_id) do update
     set today = excluded.today, version = excluded.version, format = excluded.format, body = excluded.body`,
    [key.today, key.version, key.format, body, scope.landlordId],
  );
}
