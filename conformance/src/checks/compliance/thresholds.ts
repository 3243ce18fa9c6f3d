// The severity rules for statutory required items, as a function of one item: which severity its state and
// daysUntil call for, and which rule says so (the threshold it falls under).

import { isInt, type Json } from '../shared/util';

/** The severity the thresholds give a required item, or undefined when the item gives nothing to judge. */
export function expectedSeverity(item: Json): readonly string[] | undefined {
  if (item.required !== true) return undefined;
  if (item.state === 'missing') return ['expired', 'missing'];
  if (!isInt(item.daysUntil)) return undefined;
  const d = item.daysUntil;
  if (d < 0) return ['expired'];
  if (d <= 30) return ['critical'];
  if (d <= 60) return ['urgent'];
  if (d <= 90) return ['due_soon'];
  return ['ok'];
}

/** The rule an item's severity answers to: the threshold its state or daysUntil falls under. */
export function thresholdRule(item: Json): string {
  if (item.state === 'missing' || (isInt(item.daysUntil) && item.daysUntil < 0)) return 'RES-COMPLIANCE-11';
  const d = item.daysUntil as number;
  return d <= 30
    ? 'RES-COMPLIANCE-12'
    : d <= 60
      ? 'RES-COMPLIANCE-13'
      : d <= 90
        ? 'RES-COMPLIANCE-14'
        : 'RES-COMPLIANCE-15';
}
