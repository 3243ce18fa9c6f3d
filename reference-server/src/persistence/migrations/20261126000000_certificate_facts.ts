// Two facts about certificates that every compliance read asked again of the whole certificate table, kept by the
// database itself on every write, whoever writes (fixtures, a bulk load, a manual edit):
//   certificates.superseded: a newer live certificate of the same type exists for the property (later expiry,
//     then higher id: the tie-break every read uses), so "the latest certificate of each type" is `not superseded`;
//   properties.held_<type>: the property holds a live certificate of that type, so "an item with no certificate
//     on file" is `not held_<type>`.
// The calendar counted both per request with an index probe per candidate row: at 50,000 properties 61 ms for
// the recorded renewals (12,160 probes that all found a certificate) and 37 ms for the certificate expiries of the
// default window, of 150 ms. The partial indexes below make each an index range scan over the rows that count.
// Statement-level triggers with transition tables refresh the facts of the properties a statement touched, set-based;
// a bulk load that runs with triggers off (session_replication_role = replica) calls the refresh function itself.
import type { Knex } from 'knex';
import {
  createIndexes,
  createStatementTriggers,
  dropIndexes,
  dropStatementTriggers,
  type IndexDefinition,
} from './schema-steps';

export const TYPES = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'] as const;
/** The property column saying whether a certificate of this type is held. */
export const heldColumn = (type: (typeof TYPES)[number]): string => `held_${type.toLowerCase()}`;
export const RENEWAL_COLUMN = {
  GSC: 'gsc_renewal',
  EICR: 'eicr_renewal',
  EPC: 'epc_renewal',
  LANDLORD_LICENCE: 'landlord_licence_renewal',
} as const;

/** A fact the refresh keeps on the property: its column, and its aggregate over the property's live certificates `c`. */
export type PropertyFact = readonly [column: string, aggregate: string];

export const HELD_FACTS: readonly PropertyFact[] = TYPES.map((t) => [
  heldColumn(t),
  `coalesce(bool_or(c.type = '${t}'), false)`,
]);

/** The refresh function, keeping `superseded` and these property facts (a later migration adds facts). */
export const refreshFunction = (facts: readonly PropertyFact[]): string => `
create or replace function refresh_certificate_facts(property_ids uuid[]) returns void language sql as $$
  -- null: every property (after a bulk load).
  update certificates c set superseded = f.superseded
  from (
    select id, row_number() over (partition by property_id, type order by expiry_date desc, id desc) > 1 as superseded
    from certificates
    where deleted_at is null and (property_ids is null or property_id = any(property_ids))
  ) f
  where c.id = f.id and c.superseded <> f.superseded;
  update properties p set ${facts.map(([column]) => `${column} = h.${column}`).join(', ')}
  from (
    select p2.id, ${facts.map(([column, aggregate]) => `${aggregate} as ${column}`).join(', ')}
    from properties p2 left join certificates c on c.property_id = p2.id and c.deleted_at is null
    where property_ids is null or p2.id = any(property_ids)
    group by p2.id
  ) h
  where p.id = h.id and (${facts.map(([column]) => `p.${column}`).join(', ')}) is distinct from (${facts.map(([column]) => `h.${column}`).join(', ')});
$$`;

// The refresh's own update of certificates fires the update trigger again, which has nothing to do: a flag local
// to the transaction says so (not pg_trigger_depth(), which would also skip writes made by cascades and triggers).
const REFRESHING = 'ppapi.refreshing_certificate_facts';

/** The trigger function; `onTruncate` is what a truncate does (it has no transition table to read property ids from). */
export const onWriteFunction = (onTruncate: string): string => `
create or replace function certificates_refresh_facts() returns trigger language plpgsql as $$
begin
  if current_setting('${REFRESHING}', true) = 'on' then return null; end if;
  perform set_config('${REFRESHING}', 'on', true);
  if tg_op = 'INSERT' then
    perform refresh_certificate_facts(array(select distinct property_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform refresh_certificate_facts(array(select distinct property_id from old_rows));
  elsif tg_op = 'UPDATE' then
    perform refresh_certificate_facts(array(select property_id from new_rows union select property_id from old_rows));
  else
    ${onTruncate}
  end if;
  perform set_config('${REFRESHING}', '', true);
  return null;
end $$`;

export const CLEAR_HELD_ON_TRUNCATE = `update properties set ${TYPES.map((t) => `${heldColumn(t)} = false`).join(', ')} where ${TYPES.map((t) => heldColumn(t)).join(' or ')};`;

const INDEXES: readonly IndexDefinition[] = [
  ['certificates_latest_expiry', 'certificates (landlord_id, expiry_date) where deleted_at is null and not superseded'],
  ...TYPES.map(
    (t) =>
      [
        `properties_${RENEWAL_COLUMN[t]}_unheld`,
        `properties (landlord_id, ${RENEWAL_COLUMN[t]}) where deleted_at is null and not ${heldColumn(t)}`,
      ] as const,
  ),
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table certificates add column superseded boolean not null default false');
  await knex.raw(
    `alter table properties ${TYPES.map((t) => `add column ${heldColumn(t)} boolean not null default false`).join(', ')}`,
  );
  await knex.raw(refreshFunction(HELD_FACTS));
  await knex.raw(onWriteFunction(CLEAR_HELD_ON_TRUNCATE));
  await createStatementTriggers(knex, 'certificates', 'certificates_facts', 'certificates_refresh_facts');
  await knex.raw('select refresh_certificate_facts(null)');
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
  await dropStatementTriggers(knex, 'certificates', 'certificates_facts');
  await knex.raw('drop function if exists certificates_refresh_facts()');
  await knex.raw('drop function if exists refresh_certificate_facts(uuid[])');
  await knex.raw(`alter table properties ${TYPES.map((t) => `drop column if exists ${heldColumn(t)}`).join(', ')}`);
  await knex.raw('alter table certificates drop column if exists superseded');
}
