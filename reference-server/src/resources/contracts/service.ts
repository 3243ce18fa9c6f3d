// Contract rules: status derived from the dates (landlord's local date) unless notice is served in the same
// write; property and tenants must be the landlord's; no two not-Ended contracts on one property may share a
// day; assignment emails after commit; a contract.* event recorded in every write transaction.
import { randomUUID } from 'node:crypto';
import type { Contract, Property, Scope, Tenant } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import type { Mailer } from '../../platform/mail/mailer';
import { recordEvent } from '../../webhooks/outbox/record';
import { recordOnce } from '../../webhooks/scheduler/scheduler';
import { assignmentMail } from './assignment-mail';
import { contractDeletedData, contractEndedData, contractEventData } from './event-data';
import { contractFields, type ContractCreateInput, type ContractInput } from './fields';
import { presentContract, type ContractView } from './presenter';
import {
  findContract,
  findTenants,
  insertContract,
  listContracts,
  lockContract,
  lockProperty,
  overlappingContract,
  patchContract,
  propertyNameOf,
  softDeleteContract,
  type ContractFilter,
} from './repository';

export { endedContracts, expiringContracts, type ScheduledContract } from './scheduled';
export { currentOccupants, currentOccupantsByProperty } from './occupants';

export type { ContractInput } from './fields';

/** What a write needs besides the transaction: the landlord's today and the mailer for assignment emails. */
export interface WriteEnv {
  readonly today: string;
  readonly mailer: Mailer;
}

export async function list(
  scope: Scope,
  today: string,
  filter: ContractFilter,
  page: PageRequest,
): Promise<{ data: ContractView[]; total: number }> {
  const { rows, total } = await listContracts(scope, today, filter, page);
  return { data: rows.map((c) => presentContract(c, today)), total };
}

export async function get(scope: Scope, today: string, id: string): Promise<ContractView> {
  return presentContract(await findContract(scope, id), today);
}

/** Referenced ids in a body are validated like any field: an unknown or foreign id is a 400, never a 404. */
const invalid = (path: string, message: string) =>
  apiError('VALIDATION_ERROR', `Invalid request: payload.${path}: ${message}`);

async function propertyOrFail(ctx: WriteContext, id: string): Promise<Property> {
  const property = await lockProperty(ctx, id);
  if (!property) throw invalid('propertyId', `Property ${id} not found`);
  return property;
}

/** Loads the tenants named in the body; each must be a (not deleted) tenant of this landlord. */
async function tenantsOrFail(ctx: WriteContext, input: ContractInput): Promise<Map<string, Tenant>> {
  const named: Array<[string, string]> = [];
  if (input.mainTenantId !== undefined) named.push(['mainTenantId', input.mainTenantId]);
  (input.additionalTenantIds ?? []).forEach((id, i) => named.push([`additionalTenantIds.${i}`, id]));
  const found = new Map(
    (
      await findTenants(
        ctx,
        named.map(([, id]) => id),
      )
    ).map((t) => [t.id, t]),
  );
  for (const [path, id] of named) if (!found.has(id)) throw invalid(path, `Tenant ${id} not found`);
  return found;
}

interface Terms {
  main_tenant_id: string;
  additional_tenant_ids: string[];
  start_date: string;
  end_date: string | null;
}

interface RuleOptions {
  readonly notice: boolean;
  readonly today: string;
  /** The contract being updated, which cannot overlap itself. */
  readonly exceptId?: string;
  /** Off when an update leaves the dates as they were. */
  readonly checkOverlap: boolean;
}

async function assertRules(
  ctx: WriteContext,
  propertyId: string,
  terms: Terms,
  { notice, today, exceptId, checkOverlap }: RuleOptions,
): Promise<void> {
  if (terms.additional_tenant_ids.includes(terms.main_tenant_id)) {
    throw invalid('additionalTenantIds', 'must not contain the main tenant');
  }
  if (terms.end_date !== null && terms.end_date < terms.start_date)
    throw invalid('endDate', 'must be on or after startDate');
  if (notice && terms.end_date !== null && terms.end_date < today) {
    throw apiError('CONFLICT', 'Notice cannot be served on a contract whose end date has passed');
  }
  if (!checkOverlap) return;
  const clash = await overlappingContract(
    ctx,
    propertyId,
    { start: terms.start_date, end: terms.end_date },
    today,
    exceptId,
  );
  if (clash) {
    throw apiError(
      'CONFLICT',
      `The dates overlap contract ${clash.id} (${clash.tenancy_reference}) on this property, which has not ended`,
    );
  }
}

