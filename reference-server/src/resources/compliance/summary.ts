// GET /compliance/summary: each property's statutory items (the very items of its `compliance.items`),
// portfolio counts, EPC figures and the attention list (every item that is not ok, worst first).
import type { Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import { Gate, GateTimeout } from '../../platform/limits/gate';
import type { PropertyStatus } from '../properties/repository';
import { EPC_BANDS, type EpcBand, type EpcView } from './epc';
import { bandCountColumn, complianceSummaryRow, severityCountColumn } from './repository';
import {
  emptySeverityCounts,
  SEVERITY_ORDER,
  severityRank,
  type ComplianceItem,
  type ItemCode,
  type Severity,
  type SeverityCounts,
} from './severity';

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
  portfolio: {
    propertyCount: number;
    requiredItemsTotal: number;
    attentionCount: number;
    worstSeverity: Severity | null;
    counts: SeverityCounts;
  };
  epc: { rated: number; unrated: number; cOrAbove: number; belowC: number; distribution: Record<EpcBand, number> };
  attention: AttentionItem[];
  properties: PropertyCompliance[];
}

// `a.localeCompare(b, 'en')` is this collator's compare (ECMA-402), without building a collator on every call.
const byName = new Intl.Collator('en');

/** Worst severity first; then soonest due (no date at all first: nothing on file is the least known); then name. */
export function compareAttention(a: AttentionItem, b: AttentionItem): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    (a.daysUntil ?? Number.NEGATIVE_INFINITY) - (b.daysUntil ?? Number.NEGATIVE_INFINITY) ||
    byName.compare(a.propertyName, b.propertyName) ||
    a.propertyId.localeCompare(b.propertyId) ||
    a.code.localeCompare(b.code)
  );
}

/**
 * The summary's response body, `{ data: ComplianceSummary }`, as JSON text: the properties arrive from PostgreSQL as
 * JSON text (repository.ts) and are spliced in, never parsed; the small parts are built and serialized here.
 */
export async function complianceSummaryJson(scope: Scope, today: string, now: Date, gate: Gate): Promise<string> {
  const row = await gate
    .run(() => complianceSummaryRow(scope, today))
    .catch((err: unknown) => {
      throw err instanceof GateTimeout ? apiError('SERVICE_UNAVAILABLE') : err;
    });
  const attention = (row.attention === null ? [] : (JSON.parse(`[${row.attention}]`) as AttentionItem[])).sort(
    compareAttention,
  );
  const counts = emptySeverityCounts();
  for (const severity of SEVERITY_ORDER) counts[severity] = row[severityCountColumn(severity)];
  const distribution = Object.fromEntries(EPC_BANDS.map((band) => [band, row[bandCountColumn(band)]])) as Record<
    EpcBand,
    number
  >;
  const head: Omit<ComplianceSummary, 'properties'> = {
    generatedAt: now.toISOString(),
    portfolio: {
      propertyCount: row.property_count,
      requiredItemsTotal: row.required_items_total,
      attentionCount: attention.length,
      // The worst severity any item has: the first of the order that was counted.
      worstSeverity: SEVERITY_ORDER.find((severity) => counts[severity] > 0) ?? null,
      counts,
    },
    epc: {
      rated: row.rated,
      unrated: row.property_count - row.rated,
      cOrAbove: row.c_or_above,
      belowC: row.rated - row.c_or_above,
      distribution,
    },
    attention,
  };
  // `properties` is the last key of ComplianceSummary: the head's closing brace gives way to it.
  return `{"data":${JSON.stringify(head).slice(0, -1)},"properties":[${row.properties ?? ''}]}}`;
}
