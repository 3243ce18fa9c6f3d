// The single place error bodies are shaped: every error, ours or Hapi's own (unknown route, bad JSON,
// payload too large, unsupported media type), leaves as `{ error, code }`. 5xx bodies never carry details.
import type { Plugin, Request, ResponseObject } from '@hapi/hapi';
import type Boom from '@hapi/boom';
import type { Logger } from 'pino';
import { ERRORS, isErrorCode, type ErrorCode } from './catalogue';
import type { ApiErrorData } from './api-error';
import { isDatabaseTimeout } from './database-errors';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    errors?: {
      /** Code for malformed JSON bodies on this route (default BAD_REQUEST). */
      readonly invalidJson?: 'BAD_REQUEST' | 'VALIDATION_ERROR';
      /** Multipart upload routes answer oversized bodies with FILE_TOO_LARGE. */
      readonly upload?: boolean;
    };
  }
}

interface Rendered {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
}

function classify(request: Request, err: Boom.Boom): Rendered {
  const data = err.data as Partial<ApiErrorData> | null;
  const status = err.output.statusCode;
  if (data && isErrorCode(data.code) && status < 500) return { status, code: data.code, message: err.message };
  if (status >= 500) {
    if (data && isErrorCode(data.code)) return { status, code: data.code, message: ERRORS[data.code].message };
    if (isDatabaseTimeout(err))
      return { status: 503, code: 'DATABASE_UNAVAILABLE', message: ERRORS.DATABASE_UNAVAILABLE.message };
    return { status: 500, code: 'SERVER_ERROR', message: ERRORS.SERVER_ERROR.message };
  }
  const routeErrors = request.route.settings.plugins?.errors;
  switch (status) {
    case 400:
      if (/payload/i.test(err.message) && /json|parse/i.test(err.message)) {
        const code = routeErrors?.invalidJson ?? 'BAD_REQUEST';
        return { status, code, message: 'Request body is not valid JSON' };
      }
      return { status, code: 'BAD_REQUEST', message: err.message };
    case 401:
      return { status, code: 'UNAUTHORIZED', message: ERRORS.UNAUTHORIZED.message };
    case 403:
      return { status, code: 'FORBIDDEN', message: ERRORS.FORBIDDEN.message };
    case 404:
      return { status, code: 'NOT_FOUND', message: request.route.path === '/{p*}' ? 'Route not found' : err.message };
    case 405:
      return { status, code: 'METHOD_NOT_ALLOWED', message: ERRORS.METHOD_NOT_ALLOWED.message };
    case 408:
      return { status, code: 'REQUEST_TIMEOUT', message: ERRORS.REQUEST_TIMEOUT.message };
    case 409:
      return { status, code: 'CONFLICT', message: err.message };
    case 413:
      return routeErrors?.upload
        ? { status, code: 'FILE_TOO_LARGE', message: ERRORS.FILE_TOO_LARGE.message }
        : { status, code: 'PAYLOAD_TOO_LARGE', message: ERRORS.PAYLOAD_TOO_LARGE.message };
    case 415:
      return { status, code: 'UNSUPPORTED_MEDIA_TYPE', message: err.message || ERRORS.UNSUPPORTED_MEDIA_TYPE.message };
    case 429:
      return { status, code: 'RATE_LIMIT_EXCEEDED', message: ERRORS.RATE_LIMIT_EXCEEDED.message };
    default:
      return { status, code: 'BAD_REQUEST', message: err.message };
  }
}

export const errorResponderPlugin: Plugin<{ logger: Logger }> = {
  name: 'error-responder',
  register(server, { logger }) {
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (!('isBoom' in response) || !response.isBoom) return h.continue;
      const err = response;
      const rendered = classify(request, err);
      if (rendered.status >= 500 && rendered.code === 'SERVER_ERROR') {
        logger.error(
          { requestId: request.info.id, method: request.method, path: request.path, err },
          'unhandled error',
        );
      }
      const out: ResponseObject = h.response({ error: rendered.message, code: rendered.code }).code(rendered.status);
      const data = err.data as Partial<ApiErrorData> | null;
      if (rendered.code === 'DATABASE_UNAVAILABLE') out.header('retry-after', '5');
      for (const [name, value] of Object.entries(data?.headers ?? {})) out.header(name, value);
      // Hapi's own headers on the error (e.g. Allow on 405) are kept; WWW-Authenticate too.
      for (const [name, value] of Object.entries(err.output.headers)) {
        if (value !== undefined && name.toLowerCase() !== 'content-type') out.header(name, String(value));
      }
      return out;
    });
  },
};
