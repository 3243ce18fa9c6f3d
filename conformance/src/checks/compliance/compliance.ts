// GET /compliance/summary: the full shape of the Compliance summary, the severity thresholds on every item, the
// attention list sorted worst first and the portfolio counts consistent with the items.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import type { HttpResponse } from '../../http/client';
import { daysBetween, isIsoDate } from '../shared/dates';
import { expectOneToday } from './days-until';
import { expectedSeverity, thresholdRule } from './thresholds';
import { expectShape, type FieldRule } from '../shared/shape';
import { isInt, isRecord, successData, type Json } from '../shared/util';
import { complianceItems, targetProperties } from '../properties/fields';

const GROUP = 'Resources > Compliance summary';
const LIVE = 'enterpriseLive';
export const SEVERITIES = ['expired', 'missing', 'critical', 'urgent', 'due_soon', 'ok'] as const;
const rank = (s: unknown): number => SEVERITIES.indexOf(s as (typeof SEVERITIES)[number]);

const SUMMARY_FIELDS: readonly FieldRule[] = [
  { field: 'generatedAt', type: 'dateTime', rule: 'RES-COMPLIANCE-2' },
  { field: 'portfolio', type: 'object', rule: 'RES-COMPLIANCE-3' },
  { field: 'epc', type: 'object', rule: 'RES-COMPLIANCE-6' },
  { field: 'attention', type: 'array', rule: 'RES-COMPLIANCE-7' },
  { field: 'properties', type: 'array', rule: 'RES-COMPLIANCE-9' },
];
const PORTFOLIO_FIELDS: readonly FieldRule[] = [
  { field: 'propertyCount', type: 'integer', rule: 'RES-COMPLIANCE-3' },
  { field: 'requiredItemsTotal', type: 'integer', rule: 'RES-COMPLIANCE-3' },
  { field: 'attentionCount', type: 'integer', rule: 'RES-COMPLIANCE-3' },
  { field: 'worstSeverity', type: 'string', nullable: true, values: SEVERITIES, rule: 'RES-COMPLIANCE-4' },
  { field: 'counts', type: 'object', rule: 'RES-COMPLIANCE-5' },
];
const COUNT_FIELDS: readonly FieldRule[] = SEVERITIES.map((s) => ({
  field: s,
  type: 'integer' as const,
  rule: 'RES-COMPLIANCE-5',
}));
const EPC_FIELDS: readonly FieldRule[] = [
  ...['rated', 'unrated', 'cOrAbove', 'belowC'].map((field) => ({
    field,
    type: 'integer' as const,
    rule: 'RES-COMPLIANCE-6',
  })),
  { field: 'distribution', type: 'object', rule: 'RES-COMPLIANCE-6' },
];
const ATTENTION_FIELDS: readonly FieldRule[] = [
  { field: 'propertyId', type: 'uuid', rule: 'RES-COMPLIANCE-8' },
  { field: 'propertyName', type: 'string', rule: 'RES-COMPLIANCE-8' },
  { field: 'code', type: 'string', rule: 'RES-COMPLIANCE-8' },
  { field: 'dueDate', type: 'date', nullable: true, rule: 'RES-COMPLIANCE-8' },
  { field: 'daysUntil', type: 'integer', nullable: true, rule: 'RES-COMPLIANCE-8' },
  { field: 'severity', type: 'string', values: SEVERITIES, rule: 'RES-COMPLIANCE-8' },
];
const PROPERTY_FIELDS: readonly FieldRule[] = [
  { field: 'id', type: 'uuid', rule: 'RES-COMPLIANCE-9' },
  { field: 'name', type: 'string', rule: 'RES-COMPLIANCE-9' },
  { field: 'address', type: 'string', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'status', type: 'string', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'epc', type: 'object', rule: 'RES-COMPLIANCE-9' },
  { field: 'items', type: 'array', rule: 'RES-COMPLIANCE-10' },
];
const PROPERTY_EPC_FIELDS: readonly FieldRule[] = [
  { field: 'rating', type: 'string', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'band', type: 'string', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'score', type: 'integer', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'renewal', type: 'string', nullable: true, rule: 'RES-COMPLIANCE-9' },
  { field: 'compliant', type: 'boolean', nullable: true, rule: 'RES-COMPLIANCE-9' },
];
const ITEM_FIELDS: readonly FieldRule[] = [
  { field: 'code', type: 'string', rule: 'RES-COMPLIANCE-10' },
  { field: 'required', type: 'boolean', rule: 'RES-COMPLIANCE-10' },
  { field: 'dueDate', type: 'date', nullable: true, rule: 'RES-COMPLIANCE-10' },
  { field: 'daysUntil', type: 'integer', nullable: true, rule: 'RES-COMPLIANCE-10' },
  { field: 'state', type: 'string', values: ['missing', 'valid', 'expired'], rule: 'RES-COMPLIANCE-10' },
  { field: 'severity', type: 'string', values: SEVERITIES, rule: 'RES-COMPLIANCE-1' },
];

