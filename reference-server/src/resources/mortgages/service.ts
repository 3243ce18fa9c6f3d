// Mortgage rules: linked properties must be live properties of the same landlord (else 400, like any invalid
// field); PATCH propertyIds replaces the set; soft delete; a mortgage.* event is recorded in every write.
import { randomUUID } from 'node:crypto';
import { Mortgage, type Scope } from '../../persistence/models';
import { apiError, notFound } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { mortgageDeletedData, mortgageEventData, presentMortgage, type MortgageView } from './presenter';
import { findMortgage, linkedProperties, listMortgages, replaceLinks, unknownProperties, type MortgageFilter } from './repository';

export interface MortgageInput {
  lender?: string;
  reference?: string;
  balance?: number;
  interestRate?: number;
  monthlyPayment?: number;
  rateType?: string | null;
  productEndDate?: string | null;
  termEndDate?: string | null;
  status?: Mortgage['status'];
  propertyIds?: string[];
}

export async function list(scope: Scope, filter: MortgageFilter, page: PageRequest): Promise<{ data: MortgageView[]; total: number }> {
  const { rows, total } = await listMortgages(scope, filter, page);
  const links = await linkedProperties(scope, rows.map((m) => m.id));
  return { data: rows.map((m) => presentMortgage(m, links.get(m.id) ?? [])), total };
}

export async function get(scope: Scope, id: string): Promise<MortgageView> {
  const row = await findMortgage(scope, id);
  if (!row) throw notFound('Mortgage');
  return presentMortgage(row, (await linkedProperties(scope, [id])).get(id) ?? []);
}

function columnsOf(input: MortgageInput): Partial<Mortgage> {
  const row: Partial<Mortgage> = {};
  if (input.lender !== undefined) row.lender = input.lender;
  if (input.reference !== undefined) row.reference = input.reference;
  if (input.balance !== undefined) row.balance = input.balance;
  if (input.interestRate !== undefined) row.interest_rate = input.interestRate;
  if (input.monthlyPayment !== undefined) row.monthly_payment = input.monthlyPayment;
  if (input.rateType !== undefined) row.rate_type = input.rateType;
  if (input.productEndDate !== undefined) row.product_end_date = input.productEndDate;
  if (input.termEndDate !== undefined) row.term_end_date = input.termEndDate;
  if (input.status !== undefined) row.status = input.status;
  return row;
}

async function assertProperties(ctx: WriteContext, ids: readonly string[]): Promise<void> {
  const unknown = await unknownProperties(ctx, ids);
  if (unknown.length > 0) throw apiError('VALIDATION_ERROR', `Invalid request: payload.propertyIds: Property ${unknown[0]} not found`);
}

export async function create(ctx: WriteContext, input: MortgageInput): Promise<MortgageView> {
  const propertyIds = input.propertyIds ?? [];
  await assertProperties(ctx, propertyIds);
  const now = ctx.clock.now();
  const row = await Mortgage.insertScoped(ctx, { id: randomUUID(), status: 'Active', ...columnsOf(input), created_at: now, updated_at: now }).returning('*');
  await replaceLinks(ctx, row.id, propertyIds);
  await recordEvent(ctx, 'mortgage.created', mortgageEventData(row, propertyIds));
  return presentMortgage(row, propertyIds);
}

export async function update(ctx: WriteContext, id: string, input: MortgageInput): Promise<MortgageView> {
  const existing = await Mortgage.scoped(ctx).findById(id).forUpdate();
  if (!existing) throw notFound('Mortgage');
  if (input.propertyIds !== undefined) {
    await assertProperties(ctx, input.propertyIds);
    await replaceLinks(ctx, id, input.propertyIds);
  }
  const row = (await Mortgage.scoped(ctx).findById(id).patch({ ...columnsOf(input), updated_at: ctx.clock.now() }).returning('*')) as unknown as Mortgage;
  const propertyIds = (await linkedProperties(ctx, [id])).get(id) ?? [];
  await recordEvent(ctx, 'mortgage.updated', mortgageEventData(row, propertyIds));
  return presentMortgage(row, propertyIds);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await Mortgage.scoped(ctx).findById(id).forUpdate();
  if (!existing) throw notFound('Mortgage');
  const propertyIds = (await linkedProperties(ctx, [id])).get(id) ?? [];
  const deletedAt = ctx.clock.now();
  await Mortgage.scoped(ctx).findById(id).patch({ deleted_at: deletedAt, updated_at: deletedAt });
  await recordEvent(ctx, 'mortgage.deleted', mortgageDeletedData(existing, propertyIds, deletedAt));
  return { deleted: true, id };
}
