// The invalid values of every write body the spec types or bounds: for each body kind of the route table, each
// field the spec names with a type, a value set or a limit gets one value breaking it (wrong type, outside the set,
// past a stated limit, a required part left out). Only what the spec states is broken: a field it says "cannot
// change" without saying whether it is refused or ignored (PROP-13, RENT-PATCH-3) gets no value here, nor do the
// bodies of "named but not detailed" routes (their payloads are not shown). Deterministic: the same list every run.

import type { BodyKind, SpecRoute } from './types';

/** A part of a multipart body: text, or a file. */
export type FormPart =
  string | { readonly filename: string; readonly contentType: string; readonly content: 'png' | 'pdf' | 'text' };

/** How one field of a valid body is broken: a JSON value, a form part, or the field left out. */
export type Breakage =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'form'; readonly part: FormPart }
  | { readonly kind: 'omit' }
  /** The whole body replaced (an empty object where at least one field is required). */
  | { readonly kind: 'body'; readonly json: Readonly<Record<string, unknown>> };

export interface InvalidBodyCase {
  readonly field: string;
  readonly breakage: Breakage;
  readonly why: string;
  /** The rules stating the field's type, set or limit (the route's "answers 400" rule is added per route). */
  readonly rules: readonly string[];
}

const json = (value: unknown): Breakage => ({ kind: 'json', value });
const form = (part: FormPart): Breakage => ({ kind: 'form', part });
const OMIT: Breakage = { kind: 'omit' };

const PROPERTY_STATUS = 'one of `Occupied`, `Vacant`, `Maintenance`';

const DOCUMENT: readonly InvalidBodyCase[] = [
  { field: 'file', breakage: OMIT, why: 'the required `file` part left out', rules: [] },
  { field: 'name', breakage: OMIT, why: 'the required `name` part left out', rules: [] },
  { field: 'name', breakage: form(''), why: 'an empty `name` (1 to 500 characters)', rules: ['LIMIT-7'] },
  { field: 'name', breakage: form('n'.repeat(501)), why: 'a `name` of 501 characters', rules: ['LIMIT-7'] },
  { field: 'type', breakage: OMIT, why: 'the required `type` part left out', rules: [] },
  { field: 'expiryDate', breakage: form('2026-13-45'), why: '`expiryDate` not a calendar date', rules: [] },
  { field: 'expiryDate', breakage: form('2026-02-30'), why: '`expiryDate` a day February does not have', rules: [] },
];

/** Invalid values per body kind; `none` (no body) and the not-shown payloads have none. */
export const INVALID_BODIES: Readonly<Partial<Record<BodyKind, readonly InvalidBodyCase[]>>> = {
  property: [
    { field: 'status', breakage: json('NotAStatus'), why: `\`status\` not ${PROPERTY_STATUS}`, rules: ['PROP-6'] },
    { field: 'status', breakage: json(7), why: '`status` a number, not a string', rules: ['PROP-6'] },
    { field: 'bedrooms', breakage: json('three'), why: '`bedrooms` a string, not an integer', rules: [] },
    { field: 'bathrooms', breakage: json(1.5), why: '`bathrooms` a fraction, not an integer', rules: [] },
  ],
  propertyPatch: [
    {
      field: 'status',
      breakage: json('Occupied'),
      why: '`status` neither `Maintenance` nor `null`',
      rules: ['PROP-12'],
    },
    { field: 'bedrooms', breakage: json('three'), why: '`bedrooms` a string, not an integer', rules: [] },
    { field: 'epcRenewal', breakage: json('2026-13-45'), why: '`epcRenewal` not a date', rules: ['PROP-14'] },
  ],
  image: [
    { field: 'file', breakage: OMIT, why: 'the required `file` part left out', rules: ['PROP-20'] },
    {
      field: 'file',
      breakage: form({ filename: 'not-an-image.txt', contentType: 'text/plain', content: 'text' }),
      why: 'a `file` that is not an image',
      rules: ['PROP-21'],
    },
  ],
  document: DOCUMENT,
  contract: [
    {
      field: 'status',
      breakage: json('NotAStatus'),
      why: '`status` not one of `Active`, `Pending`, `Notice Served`, `Ended`',
      rules: [],
    },
    {
      field: 'additionalTenantIds',
      breakage: json('not-an-array'),
      why: '`additionalTenantIds` a string, not an array of uuid',
      rules: [],
    },
    { field: 'propertyId', breakage: json(12345), why: '`propertyId` a number, not a uuid', rules: [] },
  ],
  contractPatch: [
    {
      field: 'status',
      breakage: json('NotAStatus'),
      why: '`status` not one of `Active`, `Pending`, `Notice Served`, `Ended`',
      rules: [],
    },
  ],
  rent: [
    {
      field: 'status',
      breakage: json('NotAStatus'),
      why: '`status` not one of `Paid`, `Pending`, `Overdue`',
      rules: [],
    },
    { field: 'amount', breakage: json('abc'), why: '`amount` a string, not a number', rules: [] },
    { field: 'datePaid', breakage: json('2026-13-45'), why: '`datePaid` not a date', rules: [] },
  ],
  rentPatch: [
    { field: '(body)', breakage: { kind: 'body', json: {} }, why: 'no field at all', rules: ['RENT-PATCH-1'] },
    {
      field: 'status',
      breakage: json('NotAStatus'),
      why: '`status` not one of `Paid`, `Pending`, `Overdue`',
      rules: [],
    },
    { field: 'amountReceived', breakage: json('abc'), why: '`amountReceived` a string, not a number', rules: [] },
  ],
  invoiceEmail: [
    { field: 'email', breakage: json('not-an-address'), why: '`email` not a valid address', rules: ['RENT-EMAIL-5'] },
  ],
};

/** The route's own "answers 400 on an invalid body" rule. */
const ROUTE_RULES: Readonly<Record<string, readonly string[]>> = {
  'POST /properties': ['PROP-8'],
  'PATCH /properties/{id}': ['PROP-15'],
  'POST /properties/{id}/image': [],
  'POST /properties/{id}/documents': ['PROP-31'],
  'POST /contracts': ['CONTRACT-9'],
  'PATCH /contracts/{id}': ['CONTRACT-14'],
  'POST /contracts/{id}/documents': ['CONTRACT-20'],
  'POST /rent': ['RENT-POST-7'],
  'PATCH /rent/{id}': ['RENT-PATCH-2'],
  'POST /rent/{id}/invoice/email': ['RENT-EMAIL-5'],
};

export interface InvalidBodyRouteCase extends InvalidBodyCase {
  readonly route: SpecRoute;
}

/**
 * Every invalid value of every detailed write route with a body, each citing ERR-VALIDATION_ERROR, the route's
 * 400 rule and the field's own. A detailed write with a body and no entry here throws: the table must grow with it.
 */
export function invalidBodyCases(routes: readonly SpecRoute[]): InvalidBodyRouteCase[] {
  const out: InvalidBodyRouteCase[] = [];
  for (const route of routes) {
    if (route.access !== 'write' || route.detail !== 'full' || route.body === 'none') continue;
    const name = `${route.method} ${route.path}`;
    const cases = INVALID_BODIES[route.body];
    const routeRules = ROUTE_RULES[name];
    if (!cases || !routeRules) throw new Error(`no invalid bodies for ${name} (${route.body}): add them`);
    for (const c of cases)
      out.push({
        ...c,
        route,
        rules: [...new Set(['ERR-VALIDATION_ERROR', ...routeRules, ...c.rules])],
      });
  }
  return out;
}
