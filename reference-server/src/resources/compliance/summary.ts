// GET /compliance/summary: each property's statutory items (the very items of its `compliance.items`),
// portfolio counts, EPC figures and the attention list (every item that is not ok, worst first).
import { createHash } from 'node:crypto';
import { keepSummaryBody, keptSummaryBody, keptSummaryState, type Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import { Gate, GateTimeout } from '../../platform/limits/gate';
import type { PropertyStatus } from '../properties/repository';
import { EPC_BANDS, type EpcBand, type EpcView } from './epc';
import { copyLabel, type SummaryCopies } from './summary-copies';
import {
  bandCountColumn,
  complianceSummaryRow,
  severityCountColumn,
  SUMMARY_STATEMENT,
  type ComplianceSummaryRow,
} from './repository';
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
 * Everything of the summary but `generatedAt`, as the members of `data` after it: `"portfolio":…,"properties":[…]}`
 * and the envelope's closing brace. The properties arrive from PostgreSQL as JSON text (repository.ts) and are
 * spliced in, never parsed; the small parts are built and serialized here.
 */
export function summaryBodyOf(row: ComplianceSummaryRow): string {
  const attention = (row.attention === null ? [] : (JSON.parse(`[${row.attention}]`) as AttentionItem[])).sort(
    compareAttention,
  );
  const counts = emptySeverityCounts();
  for (const severity of SEVERITY_ORDER) counts[severity] = row[severityCountColumn(severity)];
  const distribution = Object.fromEntries(EPC_BANDS.map((band) => [band, row[bandCountColumn(band)]])) as Record<
    EpcBand,
    number
  >;
  const middle: Omit<ComplianceSummary, 'generatedAt' | 'properties'> = {
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
  // `properties` is the last key of ComplianceSummary: the middle's closing brace gives way to it.
  return `${JSON.stringify(middle).slice(1, -1)},"properties":[${row.properties ?? ''}]}}`;
}

/**
 * The code that builds a kept body: a kept body built by other code (another release of the server, on the same
 * database) is computed again instead of served.
 */
export const SUMMARY_FORMAT = createHash('sha256')
  .update(SUMMARY_STATEMENT)
  .update(String(summaryBodyOf))
  .update(String(compareAttention))
  .update(JSON.stringify([SEVERITY_ORDER, EPC_BANDS]))
  .digest('hex')
  .slice(0, 32);

/**
 * The summary's response body, `{ data: ComplianceSummary }`, as JSON bytes in two parts: what depends on the
 * request (`generatedAt`), and the rest. The database keeps the rest of the landlord's summary for a date
 * (kept-summary.ts), and the process a copy of its bytes (summary-copies.ts). Each
 * request reads the landlord's current data version (one read of two rows by key, without the body); the copy
 * answers when it was kept for that version, date and format, otherwise the kept body is read, and when the
 * database keeps none for them (the first request of a date, or after a write to the landlord's properties or
 * contracts) the summary is computed (through the gate: that statement works over the whole portfolio) and kept.
 * Requests arriving together without a copy share one read or computation (summary-copies.ts).
 */
export async function complianceSummaryJson(
  scope: Scope,
  today: string,
  now: Date,
  gate: Gate,
  copies: SummaryCopies,
): Promise<readonly [generatedAt: Buffer, rest: Buffer]> {
  const generatedAt = Buffer.from(`{"data":{"generatedAt":${JSON.stringify(now.toISOString())},`);
  const { version, kept } = await keptSummaryState(scope, today, SUMMARY_FORMAT);
  const body = await copies.getOrLoad(scope.landlordId, copyLabel(today, version, SUMMARY_FORMAT), async () => {
    // The kept body may be of a later version than the one just read, if a write and a computation came between.
    const fresh = kept ? await keptSummaryBody(scope, today, SUMMARY_FORMAT) : undefined;
    const found = fresh ?? (await computeAndKeep(scope, today, gate));
    return { label: copyLabel(today, found.version, SUMMARY_FORMAT), body: Buffer.from(found.body) };
  });
  return [generatedAt, body];
}

async function computeAndKeep(scope: Scope, today: string, gate: Gate): Promise<{ body: string; version: number }> {
  const row = await gate
    .run(() => complianceSummaryRow(scope, today))
    .catch((err: unknown) => {
      throw err instanceof GateTimeout ? apiError('SERVICE_UNAVAILABLE') : err;
    });
  const body = summaryBodyOf(row);
  await keepSummaryBody(scope, { today, version: row.version, format: SUMMARY_FORMAT }, body);
  return { body, version: row.version };
}
