// Steps several migrations take, written once: creating and dropping a list of indexes, replacing an index by a
// new definition under the same name, and the statement-level triggers of a table (transition tables need one
// trigger per event). Not a migration itself: index.ts lists the migrations.
import type { Knex } from 'knex';

/** An index: its name and its definition after `create index <name> on`. */
export type IndexDefinition = readonly [name: string, definition: string];

export async function createIndexes(knex: Knex, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const [name, definition] of indexes) await knex.raw(`create index ${name} on ${definition}`);
}

export async function dropIndexes(knex: Knex, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const [name] of [...indexes].reverse()) await knex.raw(`drop index if exists ${name}`);
}

/** A migration whose whole work is these indexes. */
export const indexesMigration = (indexes: readonly IndexDefinition[]) => ({
  up: (knex: Knex): Promise<void> => createIndexes(knex, indexes),
  down: (knex: Knex): Promise<void> => dropIndexes(knex, indexes),
});

/** A migration that replaces the index `name` (definition `before`) by `after`, and back. */
export const replacedIndexMigration = (name: string, before: string, after: string) => {
  const replace = async (knex: Knex, definition: string): Promise<void> => {
    await knex.raw(`drop index if exists ${name}`);
    await knex.raw(`create index ${name} on ${definition}`);
  };
  return { up: (knex: Knex) => replace(knex, after), down: (knex: Knex) => replace(knex, before) };
};

const EVENTS = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
  ['truncate', ''],
] as const;

/** Statement-level triggers `<prefix>_<event>` on every write to `table`, with its transition tables, calling `fn`. */
export async function createStatementTriggers(knex: Knex, table: string, prefix: string, fn: string): Promise<void> {
  for (const [event, referencing] of EVENTS) {
    await knex.raw(
      `create trigger ${prefix}_${event} after ${event} on ${table} ${referencing} for each statement execute function ${fn}()`,
    );
  }
}

export async function dropStatementTriggers(knex: Knex, table: string, prefix: string): Promise<void> {
  for (const [event] of EVENTS) await knex.raw(`drop trigger if exists ${prefix}_${event} on ${table}`);
}
