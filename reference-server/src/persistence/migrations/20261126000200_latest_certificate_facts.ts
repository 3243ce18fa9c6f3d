// The latest certificate of each type, as facts on the property, kept by the same refresh as held_<type>
// (migration 20261126000000): its expiry (properties.latest_expiry_<type>) and, for the EPC, its rating and score.
// The compliance summary read them per request from the certificates table, a hash aggregate over the landlord's
// latest certificates and a join to the latest EPCs: about 7 ms of its 45 ms statement at 5,000 properties, in
// every request, for facts that change only when a certificate is written.
import type { Knex } from 'knex';
import {
  CLEAR_HELD_ON_TRUNCATE,
  HELD_FACTS,
  onWriteFunction,
  refreshFunction,
  TYPES,
  type PropertyFact,
} from './20261126000000_certificate_facts';

const latestExpiry = (type: (typeof TYPES)[number]): string => `latest_expiry_${type.toLowerCase()}`;
/** The latest EPC's column, taken with the tie-break of `superseded`: later expiry, then higher id. */
const latestOfEpc = (column: string): string =>
  `(array_agg(c.${column} order by c.expiry_date desc, c.id desc) filter (where c.type = 'EPC'))[1]`;

const FACTS: readonly PropertyFact[] = [
  ...HELD_FACTS,
  ...TYPES.map((t): PropertyFact => [latestExpiry(t), `max(c.expiry_date) filter (where c.type = '${t}')`]),
  ['latest_epc_rating', latestOfEpc('epc_rating')],
  ['latest_epc_score', latestOfEpc('epc_score')],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table properties ${[
      ...TYPES.map((t) => `add column ${latestExpiry(t)} date`),
      'add column latest_epc_rating varchar(2)',
      'add column latest_epc_score integer',
    ].join(', ')}`,
  );
  await knex.raw(refreshFunction(FACTS));
  // A truncate now refreshes every property (no certificate is left: nothing held, no latest) instead of clearing
  // held_<type> alone.
  await knex.raw(onWriteFunction('perform refresh_certificate_facts(null);'));
  await knex.raw('select refresh_certificate_facts(null)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(refreshFunction(HELD_FACTS));
  await knex.raw(onWriteFunction(CLEAR_HELD_ON_TRUNCATE));
  await knex.raw(
    `alter table properties ${[...TYPES.map(latestExpiry), 'latest_epc_rating', 'latest_epc_score'].map((c) => `drop column if exists ${c}`).join(', ')}`,
  );
}
