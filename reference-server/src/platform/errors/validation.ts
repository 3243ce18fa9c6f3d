// Joi failures become 400 VALIDATION_ERROR whose message lists the first 10 issues with field paths.
import type { Lifecycle, Request, ResponseToolkit } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { apiError } from './api-error';

export const MAX_LISTED_ISSUES = 10;

export function describeValidationError(source: string, error: ValidationError): string {
  const issues = error.details.slice(0, MAX_LISTED_ISSUES).map((d) => {
    const path = [source, ...d.path.map(String)].join('.');
    return `${path}: ${d.message}`;
  });
  const more =
    error.details.length > MAX_LISTED_ISSUES ? ` (and ${error.details.length - MAX_LISTED_ISSUES} more)` : '';
  return `Invalid request: ${issues.join('; ')}${more}`;
}

const isJoiError = (err: unknown): err is ValidationError =>
  typeof err === 'object' && err !== null && Array.isArray((err as { details?: unknown }).details);

export const validationFailAction: Lifecycle.Method = (_request: Request, _h: ResponseToolkit, err?: Error) => {
  // Hapi passes the Joi error (or a Boom wrapping it) and names the source in `output.payload.validation`.
  const source =
    (err as { output?: { payload?: { validation?: { source?: string } } } } | undefined)?.output?.payload?.validation
      ?.source ?? 'request';
  const joiError = isJoiError(err) ? err : undefined;
  throw apiError('VALIDATION_ERROR', joiError ? describeValidationError(source, joiError) : 'Invalid request');
};
