// Field tables as data: each resource check lists the spec's fields (name, type, nullability, enumeration and
// the rule id of the row) and asserts every item against the table, naming the row's rule on failure.

import type { RecordedExchange } from '../../model';
import type { CheckContext } from '../../runner/check';
import { describeValue } from '../../runner/describe';
import { isDateTime, isIsoDate } from './dates';
import { isInt, isRecord, UUID } from './util';

export type FieldType =
  'string' | 'uuid' | 'integer' | 'number' | 'boolean' | 'date' | 'dateTime' | 'url' | 'object' | 'array';

export interface FieldRule {
  readonly field: string;
  readonly type: FieldType;
  /** null is allowed. */
  readonly nullable?: boolean;
  /** The field may be absent. */
  readonly optional?: boolean;
  /** Enumeration (strings). */
  readonly values?: readonly string[];
  /** Rule id of the spec row. */
  readonly rule: string;
}

export function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'integer':
      return isInt(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return isIsoDate(value);
    case 'dateTime':
      return isDateTime(value);
    case 'url':
      return isUrl(value);
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

const TYPE_WORDS: Record<FieldType, string> = {
  string: 'a string',
  uuid: 'a UUID string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  date: 'a YYYY-MM-DD date',
  dateTime: 'an ISO 8601 date-time',
  url: 'an http(s) URL',
  object: 'an object',
  array: 'an array',
};

export interface ShapeProblem {
  readonly rule: string;
  readonly expected: string;
  readonly got: string;
}

/** The first field of `fields` that `item` gets wrong, or undefined. */
export function shapeProblem(item: unknown, fields: readonly FieldRule[], where: string): ShapeProblem | undefined {
  if (!isRecord(item))
    return { rule: fields[0]?.rule ?? 'ENVELOPE-4', expected: `${where} to be an object`, got: describeValue(item) };
  for (const f of fields) {
    const present = Object.prototype.hasOwnProperty.call(item, f.field) && item[f.field] !== undefined;
    const value = item[f.field];
    const wanted = `${TYPE_WORDS[f.type]}${f.values ? ` (one of ${f.values.join(', ')})` : ''}${f.nullable ? ' or null' : ''}`;
    if (!present) {
      if (f.optional) continue;
      return {
        rule: f.rule,
        expected: `${where}.${f.field}: ${wanted}`,
        got: `no "${f.field}" in ${describeValue(item)}`,
      };
    }
    if (value === null) {
      if (f.nullable) continue;
      return { rule: f.rule, expected: `${where}.${f.field}: ${wanted}`, got: 'null' };
    }
    if (!hasType(value, f.type) || (f.values !== undefined && !f.values.includes(value as string))) {
      return { rule: f.rule, expected: `${where}.${f.field}: ${wanted}`, got: describeValue(value) };
    }
  }
  return undefined;
}

/** Fails the check on the first field `item` gets wrong, citing that field's rule. */
export function expectShape(
  ctx: CheckContext,
  item: unknown,
  fields: readonly FieldRule[],
  where: string,
  exchange?: RecordedExchange,
): void {
  const problem = shapeProblem(item, fields, where);
  if (problem) ctx.fail(problem.expected, problem.got, exchange, { rules: [problem.rule] });
}

/** The keys of an object, sorted (for "identical shape" comparisons). */
export function keySet(item: unknown): string {
  return isRecord(item) ? Object.keys(item).sort().join(',') : `<${typeof item}>`;
}
