// The read of the compliance summary, in one round trip: one row per property of the landlord (its derived status,
// the expiry of its latest certificate of each type, the rating and score of its latest EPC), the rules of
// severity.ts and epc.ts applied to each in SQL (sql.ts), and from those rows the properties' JSON text, the
// attention items and the portfolio's counts. The summary covers the whole portfolio, so per-row cost is what grows
// with it: the latest certificates are facts kept on the property row (migration 20261126000200), so one scan of
// the landlord's properties is the whole read, and no per-property object is ever built in Node.
import type { Knex } from 'knex';
import {
  JSON_DUE_COLUMN_OF,
  LATEST_EXPIRY_COLUMN_OF,
  Property,
  summaryVersionQuery,
  type Scope,
} from '../../persistence/models';
import { propertyStatusSql } from '../properties/repository';
import { EPC_BANDS, type EpcBand } from './epc';
import {
  CERTIFICATE_TYPE_OF,
  ITEM_CODES,
  NO_ATTENTION,
  RENEWAL_COLUMN_OF,
  SEVERITY_ORDER,
  type ItemCode,
  type Severity,
} from './severity';
import {
  appliesSql,
  atLeastSql,
  computed,
  epcBandSql,
  epcCompliantSql,
  fixed,
  identifier,
  itemColumn,
  itemSql,
  jsonArrayOfPresent,
  jsonObject,
  jsonObjectEndingByOutcome,
  jsonObjectParts,
  jsonPlainString,
  jsonScalar,
  jsonValue,
  literal,
  outcomesWhere,
  presentPlainString,
} from './sql';

// The name, the address and the due dates are JSON text the database keeps on the row (json_*, migration
// 20261128000000): a request only writes what depends on today's date.
const PROPERTY_COLUMNS = [
  'id',
  'short_name',
  'json_name',
  'json_address',
  'licence_required',
  ...ITEM_CODES.map((code) => RENEWAL_COLUMN_OF[code]),
  ...ITEM_CODES.map((code) => JSON_DUE_COLUMN_OF[CERTIFICATE_TYPE_OF[code]]),
] as const satisfies ReadonlyArray<keyof Property>;

export type ComplianceSummaryRow = Record<`severity_${Severity}`, number> &
  Record<`band_${EpcBand}`, number> & {
    /** The `properties` array's elements, as JSON text joined by commas, in name order; null without properties. */
    properties: string | null;
    /** The JSON texts of every item that needs attention (AttentionItem), unsorted, joined by commas; null when none does. */
    attention: string | null;
    property_count: number;
    required_items_total: number;
    rated: number;
    c_or_above: number;
    /** The landlord's data version the rows were read at (kept-summary.ts): the same snapshot as the rows. */
    version: number;
  };

export const severityCountColumn = (severity: Severity): `severity_${Severity}` => `severity_${severity}`;
export const bandCountColumn = (band: EpcBand): `band_${EpcBand}` => `band_${band}`;

const expiryOf = (code: ItemCode): string => `b.${identifier(`expiry_${CERTIFICATE_TYPE_OF[code]}`)}`;

/**
 * Per property, in name then id order: its columns, and each item's day count and outcome (an index of
 * ITEM_OUTCOMES; null where the item does not apply).
 */
