// The rows a write-sequence test made itself, told apart from the fixtures by a marker prefix in one column.
import type { Knex } from 'knex';

/** Their ids, in id order. */
export async function madeIds(knex: Knex, table: string, column: string, mark: string): Promise<string[]> {
  return (await knex(table).where(column, 'like', `${mark}%`).orderBy('id').select<Array<{ id: string }>>('id')).map(
    (r) => r.id,
  );
}

/**
 * The picked one of them (`pick` modulo their number), or an id no row has when there are none, so that a write to
 * it touches nothing. (An id, not a query builder: a builder is thenable, and returning one would run it.)
 */
export async function pickMade(knex: Knex, table: string, column: string, mark: string, pick: number): Promise<string> {
  const ids = await madeIds(knex, table, column, mark);
  return ids.length === 0 ? '00000000-0000-4000-8000-000000000000' : ids[pick % ids.length];
}
