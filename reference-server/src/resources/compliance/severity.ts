// Compliance severities for statutory required items: expired = past due or required but missing;
// critical = due in 30 days or fewer; urgent = 60 or fewer; due_soon = 90 or fewer; ok = more than 90.
import { daysBetween } from '../../platform/time/dates';

export type Severity = 'expired' | 'missing' | 'critical' | 'urgent' | 'due_soon' | 'ok';
export type ItemState = 'missing' | 'valid' | 'expired';

/** Worst first: the order of the attention list. */
export const SEVERITY_ORDER: readonly Severity[] = ['expired', 'missing', 'critical', 'urgent', 'due_soon', 'ok'];

export type ItemCode = 'GAS_SAFETY' | 'EICR' | 'EPC' | 'LANDLORD_LICENCE';
/** The statutory items in the order a property lists them; the licence only where the property requires one. */
export const ITEM_CODES: readonly ItemCode[] = ['GAS_SAFETY', 'EICR', 'EPC', 'LANDLORD_LICENCE'];
export const itemApplies = (code: ItemCode, licenceRequired: boolean): boolean =>
  code !== 'LANDLORD_LICENCE' || licenceRequired;

export const CERTIFICATE_TYPE_OF: Record<ItemCode, 'GSC' | 'EICR' | 'EPC' | 'LANDLORD_LICENCE'> = {
  GAS_SAFETY: 'GSC',
  EICR: 'EICR',
  EPC: 'EPC',
  LANDLORD_LICENCE: 'LANDLORD_LICENCE',
};
/** The property column holding the renewal date recorded for an item, used when no certificate is on file. */
export const RENEWAL_COLUMN_OF: Record<
  ItemCode,
  'gsc_renewal' | 'eicr_renewal' | 'epc_renewal' | 'landlord_licence_renewal'
> = {
  GAS_SAFETY: 'gsc_renewal',
  EICR: 'eicr_renewal',
  EPC: 'epc_renewal',
  LANDLORD_LICENCE: 'landlord_licence_renewal',
};

export interface ComplianceItem {
  code: ItemCode;
  required: boolean;
  dueDate: string | null;
  daysUntil: number | null;
  state: ItemState;
  severity: Severity;
}

/** The first bound a day count is at or under gives its severity; past the last one it is ok. */
export const SEVERITY_BY_DAYS: ReadonlyArray<readonly [maxDaysUntil: number, severity: Severity]> = [
  [-1, 'expired'],
  [30, 'critical'],
  [60, 'urgent'],
  [90, 'due_soon'],
];

export function severityFor(daysUntil: number): Severity {
  for (const [maxDaysUntil, severity] of SEVERITY_BY_DAYS) if (daysUntil <= maxDaysUntil) return severity;
  return 'ok';
}

/** A held certificate's item is expired at this day count and below: from the day after its expiry date. */
export const EXPIRED_FROM_DAYS = -1;

/** The severity of a required item with no certificate on file. */
export const MISSING_REQUIRED: Severity = 'expired';

export interface ItemInput {
  readonly code: ItemCode;
  readonly required: boolean;
  /** Expiry of the certificate on file, if any. */
  readonly certificateExpiry: string | null;
  /** Renewal date recorded on the property, used when no certificate is on file. */
  readonly renewalDate: string | null;
}

export function complianceItem(input: ItemInput, today: string): ComplianceItem {
  const dueDate = input.certificateExpiry ?? input.renewalDate;
  const daysUntil = dueDate === null ? null : daysBetween(today, dueDate);
  if (input.certificateExpiry === null) {
    // No certificate held: a required item is "required but missing", which counts as expired.
    return {
      code: input.code,
      required: input.required,
      dueDate,
      daysUntil,
      state: 'missing',
      severity: input.required ? MISSING_REQUIRED : 'ok',
    };
  }
  const state: ItemState = daysUntil! <= EXPIRED_FROM_DAYS ? 'expired' : 'valid';
  return { code: input.code, required: input.required, dueDate, daysUntil, state, severity: severityFor(daysUntil!) };
}

/** Position in SEVERITY_ORDER: lower is worse. */
export const severityRank = (s: Severity): number => SEVERITY_ORDER.indexOf(s);

export type SeverityCounts = Record<Severity, number>;

/** Every severity key present, at zero: the summary's `counts` always carries all six. */
export const emptySeverityCounts = (): SeverityCounts => ({
  expired: 0,
  missing: 0,
  critical: 0,
  due_soon: 0,
  urgent: 0,
  ok: 0,
});

/** An item needs attention unless it has this severity. */
export const NO_ATTENTION: Severity = 'ok';
