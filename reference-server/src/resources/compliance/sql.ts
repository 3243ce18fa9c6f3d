// The compliance rules as SQL expressions, for the one read that applies them to every property of a landlord at
// once: the summary. Built in Node, 5,000 properties' views held the one Node thread for about 45 ms a request (row
// parsing, objects, garbage collection, JSON.stringify); built in PostgreSQL they cost about as much, but beside
// Node, which under load answers a third more requests a second. Every expression is generated from the tables the TypeScript rules read (ITEM_CODES,
// SEVERITY_BY_DAYS, EPC_SCORE_FLOORS, MINIMUM_BAND), and test/compliance-sql.test.ts holds the two equal over
// generated dates, ratings and scores, so the rules are still stated once.
import { EPC_BANDS, EPC_SCORE_FLOORS, MINIMUM_BAND, type EpcBand } from './epc';
import { itemApplies, MISSING_REQUIRED, SEVERITY_BY_DAYS, type ItemCode } from './severity';

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

/**
 * JSON text of an object with these keys in this order; each value is already JSON text (jsonValue, or a nested
 * object or array). Compact like JSON.stringify, which json_build_object is not.
 */
export function jsonObject(entries: ReadonlyArray<readonly [key: string, jsonText: string]>): string {
  if (entries.length === 0) return literal('{}');
  return entries.map(([key, text], i) => `${literal(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`)} || ${text}`).join(' || ') + ` || ${literal('}')}`;
}

/** JSON text of an array of the non-null JSON texts among these (concat_ws skips nulls). */
export const jsonArrayOfPresent = (texts: readonly string[]): string =>
  texts.length === 0 ? literal('[]') : `'[' || concat_ws(',', ${texts.join(', ')}) || ']'`;

/** `itemApplies(code, licenceRequired)`, given SQL for the property's licence_required. */
export const appliesSql = (code: ItemCode, licenceRequired: string): string =>
  (itemApplies(code, false) ? 'true' : licenceRequired);

/** `severityFor(days)`, for an integer day count. */
export const severitySql = (days: string): string =>
  `case ${SEVERITY_BY_DAYS.map(([max, severity]) => `when ${days} <= ${max} then ${literal(severity)}`).join(' ')} else 'ok' end`;

/**
 * One statutory item of `complianceItem`, given SQL for the certificate expiry (null when none is held), the
 * recorded renewal date, and today. Every item of a property is required (`complianceItems`).
 */
export function itemSql(expiry: string, renewal: string, today: string): { due: string; days: string; state: string; severity: string } {
  const due = `coalesce(${expiry}, ${renewal})`;
  return {
    due,
    days: `(${due} - ${today})`,
    state: `case when ${expiry} is null then 'missing' when ${expiry} - ${today} < 0 then 'expired' else 'valid' end`,
    severity: `case when ${expiry} is null then ${literal(MISSING_REQUIRED)} else ${severitySql(`(${expiry} - ${today})`)} end`,
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
  `${band} in (${EPC_BANDS.slice(0, EPC_BANDS.indexOf(floor) + 1).map(literal).join(', ')})`;

/** `epcView(...).compliant`: unknown without a band; otherwise in date and at the minimum band or better. */
export const epcCompliantSql = (band: string, expiry: string, today: string): string =>
  `case when ${band} is not null then ${expiry} >= ${today} and ${atLeastSql(band, MINIMUM_BAND)} end`;

/** The generated column holding one part of an item of a property row. */
export const itemColumn = (code: ItemCode, part: 'due' | 'days' | 'state' | 'severity'): string => identifier(`${code}_${part}`);
