// Small helpers shared by the platform checks: reading lists, finding ids to work with, building the bodies the
// suite may send, and recognising data the suite created itself (it carries the run marker).

import { randomUUID } from 'node:crypto';
import { TransportError, type HttpResponse, type RequestOptions } from '../../http/client';
import type { AssertOptions, CheckContext } from '../../runner/check';
import { describeResponse, describeValue } from '../../runner/describe';
import type { UnnamedField } from '../../targets/unnamed-fields';
import { REQUIRED } from './required';
import { declared, learnShownBack, writeName } from './unnamed';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A v4 UUID no deployment has issued (its 404 answers are the point). */
export function unknownId(): string {
  return randomUUID();
}

/** Every marker the suite writes starts like this (`ctx.marker` is `conformance-<runId>`). */
const SUITE_PREFIX = 'conformance-';

/** Data some check of this suite created (in this run or an earlier one that failed to clean up). */
export function isSuiteData(item: unknown): boolean {
  try {
    return JSON.stringify(item).includes(SUITE_PREFIX);
  } catch {
    return false;
  }
}

/** `{id}` and `{docId}` filled in (default: unknown ids). */
export function fillPath(template: string, ids: { readonly id?: string; readonly docId?: string } = {}): string {
  return template.replace('{id}', ids.id ?? unknownId()).replace('{docId}', ids.docId ?? unknownId());
}

export interface ListPage {
  readonly res: HttpResponse;
  readonly items: readonly Json[];
  readonly meta: Json | undefined;
}

/** A 200 list answer: `{ data: [...] , meta? }`; fails the check otherwise. A 404 here is a missing route. */
export function readList(ctx: CheckContext, res: HttpResponse, options?: AssertOptions): ListPage {
  if (res.status === 404) {
    ctx.fail(
      '200 with a list: the spec names this endpoint',
      `404 (route missing?) ${describeValue(res.json ?? res.text)}`,
      res.exchange,
      options,
    );
  }
  const body = ctx.expectSuccessEnvelope(res, 200, options);
  ctx.expect(
    Array.isArray(body.data),
    '"data" to be an array on a list endpoint',
    () => `data is ${describeValue(body.data)}`,
    res.exchange,
    options,
  );
  const items = (body.data as unknown[]).filter(isRecord);
  return { res, items, meta: isRecord(body.meta) ? body.meta : undefined };
}

export async function getList(
  ctx: CheckContext,
  path: string,
  key: string,
  query: Readonly<Record<string, string | number>> = {},
  options?: AssertOptions,
): Promise<ListPage> {
  return readList(ctx, await ctx.http.request({ path, key, query }), options);
}

/** Up to `max` ids from the first page of a list (limit 100, suite-created items left out). */
export async function listIds(ctx: CheckContext, path: string, key: string, max = 100): Promise<string[]> {
  const page = await getList(ctx, path, key, { limit: 100 });
  return page.items
    .filter((item) => !isSuiteData(item))
    .map((item) => item.id)
    .filter((id): id is string => typeof id === 'string')
    .slice(0, max);
}

/**
 * A `POST /properties` body of the Property fields the spec names, under the names the target gives for the body
 * ("Request body field names … beyond those named: not shown", RES-PROP-20), else the Property's own (./unnamed.ts):
 * the marker goes into the address line and the short name so the data is recognisable, and `search` on the
 * address finds it.
 */
export function propertyBody(ctx: Pick<CheckContext, 'marker' | 'target'>, tag: string): Json {
  const name = (field: UnnamedField<'property'>): string => writeName(ctx, 'property', field);
  return {
    [name('shortName')]: `${ctx.marker} ${tag}`,
    [name('addressLine1')]: `${ctx.marker} ${tag} Street`,
    [name('city')]: 'Testville',
    [name('postcode')]: 'TE1 1ST',
    [name('propertyType')]: 'House',
    [name('bedrooms')]: 2,
    [name('bathrooms')]: 1,
  };
}

/**
 * Creates a property the check owns (live key of `role`), deleted again in cleanup. Creating a property is an
 * operation every deployment supports: a refusal of a body of the names the target declares blocks the check
 * (reported `blocked` by the required check, which fails on it); of the suite's own guess, it skips the check.
 */
