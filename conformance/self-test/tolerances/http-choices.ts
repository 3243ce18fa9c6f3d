// Choices HTTP leaves a server in answering what the suite's client sends (RFC 9110, RFC 9112, RFC 8288): media
// type forms, framing and connections (chunked, closed, idle closes with or without a 408 first), interim answers,
// header name case, conditional requests, OPTIONS and unimplemented methods, content codings the request's
// Accept-Encoding allows, refusing an oversized upload from its head, the forms of a Link header, header fields
// the spec does not name, a 406 to an Accept that admits no representation, and where a 201 says it created.

import { acceptedCodings, type RequestHead } from '../support/broken';
import { PREFIX, apiPath, isRec, readJson } from '../support/faults';
import { listedOn } from './spec-paths';
import { envelope, isJson, modeOf, rateHeaders, type Tolerance } from './tolerance';

/** How much framing a server refusing an image by its Content-Length allows above the file limit. */
const FRAMING_ALLOWANCE = 64 * 1024;
const IMAGE_PATH = /^\/properties\/[^/]+\/image$/;
const LARGEST_IMAGE = 10 * 1024 * 1024;

/** Whether an Accept value admits the media type (RFC 9110 section 12.5.1): the type, its `type/*` or `*\/*`, q above 0. */
function admits(accept: string, type: string): boolean {
  const ranges = acceptedCodings(accept);
  return ranges.has(type) || ranges.has(`${type.split('/')[0] ?? ''}/*`) || ranges.has('*/*');
}

function oversizedImage(head: RequestHead): boolean {
  const path = head.path.startsWith(PREFIX) ? head.path.slice(PREFIX.length) : undefined;
  return (
    head.method === 'POST' &&
    path !== undefined &&
    IMAGE_PATH.test(path) &&
    Number(head.headers['content-length'] ?? '0') > LARGEST_IMAGE + FRAMING_ALLOWANCE
  );
}

