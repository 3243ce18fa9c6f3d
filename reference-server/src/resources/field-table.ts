// One field table per resource: each API field once, with its column, kind, nullability and (when writable) its
// request rule. The response schema, the create and patch bodies, the input → column mapping, the presenter and
// their TypeScript types are all derived from it, so adding a field is one line (plus its migration).
//
// Why a table of our own rather than objection's snakeCaseMappers: the API names are not always the column
// names in camelCase (`propertyIds` is a link table, `status` is derived on some resources, columns such as
// `account_number` must never leave), and the Joi rules, nullability and read-only-ness are what the HTTP layer
// needs; a mapper only renames. Schwifty derives Joi from models, the other way round: our rules are the API's.
import Joi from 'joi';
import type { Knex } from 'knex';
import { isoDate, uuid } from '../platform/http/schemas';

/** Value kinds, with the TypeScript type of each in a view. */
export interface KindValues {
  uuid: string;
  uuids: string[];
  string: string;
  strings: string[];
  number: number;
  integer: number;
  boolean: boolean;
  date: string;
  timestamp: string;
}
export type Kind = keyof KindValues;

const RESPONSE_RULE: { [K in Kind]: () => Joi.Schema } = {
  uuid: () => uuid,
  uuids: () => Joi.array().items(uuid),
  string: () => Joi.string(),
  strings: () => Joi.array().items(Joi.string()),
  number: () => Joi.number(),
  integer: () => Joi.number().integer(),
  boolean: () => Joi.boolean(),
  date: () => isoDate,
  timestamp: () => Joi.string().isoDate(),
};

/** Database value → API value, per kind (numeric columns can arrive as strings, timestamps as Dates). */
const TO_VIEW: Partial<{ [K in Kind]: (value: unknown) => KindValues[K] }> = {
  number: (v) => Number(v),
  integer: (v) => Number(v),
  // A read row's Date already knows its ISO form (../persistence/timestamps.ts); a new Date would format again.
  timestamp: (v) => (v instanceof Date ? v : new Date(v as string)).toISOString(),
  uuids: (v) => (Array.isArray(v) ? v.map(String) : []),
  strings: (v) => (Array.isArray(v) ? v.map(String) : []),
};

/**
 * Column → API value as SQL, per kind: what TO_VIEW does, done by PostgreSQL inside `json_build_object`. A date's
 * JSON is its ISO form whatever the DateStyle; a numeric goes through float8 so its JSON is the shortest form of
 * the same double `Number` gives; a timestamp is written as `toISOString` writes it (UTC, milliseconds truncated,
 * as the driver reads them: ../persistence/timestamps.ts).
 */
