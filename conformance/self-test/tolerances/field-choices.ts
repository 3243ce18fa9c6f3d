// Choices in the bodies of answers the spec leaves open: members it does not list (named like its conventions or
// not), names it does not give, members it marks optional, where an event carries its property, the JSON text's
// form, timestamp forms, and what a PDF, a download link or a summary's generation time is made of.

import { createHash, randomUUID } from 'node:crypto';
import type { ProxyRequest } from '../support/broken';
import { apiPath, isRec, keyOf } from '../support/faults';
import { envelope, modeOf, type Tolerance } from './tolerance';

type Rec = Record<string, unknown>;

/** The reference server's names (left) as this deployment spells them (right), per resource. */
const RENAMED = {
  contracts: { tenancyReference: 'ref', startDate: 'beginsOn', endDate: 'endsOn', rentAmount: 'monthlyRent' },
  rent: { dueDate: 'payBy', periodStart: 'coversFrom', periodEnd: 'coversTo' },
  tenants: { firstName: 'givenName', lastName: 'familyName', email: 'emailAddress' },
} as const;
/** POST and PATCH /properties bodies take `name` for the short name (answers keep the spec's Property fields). */
const PROPERTY_BODY = { shortName: 'name' } as const;

type Group = keyof typeof RENAMED;
const GROUPS: readonly Group[] = ['contracts', 'rent', 'tenants'];

function groupOf(path: string | undefined): Group | undefined {
  const m = path === undefined ? null : /^\/(contracts|rent|tenants)(?:\/[^/]+)?$/.exec(path);
  return GROUPS.find((g) => g === m?.[1]);
}

function renamed(item: unknown, table: Readonly<Record<string, string>>): unknown {
  if (!isRec(item)) return item;
  const out: Rec = {};
  for (const [name, value] of Object.entries(item)) out[table[name] ?? name] = value;
  return out;
}

