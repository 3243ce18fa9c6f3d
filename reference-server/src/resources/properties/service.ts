// Property rules: derived status, Maintenance the only settable status, read-only rentAmount, renewal fields
// checked against certificates (CERTIFICATE_DERIVED_FIELD), soft delete blocked by live contracts. Every write
// records its property.* event in the same transaction.
import { randomUUID } from 'node:crypto';
import type { Property, Scope } from '../../persistence/models';
import { apiError, notFound } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { propertyDeletedData, propertyEventData } from './events';
import { presentProperty, type PropertyView } from './presenter';
import { propertyFields, type PropertyInput } from './fields';
import {
  findPropertyView,
  hasBlockingContract,
  insertProperty,
  latestExpiries,
  listPropertyPage,
  lockProperty,
  patchProperty,
  softDeleteProperty,
  type PropertyFilter,
} from './repository';

export const RENEWAL_FIELDS = {
  gscRenewal: { column: 'gsc_renewal', certificate: 'GSC' },
  eicrRenewal: { column: 'eicr_renewal', certificate: 'EICR' },
  epcRenewal: { column: 'epc_renewal', certificate: 'EPC' },
  landlordLicenceRenewal: { column: 'landlord_licence_renewal', certificate: 'LANDLORD_LICENCE' },
} as const;
export type RenewalField = keyof typeof RENEWAL_FIELDS;

export type { PropertyInput } from './fields';

export interface PresentContext {
  readonly today: string;
  readonly imageUrl?: (key: string) => string;
}

export async function list(
  scope: Scope,
  ctx: PresentContext,
  filter: PropertyFilter,
  page: PageRequest,
): Promise<{ data: PropertyView[]; total: number }> {
  const { rows, total } = await listPropertyPage(scope, ctx.today, filter, page);
  return { data: rows.map((row) => presentProperty(row, ctx)), total };
}

export async function get(scope: Scope, ctx: PresentContext, id: string): Promise<PropertyView> {
  const row = await findPropertyView(scope, ctx.today, id);
  if (!row) throw notFound('Property');
  return presentProperty(row, ctx);
}

/** The table's columns, and the maintenance flag that setting (or clearing) status Maintenance means. */
function rowOf(input: PropertyInput): Partial<Property> {
  const row = propertyFields.columnsOf(input);
  if (input.status !== undefined) row.maintenance = input.status === 'Maintenance';
  return row;
}

/** A renewal date must equal what the certificate on file implies (its expiry); with no certificate any date goes. */
async function assertRenewalsMatchCertificates(
  ctx: WriteContext,
  propertyId: string,
  input: PropertyInput,
): Promise<void> {
  const fields = (Object.keys(RENEWAL_FIELDS) as RenewalField[]).filter((f) => input[f] !== undefined);
  if (fields.length === 0) return;
  const expiries = await latestExpiries(ctx, propertyId);
  for (const field of fields) {
    const expiry = expiries[RENEWAL_FIELDS[field].certificate];
    if (expiry !== undefined && expiry !== input[field]) {
      throw apiError(
        'CERTIFICATE_DERIVED_FIELD',
        `${field} must be ${expiry}, the expiry of the ${RENEWAL_FIELDS[field].certificate} certificate on file`,
      );
    }
  }
}

export async function create(ctx: WriteContext, present: PresentContext, input: PropertyInput): Promise<PropertyView> {
  const now = ctx.clock.now();
  const row = await insertProperty(ctx, { id: randomUUID(), ...rowOf(input), created_at: now, updated_at: now });
  const view = await get(ctx, present, row.id);
  await recordEvent(ctx, 'property.created', propertyEventData(view));
  return view;
}

export async function update(
  ctx: WriteContext,
  present: PresentContext,
  id: string,
  input: PropertyInput,
): Promise<PropertyView> {
  await lockProperty(ctx, id);
  await assertRenewalsMatchCertificates(ctx, id, input);
  await patchProperty(ctx, id, { ...rowOf(input), updated_at: ctx.clock.now() });
  const view = await get(ctx, present, id);
  await recordEvent(ctx, 'property.updated', propertyEventData(view));
  return view;
}

export async function remove(ctx: WriteContext, id: string, today: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockProperty(ctx, id);
  if (await hasBlockingContract(ctx, id, today)) {
    throw apiError('CONFLICT', 'Property has an Active, Pending or Notice Served contract and cannot be deleted');
  }
  const deletedAt = ctx.clock.now();
  await softDeleteProperty(ctx, id, deletedAt);
  await recordEvent(ctx, 'property.deleted', propertyDeletedData(existing, deletedAt));
  return { deleted: true, id };
}