function propertyItemRows(scope: Scope, today: string): Knex.QueryBuilder {
  const knex = scope.db as Knex;
  // The latest certificate of each type is a fact the database keeps on the property (latest_expiry_<type>,
  // latest_epc_rating and _score), so no certificate is read here.
  const base = Property.scoped(scope)
    .select(
      PROPERTY_COLUMNS.map((c) => `properties.${c}`),
      knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`),
    )
    .select(Object.entries(LATEST_EXPIRY_COLUMN_OF).map(([type, column]) => `properties.${column} as expiry_${type}`))
    .select('properties.latest_epc_rating as epc_rating', 'properties.latest_epc_score as epc_score')
    .toKnexQuery();

  const items = ITEM_CODES.flatMap((code) => {
    const item = itemSql(expiryOf(code), `b.${RENEWAL_COLUMN_OF[code]}`, 't.today');
    return (['days', 'outcome'] as const).map((part) =>
      knex.raw(
        `case when ${appliesSql(code, 'b.licence_required')} then ${item[part]} end as ${itemColumn(code, part)}`,
      ),
    );
  });
  const epcExpiry = expiryOf('EPC');
  return knex
    .select(
      'b.*',
      't.today',
      ...items,
      knex.raw(`case when ${epcExpiry} is not null then ${epcBandSql('b.epc_rating', 'b.epc_score')} end as epc_band`),
    )
    .from(base.as('b'))
    .joinRaw('cross join (select ?::date as today) as t', [today])
    .orderBy(['b.short_name', 'b.id']);
}

const column = (code: ItemCode, part: 'days' | 'outcome'): string => `r.${itemColumn(code, part)}`;
/** The JSON text of an item's due date, kept on the row. */
const dueJson = (code: ItemCode): string => `r.${JSON_DUE_COLUMN_OF[CERTIFICATE_TYPE_OF[code]]}`;

/** The JSON text of one summary property (PropertyCompliance) from a row of propertyItemRows. */
const PROPERTY_JSON = ((): string => {
  const epcExpiry = `r.${identifier('expiry_EPC')}`;
  const held = (value: string): string => `case when ${epcExpiry} is not null then ${value} end`;
  const epc = jsonObjectParts([
    ['rating', computed(jsonValue(held('r.epc_rating')))],
    ['band', computed(jsonPlainString('r.epc_band'))],
    ['score', computed(jsonScalar(held('r.epc_score')))],
    ['renewal', computed(dueJson('EPC'))],
    ['compliant', computed(jsonScalar(epcCompliantSql('r.epc_band', epcExpiry, 'r.today')))],
  ]);
  // An item's state and severity are one fixed text per outcome.
  const items = ITEM_CODES.map(
    (code) =>
      `case when ${column(code, 'outcome')} is not null then ${jsonObjectEndingByOutcome(
        [
          ['code', fixed(JSON.stringify(code))],
          ['required', fixed('true')],
          ['dueDate', computed(dueJson(code))],
          ['daysUntil', computed(jsonScalar(column(code, 'days')))],
        ],
        column(code, 'outcome'),
        ({ state, severity }) => ({ state, severity }),
      )} end`,
  );
  return jsonObject([
    ['id', presentPlainString('r.id')],
    ['name', computed('r.json_name')],
    ['address', computed('r.json_address')],
    // A CASE of three words, never null.
    ['status', presentPlainString('r.derived_status')],
    ['epc', epc],
    ['items', jsonArrayOfPresent(items)],
  ]);
})();

/** The outcomes that put an item on the attention list. */
const ATTENTION_OUTCOMES = outcomesWhere(({ severity }) => severity !== NO_ATTENTION);

/**
 * The JSON texts of a row's attention items (AttentionItem), joined by commas; null when every item is ok or does
 * not apply. Built beside the property's JSON in the same pass over the rows, instead of a second pass that
 * unnested every row into one row per item (20,000 rows at 5,000 properties) to keep the few hundred that need
 * attention.
 */
const ATTENTION_JSON = `nullif(concat_ws(',', ${ITEM_CODES.map(
  (code) =>
    `case when ${column(code, 'outcome')} in (${ATTENTION_OUTCOMES.join(', ')}) then ${jsonObjectEndingByOutcome(
      [
        ['propertyId', presentPlainString('r.id')],
        ['propertyName', computed('r.json_name')],
        ['code', fixed(JSON.stringify(code))],
        ['dueDate', computed(dueJson(code))],
        ['daysUntil', computed(jsonScalar(column(code, 'days')))],
      ],
      column(code, 'outcome'),
      ({ severity }) => ({ severity }),
    )} end`,
).join(', ')}), '')`;

const sumOver = (codes: readonly ItemCode[], term: (code: ItemCode) => string): string =>
  `(${codes.map(term).join(' + ')})::int`;

/** How many items of a row have an outcome among these: 0 when there are none. */
const countOutcomes = (outcomes: readonly number[]): string =>
  outcomes.length === 0
    ? '0'
    : sumOver(ITEM_CODES, (code) => `count(*) filter (where ${column(code, 'outcome')} in (${outcomes.join(', ')}))`);

// The statement over the rows of propertyItemRows (`r`), the same for every request: built once. One pass of
// aggregates: the properties' JSON, the attention items' JSON and every count. Each row's columns are computed
// once: `offset 0` keeps the planner from pulling the subquery up and evaluating an item column's expression again
// wherever it is used, and unlike a materialized CTE it does not first write the rows to a tuplestore (5 ms of the
// 38 ms statement at 5,000 properties). The rows arrive in name order, sorted before the JSON is built, and the
// aggregate takes them in that order: an `order by` inside string_agg sorted the built JSON texts instead (3 ms).
// PostgreSQL feeds a plain aggregate its input in order; the fence keeps that input a single ordered stream (a
// subquery with `offset` is never split across parallel workers).
const severityCounts = SEVERITY_ORDER.map(
  (severity) =>
    `${countOutcomes(outcomesWhere((outcome) => outcome.severity === severity))} as ${identifier(severityCountColumn(severity))}`,
);
const bandCounts = EPC_BANDS.map(
  (band) => `count(*) filter (where r.epc_band = ${literal(band)})::int as ${identifier(bandCountColumn(band))}`,
);
export const SUMMARY_STATEMENT = `select
      string_agg(${PROPERTY_JSON}, ',') as properties,
      string_agg(${ATTENTION_JSON}, ',') as attention,
      count(*)::int as property_count,
      -- Every item a property lists is required.
      ${sumOver(ITEM_CODES, (code) => `count(${column(code, 'outcome')})`)} as required_items_total,
      ${severityCounts.join(',\n      ')},
      count(r.epc_band)::int as rated,
      count(*) filter (where ${atLeastSql('r.epc_band', 'C')})::int as c_or_above,
      ${bandCounts.join(',\n      ')},
      ? as version
    from (? offset 0) as r`;

export async function complianceSummaryRow(scope: Scope, today: string): Promise<ComplianceSummaryRow> {
  const { rows } = await (scope.db as Knex).raw<{ rows: ComplianceSummaryRow[] }>(SUMMARY_STATEMENT, [
    summaryVersionQuery(scope),
    propertyItemRows(scope, today),
  ]);
  return rows[0];
}
