// Inspection rules: the property must be the landlord's (else 400); moves follow transitions.ts; soft delete.
// Events: inspection.scheduled on create, inspection.updated on every PATCH, inspection.completed in addition
// whenever an inspection becomes completed (on create or PATCH), inspection.deleted on delete.
import { randomUUID } from 'node:crypto';
import type { Inspection, Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import {
  inspectionDeletedData,
  inspectionEventData,
  inspectionUpdatedData,
  presentInspection,
  type InspectionView,
} from './presenter';
import { inspectionFields, type InspectionCreateInput, type InspectionInput } from './fields';
import {
  findInspection,
  findLiveProperty,
  insertInspection,
  listInspections,
  lockInspection,
  patchInspection,
  propertyName as nameOf,
  propertyNames,
  softDeleteInspection,
  type InspectionFilter,
} from './repository';
import { assertChangeAllowed } from './transitions';

export type { InspectionInput } from './fields';

export async function list(
  scope: Scope,
  filter: InspectionFilter,
  page: PageRequest,
): Promise<{ data: InspectionView[]; total: number }> {
  const { rows, total } = await listInspections(scope, filter, page);
  const names = await propertyNames(
    scope,
    rows.map((i) => i.property_id),
  );
  return { data: rows.map((i) => presentInspection(i, names.get(i.property_id) ?? '')), total };
}

export async function get(scope: Scope, id: string): Promise<InspectionView> {
  const row = await findInspection(scope, id);
  return presentInspection(row, await nameOf(scope, row.property_id));
}

export async function create(ctx: WriteContext, input: InspectionCreateInput): Promise<InspectionView> {
  const property = await findLiveProperty(ctx, input.propertyId);
  if (!property)
    throw apiError('VALIDATION_ERROR', `Invalid request: payload.propertyId: Property ${input.propertyId} not found`);
  const now = ctx.clock.now();
  const status = input.status ?? 'scheduled';
  const row = await insertInspection(ctx, {
    id: randomUUID(),
    landlord_actions: '',
    ...inspectionFields.columnsOf(input),
    property_id: property.id,
    status,
    completed_at: status === 'completed' ? now : null,
    created_at: now,
    updated_at: now,
  });
  await recordEvent(ctx, 'inspection.scheduled', inspectionEventData(row, property.short_name));
  if (status === 'completed')
    await recordEvent(ctx, 'inspection.completed', inspectionEventData(row, property.short_name));
  return presentInspection(row, property.short_name);
}

export async function update(ctx: WriteContext, id: string, input: InspectionInput): Promise<InspectionView> {
  const existing = await lockInspection(ctx, id);
  assertChangeAllowed(existing.status, input);
  const now = ctx.clock.now();
  const patch: Partial<Inspection> = { ...inspectionFields.columnsOf(input), updated_at: now };
  const completes = input.status === 'completed' && existing.status !== 'completed';
  if (input.status !== undefined && input.status !== existing.status) {
    patch.status = input.status;
    patch.completed_at = completes ? now : null;
  }
  const row = await patchInspection(ctx, id, patch);
  const propertyName = await nameOf(ctx, row.property_id);
  await recordEvent(ctx, 'inspection.updated', inspectionUpdatedData(row, propertyName));
  if (completes) await recordEvent(ctx, 'inspection.completed', inspectionEventData(row, propertyName));
  return presentInspection(row, propertyName);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockInspection(ctx, id);
  const deletedAt = ctx.clock.now();
  await softDeleteInspection(ctx, id, deletedAt);
  await recordEvent(
    ctx,
    'inspection.deleted',
    inspectionDeletedData(existing, await nameOf(ctx, existing.property_id), deletedAt),
  );
  return { deleted: true, id };
}
