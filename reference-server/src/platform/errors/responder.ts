// The single place error bodies are shaped: every error, ours or Hapi's own (unknown route, bad JSON,
// payload too large, unsupported media type), leaves as `{ error, code }`. 5xx bodies never carry details.
import type { Plugin, Request, ResponseObject } from '@hapi/hapi';
import type Boom from '@hapi/boom';
import type { Logger } from 'pino';
import { ERRORS, isErrorCode, type ErrorCode } from './catalogue';
import type { ApiErrorData } from './api-error';
import { isDatabaseUnavailable } from './database-errors';

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
  readonly code: ErrorCode;
  readonly message: string;
}

/** Retry-After (seconds) on a 503 whose thrower named none: the spec asks clients to honour it on every 503. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

// The code of an error; its status is always the catalogue's for that code (so a status the spec lists only ever
// carries one of the spec's codes for it). Hapi's own errors are mapped by their status.
function classify(request: Request, err: Boom.Boom): Rendered {
  const data = err.data as Partial<ApiErrorData> | null;
  const status = err.output.statusCode;
  if (data && isErrorCode(data.code))
    return { code: data.code, message: status < 500 ? err.message : ERRORS[data.code].message };
  if (status >= 500) {
    // Hapi keeps a thrown value that is not an Error (by its realm's instanceof) as the 500's data.
    if (isDatabaseUnavailable(err) || isDatabaseUnavailable(err.data))
      return { code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE.message };
    return { code: 'SERVER_ERROR', message: ERRORS.SERVER_ERROR.message };
  }
  const routeErrors = request.route.settings.plugins?.errors;
  switch (status) {
    case 400:
      if (/payload/i.test(err.message) && /json|parse/i.test(err.message)) {
        const code = routeErrors?.invalidJson ?? 'BAD_REQUEST';
        return { code, message: 'Request body is not valid JSON' };
      }
      return { code: 'BAD_REQUEST', message: err.message };
    case 401:
      return { code: 'UNAUTHORIZED', message: ERRORS.UNAUTHORIZED.message };
    case 403:
      return { code: 'FORBIDDEN', message: ERRORS.FORBIDDEN.message };
    case 404:
      return { code: 'NOT_FOUND', message: request.route.path === '/{p*}' ? 'Route not found' : err.message };
    case 405:
      return { code: 'METHOD_NOT_ALLOWED', message: ERRORS.METHOD_NOT_ALLOWED.message };
    case 408:
      return { code: 'REQUEST_TIMEOUT', message: ERRORS.REQUEST_TIMEOUT.message };
    case 409:
      return { code: 'CONFLICT', message: err.message };
    case 413:
      // The spec's one 413 code: an upload's file, or a JSON body, over its size limit.
      return {
        code: 'FILE_TOO_LARGE',
        message: routeErrors?.upload ? ERRORS.FILE_TOO_LARGE.message : 'The request body exceeds the size limit',
      };
    case 415:
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: err.message || ERRORS.UNSUPPORTED_MEDIA_TYPE.message };
    case 429:
      return { code: 'RATE_LIMIT_EXCEEDED', message: ERRORS.RATE_LIMIT_EXCEEDED.message };
    default:
      // Any other client error Hapi could raise (none is known on these routes) is a plain 400.
      return { code: 'BAD_REQUEST', message: err.message };
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
      const status = ERRORS[rendered.code].status;
      if (rendered.code === 'SERVER_ERROR') {
        logger.error(
          { requestId: request.info.id, method: request.method, path: request.path, err },
          'unhandled error',
        );
      }
      const out: ResponseObject = h.response({ error: rendered.message, code: rendered.code }).code(status);
      const data = err.data as Partial<ApiErrorData> | null;
      if (status === 503) out.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      for (const [name, value] of Object.entries(data?.headers ?? {})) out.header(name, value);
      // Hapi's own headers on the error (e.g. Allow on 405) are kept; WWW-Authenticate too.
      for (const [name, value] of Object.entries(err.output.headers)) {
        if (value !== undefined && name.toLowerCase() !== 'content-type') out.header(name, String(value));
      }
      return out;
    });
  },
};
