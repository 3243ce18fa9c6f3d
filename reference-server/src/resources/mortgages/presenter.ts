// Mortgage rows → the API view (the field table's presenter) and the mortgage.* webhook data (the catalogue's
// fields, typed by it).
import type { Mortgage } from '../../persistence/models';
import type { EventData } from '../../webhooks/catalogue/fields';
import { mortgageFields, type MortgageView } from './fields';

export type { MortgageView } from './fields';

export const presentMortgage = (m: Mortgage, propertyIds: readonly string[]): MortgageView =>
  mortgageFields.present(m, { propertyIds: [...propertyIds] });

export const mortgageEventData = (m: Mortgage, propertyIds: readonly string[]): EventData<'mortgage.created'> => ({
  mortgage_id: m.id,
  lender: m.lender,
  reference: m.reference,
  balance: Number(m.balance),
  interest_rate: Number(m.interest_rate),
  monthly_payment: Number(m.monthly_payment),
  property_ids: [...propertyIds],
  status: m.status,
});

export const mortgageDeletedData = (
  m: Mortgage,
  propertyIds: readonly string[],
  deletedAt: Date,
): EventData<'mortgage.deleted'> => ({
  mortgage_id: m.id,
  lender: m.lender,
  reference: m.reference,
  balance: Number(m.balance),
  property_ids: [...propertyIds],
  status: 'Deleted',
  deleted_at: deletedAt.toISOString(),
});