export const HTTP_CHOICES: readonly Tolerance[] = [
  {
    id: 'content-type-parameters',
    choice:
      'JSON answers typed `Application/JSON;Charset="UTF-8"` (media types and parameters are case-insensitive, RFC 9110 section 8.3.1)',
    response: (res) =>
      isJson(res)
        ? { ...res, headers: { ...res.headers, 'content-type': 'Application/JSON;Charset="UTF-8"' } }
        : undefined,
  },
  {
    id: 'transport',
    choice: 'answers sent chunked on a connection the server closes, with Date, ETag and Cache-Control headers',
    response: (res) => ({
      ...res,
      headers: {
        ...res.headers,
        date: new Date().toUTCString(),
        etag: `W/"${res.body.length.toString(16)}"`,
        'cache-control': 'no-store',
        vary: 'Authorization',
      },
    }),
    transport: { chunked: true, close: true },
  },
  {
    id: 'conditional-requests',
    choice:
      '`If-None-Match: *` is evaluated: 304 without a body for a GET of a resource that exists, 412 with the envelope for other methods (the reference server ignores it)',
    response: (res, original) => {
      if (original.headers['if-none-match'] !== '*' || res.status < 200 || res.status >= 300) return undefined;
      if (original.method === 'GET' || original.method === 'HEAD')
        return {
          status: 304,
          // The spec's headers go on every answer, a 304 too.
          headers: {
            ...rateHeaders(res),
            'x-service-mode': res.headers['x-service-mode'] ?? 'live',
            etag: '"current"',
          },
          body: Buffer.alloc(0),
        };
      return envelope(
        412,
        'PRECONDITION_FAILED',
        'If-None-Match: * and the resource exists',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'options-answers',
    choice: 'OPTIONS on a spec path answers 200 with `Allow` and a plain-text body listing the methods',
    request: (req) => {
      const listed = req.method === 'OPTIONS' ? listedOn(apiPath(req)) : undefined;
      if (!listed) return undefined;
      const allow = [...listed, 'OPTIONS'].join(', ');
      return {
        status: 200,
        headers: { allow, 'content-type': 'text/plain; charset=utf-8', 'x-service-mode': modeOf(req) },
        body: Buffer.from(allow),
      };
    },
  },
  {
    id: 'interim-responses',
    choice: 'every answer is preceded by a `103 Early Hints` interim answer',
    transport: { interim: true },
  },
  {
    id: 'header-name-case',
    choice: 'header field names sent in upper case (`X-RATELIMIT-LIMIT`, `CONTENT-TYPE`, `X-SERVICE-MODE`)',
    transport: { upperCaseNames: true },
  },
  {
    id: 'unimplemented-methods-501',
    choice: 'PUT and OPTIONS, methods the spec never uses, answer 501 NOT_IMPLEMENTED with the envelope',
    request: (req) =>
      (req.method === 'PUT' || req.method === 'OPTIONS') && apiPath(req) !== undefined
        ? envelope(501, 'NOT_IMPLEMENTED', `${req.method} is not implemented`, modeOf(req))
        : undefined,
  },
  {
    id: 'content-coding-gzip',
    choice: 'answers gzip-coded (`Content-Encoding: gzip`, `Vary: Accept-Encoding`) when the request accepts it',
    transport: { compress: ['gzip'] },
  },
  {
    id: 'content-coding-deflate',
    choice: 'answers deflate-coded (`Content-Encoding: deflate`) when the request accepts it',
    transport: { compress: ['deflate'] },
  },
  {
    id: 'idle-connections-closed',
    choice: 'closes a keep-alive connection idle for 300 ms, without announcing a timeout',
    transport: { idleCloseMs: 300 },
  },
  {
    id: 'idle-connection-408',
    choice: 'sends `408 Request Timeout` with `Connection: close` on a connection idle for 300 ms, then closes it',
    transport: { idleCloseMs: 300, idle408: true },
  },
  {
    id: 'upload-refused-from-its-head',
    choice:
      'refuses an image upload whose Content-Length is over 10 MiB plus framing with 413 before reading the body, then closes the connection',
    transport: {
      early: (head) =>
        oversizedImage(head)
          ? {
              status: 413,
              headers: { 'content-type': 'application/json', 'x-service-mode': 'live' },
              body: Buffer.from(JSON.stringify({ error: 'The image is larger than 10 MB', code: 'FILE_TOO_LARGE' })),
            }
          : undefined,
    },
  },
  {
    id: 'link-header-forms',
    choice:
      'the 410 `Link` header carries a documentation link first, then the successor with `title` before `rel`, its target relative and percent-encoded',
    response: (res) =>
      res.status === 410
        ? {
            ...res,
            headers: {
              ...res.headers,
              link: `<https://docs.example.com/api/deprecations>; rel="help", <${PREFIX}/maintenance/issues/%7Bid%7D>; title="PATCH"; rel=successor-version`,
            },
          }
        : undefined,
  },
  {
    id: 'extra-response-headers',
    choice:
      '`WWW-Authenticate` on 401, `Deprecation` and `Sunset` on 410, `RateLimit-Policy` on 429, `Server` and `X-Request-Id` on every answer',
    response: (res) => {
      const extra: Record<string, string> =
        res.status === 401
          ? { 'www-authenticate': 'Bearer realm="public-api", error="invalid_token"' }
          : res.status === 410
            ? { deprecation: '@1700000000', sunset: 'Wed, 31 Dec 2025 23:59:59 GMT' }
            : res.status === 429
              ? { 'ratelimit-policy': '"minute";q=500;w=60' }
              : {};
      return {
        ...res,
        headers: { ...res.headers, ...extra, server: 'other-choices/1.0', 'x-request-id': `req-${Date.now()}` },
      };
    },
  },
  {
    id: 'not-acceptable-406',
    choice:
      'a request whose `Accept` admits no representation the route has (`Accept: text/html` on a JSON route) answers `406 Not Acceptable` with the envelope',
    response: (res, original) => {
      const accept = original.headers.accept;
      const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (accept === undefined || apiPath(original) === undefined || res.status < 200 || res.status >= 300)
        return undefined;
      if (type === '' || admits(accept, type)) return undefined;
      return envelope(
        406,
        'NOT_ACCEPTABLE',
        `No representation matches Accept: ${accept}; this route answers ${type}`,
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'location-on-created',
    choice:
      "a live `201 Created` answer carries `Location` and `Content-Location` naming the created resource (a path below the request's)",
    response: (res, original) => {
      const body = res.status === 201 && apiPath(original) !== undefined ? readJson(res) : undefined;
      const data = isRec(body) ? body.data : undefined;
      if (!isRec(data) || typeof data.id !== 'string' || data.sandbox === true) return undefined;
      const location = `${original.path.replace(/\/+$/, '')}/${data.id}`;
      return { ...res, headers: { ...res.headers, location, 'content-location': location } };
    },
  },
];