/** Mails each tenant that has an email, after the write commits (never in sandbox or on a failed write). */
function sendAssignmentMails(
  ctx: WriteContext,
  mailer: Mailer,
  tenants: readonly Tenant[],
  contract: Contract,
  property: Property,
): void {
  const recipients = tenants.filter(
    (t): t is Tenant & { email: string } => typeof t.email === 'string' && t.email.length > 0,
  );
  if (recipients.length === 0) return;
  ctx.afterCommit(async () => {
    const results = await Promise.allSettled(recipients.map((t) => mailer.send(assignmentMail(t, contract, property))));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) throw new Error(`${failed} of ${recipients.length} contract assignment emails failed`);
  });
}

export async function create(ctx: WriteContext, env: WriteEnv, input: ContractCreateInput): Promise<ContractView> {
  const property = await propertyOrFail(ctx, input.propertyId);
  const tenants = await tenantsOrFail(ctx, input);
  const terms: Terms = {
    main_tenant_id: input.mainTenantId,
    additional_tenant_ids: input.additionalTenantIds ?? [],
    start_date: input.startDate,
    end_date: input.endDate ?? null,
  };
  const notice = input.status === 'Notice Served';
  await assertRules(ctx, property.id, terms, { notice, today: env.today, checkOverlap: true });
  const now = ctx.clock.now();
  const row = await insertContract(ctx, {
    id: randomUUID(),
    rent_frequency: 'monthly',
    deposit_amount: null,
    ...contractFields.columnsOf(input),
    property_id: property.id,
    ...terms,
    notice_served: notice,
    created_at: now,
    updated_at: now,
  });
  await recordEvent(ctx, 'contract.created', contractEventData('contract.created', row, property, env.today));
  sendAssignmentMails(ctx, env.mailer, [...tenants.values()], row, property);
  return presentContract(row, env.today);
}

/**
 * Partial update. As the spec's state table says, a PATCH without `status: 'Notice Served'` recalculates the
 * status from the dates: the notice flag is kept only when the body repeats it (this is how notice is withdrawn).
 */
export async function update(
  ctx: WriteContext,
  env: WriteEnv,
  id: string,
  input: ContractInput,
): Promise<ContractView> {
  const existing = await lockContract(ctx, id);
  const property = await lockProperty(ctx, existing.property_id);
  // Only Ended contracts can outlive their property (deletion is blocked otherwise): they are history.
  if (!property)
    throw apiError('CONFLICT', 'The property of this contract has been deleted; the contract can no longer change');
  const tenants = await tenantsOrFail(ctx, input);
  const terms: Terms = {
    main_tenant_id: input.mainTenantId ?? existing.main_tenant_id,
    additional_tenant_ids: input.additionalTenantIds ?? existing.additional_tenant_ids,
    start_date: input.startDate ?? existing.start_date,
    end_date: input.endDate !== undefined ? input.endDate : existing.end_date,
  };
  const notice = input.status === 'Notice Served';
  const datesChanged = terms.start_date !== existing.start_date || terms.end_date !== existing.end_date;
  await assertRules(ctx, property.id, terms, { notice, today: env.today, exceptId: id, checkOverlap: datesChanged });
  const row = await patchContract(ctx, id, {
    ...contractFields.columnsOf(input),
    ...terms,
    notice_served: notice,
    updated_at: ctx.clock.now(),
  });
  await recordEvent(ctx, 'contract.updated', contractEventData('contract.updated', row, property, env.today));
  // A PATCH that moves the end date into the past ends the contract now: fire contract.ended at once, under the
  // scheduler's occurrence key, so the daily pass does not fire it a second time.
  if (
    row.end_date !== null &&
    row.end_date < env.today &&
    !(existing.end_date !== null && existing.end_date < env.today)
  ) {
    await recordOnce(ctx, {
      type: 'contract.ended',
      sourceId: id,
      occurrence: row.end_date,
      data: contractEndedData(row as typeof row & { end_date: string }, property),
    });
  }
  const before = new Set([existing.main_tenant_id, ...existing.additional_tenant_ids]);
  const added = [terms.main_tenant_id, ...terms.additional_tenant_ids].filter((t) => !before.has(t));
  sendAssignmentMails(
    ctx,
    env.mailer,
    added.map((t) => tenants.get(t)!),
    row,
    property,
  );
  return presentContract(row, env.today);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockContract(ctx, id);
  const propertyName = await propertyNameOf(ctx, existing.property_id);
  const deletedAt = ctx.clock.now();
  await softDeleteContract(ctx, id, deletedAt);
  await recordEvent(ctx, 'contract.deleted', contractDeletedData(existing, { short_name: propertyName }, deletedAt));
  return { deleted: true, id };
}
