// The landlord's counts per kind and date that the database keeps (migration 20261127000000_list_counts). A status
// derived from today's date is a sum over the dates before (or through) today, so a list total costs one read of at
// most one row per distinct date, however large the landlord. The arithmetic of each status sits beside its rule
// (contracts/status.ts, rent/status.ts); test/list-counts.test.ts holds every total equal to a count of the list's
// own filter over random write sequences and dates.
import type { Knex } from 'knex';
import type { Scope } from './landlord-scoped-model';

/** Per kind: every row, those dated before today, and those dated through today. */
export interface CountSums {
  readonly all: number;
  readonly before: number;
  readonly through: number;
}

/** The landlord's counts: every read below goes through here (the landlord is the key's first column). */
const countsOf = (scope: Scope): Knex.QueryBuilder =>
  (scope.db as Knex)('landlord_counts').where('landlord_id', scope.landlordId);

/** The sums of the landlord's kinds as of `today`; a kind with no row sums to zero. */
export async function countSums<K extends string>(
  scope: Scope,
  today: string,
  kinds: readonly K[],
): Promise<(kind: K) => CountSums> {
  const rows = await countsOf(scope)
    .whereIn('kind', [...kinds])
    .groupBy('kind')
    .select('kind')
    .select<Array<CountSums & { kind: string }>>(
      (scope.db as Knex).raw(
        'sum(n)::int as "all", coalesce(sum(n) filter (where day < ?::date), 0)::int as before, coalesce(sum(n) filter (where day <= ?::date), 0)::int as through',
        [today, today],
      ),
    );
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return (kind) => byKind.get(kind) ?? { all: 0, before: 0, through: 0 };
}

/** How many live rows of an undated kind the landlord has (its properties, contracts or rent payments). */
export async function liveCount(scope: Scope, kind: 'properties' | 'contracts' | 'rent'): Promise<number> {
  const row = await countsOf(scope).where('kind', kind).first<{ n: number | string } | undefined>('n');
  return Number(row?.n ?? 0);
}

/** The landlord's counts of the kinds on each date from `from` through `to` (dates with a count only). */
export async function countsByDay(
  scope: Scope,
  kinds: readonly string[],
  from: string,
  to: string,
): Promise<Array<{ kind: string; day: string; n: number }>> {
  const rows = await countsOf(scope)
    .whereIn('kind', [...kinds])
    .whereBetween('day', [from, to])
    .select<Array<{ kind: string; day: string; n: number }>>('kind', 'day', 'n');
  // Dates arrive as 'YYYY-MM-DD' and bigints as numbers (database.ts's parsers).
  return rows;
}
