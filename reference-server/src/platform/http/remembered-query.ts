// A route's query validation, remembered per query. Clients poll the same lists with the same query strings, and
// Joi validating `?limit=50` again costs about 5 µs of a cached read's ~65. The route's Joi schema still decides:
// a query not seen before is validated by it, errors are its errors (never remembered), and a remembered answer
// is the value it returned for the same input. The OpenAPI document reads the schema from `documented`.
import type Joi from 'joi';
import type { DocumentedValidator } from './documented-validator';

export interface RememberedQueryValidator extends DocumentedValidator {
  (value: unknown, options: Joi.AsyncValidationOptions): Promise<unknown>;
  /** The route's query schema, for the OpenAPI document. */
  readonly documented: Joi.ObjectSchema;
}

/** Queries remembered per route, least recently used first out. */
const MAX_ENTRIES = 256;
/** Longer queries (a long search, many filters) are validated every time: their key would cost more than it saves. */
const MAX_KEY_LENGTH = 512;

/** Freezes plain objects and arrays all the way down; false when the value holds anything else (a Date, a Buffer). */
const deepFreeze = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  if (!Object.values(value).every(deepFreeze)) return false;
  Object.freeze(value);
  return true;
};

/**
 * Wraps a query schema so each distinct query (the parsed parameters Hapi hands over, names and values) is
 * validated once. The validated value is frozen and shared by every request with that query: a handler that
 * wrote to `request.query` would throw instead of changing another request's query (a value holding what cannot
 * be frozen, a Date say, is not shared). Only a schema whose result depends on nothing but the query may be
 * wrapped: Hapi's context (`$headers`, `$auth`, ...) is not in the key.
 */
export function rememberedQuery(schema: Joi.ObjectSchema, maxEntries = MAX_ENTRIES): RememberedQueryValidator {
  const seen = new Map<string, unknown>();
  const validate = async (value: unknown, options: Joi.AsyncValidationOptions): Promise<unknown> => {
    const key = JSON.stringify(value);
    if (key === undefined || key.length > MAX_KEY_LENGTH) return schema.validateAsync(value, options);
    if (seen.has(key)) {
      const known = seen.get(key);
      seen.delete(key);
      seen.set(key, known); // most recently used goes last
      return known;
    }
    const validated: unknown = await schema.validateAsync(value, options);
    // A Date or a Buffer cannot be frozen: a value holding one is not shared between requests.
    if (!deepFreeze(validated)) return validated;
    if (seen.size >= maxEntries) seen.delete(seen.keys().next().value as string);
    seen.set(key, validated);
    return validated;
  };
  return Object.assign(validate, { documented: schema });
}
