// Rent rules: POST rules 1-5 (same-contract references, period normalization, database-enforced uniqueness,
// Paid defaults), PATCH reconciliation with immutable amount and references, read-time Overdue.
import { randomUUID } from 'node:crypto';
import type { RentPayment, Scope } from '../../persistence/models';
import { utcDate } from '../../platform/clock';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { presentRent, rentCreatedData, rentUpdatedData, type RentPaymentView } from './presenter';
import { rentFields, type RentCreateInput, type RentPatchInput } from './fields';
import { findContract, findRent, insertRent, listRentJson, lockRent, patchRent, type RentFilter } from './repository';

export type { RentCreateInput, RentPatchInput } from './fields';

/** A page of payments as JSON text (one string per payment, as `get` would present it) and the total. */
export async function listJson(
  scope: Scope,
  today: string,
  filter: RentFilter,
  page: PageRequest,
): Promise<{ rows: string[]; total: number }> {
  return listRentJson(scope, today, filter, page);
}

export async function get(scope: Scope, today: string, id: string): Promise<RentPaymentView> {
  return presentRent(await findRent(scope, id), today);
}

/**
 * Rule 2: the three ids must describe one contract of this landlord: its property, and its main tenant or one of
 * its additional tenants. Unknown ids and other landlords' ids get the same 400 (the body, not the URL, is wrong;
 * and nothing tells a caller whether someone else's id exists).
 */
async function assertSameContract(
  scope: Scope,
  input: Pick<RentCreateInput, 'contractId' | 'propertyId' | 'tenantId'>,
): Promise<void> {
  const contract = await findContract(scope, input.contractId);
  if (!contract)
    throw apiError(
      'VALIDATION_ERROR',
      'Invalid request: payload.contractId: does not refer to a contract of this account',
    );
  const issues: string[] = [];
  if (contract.property_id !== input.propertyId) issues.push("payload.propertyId: is not the contract's property");
  const tenants = new Set([contract.main_tenant_id, ...(contract.additional_tenant_ids ?? [])]);
  if (!tenants.has(input.tenantId))
    issues.push("payload.tenantId: is neither the contract's main tenant nor one of its additional tenants");
  if (issues.length > 0) throw apiError('VALIDATION_ERROR', `Invalid request: ${issues.join('; ')}`);
}

/** Rule 5: a Paid payment without amountReceived received its amount; without datePaid it was paid today (UTC). */
function paidDefaults(
  ctx: WriteContext,
  amount: number,
  amountReceived: number | null | undefined,
  datePaid: string | null | undefined,
) {
  return { amount_received: amountReceived ?? amount, date_paid: datePaid ?? utcDate(ctx.clock) };
}

export async function create(ctx: WriteContext, today: string, input: RentCreateInput): Promise<RentPaymentView> {
  await assertSameContract(ctx, input);
  const now = ctx.clock.now();
  const row: Partial<RentPayment> = {
    id: randomUUID(),
    amount_received: null,
    date_paid: null,
    period_start: null,
    period_end: null,
    ...rentFields.columnsOf(input),
    status: input.status,
    created_at: now,
    updated_at: now,
  };
  if (input.status === 'Paid')
    Object.assign(row, paidDefaults(ctx, input.amount, input.amountReceived, input.datePaid));
  const inserted = await insertRent(ctx, row);
  const view = presentRent(inserted, today);
  await recordEvent(ctx, 'rent.created', rentCreatedData(view));
  return view;
}

export async function update(
  ctx: WriteContext,
  today: string,
  id: string,
  input: RentPatchInput,
): Promise<RentPaymentView> {
  const existing = await lockRent(ctx, id);
  const patch: Partial<RentPayment> = { ...rentFields.columnsOf(input), updated_at: ctx.clock.now() };
  if (input.status !== undefined) patch.status = input.status;
  const start = patch.period_start !== undefined ? patch.period_start : existing.period_start;
  const end = patch.period_end !== undefined ? patch.period_end : existing.period_end;
  if (start && end && start > end)
    throw apiError('VALIDATION_ERROR', 'Invalid request: payload: periodStart must be on or before periodEnd');
  // Reconciliation: moving to Paid applies the defaults of creating a Paid payment (rule 5) to what the body omits.
  if (input.status === 'Paid' && existing.status !== 'Paid') {
    Object.assign(patch, paidDefaults(ctx, Number(existing.amount), input.amountReceived, input.datePaid));
  }
  const view = presentRent(await patchRent(ctx, id, patch), today);
  await recordEvent(ctx, 'rent.updated', rentUpdatedData(view));
  return view;
}
