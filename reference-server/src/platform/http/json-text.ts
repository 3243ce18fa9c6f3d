// A route that answers JSON text it did not build as an object (the compliance summary's properties come from
// PostgreSQL as text and are spliced in unparsed). Hapi validates only object responses against a Joi schema, so
// such a route's response schema is this validator: where response validation is on (tests: every response) it
// parses the text and validates the value with the route's Joi schema; the OpenAPI document reads the same schema
// from `documented`. Either way the bytes checked are the bytes sent.
import type Joi from 'joi';
import type { DocumentedValidator } from './documented-validator';

export interface JsonTextValidator extends DocumentedValidator {
  (source: unknown): Promise<undefined>;
  /** The schema of the parsed body, for the OpenAPI document. */
  readonly documented: Joi.ObjectSchema;
}

export function jsonTextResponse(schema: Joi.ObjectSchema): JsonTextValidator {
  const validate = async (source: unknown): Promise<undefined> => {
    const value: unknown =
      typeof source === 'string' || Buffer.isBuffer(source) ? JSON.parse(source.toString()) : source;
    await schema.validateAsync(value, { abortEarly: false });
    return undefined;
  };
  return Object.assign(validate, { documented: schema });
}
