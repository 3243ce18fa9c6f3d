// One field table per resource: each API field once, with its column, kind, nullability and (when writable) its
// request rule. The response schema, the create and patch bodies, the input → column mapping, the presenter and
// their TypeScript types are all derived from it, so adding a field is one line (plus its migration).
//
// Why a table of our own rather than objection's snakeCaseMappers: the API names are not always the column
// names in camelCase (`propertyIds` is a link table, `status` is derived on some resources, columns such as
// `account_number` must never leave), and the Joi rules, nullability and read-only-ness are what the HTTP layer
// needs; a mapper only renames. Schwifty derives Joi from models, the other way round: our rules are the API's.
import Joi from 'joi';
import { isoDate, uuid } from '../platform/http/schemas';

/** Value kinds, with the TypeScript type of each in a view. */
export interface KindValues {
  uuid: string;
  uuids: string[];
  string: string;
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
  timestamp: (v) => new Date(v as Date | string).toISOString(),
  uuids: (v) => [...(v as string[])],
};

export interface FieldSpec<Row> {
  /** The column the field is stored in; absent for a field the caller supplies (a link table, say). */
  readonly column?: keyof Row & string;
  readonly kind: Kind;
  /** The only values allowed (enumerations), in requests and responses. */
  readonly values?: readonly string[];
  readonly nullable?: true;
  /** Writable: the request rule (`true`: the response rule of kind and values); absent: read-only. */
  readonly input?: Joi.Schema | true;
  /** Required in a create body. */
  readonly required?: true;
}

type ValueOf<F> = F extends { values: ReadonlyArray<infer V> } ? V : F extends { kind: infer K extends Kind } ? KindValues[K] : never;
type Nullable<F, V> = F extends { nullable: true } ? V | null : V;
type FieldValue<F> = Nullable<F, ValueOf<F>>;
type WritableKeys<T> = { [K in keyof T]: T[K] extends { input: unknown } ? K : never }[keyof T];
type VirtualKeys<T> = { [K in keyof T]: T[K] extends { column: string } ? never : K }[keyof T];

/** The API view the table describes. */
export type ViewOf<T> = { -readonly [K in keyof T]: FieldValue<T[K]> };
/** What a create or patch request may carry (every writable field, optional: the Joi body says which are required). */
export type InputOf<T> = { -readonly [K in WritableKeys<T>]?: FieldValue<T[K]> };
/** The fields a presenter is given rather than reading them from the row. */
export type VirtualOf<T> = { -readonly [K in VirtualKeys<T>]: FieldValue<T[K]> };

export interface FieldTable<Row, T extends Readonly<Record<string, FieldSpec<Row>>>> {
  readonly fields: T;
  /** The response schema: every field, present (`null` where nullable), in table order, then `extra`. */
  responseSchema(label: string, extra?: Joi.PartialSchemaMap): Joi.ObjectSchema;
  /** The create body: writable fields, `required` ones required. */
  createBody(): Joi.ObjectSchema;
  /** The patch body: writable fields, at least one. */
  patchBody(): Joi.ObjectSchema;
  /** The columns a (validated) request sets: only the fields it carries, virtual fields left out. */
  columnsOf(input: InputOf<T>): Partial<Row>;
  present(row: Row, virtual: VirtualOf<T>): ViewOf<T>;
}

const valueRule = (spec: FieldSpec<unknown>): Joi.Schema => {
  const rule = RESPONSE_RULE[spec.kind]();
  return spec.values ? rule.valid(...spec.values) : rule;
};

/** Builds a resource's table; `Row` is its model (columns are checked against it). */
export const fieldTable = <Row>() => <const T extends Readonly<Record<string, FieldSpec<Row>>>>(fields: T): FieldTable<Row, T> => {
  const entries = Object.entries(fields) as Array<[string, FieldSpec<Row>]>;
  const writable = entries.filter(([, spec]) => spec.input !== undefined);
  const inputRule = (spec: FieldSpec<Row>): Joi.Schema => {
    const rule = spec.input === true ? valueRule(spec as FieldSpec<unknown>) : spec.input!;
    return spec.nullable ? rule.allow(null) : rule;
  };
  return {
    fields,
    responseSchema: (label, extra = {}) => Joi.object({
      ...Object.fromEntries(entries.map(([name, spec]) => {
        const rule = valueRule(spec as FieldSpec<unknown>);
        return [name, (spec.nullable ? rule.allow(null) : rule).required()];
      })),
      ...extra,
    }).label(label),
    createBody: () => Joi.object(Object.fromEntries(writable.map(([name, spec]) => [name, spec.required ? inputRule(spec).required() : inputRule(spec)]))).required(),
    patchBody: () => Joi.object(Object.fromEntries(writable.map(([name, spec]) => [name, inputRule(spec)]))).min(1).required(),
    columnsOf: (input) => {
      const row: Partial<Record<keyof Row, unknown>> = {};
      const given = input as Readonly<Record<string, unknown>>;
      for (const [name, spec] of writable) if (spec.column && given[name] !== undefined) row[spec.column] = given[name];
      return row as Partial<Row>;
    },
    present: (row, virtual) => {
      const view: Record<string, unknown> = {};
      const supplied = virtual as Readonly<Record<string, unknown>>;
      for (const [name, spec] of entries) {
        const value = spec.column ? row[spec.column] : supplied[name];
        const convert = TO_VIEW[spec.kind] as ((v: unknown) => unknown) | undefined;
        view[name] = value === null || value === undefined || !convert ? (value ?? null) : convert(value);
      }
      return view as ViewOf<T>;
    },
  };
};