const TO_JSON_SQL: { [K in Kind]: (column: string) => string } = {
  uuid: (c) => c,
  uuids: (c) => c,
  string: (c) => c,
  strings: (c) => c,
  number: (c) => `${c}::float8`,
  integer: (c) => c,
  boolean: (c) => c,
  date: (c) => c,
  timestamp: (c) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;
const API_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
/** json_build_object takes at most 100 arguments: 50 fields. */
const MAX_JSON_FIELDS = 50;

export interface FieldSpec<Row> {
  /** The column the field is stored in; absent for a field the caller supplies (a link table, say). */
  readonly column?: keyof Row & string;
  readonly kind: Kind;
  /** The only values allowed (enumerations), in requests and responses. */
  readonly values?: readonly string[];
  /**
   * `null` allowed; `'response'`: answered as null (older rows) but never accepted in a request; `'request'`:
   * accepted in a request (it clears the column) but never answered (the presenter fills in the default).
   */
  readonly nullable?: true | 'response' | 'request';
  /** Writable: the request rule (`true`: the response rule of kind and values); absent: read-only. */
  readonly input?: Joi.Schema | true;
  /** Required in a create body. */
  readonly required?: true;
  /** An empty string in a request is stored as null (it clears the field). */
  readonly emptyIsNull?: true;
  /** A read-only field a request may name but not set: refused in bodies with this reason. */
  readonly readOnly?: string;
  /** Set on create only: refused in a patch body with this reason. */
  readonly immutable?: string;
  /** Accepted in requests, never answered (a setting the view shows only through what it derives). */
  readonly writeOnly?: true;
  /** The response rule, where it says more than kind and values (an empty string allowed, say). */
  readonly response?: Joi.Schema;
}

type ValueOf<F> = F extends { values: ReadonlyArray<infer V> }
  ? V
  : F extends { kind: infer K extends Kind }
    ? KindValues[K]
    : never;
type ViewValue<F> = F extends { nullable: true | 'response' } ? ValueOf<F> | null : ValueOf<F>;
type InputValue<F> = F extends { nullable: true | 'request' } ? ValueOf<F> | null : ValueOf<F>;
type WritableKeys<T> = { [K in keyof T]: T[K] extends { input: unknown } ? K : never }[keyof T];
type VirtualKeys<T> = { [K in keyof T]: T[K] extends { column: string } ? never : K }[keyof T];
type AnsweredKeys<T> = { [K in keyof T]: T[K] extends { writeOnly: true } ? never : K }[keyof T];

/** The API view the table describes. */
export type ViewOf<T> = { -readonly [K in AnsweredKeys<T>]: ViewValue<T[K]> };
/** What a create or patch request may carry (every writable field, optional: the Joi body says which are required). */
export type InputOf<T> = { -readonly [K in WritableKeys<T>]?: InputValue<T[K]> };
type RequiredKeys<T> = { [K in WritableKeys<T>]: T[K] extends { required: true } ? K : never }[WritableKeys<T>];
/** What a create request carries: the `required` fields present (the create body's Joi makes it so), others optional. */
export type CreateInputOf<T> = InputOf<T> & { -readonly [K in RequiredKeys<T>]-?: InputValue<T[K]> };
/** The fields a presenter is given rather than reading them from the row. */
export type VirtualOf<T> = { -readonly [K in VirtualKeys<T>]: ViewValue<T[K]> };

export interface FieldTable<Row, T extends Readonly<Record<string, FieldSpec<Row>>>> {
  readonly fields: T;
  /** The response schema: every field, present (`null` where nullable), in table order, then `extra`. */
  responseSchema(label: string, extra?: Joi.PartialSchemaMap): Joi.ObjectSchema;
  /** The create body: writable fields, `required` ones required; `extra`: keys the service handles itself (a status move). */
  createBody(extra?: Joi.PartialSchemaMap): Joi.ObjectSchema;
  /** The patch body: writable fields (immutable ones refused), at least one; `extra` as for create. */
  patchBody(extra?: Joi.PartialSchemaMap): Joi.ObjectSchema;
  /** Writable fields' request rules (for a body the table's two do not fit: a multipart form, say). */
  inputRules(): Joi.PartialSchemaMap;
  /** The columns a (validated) request sets: only the fields it carries, virtual fields left out. */
  columnsOf(input: InputOf<T>): Partial<Row>;
  present(row: Row, virtual: VirtualOf<T>): ViewOf<T>;
  /**
   * The view of a row of `alias` as PostgreSQL's JSON text would say it (`json_build_object`, fields in table order):
   * for a page of rows the server would only turn into JSON again. `computed` is the SQL of each field the presenter
   * is given (every virtual field) or derives in its own way; the result, parsed, equals `present` of the same row.
   */
  jsonSql(
    knex: Knex,
    alias: string,
    computed?: Readonly<Partial<Record<AnsweredKeys<T> & string, Knex.Raw>>>,
  ): Knex.Raw;
}

const valueRule = (spec: FieldSpec<unknown>): Joi.Schema => {
  const rule = RESPONSE_RULE[spec.kind]();
  return spec.values ? rule.valid(...spec.values) : rule;
};

const refused = (what: string, why: string): Joi.Schema =>
  Joi.forbidden().messages({ 'any.unknown': `{{#label}} ${what}; ${why}` });

/** Builds a resource's table; `Row` is its model (columns are checked against it). */
export const fieldTable =
  <Row>() =>
  <const T extends Readonly<Record<string, FieldSpec<Row>>>>(fields: T): FieldTable<Row, T> => {
    const entries = Object.entries<FieldSpec<Row>>(fields);
    const answered = entries.filter(([, spec]) => !spec.writeOnly);
    const writable = entries.filter(([, spec]) => spec.input !== undefined);
    const inputRule = (spec: FieldSpec<Row>): Joi.Schema => {
      const rule = spec.input === true ? valueRule(spec as FieldSpec<unknown>) : spec.input!;
      return spec.nullable === true || spec.nullable === 'request' ? rule.allow(null) : rule;
    };
    const readOnly = Object.fromEntries(
      entries.flatMap(([name, spec]) => (spec.readOnly ? [[name, refused('is read-only', spec.readOnly)]] : [])),
    );
    const inputRules = (): Joi.PartialSchemaMap =>
      Object.fromEntries(writable.map(([name, spec]) => [name, inputRule(spec)]));
    const fixed = Object.fromEntries(
      entries.flatMap(([name, spec]) => (spec.immutable ? [[name, refused('cannot change', spec.immutable)]] : [])),
    );
    return {
      fields,
      responseSchema: (label, extra = {}) =>
        Joi.object({
          ...Object.fromEntries(
            answered.map(([name, spec]) => {
              const rule = spec.response ?? valueRule(spec as FieldSpec<unknown>);
              return [
                name,
                (spec.nullable === true || spec.nullable === 'response' ? rule.allow(null) : rule).required(),
              ];
            }),
          ),
          ...extra,
        }).label(label),
      createBody: (extra = {}) =>
        Joi.object({
          ...Object.fromEntries(
            writable.map(([name, spec]) => [name, spec.required ? inputRule(spec).required() : inputRule(spec)]),
          ),
          ...readOnly,
          ...extra,
        }).required(),
      patchBody: (extra = {}) =>
        Joi.object({ ...inputRules(), ...readOnly, ...fixed, ...extra })
          .min(1)
          .required(),
      inputRules,
      columnsOf: (input) => {
        const row: Partial<Record<keyof Row, unknown>> = {};
        const given = input as Readonly<Record<string, unknown>>;
        for (const [name, spec] of writable) {
          if (spec.column && given[name] !== undefined)
            row[spec.column] = spec.emptyIsNull && given[name] === '' ? null : given[name];
        }
        return row as Partial<Row>;
      },
      present: (row, virtual) => {
        const view: Record<string, unknown> = {};
        const supplied = virtual as Readonly<Record<string, unknown>>;
        for (const [name, spec] of answered) {
          const value = spec.column ? row[spec.column] : supplied[name];
          const convert = TO_VIEW[spec.kind] as ((v: unknown) => unknown) | undefined;
          view[name] = value === null || value === undefined || !convert ? (value ?? null) : convert(value);
        }
        return view as ViewOf<T>;
      },
      jsonSql: (knex, alias, computed) => {
        if (!SQL_NAME.test(alias)) throw new Error(`jsonSql: ${alias} is not a plain table name`);
        if (answered.length > MAX_JSON_FIELDS) throw new Error(`jsonSql: more than ${MAX_JSON_FIELDS} fields`);
        const given: Readonly<Record<string, Knex.Raw | undefined>> = computed ?? {};
        const bindings: Knex.Raw[] = [];
        const pairs = answered.map(([name, spec]) => {
          if (!API_NAME.test(name)) throw new Error(`jsonSql: ${name} cannot be a literal`);
          const sql = given[name];
          if (sql !== undefined) {
            bindings.push(sql);
            return `'${name}', ?`;
          }
          if (spec.column === undefined || !SQL_NAME.test(spec.column))
            throw new Error(`jsonSql: ${name} has no column; give its SQL in computed`);
          return `'${name}', ${TO_JSON_SQL[spec.kind](`"${alias}"."${spec.column}"`)}`;
        });
        return knex.raw(`json_build_object(${pairs.join(', ')})`, bindings);
      },
    };
  };
