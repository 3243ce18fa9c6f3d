// Contract rows → the API shape (list items and detail are identical). Status is derived, never stored.
import type { Contract } from '../../persistence/models';
import { contractStatus, type ContractStatus } from '../contracts-status';

export interface ContractView {
  id: string;
  status: ContractStatus;
  propertyId: string;
  mainTenantId: string;
  additionalTenantIds: string[];
  tenancyReference: string;
  startDate: string;
  endDate: string | null;
  rentAmount: number;
  rentFrequency: string;
  depositAmount: number | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export function presentContract(c: Contract, today: string): ContractView {
  return {
    id: c.id,
    status: contractStatus(c, today),
    propertyId: c.property_id,
    mainTenantId: c.main_tenant_id,
    additionalTenantIds: [...(c.additional_tenant_ids ?? [])],
    tenancyReference: c.tenancy_reference,
    startDate: c.start_date,
    endDate: c.end_date,
    rentAmount: Number(c.rent_amount),
    rentFrequency: c.rent_frequency,
    depositAmount: c.deposit_amount === null ? null : Number(c.deposit_amount),
    createdAt: iso(c.created_at),
    updatedAt: iso(c.updated_at),
  };
}
