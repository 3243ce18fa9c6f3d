// A validator given to Hapi as a function (Hapi then runs it instead of Joi) that still carries the Joi schema it
// applies, so the OpenAPI document describes the route as precisely as a plain schema would.
import type Joi from 'joi';

export interface DocumentedValidator {
  (value: never, options: never): unknown;
  /** The schema the validator applies. */
  readonly documented: Joi.Schema;
}

export const isDocumentedValidator = (value: unknown): value is DocumentedValidator =>
  typeof value === 'function' && 'documented' in value;