function jsonBody(req: ProxyRequest): Rec | undefined {
  try {
    const body: unknown = JSON.parse(req.body.toString('utf8'));
    return isRec(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const withBody = (req: ProxyRequest, body: Rec): ProxyRequest => ({ ...req, body: Buffer.from(JSON.stringify(body)) });

/**
 * A write body in this deployment's names, turned into the reference server's. Contracts refuse a member they do
 * not know (400 VALIDATION_ERROR, as the reference server does); tenants, rent payments and properties ignore it
 * and fall back to defaults for what the reference server requires.
 */
function inReferenceNames(req: ProxyRequest): ProxyRequest | ReturnType<typeof envelope> | undefined {
  const path = apiPath(req);
  if ((req.method !== 'POST' && req.method !== 'PATCH') || path === undefined) return undefined;
  const body = jsonBody(req);
  if (!body) return undefined;
  const group = groupOf(path);
  const table: Readonly<Record<string, string>> | undefined = group
    ? RENAMED[group]
    : /^\/properties(\/[^/]+)?$/.test(path)
      ? PROPERTY_BODY
      : undefined;
  if (!table) return undefined;
  const back = Object.fromEntries(Object.entries(table).map(([ours, theirs]) => [theirs, ours]));
  const unknown = Object.keys(body).filter((name) => name in table);
  if (group === 'contracts' && unknown.length > 0)
    return envelope(400, 'VALIDATION_ERROR', `Invalid request: payload.${unknown[0]} is not allowed`, modeOf(req));
  const out: Rec = {};
  for (const [name, value] of Object.entries(body)) if (!(name in table)) out[back[name] ?? name] = value;
  if (req.method === 'POST') {
    const defaults: Rec =
      group === 'tenants'
        ? { firstName: 'Unnamed', lastName: 'Tenant', email: `unnamed-${randomUUID()}@example.invalid` }
        : group === 'rent'
          ? { dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }
          : group === undefined
            ? { shortName: typeof out.addressLine1 === 'string' ? out.addressLine1 : 'Property' }
            : {};
    for (const [name, value] of Object.entries(defaults)) if (out[name] === undefined) out[name] = value;
  }
  return withBody(req, out);
}

/** The names the deployment's target file declares (conformance/README.md, `fields`). */
const DECLARED = {
  property: { shortName: PROPERTY_BODY.shortName },
  contract: {
    tenancyReference: RENAMED.contracts.tenancyReference,
    startDate: RENAMED.contracts.startDate,
    endDate: RENAMED.contracts.endDate,
    rentAmount: RENAMED.contracts.rentAmount,
  },
  rentPayment: { dueDate: RENAMED.rent.dueDate },
  tenant: {
    firstName: RENAMED.tenants.firstName,
    lastName: RENAMED.tenants.lastName,
    email: RENAMED.tenants.email,
  },
};

/**
 * Objects the spec defines as maps, every member an entry ("`distribution` object mapping band to integer"): a
 * member there is an entry, not an extension, so it is the one kind of object left as it is.
 */
const SPEC_MAPS = new Set(['distribution']);

/** Every object in `value`, at any depth, through `fn` (its members first, the spec's maps left alone). */
function eachObject(value: unknown, fn: (obj: Rec) => Rec): unknown {
  if (Array.isArray(value)) return value.map((v) => eachObject(v, fn));
  if (!isRec(value)) return value;
  const out: Rec = {};
  for (const [name, member] of Object.entries(value)) out[name] = SPEC_MAPS.has(name) ? member : eachObject(member, fn);
  return fn(out);
}

/** Every object inside `data`, at any depth, through `fn` (the envelope itself left alone). */
export function inData(body: unknown, fn: (obj: Rec) => Rec): unknown {
  return isRec(body) && 'data' in body ? { ...body, data: eachObject(body.data, fn) } : body;
}

/** The members the deployment adds: an object of its own, an array of them, none named like a convention. */
const extension = (): Rec => ({
  vendorExtension: { note: 'a field the spec does not list', tags: [{ label: 'extension' }] },
});

/**
 * Adds members to EVERY object in `value`, at any depth (items, nested objects such as a property's `compliance`,
 * array elements; the extension's own objects left alone). Generated by walking the answer, not from a list of
 * fields, so an object the reference server adds later is extended too.
 */
export function withExtension(value: unknown): unknown {
  return eachObject(value, (obj) => ({ ...obj, ...extension() }));
}

/** Keys in reverse order, recursively: JSON objects are unordered (RFC 8259 section 4). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (!isRec(value)) return value;
  const out: Rec = {};
  for (const key of Object.keys(value).reverse()) out[key] = reordered(value[key]);
  return out;
}

/** Pretty-printed, non-ASCII and "/" escaped: the same JSON text in another form (RFC 8259 sections 2 and 7). */
function escapedPretty(body: unknown): string {
  return JSON.stringify(body, null, 2)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/** The same instant two hours east of UTC, to the microsecond: `2026-01-01T12:00:00.123000+02:00`. */
export function withOffset(value: string): string {
  const m = TIMESTAMP.exec(value);
  if (!m) return value;
  const shifted = new Date(Date.parse(value) + 2 * 3_600_000).toISOString().slice(0, 19);
  return `${shifted}.${(m[2] ?? '.000').slice(1).padEnd(6, '0')}+02:00`;
}

/** Every string in `value`, at any depth, through `fn`. */
export function everyString(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => everyString(v, fn));
  if (!isRec(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyString(v, fn)]));
}

/**
 * The compliance item codes of the reference server (left) in this deployment's vocabulary (right): UK names of
 * the same statutory items (the landlord gas safety record, the licensing scheme), two of them kept.
 */
const COMPLIANCE_CODES: Readonly<Record<string, string>> = {
  GAS_SAFETY: 'LGSR',
  EICR: 'EICR',
  EPC: 'EPC',
  LANDLORD_LICENCE: 'HMO',
};

/** Where the download-link deployment serves documents: a prefix of its own, off the API. */
const SIGNED_PREFIX = '/signed/';

export const FIELD_CHOICES: readonly Tolerance[] = [
  {
    id: 'extra-fields',
    choice: 'every object inside `data` (at any depth) and `meta` carries members the spec does not list',
    json: (body) =>
      isRec(body) && 'data' in body
        ? {
            ...body,
            data: withExtension(body.data),
            ...(isRec(body.meta) ? { meta: { ...body.meta, totalPages: 1, ...extension() } } : {}),
          }
        : body,
  },
  {
    id: 'json-form',
    choice: 'JSON written with other whitespace, key order, string escapes and number forms',
    json: (body) => reordered(body),
    serialise: escapedPretty,
  },
  {
    id: 'sandbox-read-volatile',
    choice: "a sandbox key's compliance summary carries its own `generatedAt`, one second before the reference's",
    json: (body, _res, original) => {
      if (
        original.method !== 'GET' ||
        apiPath(original) !== '/compliance/summary' ||
        !(keyOf(original) ?? '').startsWith('svc_sandbox_') ||
        !isRec(body) ||
        !isRec(body.data) ||
        typeof body.data.generatedAt !== 'string'
      )
        return body;
      const at = Date.parse(body.data.generatedAt);
      if (Number.isNaN(at)) return body;
      return { ...body, data: { ...body.data, generatedAt: new Date(at - 1000).toISOString() } };
    },
  },
  {
    id: 'unnamed-fields-spelled-otherwise',
    choice:
      'contract, rent payment and tenant fields the spec does not name spelled otherwise (`ref`, `beginsOn`, `payBy`, `emailAddress` …), a property body taking `name`; its target file names them under `fields`',
    request: inReferenceNames,
    json: (body, _res, original) => {
      const group = groupOf(apiPath(original));
      if (!group || !isRec(body)) return body;
      const table = RENAMED[group];
      const data = Array.isArray(body.data) ? body.data.map((i) => renamed(i, table)) : renamed(body.data, table);
      return { ...body, data };
    },
    target: (t) => ({ ...t, fields: DECLARED }),
  },
  {
    id: 'extension-names-like-conventions',
    choice:
      'extension members named like ids, dates and timestamps that are none of them (`externalId: "crm-00042"`, `legacyIds`, `reviewDate: "next spring"`, `syncedAt` in epoch seconds, `source_id`, `archived_at`)',
    json: (body) =>
      inData(body, (obj) => ({
        ...obj,
        externalId: 'crm-00042',
        legacyIds: ['A-1', 'B-2'],
        reviewDate: 'next spring',
        syncedAt: 1_700_000_000,
        source_id: 7,
        archived_at: 'never',
      })),
  },
  {
    id: 'calendar-property-elsewhere',
    choice: 'calendar events carry their property as `{ "property": { "id" } }` instead of a `propertyId` member',
    json: (body, _res, original) =>
      apiPath(original) === '/events' && isRec(body) && Array.isArray(body.data)
        ? {
            ...body,
            data: body.data.map((event) => {
              if (!isRec(event) || typeof event.propertyId !== 'string') return event;
              const { propertyId, ...rest } = event;
              return { ...rest, property: { id: propertyId } };
            }),
          }
        : body,
  },
  {
    id: 'has-next-page-on-every-list',
    choice: '`meta.hasNextPage` on every list, not only on contract lists',
    json: (body) =>
      isRec(body) && isRec(body.meta) && typeof body.meta.total === 'number' && body.meta.hasNextPage === undefined
        ? {
            ...body,
            meta: { ...body.meta, hasNextPage: Number(body.meta.page) * Number(body.meta.limit) < body.meta.total },
          }
        : body,
  },
  {
    id: 'live-writes-say-sandbox-false',
    choice: 'live write answers carry `sandbox: false` in `data`',
    json: (body, res, original) =>
      ['POST', 'PATCH', 'DELETE'].includes(original.method) &&
      res.status < 300 &&
      apiPath(original) !== undefined &&
      isRec(body) &&
      isRec(body.data) &&
      body.data.sandbox === undefined
        ? { ...body, data: { ...body.data, sandbox: false } }
        : body,
  },
  {
    id: 'optional-members-omitted',
    choice: "a contract's `additionalTenantIds` left out when empty, a document's `expiryDate` left out when null",
    json: (body) =>
      inData(body, (obj) => {
        const out = { ...obj };
        if ('mainTenantId' in out && Array.isArray(out.additionalTenantIds) && out.additionalTenantIds.length === 0)
          delete out.additionalTenantIds;
        if ('downloadUrl' in out && out.expiryDate === null) delete out.expiryDate;
        return out;
      }),
  },
  {
    id: 'timestamps-with-offset',
    choice: 'timestamps written with a `+02:00` offset and microseconds (`2026-01-01T14:00:00.123000+02:00`)',
    json: (body) => everyString(body, withOffset),
  },
  {
    id: 'pdf-generated-per-request',
    choice: 'every invoice PDF generated afresh: its bytes differ from request to request (a trailing comment)',
    response: (res, original) => {
      const path = apiPath(original);
      if (path === undefined || !/\/invoice\/pdf$/.test(path) || res.status !== 200) return undefined;
      return { ...res, body: Buffer.concat([res.body, Buffer.from(`\n% generated ${randomUUID()}\n`)]) };
    },
  },
  {
    id: 'download-url-elsewhere',
    choice:
      "a document's `downloadUrl` is a signed link under another path that refuses a request carrying API credentials (400, as an object store does)",
    request: (req) => {
      if (!req.path.startsWith(SIGNED_PREFIX)) return undefined;
      if (keyOf(req) !== undefined)
        return {
          status: 400,
          headers: { 'content-type': 'application/xml' },
          body: Buffer.from('<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism</Message></Error>'),
        };
      const original = new URL(Buffer.from(req.path.slice(SIGNED_PREFIX.length), 'base64url').toString('utf8'));
      return { ...req, path: original.pathname, query: original.searchParams };
    },
    json: (body, _res, original) =>
      inData(body, (obj) =>
        typeof obj.downloadUrl === 'string'
          ? {
              ...obj,
              downloadUrl: `http://${original.headers.host ?? '127.0.0.1'}${SIGNED_PREFIX}${Buffer.from(obj.downloadUrl).toString('base64url')}?X-Signature=${createHash('sha256').update(obj.downloadUrl).digest('hex').slice(0, 16)}`,
            }
          : obj,
      ),
  },
  {
    id: 'compliance-codes-spelled-otherwise',
    choice:
      'compliance item codes in another vocabulary (`LGSR` for the gas safety certificate, `HMO` for the landlord licence), in property views, the summary and its attention list',
    json: (body) =>
      inData(body, (obj) =>
        typeof obj.code === 'string' && 'severity' in obj && COMPLIANCE_CODES[obj.code] !== undefined
          ? { ...obj, code: COMPLIANCE_CODES[obj.code] }
          : obj,
      ),
  },
];