export async function createOwnProperty(
  ctx: CheckContext,
  role: string,
  tag: string,
  overrides: Json = {},
): Promise<Json> {
  const body = { ...propertyBody(ctx, tag), ...overrides };
  const res = await ctx.http.request({ method: 'POST', path: '/properties', key: role, json: body });
  if (res.status !== 200 && res.status !== 201) {
    const said = `POST /properties ${describeValue(body)} as ${role} answered ${describeResponse(res)}`;
    if (declared(ctx, 'property') || (res.status !== 400 && res.status !== 422))
      ctx.block(REQUIRED.createProperty, said);
    ctx.skip(
      `${said}: the spec does not give the body's field names and the target file does not name them (fields.property)`,
    );
  }
  const data = successData(ctx, res, [200, 201]);
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created property with an "id"',
    () => describeValue(data),
    res.exchange,
  );
  learnShownBack(ctx, 'property', body, data);
  const id = data.id;
  ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key: role }));
  return data;
}

/** The `data` of a success envelope whose status is one of `statuses`; fails the check otherwise. */
export function successData(
  ctx: CheckContext,
  res: HttpResponse,
  statuses: readonly number[],
  options?: AssertOptions,
): unknown {
  ctx.expectStatus(res, statuses, options);
  return ctx.expectSuccessEnvelope(res, res.status, options).data;
}

/** Deletes a property if a faulty deployment did create it (best effort, for cleanups). */
export function deleteIfCreated(ctx: CheckContext, res: HttpResponse, role: string): void {
  if (res.status !== 200 && res.status !== 201) return;
  const data = isRecord(res.json) ? res.json.data : undefined;
  if (isRecord(data) && typeof data.id === 'string' && data.sandbox !== true) {
    const id = data.id;
    ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key: role }));
  }
}

/** The `code` of an error body, if any. */
export function codeOf(res: HttpResponse): unknown {
  return isRecord(res.json) ? res.json.code : undefined;
}

/** The `error` message of an error body, if any. */
export function messageOf(res: HttpResponse): string {
  return isRecord(res.json) && typeof res.json.error === 'string' ? res.json.error : '';
}

/**
 * Whether a VALIDATION_ERROR message names the field path `field` ("messages list the first 10 issues with field
 * paths", ERR-4): the name as a word of its own, in any case and any wording (`query.limit`, `"status"`, `[name]`).
 */
export function namesFieldPath(message: string, field: string): boolean {
  const name = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)`, 'i').test(message);
}

/** The body is exactly `{ error: string, code: string }` (any code). */
export function isErrorEnvelope(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const keys = Object.keys(body).sort();
  return (
    keys.length === 2 &&
    keys[0] === 'code' &&
    keys[1] === 'error' &&
    typeof body.error === 'string' &&
    typeof body.code === 'string'
  );
}

/** Runs `fn` over items with at most `width` in flight (order of results kept). */
export async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

// A closed connection, or a 408 (the request was not received: RFC 9110 section 15.5.9 lets it be sent again).
const RESET = /EPIPE|ECONNRESET|socket hang up|other side closed|UND_ERR_SOCKET|answered 408/i;

/**
 * A request that is sent again (up to twice) when the connection was closed under it. A deployment may answer a
 * write it refuses (401/403) before reading the body and close the connection (`connection: close`); the client
 * can then fail to send the rest of the body (EPIPE) and never see the answer. That is a transport race, not the
 * behaviour under test, so it is retried; a third failure fails the check like any transport error.
 * `retry.any`: every transport error is sent again, time-outs included; `retry.onRetry` hears of each one.
 */
export async function requestRetryingResets(
  ctx: CheckContext,
  options: RequestOptions,
  retry: { readonly any?: boolean; readonly onRetry?: (error: TransportError) => void } = {},
): Promise<HttpResponse> {
  // The client's own resends are left to this loop: three sends in all, not three of three.
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.http.request({ ...options, maxSends: 1 });
    } catch (error) {
      if (!(error instanceof TransportError) || !(retry.any || RESET.test(error.message)) || attempt >= 2) throw error;
      retry.onRetry?.(error);
    }
  }
}

/**
 * A multipart/form-data body serialised up front. fetch streams a FormData body after the headers; a deployment
 * that refuses the request at authentication may close the connection before the body is written (EPIPE). A
 * body of known bytes goes out with the headers, so the refusal can be read.
 */
export function multipartBody(
  parts: Readonly<
    Record<
      string,
      string | { readonly filename: string; readonly contentType: string; readonly content: string | Uint8Array }
    >
  >,
): { body: Uint8Array; contentType: string } {
  const boundary = `----conformance${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(value.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}
