// Mortgage rows → the API shape, and the mortgage.* webhook data (exactly the catalogue's fields).
import type { Mortgage } from '../../persistence/models';

export interface MortgageView {
  id: string;
  lender: string;
  reference: string;
  balance: number;
  interestRate: number;
  monthlyPayment: number;
  rateType: string | null;
  productEndDate: string | null;
  termEndDate: string | null;
  status: Mortgage['status'];
  propertyIds: string[];
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentMortgage = (m: Mortgage, propertyIds: readonly string[]): MortgageView => ({
  id: m.id,
  lender: m.lender,
  reference: m.reference,
  balance: Number(m.balance),
  interestRate: Number(m.interest_rate),
  monthlyPayment: Number(m.monthly_payment),
  rateType: m.rate_type,
  productEndDate: m.product_end_date,
  termEndDate: m.term_end_date,
  status: m.status,
  propertyIds: [...propertyIds],
  createdAt: iso(m.created_at),
  updatedAt: iso(m.updated_at),
});

export const mortgageEventData = (m: Mortgage, propertyIds: readonly string[]): Record<string, unknown> => ({
  mortgage_id: m.id,
  lender: m.lender,
  reference: m.reference,
  balance: Number(m.balance),
  interest_rate: Number(m.interest_rate),
  monthly_payment: Number(m.monthly_payment),
  property_ids: [...propertyIds],
  status: m.status,
});

export const mortgageDeletedData = (m: Mortgage, propertyIds: readonly string[], deletedAt: Date): Record<string, unknown> => ({
  mortgage_id: m.id,
  lender: m.lender,
  reference: m.reference,
  balance: Number(m.balance),
  property_ids: [...propertyIds],
  status: 'Deleted',
  deleted_at: deletedAt.toISOString(),
});
