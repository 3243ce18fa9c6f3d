// GET /compliance/summary: each property's statutory items (the very items of its `compliance.items`),
// portfolio counts, EPC figures and the attention list (every item that is not ok, worst first).
import type { Scope } from '../../persistence/models';
import { complianceItems, fullAddress } from '../properties/presenter';
import type { PropertyStatus } from '../properties/repository';
import { atLeast, EPC_BANDS, epcView, type EpcBand, type EpcView } from './epc';
import { propertyComplianceRows } from './repository';
import { emptySeverityCounts, needsAttention, SEVERITY_ORDER, severityRank, type ComplianceItem, type ItemCode, type Severity, type SeverityCounts } from './severity';

export interface AttentionItem {
  propertyId: string;
  propertyName: string;
  code: ItemCode;
  dueDate: string | null;
  daysUntil: number | null;
  severity: Severity;
}

export interface PropertyCompliance {
  id: string;
  name: string;
  address: string | null;
  status: PropertyStatus | null;
  epc: EpcView;
  items: ComplianceItem[];
}

export interface ComplianceSummary {
  generatedAt: string;
  portfolio: { propertyCount: number; requiredItemsTotal: number; attentionCount: number; worstSeverity: Severity | null; counts: SeverityCounts };
  epc: { rated: number; unrated: number; cOrAbove: number; belowC: number; distribution: Record<EpcBand, number> };
  attention: AttentionItem[];
  properties: PropertyCompliance[];
}

// `a.localeCompare(b, 'en')` is this collator's compare (ECMA-402), without building a collator on every call.
const byName = new Intl.Collator('en');

/** Worst severity first; then soonest due (no date at all first: nothing on file is the least known); then name. */
export function compareAttention(a: AttentionItem, b: AttentionItem): number {
  return severityRank(a.severity) - severityRank(b.severity)
    || (a.daysUntil ?? Number.NEGATIVE_INFINITY) - (b.daysUntil ?? Number.NEGATIVE_INFINITY)
    || byName.compare(a.propertyName, b.propertyName)
    || a.propertyId.localeCompare(b.propertyId)
    || a.code.localeCompare(b.code);
}

export async function complianceSummary(scope: Scope, today: string, now: Date): Promise<ComplianceSummary> {
  const rows = await propertyComplianceRows(scope, today);

  const counts = emptySeverityCounts();
  const distribution = Object.fromEntries(EPC_BANDS.map((b) => [b, 0])) as Record<EpcBand, number>;
  const attention: AttentionItem[] = [];
  let requiredItemsTotal = 0;
  let rated = 0;
  let cOrAbove = 0;

  const properties = rows.map((p): PropertyCompliance => {
    const items = complianceItems(p, (type) => p[`expiry_${type}`], today);
    const epc = epcView({
      rating: p.epc_rating,
      score: p.epc_score,
      expiry: p.expiry_EPC,
      renewal: items.find((i) => i.code === 'EPC')?.dueDate ?? null,
    }, today);
    if (epc.band !== null) {
      rated += 1;
      distribution[epc.band] += 1;
      if (atLeast(epc.band, 'C')) cOrAbove += 1;
    }
    for (const item of items) {
      if (item.required) requiredItemsTotal += 1;
      counts[item.severity] += 1;
      if (needsAttention(item)) {
        attention.push({ propertyId: p.id, propertyName: p.short_name, code: item.code, dueDate: item.dueDate, daysUntil: item.daysUntil, severity: item.severity });
      }
    }
    return { id: p.id, name: p.short_name, address: fullAddress(p) || null, status: p.derived_status ?? null, epc, items };
  });

  attention.sort(compareAttention);
  return {
    generatedAt: now.toISOString(),
    portfolio: {
      propertyCount: rows.length,
      requiredItemsTotal,
      attentionCount: attention.length,
      // The worst severity any item has: the first of the order that was counted.
      worstSeverity: SEVERITY_ORDER.find((severity) => counts[severity] > 0) ?? null,
      counts,
    },
    epc: { rated, unrated: rows.length - rated, cOrAbove, belowC: rated - cOrAbove, distribution },
    attention,
    properties,
  };
}
