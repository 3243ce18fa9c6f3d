// The Property table of the spec ("Resources > Property") as data, and small readers shared by the property,
// document and compliance checks.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { describeValue } from '../../runner/describe';
import type { FieldRule } from '../shared/shape';
import { getList, isRecord, isSuiteData, successData, type Json } from '../shared/util';

export const PROPERTY_STATUSES = ['Occupied', 'Vacant', 'Maintenance'] as const;

export const PROPERTY_FIELDS: readonly FieldRule[] = [
  { field: 'id', type: 'uuid', rule: 'RES-PROP-2' },
  { field: 'address', type: 'string', rule: 'RES-PROP-3' },
  { field: 'shortName', type: 'string', rule: 'RES-PROP-4' },
  { field: 'addressLine1', type: 'string', rule: 'RES-PROP-5' },
  { field: 'city', type: 'string', rule: 'RES-PROP-6' },
  { field: 'postcode', type: 'string', rule: 'RES-PROP-7' },
  { field: 'propertyType', type: 'string', rule: 'RES-PROP-8' },
  { field: 'bedrooms', type: 'integer', rule: 'RES-PROP-9' },
  { field: 'bathrooms', type: 'integer', rule: 'RES-PROP-10' },
  { field: 'status', type: 'string', values: PROPERTY_STATUSES, rule: 'RES-PROP-11' },
  { field: 'rentAmount', type: 'number', rule: 'RES-PROP-12' },
  // RES-PROP-14: "tenantName | string" on every property, marked neither optional nor nullable as the spec marks
  // others ("optional; nullable", "string or null"); what it says without tenants is not shown (occupiedTenantProblem).
  { field: 'tenantName', type: 'string', rule: 'RES-PROP-14' },
  { field: 'compliance', type: 'object', rule: 'RES-PROP-16' },
  { field: 'image', type: 'url', optional: true, rule: 'RES-PROP-18' },
];

/** Property fields plus `compliance.items` being an array. */
export function propertyProblem(item: unknown): string | undefined {
  if (!isRecord(item)) return `not an object: ${describeValue(item)}`;
  const compliance = item.compliance;
  if (isRecord(compliance) && !Array.isArray(compliance.items))
    return `compliance.items is ${describeValue(compliance.items)}`;
  return undefined;
}

/**
 * RES-PROP-14 beyond its type: what a property without tenants says in tenantName is not shown, but an Occupied
 * property has tenants (its status is derived from its contract in effect), so it names them.
 */
export function occupiedTenantProblem(item: Json): string | undefined {
  if (item.status !== 'Occupied') return undefined;
  const name = item.tenantName;
  return typeof name === 'string' && name.trim() !== ''
    ? undefined
    : `tenantName is ${describeValue(name)} on an Occupied property (it has tenants)`;
}

export const RENEWAL_FIELDS = ['gscRenewal', 'eicrRenewal', 'epcRenewal', 'landlordLicenceRenewal'] as const;
export type RenewalField = (typeof RENEWAL_FIELDS)[number];

/** Which renewal field a compliance item code is about (the codes are not named by the spec; matched by meaning). */
export function renewalFieldOf(code: unknown): RenewalField | undefined {
  if (typeof code !== 'string') return undefined;
  if (/gas|gsc/i.test(code)) return 'gscRenewal';
  if (/eicr|electric/i.test(code)) return 'eicrRenewal';
  if (/epc|energy/i.test(code)) return 'epcRenewal';
  if (/licen[cs]e/i.test(code)) return 'landlordLicenceRenewal';
  return undefined;
}

export function complianceItems(property: Json): Json[] {
  const c = property.compliance;
  return isRecord(c) && Array.isArray(c.items) ? c.items.filter(isRecord) : [];
}

/** The target's own properties (first page, suite data left out). */
export async function targetProperties(ctx: CheckContext, key = 'enterpriseLive', limit = 100): Promise<Json[]> {
  const page = await getList(ctx, '/properties', key, { limit }, { rules: ['PROP-1'] });
  return page.items.filter((p) => !isSuiteData(p));
}

export async function getProperty(
  ctx: CheckContext,
  id: string,
  key = 'enterpriseLive',
): Promise<{ res: HttpResponse; data: Json }> {
  const res = await ctx.http.request({ path: `/properties/${id}`, key });
  const data = successData(ctx, res, [200], { rules: ['PROP-9'] });
  ctx.expect(
    isRecord(data),
    'GET /properties/{id} data to be a Property object',
    () => describeValue(data),
    res.exchange,
    { rules: ['PROP-9'] },
  );
  return { res, data };
}

/** Swaps the case of every ASCII letter ("Mill Lane" → "mILL lANE"), so a match proves case-insensitivity. */
export function swapCase(text: string): string {
  return text.replace(/[a-z]/gi, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
}

/** ASCII letters upper- or lower-cased by `mask` (other characters, whose case mapping may change length, kept). */
export function maskCase(text: string, mask: readonly boolean[]): string {
  return Array.from(text, (ch, i) =>
    /[a-z]/i.test(ch) ? (mask[i % mask.length] ? ch.toUpperCase() : ch.toLowerCase()) : ch,
  ).join('');
}
