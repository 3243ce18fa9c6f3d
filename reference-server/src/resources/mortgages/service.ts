// Mortgage rules: linked properties must be live properties of the same landlord (else 400, like any invalid
// field); PATCH propertyIds replaces the set; soft delete; a mortgage.* event is recorded in every write.
// Reads and writes go through the repository; views through the presenter.
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { mortgageFields, type MortgageInput, type MortgageView } from './fields';
import { mortgageDeletedData, mortgageEventData, presentMortgage } from './presenter';
import {
  findMortgage,
  insertMortgage,
  linkedProperties,
  listMortgages,
  lockMortgage,
  patchMortgage,
  replaceLinks,
  softDeleteMortgage,
  unknownProperties,
  type MortgageFilter,
} from './repository';

export type { MortgageInput } from './fields';

export async function list(
  scope: Scope,
  filter: MortgageFilter,
  page: PageRequest,
): Promise<{ data: MortgageView[]; total: number }> {
  const { rows, total } = await listMortgages(scope, filter, page);
  const links = await linkedProperties(
    scope,
    rows.map((m) => m.id),
  );
  return { data: rows.map((m) => presentMortgage(m, links.get(m.id) ?? [])), total };
}

export async function get(scope: Scope, id: string): Promise<MortgageView> {
  const row = await findMortgage(scope, id);
  return presentMortgage(row, (await linkedProperties(scope, [id])).get(id) ?? []);
}

async function assertProperties(ctx: WriteContext, ids: readonly string[]): Promise<void> {
  const unknown = await unknownProperties(ctx, ids);
  if (unknown.length > 0)
    throw apiError('VALIDATION_ERROR', `Invalid request: payload.propertyIds: Property ${unknown[0]} not found`);
}

export async function create(ctx: WriteContext, input: MortgageInput): Promise<MortgageView> {
  const propertyIds = input.propertyIds ?? [];
  await assertProperties(ctx, propertyIds);
  const now = ctx.clock.now();
  const row = await insertMortgage(ctx, {
    id: randomUUID(),
    status: 'Active',
    ...mortgageFields.columnsOf(input),
    created_at: now,
    updated_at: now,
  });
  await replaceLinks(ctx, row.id, propertyIds);
  await recordEvent(ctx, 'mortgage.created', mortgageEventData(row, propertyIds));
  return presentMortgage(row, propertyIds);
}

export async function update(ctx: WriteContext, id: string, input: MortgageInput): Promise<MortgageView> {
  await lockMortgage(ctx, id);
  if (input.propertyIds !== undefined) {
    await assertProperties(ctx, input.propertyIds);
    await replaceLinks(ctx, id, input.propertyIds);
  }
  const row = await patchMortgage(ctx, id, { ...mortgageFields.columnsOf(input), updated_at: ctx.clock.now() });
  const propertyIds = (await linkedProperties(ctx, [id])).get(id) ?? [];
  await recordEvent(ctx, 'mortgage.updated', mortgageEventData(row, propertyIds));
  return presentMortgage(row, propertyIds);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockMortgage(ctx, id);
  const propertyIds = (await linkedProperties(ctx, [id])).get(id) ?? [];
  const deletedAt = ctx.clock.now();
  await softDeleteMortgage(ctx, id, deletedAt);
  await recordEvent(ctx, 'mortgage.deleted', mortgageDeletedData(existing, propertyIds, deletedAt));
  return { deleted: true, id };
}
