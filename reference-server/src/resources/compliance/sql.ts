// The compliance rules as SQL expressions, for the one read that applies them to every property of a landlord at
// once: the summary. Built in Node, 5,000 properties' views held the one Node thread for about 45 ms a request (row
// parsing, objects, garbage collection, JSON.stringify); built in PostgreSQL they cost about as much, but beside
// Node, which under load answers a third more requests a second. Every expression is generated from the tables the TypeScript rules read (ITEM_CODES,
// SEVERITY_BY_DAYS, EPC_SCORE_FLOORS, MINIMUM_BAND), and test/compliance-sql.test.ts holds the two equal over
// generated dates, ratings and scores, so the rules are still stated once.
import { addDays } from '../../platform/time/dates';
import { EPC_BANDS, EPC_SCORE_FLOORS, MINIMUM_BAND, type EpcBand } from './epc';
import {
  complianceItem,
  EXPIRED_FROM_DAYS,
  itemApplies,
  SEVERITY_BY_DAYS,
  type ItemCode,
  type ItemState,
  type Severity,
} from './severity';

/** A SQL string literal, for the constant keys, codes and values of this module only (never request input). */
export const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** A quoted identifier, for the generated column names below. */
export const identifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** JSON text of a SQL value: strings escaped, dates as ISO dates, SQL null as `null`. */
export const jsonValue = (expr: string): string => `coalesce(to_json(${expr})::text, 'null')`;

// to_json costs about 0.1 µs a call, and the summary made some 27 calls per property (a quarter of its statement at
// 5,000 properties). Integers, booleans and the fixed words of these rules have a text form that already is their
// JSON, so they are written directly; to_json stays for what may need escaping (names, addresses, ratings) and for
// dates, whose text form depends on the session's DateStyle.

/** JSON text of an integer or boolean expression (`int::text` and `boolean::text` are their JSON), or `null`. */
export const jsonScalar = (expr: string): string => `coalesce((${expr})::text, 'null')`;

/**
 * JSON text of a string that never needs escaping: a uuid, or one of this module's own words (severities, states,
 * statuses, EPC bands), or `null`.
 */
export const jsonPlainString = (expr: string): string => `coalesce('"' || (${expr}) || '"', 'null')`;

/** A piece of JSON text: text fixed here, or SQL whose value is JSON text (never null: see jsonValue). */
export type JsonPart = { readonly fixed: string } | { readonly sql: string };
export const fixed = (text: string): JsonPart => ({ fixed: text });
export const computed = (sql: string): JsonPart => ({ sql });

/**
 * SQL concatenating the parts. Neighbouring fixed parts become one literal: each `||` copies the text built so far,
 * and the summary builds some 5,000 properties' JSON per request.
 */
export function concatJson(parts: readonly JsonPart[]): string {
  const terms: string[] = [];
  let pending = '';
  for (const part of parts) {
    if ('fixed' in part) {
      pending += part.fixed;
      continue;
    }
    if (pending !== '') terms.push(literal(pending));
    pending = '';
    terms.push(part.sql);
  }
  if (pending !== '' || terms.length === 0) terms.push(literal(pending));
  return terms.join(' || ');
}

/** A JSON value: one part, or the parts of a nested object or array (merged with their neighbours). */
export type JsonValueParts = JsonPart | readonly JsonPart[];
const isPart = (value: JsonValueParts): value is JsonPart => 'fixed' in value || 'sql' in value;
const partsOf = (value: JsonValueParts): readonly JsonPart[] => (isPart(value) ? [value] : value);

/** The members of a JSON object with these keys in this order, without its braces. */
export const jsonMembers = (entries: ReadonlyArray<readonly [key: string, value: JsonValueParts]>): JsonPart[] =>
  entries.flatMap(([key, value], i) => [fixed(`${i === 0 ? '' : ','}${JSON.stringify(key)}:`), ...partsOf(value)]);

/** The parts of a JSON object with these keys in this order; compact like JSON.stringify, which json_build_object is not. */
export const jsonObjectParts = (entries: ReadonlyArray<readonly [key: string, value: JsonValueParts]>): JsonPart[] => [
  fixed('{'),
  ...jsonMembers(entries),
  fixed('}'),
];

/** JSON text of an object with these keys in this order. */
export const jsonObject = (entries: ReadonlyArray<readonly [key: string, value: JsonValueParts]>): string =>
  concatJson(jsonObjectParts(entries));

/** The parts of a JSON array of the non-null JSON texts among these (concat_ws skips nulls). */
export const jsonArrayOfPresent = (texts: readonly string[]): JsonPart[] =>
  texts.length === 0 ? [fixed('[]')] : [fixed('['), computed(`concat_ws(',', ${texts.join(', ')})`), fixed(']')];

/** The parts of a string that is never null and never needs escaping (a primary key, a CASE of fixed words). */
export const presentPlainString = (expr: string): JsonPart[] => [fixed('"'), computed(expr), fixed('"')];

/** `itemApplies(code, licenceRequired)`, given SQL for the property's licence_required. */
export const appliesSql = (code: ItemCode, licenceRequired: string): string =>
  itemApplies(code, false) ? 'true' : licenceRequired;

/** A held or missing certificate's state and severity: what an item's day count decides. */
export interface ItemOutcome {
  readonly state: ItemState;
  readonly severity: Severity;
}