export interface Summary {
  readonly res: HttpResponse;
  readonly data: Json;
  readonly portfolio: Json;
  readonly epc: Json;
  readonly attention: Json[];
  readonly properties: Json[];
  readonly items: Array<{ property: Json; item: Json }>;
}

export async function getSummary(ctx: CheckContext): Promise<Summary> {
  const res = await ctx.http.request({ path: '/compliance/summary', key: LIVE });
  const data = successData(ctx, res, [200], { rules: ['COMPLIANCE-1'] });
  ctx.expect(
    isRecord(data) && !Array.isArray(data),
    'data to be the ComplianceSummary object',
    () => describeValue(data),
    res.exchange,
    { rules: ['COMPLIANCE-1'] },
  );
  expectShape(ctx, data, SUMMARY_FIELDS, 'summary', res.exchange);
  const portfolio = data.portfolio as Json;
  expectShape(ctx, portfolio, PORTFOLIO_FIELDS, 'summary.portfolio', res.exchange);
  expectShape(ctx, portfolio.counts, COUNT_FIELDS, 'summary.portfolio.counts', res.exchange);
  const epc = data.epc as Json;
  expectShape(ctx, epc, EPC_FIELDS, 'summary.epc', res.exchange);
  const badBand = Object.entries(epc.distribution as Json).find(([, v]) => !isInt(v));
  ctx.expect(
    badBand === undefined,
    'summary.epc.distribution to map each band to an integer',
    () => describeValue(badBand),
    res.exchange,
    { rules: ['RES-COMPLIANCE-6'] },
  );
  const attention = (data.attention as unknown[]).map((a) => a as Json);
  for (const a of attention) expectShape(ctx, a, ATTENTION_FIELDS, 'an attention item', res.exchange);
  const properties = (data.properties as unknown[]).map((p) => p as Json);
  const items: Array<{ property: Json; item: Json }> = [];
  for (const p of properties) {
    expectShape(ctx, p, PROPERTY_FIELDS, `summary property ${String(isRecord(p) ? p.id : p)}`, res.exchange);
    expectShape(ctx, p.epc, PROPERTY_EPC_FIELDS, `summary property ${String(p.id)}.epc`, res.exchange);
    for (const item of p.items as unknown[]) {
      expectShape(ctx, item, ITEM_FIELDS, `an item of summary property ${String(p.id)}`, res.exchange);
      items.push({ property: p, item: item as Json });
    }
  }
  return { res, data, portfolio, epc, attention, properties, items };
}

export const complianceSummaryShape = defineCheck({
  id: 'compliance.summaryShape',
  title:
    'GET /compliance/summary answers the full ComplianceSummary: generatedAt, portfolio, epc, attention and properties with typed items',
  group: GROUP,
  rules: [
    'COMPLIANCE-1',
    'RES-COMPLIANCE-1',
    'RES-COMPLIANCE-2',
    'RES-COMPLIANCE-3',
    'RES-COMPLIANCE-4',
    'RES-COMPLIANCE-5',
    'RES-COMPLIANCE-6',
    'RES-COMPLIANCE-8',
    'RES-COMPLIANCE-9',
    'RES-COMPLIANCE-10',
  ],
  async run(ctx: CheckContext) {
    const s = await getSummary(ctx);
    ctx.note(
      `${s.properties.length} properties, ${s.items.length} items, ${s.attention.length} attention entries, all typed`,
    );
  },
});

function expectThreshold(
  ctx: CheckContext,
  item: Json,
  where: string,
  today: string | undefined,
  exchange?: HttpResponse['exchange'],
): boolean {
  if (today !== undefined && isIsoDate(item.dueDate) && isInt(item.daysUntil)) {
    // Exact: counted from the deployment's one today (days-until.ts), no slack.
    const days = daysBetween(today, item.dueDate);
    ctx.expect(
      item.daysUntil === days,
      `${where}: daysUntil ${item.daysUntil} to be the days from today (${today}) to dueDate ${item.dueDate}`,
      () => `${days} days`,
      exchange,
      { rules: ['RES-COMPLIANCE-10'] },
    );
  }
  const wanted = expectedSeverity(item);
  if (!wanted) return false;
  ctx.expect(
    wanted.includes(item.severity as string),
    `${where} (${String(item.code)}, state ${String(item.state)}, daysUntil ${String(item.daysUntil)}): severity ${wanted.join(' or ')}`,
    () => describeValue(item.severity),
    exchange,
    { rules: [thresholdRule(item)] },
  );
  return true;
}

