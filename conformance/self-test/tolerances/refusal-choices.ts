// Choices in how a deployment refuses a request where the spec leaves the answer open: parameters no list names,
// ids that are not UUIDs, methods the spec does not list, the wording of messages, and a body referencing what the
// key cannot read.

import type { FaultContext, ProxyRequest } from '../support/broken';
import { PREFIX, apiPath, codeOf, isRec, readJson } from '../support/faults';
import { multipartParts } from '../support/resource-fault-helpers';
import { UUID, nonUuidIds, unlistedOn } from './spec-paths';
import { envelope, modeOf, rateHeaders, type Tolerance } from './tolerance';
import { SPEC_QUERY_NAMES } from '../../src/spec-routes';

/** Query parameters the spec names; the "ignore unknown parameters" choice drops every other one. */
const SPEC_QUERY_PARAMETERS = new Set(SPEC_QUERY_NAMES);

/**
 * The room left in the storage quota of the deployment refusing over-quota uploads with 403: 10 MiB, so every
 * upload of a larger file (the documents' 30 MB, the images past 10 MB however counted) is over it, and every image
 * the limit allows still fits.
 */
const QUOTA_ROOM_BYTES = 10 * 1024 * 1024;
const UPLOAD = /^\/(properties|contracts)\/[^/]+\/(documents|image)$/;

const KIND_BY_COLLECTION: Readonly<Record<string, string>> = {
  properties: 'property',
  contracts: 'contract',
  rent: 'rent payment',
};

/** Where the body of POST /contracts and POST /rent references other resources, and the route that reads each. */
const BODY_REFERENCES: ReadonlyArray<readonly [string, string]> = [
  ['propertyId', '/properties/'],
  ['contractId', '/contracts/'],
  ['tenantId', '/tenants/'],
  ['mainTenantId', '/tenants/'],
  ['additionalTenantIds', '/tenants/'],
];

/** The credential headers of a request, for a second question the deployment asks with the same key. */
function credentialsOf(original: ProxyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'x-api-key']) {
    const value = original.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** The contract statuses that keep a property from being deleted ("409 CONFLICT while an Active, Pending or ..."). */
const LIVE_CONTRACT_STATUSES = new Set(['Active', 'Pending', 'Notice Served']);

/** Whether the property has a contract that blocks its deletion, read with the request's own key (reads are real). */
async function hasLiveContract(propertyId: string, original: ProxyRequest, ctx: FaultContext): Promise<boolean> {
  const read = await ctx.upstream({
    method: 'GET',
    path: `${PREFIX}/contracts`,
    query: new URLSearchParams({ propertyId, limit: '100' }),
    headers: credentialsOf(original),
    body: Buffer.alloc(0),
  });
  const body = readJson(read);
  const items = isRec(body) && Array.isArray(body.data) ? body.data : [];
  return items.some((c) => isRec(c) && LIVE_CONTRACT_STATUSES.has(String(c.status)));
}

/** The body fields of a write whose id the same key reads as absent (404): another landlord's, or none. */
async function unreadableReferences(original: ProxyRequest, ctx: FaultContext): Promise<string[]> {
  let body: unknown;
  try {
    body = JSON.parse(original.body.toString('utf8'));
  } catch {
    return [];
  }
  const unreadable: string[] = [];
  if (!isRec(body)) return unreadable;
  const headers = credentialsOf(original);
  for (const [field, route] of BODY_REFERENCES) {
    const value = body[field];
    const ids = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && UUID.test(v),
    );
    for (const id of ids) {
      const read = await ctx.upstream({
        method: 'GET',
        path: `${PREFIX}${route}${id}`,
        query: new URLSearchParams(),
        headers,
        body: Buffer.alloc(0),
      });
      if (read.status === 404 && !unreadable.includes(field)) unreadable.push(field);
    }
  }
  return unreadable;
}