// The day counts at which an item's outcome may change: the bounds of the rules in severity.ts.
const DAY_BOUNDS = [...new Set([EXPIRED_FROM_DAYS, ...SEVERITY_BY_DAYS.map(([maxDaysUntil]) => maxDaysUntil)])].sort(
  (a, b) => a - b,
);

/** What `complianceItem` says of a required item whose certificate expires in `days` (null: none held). */
function outcomeOf(days: number | null): ItemOutcome {
  const today = '2000-01-01';
  const { state, severity } = complianceItem(
    {
      code: 'GAS_SAFETY',
      required: true,
      certificateExpiry: days === null ? null : addDays(today, days),
      renewalDate: null,
    },
    today,
  );
  return { state, severity };
}

/**
 * Every outcome of a required item, numbered as itemSql's `outcome` numbers them: 0 when no certificate is held,
 * then one per range of day counts, each range ending at a bound of DAY_BOUNDS and the last one open. Read from
 * `complianceItem` itself at both ends of every range, so the SQL states no rule of its own; a rule with a bound
 * missing from DAY_BOUNDS fails here, when the module loads.
 */
export const ITEM_OUTCOMES: readonly ItemOutcome[] = (() => {
  const ranges = [...DAY_BOUNDS, DAY_BOUNDS.at(-1)! + 100_000].map(
    (last, i) => [i === 0 ? last - 100_000 : DAY_BOUNDS[i - 1] + 1, last] as const,
  );
  return [
    outcomeOf(null),
    ...ranges.map(([first, last]) => {
      const [a, b] = [outcomeOf(first), outcomeOf(last)];
      if (a.state !== b.state || a.severity !== b.severity)
        throw new Error(`compliance rules change within days ${first}..${last}: add the bound to DAY_BOUNDS`);
      return a;
    }),
  ];
})();

/** The indexes in ITEM_OUTCOMES of the outcomes that pass this test. */
export const outcomesWhere = (test: (outcome: ItemOutcome) => boolean): number[] =>
  ITEM_OUTCOMES.flatMap((outcome, i) => (test(outcome) ? [i] : []));

/** SQL choosing, by an item's outcome number, the fixed text `text` gives that outcome (null where it gives null). */
export const byOutcome = (outcome: string, text: (outcome: ItemOutcome) => string | null): string =>
  `case ${outcome} ${ITEM_OUTCOMES.flatMap((o, i) => {
    const t = text(o);
    return t === null ? [] : [`when ${i} then ${literal(t)}`];
  }).join(' ')} end`;

/**
 * JSON text of an object with these members and then those `last` gives the row's outcome: one fixed text per
 * outcome (byOutcome), which also closes the object.
 */
export const jsonObjectEndingByOutcome = (
  entries: ReadonlyArray<readonly [key: string, value: JsonValueParts]>,
  outcome: string,
  last: (outcome: ItemOutcome) => object,
): string =>
  concatJson([
    fixed('{'),
    ...jsonMembers(entries),
    computed(byOutcome(outcome, (o) => `,${JSON.stringify(last(o)).slice(1)}`)),
  ]);

/**
 * One statutory item of `complianceItem`, given SQL for the certificate expiry (null when none is held), the
 * recorded renewal date, and today: its due date, day count and outcome (an index of ITEM_OUTCOMES). Every item of
 * a property is required (`complianceItems`).
 */
export function itemSql(
  expiry: string,
  renewal: string,
  today: string,
): { due: string; days: string; outcome: string } {
  const due = `coalesce(${expiry}, ${renewal})`;
  const days = `(${expiry} - ${today})`;
  return {
    due,
    days: `(${due} - ${today})`,
    outcome: `case when ${expiry} is null then 0 ${DAY_BOUNDS.map((last, i) => `when ${days} <= ${last} then ${i + 1}`).join(' ')} else ${DAY_BOUNDS.length + 1} end`,
  };
}

/** `bandOf(rating, score)`: from the SAP score when one is on file, otherwise the letter recorded (trimmed, upper-cased). */
export function epcBandSql(rating: string, score: string): string {
  const letter = `upper(btrim(${rating}, E' \\t\\n\\x0B\\f\\r'))`;
  const byScore = `case ${EPC_SCORE_FLOORS.map(([band, floor]) => `when ${score} >= ${floor} then ${literal(band)}`).join(' ')} end`;
  const bands = EPC_BANDS.map(literal).join(', ');
  return `case when ${score} >= 1 then ${byScore} when ${letter} in (${bands}) then ${letter} end`;
}

/** `atLeast(band, floor)` for a non-null band. */
export const atLeastSql = (band: string, floor: EpcBand): string =>
  `${band} in (${EPC_BANDS.slice(0, EPC_BANDS.indexOf(floor) + 1)
    .map(literal)
    .join(', ')})`;

/** `epcView(...).compliant`: unknown without a band; otherwise in date and at the minimum band or better. */
export const epcCompliantSql = (band: string, expiry: string, today: string): string =>
  `case when ${band} is not null then ${expiry} >= ${today} and ${atLeastSql(band, MINIMUM_BAND)} end`;

/** The generated column holding one part of an item of a property row. */
export const itemColumn = (code: ItemCode, part: 'days' | 'outcome'): string => identifier(`${code}_${part}`);
