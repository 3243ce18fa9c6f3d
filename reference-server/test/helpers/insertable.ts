// A row read from a table, as an insert into it takes it: without its generated columns (the stored calendar event
// ids), which PostgreSQL computes and refuses to be given. For tests that copy rows.
import type { Knex } from 'knex';

const generated = new Map<string, Promise<Set<string>>>();

export async function insertable(
  knex: Knex,
  table: string,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let columns = generated.get(table);
  if (!columns) {
    columns = knex('information_schema.columns')
      .where({ table_name: table, is_generated: 'ALWAYS' })
      .whereRaw('table_schema = current_schema()')
      .select('column_name')
      .then((rows: Array<{ column_name: string }>) => new Set(rows.map((r) => r.column_name)));
    generated.set(table, columns);
  }
  const skip = await columns;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !skip.has(column)));
}
