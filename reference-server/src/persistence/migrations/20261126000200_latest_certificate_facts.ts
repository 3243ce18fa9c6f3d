// The latest certificate of each type, as facts on the property, kept by the same refresh as held_<type>
// (migration 20261126000000): its expiry (properties.latest_expiry_<type>) and, for the EPC, its rating and score.
// The compliance summary read them per request from the certificates table, a hash aggregate over the landlord's
// latest certificates and a join to the latest EPCs: about 7 ms of its 45 ms statement at 5,000 properties, in
// every request, for facts that change only when a certificate is written.
import type { Knex } from 'knex';
import { ON_WRITE as PREVIOUS_ON_WRITE, REFRESH as PREVIOUS_REFRESH, REFRESHING } from './20261126000000_certificate_facts';

const TYPES = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'] as const;
const held = (type: (typeof TYPES)[number]): string => `held_${type.toLowerCase()}`;
const latestExpiry = (type: (typeof TYPES)[number]): string => `latest_expiry_${type.toLowerCase()}`;
/** The latest EPC's columns, taken with the tie-break of `superseded`: later expiry, then higher id. */
const EPC_FACTS = [['latest_epc_rating', 'epc_rating'], ['latest_epc_score', 'epc_score']] as const;

const FACTS = [...TYPES.map(held), ...TYPES.map(latestExpiry), ...EPC_FACTS.map(([column]) => column)];
const factSql = (column: string): string => {
  const type = TYPES.find((t) => column === held(t) || column === latestExpiry(t));
  if (type && column === held(type)) return `coalesce(bool_or(c.type = '${type}'), false)`;
  if (type) return `max(c.expiry_date) filter (where c.type = '${type}')`;
  const source = EPC_FACTS.find(([name]) => name === column)![1];
  return `(array_agg(c.${source} order by c.expiry_date desc, c.id desc) filter (where c.type = 'EPC'))[1]`;
};

const REFRESH = `
create or replace function refresh_certificate_facts(property_ids uuid[]) returns void language sql as $$
  -- null: every property (after a bulk load).
  update certificates c set superseded = f.superseded
  from (
    select id, row_number() over (partition by property_id, type order by expiry_date desc, id desc) > 1 as superseded
    from certificates
    where deleted_at is null and (property_ids is null or property_id = any(property_ids))
  ) f
  where c.id = f.id and c.superseded <> f.superseded;
  update properties p set ${FACTS.map((f) => `${f} = h.${f}`).join(', ')}
  from (
    select p2.id, ${FACTS.map((f) => `${factSql(f)} as ${f}`).join(', ')}
    from properties p2 left join certificates c on c.property_id = p2.id and c.deleted_at is null
    where property_ids is null or p2.id = any(property_ids)
    group by p2.id
  ) h
  where p.id = h.id and (${FACTS.map((f) => `p.${f}`).join(', ')}) is distinct from (${FACTS.map((f) => `h.${f}`).join(', ')});
$$`;

// As before, but a truncate refreshes every property (no certificate is left: nothing held, no latest) instead of
// clearing held_<type> alone.
const ON_WRITE = `
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
    perform refresh_certificate_facts(null);
  end if;
  perform set_config('${REFRESHING}', '', true);
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table properties ${[
    ...TYPES.map((t) => `add column ${latestExpiry(t)} date`),
    'add column latest_epc_rating varchar(2)',
    'add column latest_epc_score integer',
  ].join(', ')}`);
  await knex.raw(REFRESH);
  await knex.raw(ON_WRITE);
  await knex.raw('select refresh_certificate_facts(null)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists refresh_certificate_facts(uuid[])');
  await knex.raw(PREVIOUS_REFRESH);
  await knex.raw(PREVIOUS_ON_WRITE.replace('create function', 'create or replace function'));
  await knex.raw(`alter table properties ${[...TYPES.map(latestExpiry), 'latest_epc_rating', 'latest_epc_score'].map((c) => `drop column if exists ${c}`).join(', ')}`);
}
