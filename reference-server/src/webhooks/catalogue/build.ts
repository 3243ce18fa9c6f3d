// Payload builders and the validator the dispatcher runs on every outbox row. Builders take a service's
// (possibly larger) object, keep exactly the catalogue's fields, fill in fixed values and normalise
// Date objects; the validator refuses anything that is not exactly the catalogue's shape.
import { isValidDate } from '../../platform/time/dates';
import type { EventType } from '../event-types';
import { CATALOGUE, type EventData, type EventDataInput, type Field, type Kind } from './fields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export class EventDataError extends Error {
  constructor(
    readonly type: EventType,
    readonly problems: readonly string[],
  ) {
    super(`invalid ${type} data: ${problems.join('; ')}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const exactKeys = (value: Record<string, unknown>, keys: readonly string[]): boolean =>
  Object.keys(value).length === keys.length && keys.every((k) => Object.hasOwn(value, k));

const CHECKS: { [K in Kind]: (value: unknown) => boolean } = {
  id: (v) => typeof v === 'string' && UUID.test(v),
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  date: (v) => typeof v === 'string' && isValidDate(v),
  timestamp: (v) => typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v)),
  ids: (v) => Array.isArray(v) && v.every((x) => CHECKS.id(x)),
  strings: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  registers: (v) =>
    Array.isArray(v) &&
    v.every(
      (x) =>
        isObject(x) &&
        exactKeys(x, ['register', 'value', 'unit']) &&
        typeof x.register === 'string' &&
        CHECKS.number(x.value) &&
        typeof x.unit === 'string',
    ),
  contractLinks: (v) =>
    Array.isArray(v) &&
    v.every(
      (x) =>
        isObject(x) &&
        exactKeys(x, ['contract_id', 'role']) &&
        CHECKS.id(x.contract_id) &&
        (x.role === 'check_in' || x.role === 'check_out'),
    ),
  array: (v) => Array.isArray(v),
};

function fieldProblem(name: string, field: Field, value: unknown): string | null {
  if (field.kind === 'literal') return value === field.value ? null : `${name} must be ${JSON.stringify(field.value)}`;
  if (value === null) return field.nullable ? null : `${name} must not be null`;
  return CHECKS[field.kind](value)
    ? null
    : `${name} must be ${field.kind === 'id' ? 'a UUID string' : `a ${field.kind}`}`;
}

/** Every problem with `data` for `type`: missing, extra (`_test` aside) or mistyped fields. */
export function eventDataProblems(type: EventType, data: unknown): string[] {
  const fields: Readonly<Record<string, Field>> = CATALOGUE[type];
  if (!isObject(data)) return ['data must be an object'];
  const problems: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!Object.hasOwn(data, name)) problems.push(`${name} is missing`);
    else {
      const problem = fieldProblem(name, field, data[name]);
      if (problem) problems.push(problem);
    }
  }
  for (const name of Object.keys(data))
    if (!Object.hasOwn(fields, name) && name !== '_test') problems.push(`${name} is not a field of ${type}`);
  return problems;
}

export const isValidEventData = (type: EventType, data: unknown): boolean => eventDataProblems(type, data).length === 0;

function normalise(field: Field, value: unknown): unknown {
  if (value instanceof Date) {
    if (field.kind === 'date') return value.toISOString().slice(0, 10);
    if (field.kind === 'timestamp') return value.toISOString();
  }
  return value === undefined && field.kind !== 'literal' && 'nullable' in field ? null : value;
}

/**
 * Builds an event's `data`: exactly the catalogue's fields, taken from `input` (extra keys are ignored, fixed
 * values such as `status: 'Deleted'` are filled in, Dates become dates or timestamps). Throws EventDataError
 * when the result is not valid, so a service finds its mistake in its own tests.
 */
export function buildEventData<T extends EventType>(type: T, input: EventDataInput<T>): EventData<T> {
  return buildCatalogueData(type, input);
}

/**
 * The same from a value shaped by the catalogue at run time (sample deliveries walk the catalogue's fields), so
 * only the run-time check applies: services use `buildEventData`, whose input type is the catalogue's.
 */
export function buildCatalogueData<T extends EventType>(type: T, input: object): EventData<T> {
  const source = input as Readonly<Record<string, unknown>>;
  const data: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(CATALOGUE[type] as Readonly<Record<string, Field>>)) {
    data[name] = field.kind === 'literal' ? field.value : normalise(field, source[name]);
  }
  const problems = eventDataProblems(type, data);
  if (problems.length > 0) throw new EventDataError(type, problems);
  return data as EventData<T>;
}
