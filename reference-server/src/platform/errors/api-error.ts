import Boom from '@hapi/boom';
import { ERRORS, type ErrorCode } from './catalogue';

export interface ApiErrorData {
  readonly code: ErrorCode;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A Boom error carrying one of the catalogue's codes; the responder renders it as `{ error, code }`. */
export function apiError(code: ErrorCode, message?: string, headers?: Record<string, string>): Boom.Boom<ApiErrorData> {
  const entry = ERRORS[code];
  const boom = new Boom.Boom<ApiErrorData>(message ?? entry.message, {
    statusCode: entry.status,
    data: { code, headers },
  });
  return boom;
}

/** 404 naming the missing resource kind, as the spec requires. */
export const notFound = (kind: string): Boom.Boom<ApiErrorData> => apiError('NOT_FOUND', `${kind} not found`);

export const codeOf = (err: Boom.Boom): ErrorCode | undefined => {
  const data = err.data as Partial<ApiErrorData> | null | undefined;
  return data?.code;
};