export const complianceSeverityFollowsThresholds = defineCheck({
  id: 'compliance.severityFollowsThresholds',
  title:
    'Every required item is expired when past due or missing, critical ≤ 30 days, urgent ≤ 60, due_soon ≤ 90, ok beyond (summary and property views)',
  group: GROUP,
  rules: [
    'RES-COMPLIANCE-11',
    'RES-COMPLIANCE-12',
    'RES-COMPLIANCE-13',
    'RES-COMPLIANCE-14',
    'RES-COMPLIANCE-15',
    'RES-COMPLIANCE-10',
  ],
  async run(ctx: CheckContext) {
    const start = Date.now();
    const s = await getSummary(ctx);
    const properties = await targetProperties(ctx);
    const today = expectOneToday(
      ctx,
      [...s.items.map(({ item }) => item), ...properties.flatMap((p) => complianceItems(p))],
      'the summary and the property list',
      start,
      Date.now(),
      s.res.exchange,
    );
    let judged = 0;
    const bands = new Set<string>();
    for (const { property, item } of s.items) {
      if (expectThreshold(ctx, item, `summary item of ${String(property.id)}`, today, s.res.exchange)) {
        judged++;
        bands.add(String(item.severity));
      }
    }
    for (const property of properties) {
      for (const item of complianceItems(property)) {
        if (expectThreshold(ctx, item, `compliance item of property ${String(property.id)}`, today)) judged++;
      }
    }
    // The attention list repeats items: the same severity as the property's item.
    for (const a of s.attention) {
      const source = s.items.find(({ property, item }) => property.id === a.propertyId && item.code === a.code);
      if (source)
        ctx.expect(
          source.item.severity === a.severity && source.item.daysUntil === a.daysUntil,
          `attention entry ${String(a.propertyId)}/${String(a.code)} to match its item (severity ${String(source.item.severity)}, daysUntil ${String(source.item.daysUntil)})`,
          () => describeValue(a),
          s.res.exchange,
          { rules: [thresholdRule(source.item)] },
        );
    }
    if (judged === 0) ctx.skip('no required compliance item with a state or daysUntil to judge');
    ctx.note(`${judged} items judged against the thresholds (severities seen: ${[...bands].sort().join(', ')})`);
  },
});

/** EPC bands, best first: `cOrAbove` counts A to C, `belowC` D to G. */
const EPC_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
const C_OR_ABOVE = new Set(['A', 'B', 'C']);

/**
 * The EPC figures against the bands they count: `distribution` maps each band to the properties listed with it, and
 * `cOrAbove` and `belowC` split the distribution at C (what their names say). Judged when every band named is a
 * letter A to G; another band scale is not one the split can be read off.
 */
function expectEpcBands(ctx: CheckContext, epc: Json, properties: readonly Json[], ex: HttpResponse['exchange']): void {
  const distribution = Object.entries(epc.distribution as Json).map(([band, n]) => [band.toUpperCase(), n] as const);
  const listed = properties
    .map((p) => (isRecord(p.epc) && typeof p.epc.band === 'string' ? p.epc.band.toUpperCase() : undefined))
    .filter((b): b is string => b !== undefined);
  const letters: readonly string[] = EPC_BANDS;
  if (![...distribution.map(([b]) => b), ...listed].every((b) => letters.includes(b))) {
    ctx.note(`EPC bands other than A to G (${describeValue(epc.distribution)}): the split at C not judged`);
    return;
  }
  const counted = (band: string): number =>
    distribution.filter(([b]) => b === band).reduce((n, [, v]) => n + (v as number), 0);
  const wrong = EPC_BANDS.find((band) => counted(band) !== listed.filter((b) => b === band).length);
  ctx.expect(
    wrong === undefined,
    `epc.distribution to count the summary's properties by their epc.band (${EPC_BANDS.map((b) => `${b} ${listed.filter((x) => x === b).length}`).join(', ')})`,
    () => describeValue(epc.distribution),
    ex,
    { rules: ['RES-COMPLIANCE-6'] },
  );
  const above = EPC_BANDS.filter((b) => C_OR_ABOVE.has(b)).reduce((n, b) => n + counted(b), 0);
  const below = EPC_BANDS.filter((b) => !C_OR_ABOVE.has(b)).reduce((n, b) => n + counted(b), 0);
  ctx.expect(
    epc.cOrAbove === above && epc.belowC === below,
    `epc.cOrAbove to be the ${above} properties of bands A to C and belowC the ${below} of D to G`,
    () => `cOrAbove ${describeValue(epc.cOrAbove)}, belowC ${describeValue(epc.belowC)}`,
    ex,
    { rules: ['RES-COMPLIANCE-6'] },
  );
}

