// The compliance summary writes every property's JSON in SQL, and a quarter of its statement at 5,000 properties
// was turning the same date-independent values into JSON text on every request: the name, the full address and each
// item's due date (to_json about 0.2 µs a call, six a property, and the address's concat_ws). They change only when
// the property or its certificates are written, so PostgreSQL keeps them as generated columns of the property:
// always equal to their expression, whoever writes the row (the API, fixtures, a bulk load, a manual edit), and
// recomputed with the latest_* facts the certificate refresh writes.
//   json_name         the short name as a JSON string
//   json_address      the full address (the non-empty parts joined by ", ") as a JSON string, or null
//   json_due_<type>   the item's due date as a JSON string (the latest certificate's expiry, else the recorded
//                     renewal date), or null
// A generated column may call immutable functions only. to_json is declared stable because of the types whose text
// depends on settings, but the JSON text of a text or a date does not (dates are always ISO 8601), so the
// wrapper below is immutable in fact.
import type { Knex } from 'knex';
import { RENEWAL_COLUMN, TYPES } from './20261126000000_certificate_facts';

const JSON_TEXT = `create function json_text(value anyelement) returns text language sql immutable parallel safe
  as $$ select coalesce(to_json(value)::text, 'null') $$`;

const ADDRESS = `nullif(concat_ws(', ', ${['address_line1', 'address_line2', 'city', 'postcode'].map((c) => `nullif(${c}, '')`).join(', ')}), '')`;
const FULL_ADDRESS = `create function property_full_address(address_line1 text, address_line2 text, city text, postcode text) returns text
  language sql immutable parallel safe as $$ select ${ADDRESS} $$`;

const COLUMNS: ReadonlyArray<readonly [column: string, expression: string]> = [
  ['json_name', 'json_text(short_name)'],
  ['json_address', 'json_text(property_full_address(address_line1, address_line2, city, postcode))'],
  ...TYPES.map(
    (t) =>
      [
        `json_due_${t.toLowerCase()}`,
        `json_text(coalesce(latest_expiry_${t.toLowerCase()}, ${RENEWAL_COLUMN[t]}))`,
      ] as const,
  ),
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(JSON_TEXT);
  await knex.raw(FULL_ADDRESS);
  await knex.raw(
    `alter table properties ${COLUMNS.map(([column, expression]) => `add column ${column} text not null generated always as (${expression}) stored`).join(', ')}`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table properties ${COLUMNS.map(([column]) => `drop column if exists ${column}`).join(', ')}`);
  await knex.raw('drop function if exists property_full_address(text, text, text, text)');
  await knex.raw('drop function if exists json_text(anyelement)');
}
