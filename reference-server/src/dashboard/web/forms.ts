// Reading the dashboard's HTML forms, and turning a refused operation into a message for the page. Input is
// checked by the very Joi schemas of the JSON admin API (../inputs.ts), with the same message.
import Boom from '@hapi/boom';
import type Joi from 'joi';
import { codeOf } from '../../platform/errors/api-error';
import { apiError } from '../../platform/errors/api-error';
import { describeValidationError } from '../../platform/errors/validation';

/** A urlencoded body as hapi parses it: a repeated field is an array. */
export type Form = ReadonlyMap<string, readonly string[]>;

export function formOf(payload: unknown): Form {
  const fields = new Map<string, string[]>();
  if (typeof payload !== 'object' || payload === null) return fields;
  for (const [name, value] of Object.entries(payload)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    fields.set(
      name,
      values.filter((v): v is string => typeof v === 'string'),
    );
  }
  return fields;
}

/** The first value of a field; undefined when absent. */
export const field = (form: Form, name: string): string | undefined => form.get(name)?.[0];

/** Every value of a repeated field (checkboxes). */
export const fields = (form: Form, name: string): string[] => [...(form.get(name) ?? [])];

/** The server's validation options (server/build.ts), so a form and a JSON call get the same message. */
const OPTIONS: Joi.ValidationOptions = { abortEarly: false, errors: { wrap: { label: '"' } } };

/** Validates as the admin API route does; throws its 400 VALIDATION_ERROR. */
export function validated<T>(schema: Joi.ObjectSchema<T>, source: 'payload' | 'params', input: unknown): T {
  const result = schema.validate(input, OPTIONS);
  if (result.error) throw apiError('VALIDATION_ERROR', describeValidationError(source, result.error));
  return result.value;
}

export interface PageError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

/** A refusal the user can act on (4xx), as the page shows it; anything else is rethrown. */
export function refusal(err: unknown, hint?: (e: PageError) => string | undefined): PageError {
  if (!Boom.isBoom(err) || err.output.statusCode >= 500) throw err;
  const base = { status: err.output.statusCode, code: codeOf(err) ?? 'BAD_REQUEST', message: err.message };
  const extra = hint?.(base);
  return extra === undefined ? base : { ...base, hint: extra };
}