export const complianceAttentionSortedAndCountsConsistent = defineCheck({
  id: 'compliance.attentionSortedAndCountsConsistent',
  title:
    'The attention list is sorted worst severity first and the portfolio counts, worstSeverity and epc figures agree with the items (the EPC distribution with the bands listed, cOrAbove and belowC split at C)',
  group: GROUP,
  rules: ['RES-COMPLIANCE-3', 'RES-COMPLIANCE-4', 'RES-COMPLIANCE-5', 'RES-COMPLIANCE-6', 'RES-COMPLIANCE-7'],
  async run(ctx: CheckContext) {
    const s = await getSummary(ctx);
    const ex = s.res.exchange;
    for (let i = 1; i < s.attention.length; i++) {
      const [a, b] = [s.attention[i - 1], s.attention[i]];
      ctx.expect(
        rank(a.severity) <= rank(b.severity),
        `attention sorted worst first (${SEVERITIES.join(' > ')})`,
        () => `entry ${i - 1} is ${String(a.severity)}, entry ${i} is ${String(b.severity)}`,
        ex,
        { rules: ['RES-COMPLIANCE-7'] },
      );
    }
    const p = s.portfolio;
    ctx.expect(
      p.propertyCount === s.properties.length,
      `portfolio.propertyCount to be the ${s.properties.length} properties listed`,
      () => describeValue(p.propertyCount),
      ex,
      { rules: ['RES-COMPLIANCE-3'] },
    );
    ctx.expect(
      p.attentionCount === s.attention.length,
      `portfolio.attentionCount to be the ${s.attention.length} attention entries`,
      () => describeValue(p.attentionCount),
      ex,
      { rules: ['RES-COMPLIANCE-3'] },
    );
    const required = s.items.filter(({ item }) => item.required === true);
    ctx.expect(
      p.requiredItemsTotal === required.length,
      `portfolio.requiredItemsTotal to be the ${required.length} required items`,
      () => describeValue(p.requiredItemsTotal),
      ex,
      { rules: ['RES-COMPLIANCE-3'] },
    );
    const counts = p.counts as Record<string, number>;
    const sum = SEVERITIES.reduce((n, sev) => n + counts[sev], 0);
    const counted = sum === s.items.length ? s.items : sum === required.length ? required : undefined;
    ctx.expect(
      counted !== undefined,
      `portfolio.counts to add up to the items (${s.items.length}) or the required items (${required.length})`,
      () => `${sum}: ${describeValue(counts)}`,
      ex,
      { rules: ['RES-COMPLIANCE-5'] },
    );
    for (const sev of SEVERITIES) {
      const n = counted.filter(({ item }) => item.severity === sev).length;
      ctx.expect(
        counts[sev] === n,
        `portfolio.counts.${sev} to be the ${n} items of that severity`,
        () => describeValue(counts[sev]),
        ex,
        { rules: ['RES-COMPLIANCE-5'] },
      );
    }
    const worst = s.items.reduce<string | null>(
      (w, { item }) => (w === null || rank(item.severity) < rank(w) ? String(item.severity) : w),
      null,
    );
    ctx.expect(
      p.worstSeverity === worst,
      `portfolio.worstSeverity to be the worst item severity (${String(worst)})`,
      () => describeValue(p.worstSeverity),
      ex,
      { rules: ['RES-COMPLIANCE-4'] },
    );
    const e = s.epc as Record<string, unknown>;
    const distribution = Object.values(e.distribution as Json).reduce<number>((n, v) => n + (v as number), 0);
    ctx.expect(
      (e.rated as number) + (e.unrated as number) === s.properties.length &&
        (e.cOrAbove as number) + (e.belowC as number) === e.rated &&
        distribution === e.rated,
      `epc: rated + unrated = ${s.properties.length} properties, cOrAbove + belowC = rated, the distribution adds up to rated`,
      () => describeValue(e),
      ex,
      { rules: ['RES-COMPLIANCE-6'] },
    );
    expectEpcBands(ctx, e, s.properties, ex);
    ctx.note(`${s.attention.length} attention entries sorted worst first; counts, worstSeverity and epc consistent`);
  },
});