export const REFUSAL_CHOICES: readonly Tolerance[] = [
  {
    id: 'unknown-query-parameters',
    choice: 'query parameters no list of the spec names are ignored instead of refused',
    request: (req) => {
      if (apiPath(req) === undefined) return undefined;
      const query = new URLSearchParams();
      for (const [name, value] of req.query) if (SPEC_QUERY_PARAMETERS.has(name)) query.append(name, value);
      return { ...req, query };
    },
  },
  {
    id: 'non-uuid-id-is-404',
    choice: 'an id that is not a UUID answers 404 NOT_FOUND (no such resource) instead of 400 VALIDATION_ERROR',
    response: (res, original) => {
      const ids = nonUuidIds(apiPath(original));
      if (!ids || res.status !== 400 || codeOf(res) !== 'VALIDATION_ERROR') return undefined;
      const [collection, id, docId] = ids;
      const kind =
        docId !== undefined && UUID.test(id ?? '') ? 'document' : (KIND_BY_COLLECTION[collection ?? ''] ?? 'resource');
      return envelope(404, 'NOT_FOUND', `No ${kind} has that id`, res.headers['x-service-mode'], rateHeaders(res));
    },
  },
  {
    id: 'unlisted-methods-405',
    choice:
      'a method the spec does not list on a spec path answers 405 with Allow and the envelope (the reference server: 404)',
    response: (res, original) => {
      const listed = unlistedOn(apiPath(original), original.method);
      if (!listed || res.status !== 404) return undefined;
      return envelope(
        405,
        'METHOD_NOT_ALLOWED',
        `${original.method} is not allowed here; use ${listed.join(' or ')}`,
        res.headers['x-service-mode'],
        { ...rateHeaders(res), allow: listed.join(', ') },
      );
    },
  },
  {
    id: 'unlisted-method-invalid-id',
    choice:
      'a method the spec does not list on a path whose id is not a UUID answers 400 VALIDATION_ERROR (parameters checked before methods; the reference server: 404)',
    response: (res, original) => {
      const path = apiPath(original);
      if (!unlistedOn(path, original.method) || !nonUuidIds(path) || res.status !== 404) return undefined;
      return envelope(
        400,
        'VALIDATION_ERROR',
        'Invalid request: params.id must be a UUID',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'message-wording',
    choice: 'error messages worded otherwise, still naming what the spec says they name',
    json: (body, res) => {
      if (!isRec(body) || typeof body.error !== 'string' || res.status < 400) return body;
      const original = body.error;
      const notFound = /^(.*?) not found\.?$/i.exec(original);
      const error = notFound
        ? `We could not find that ${notFound[1]?.toLowerCase()} for your account.`
        : `Request refused (${original})`;
      return { ...body, error };
    },
  },
  {
    id: 'foreign-body-id-status',
    choice:
      'a POST /contracts or POST /rent refused because its body references a property, tenant or contract the key cannot read answers 409 CONFLICT (the reference server: 400 VALIDATION_ERROR or 404)',
    response: async (res, original, ctx) => {
      const path = apiPath(original);
      if (original.method !== 'POST' || (path !== '/contracts' && path !== '/rent')) return undefined;
      if (res.status !== 400 && res.status !== 404) return undefined;
      // Refused for the reference, not for another fault of the body: a 404, or a 400 naming the field.
      const message = readJson(res);
      const text = isRec(message) && typeof message.error === 'string' ? message.error : '';
      const unreadable = await unreadableReferences(original, ctx);
      if (!unreadable.some((field) => res.status === 404 || text.includes(`payload.${field}`))) return undefined;
      return envelope(
        409,
        'CONFLICT',
        'The body references a resource this account cannot use',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'sandbox-conflicts-as-live',
    choice:
      'a sandbox DELETE /properties/{id} of a property with an Active, Pending or Notice Served contract answered 409 CONFLICT in sandbox mode, as the live delete is (the reference server: its mock)',
    response: async (res, original, ctx) => {
      const id = /^\/properties\/([^/]+)$/.exec(apiPath(original) ?? '')?.[1];
      if (original.method !== 'DELETE' || id === undefined || res.status !== 200) return undefined;
      if (res.headers['x-service-mode'] !== 'sandbox' || !(await hasLiveContract(id, original, ctx))) return undefined;
      return envelope(409, 'CONFLICT', 'The property has a live contract', 'sandbox', rateHeaders(res));
    },
  },
  {
    id: 'storage-quota-refused-403',
    choice: `an upload over the storage quota refused with 403 FORBIDDEN (this deployment: room for ${QUOTA_ROOM_BYTES} bytes, so every larger document or image; the reference server: 413 FILE_TOO_LARGE)`,
    request: (req) => {
      const path = apiPath(req);
      if (req.method !== 'POST' || path === undefined || !UPLOAD.test(path)) return undefined;
      const file = multipartParts(req).find((part) => part.filename !== undefined);
      return file !== undefined && file.content.length > QUOTA_ROOM_BYTES
        ? envelope(403, 'FORBIDDEN', 'This upload would exceed your storage quota', modeOf(req))
        : undefined;
    },
  },
];
