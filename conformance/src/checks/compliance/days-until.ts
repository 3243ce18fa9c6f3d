// Compliance `daysUntil` with exact arithmetic. The spec does not say in which time zone the
// compliance "today" falls, so the suite does not assume one: it reads the deployment's own today off its answers
// (dueDate − daysUntil, which must be ONE date for every item of every view) and requires that date to be one a
// real time zone (UTC−12 to UTC+14) can have at the moment of the request. Every daysUntil is then compared to
// the day count from that date, with no slack. The renewal dates are set at every severity edge on a property of
// the check's own, so each threshold is judged on its edge whatever data the rest of the portfolio holds.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import type { HttpResponse } from '../../http/client';
import { addDays, daysBetween, isIsoDate, utcDate } from '../shared/dates';
import { provisionLandlord } from '../shared/provision';
import { EDGE_CERTIFICATE_KINDS, recordCertificate } from './certificates';
import { createOwnProperty, isInt, successData, type Json } from '../shared/util';
import { complianceItems, getProperty, renewalFieldOf, type RenewalField } from '../properties/fields';
import { expectedSeverity, thresholdRule } from './thresholds';

const HOUR_MS = 3_600_000;

/** The local dates some time zone (UTC−12 … UTC+14) shows at an instant between `startMs` and `endMs`. */
export function possibleLocalDates(startMs: number, endMs: number): { first: string; last: string } {
  return { first: utcDate(startMs - 12 * HOUR_MS), last: utcDate(endMs + 14 * HOUR_MS) };
}

/** The deployment's "today" of one answer: dueDate − daysUntil of every dated item; undefined when none is dated. */
export function todaysOf(items: readonly Json[]): string[] {
  const dates = new Set<string>();
  for (const item of items)
    if (isIsoDate(item.dueDate) && isInt(item.daysUntil)) dates.add(addDays(item.dueDate, -item.daysUntil));
  return [...dates].sort();
}

/**
 * Asserts that every dated item counts its days from one and the same date, a date some time zone has between
 * `startMs` and `endMs`; returns that date (undefined when no item is dated).
 */
export function expectOneToday(
  ctx: CheckContext,
  items: readonly Json[],
  where: string,
  startMs: number,
  endMs: number,
  exchange?: HttpResponse['exchange'],
): string | undefined {
  const todays = todaysOf(items);
  if (todays.length === 0) return undefined;
  const odd = items.find(
    (i) => isIsoDate(i.dueDate) && isInt(i.daysUntil) && addDays(i.dueDate, -i.daysUntil) !== todays[0],
  );
  ctx.expect(
    todays.length === 1,
    `${where}: every daysUntil counted from one today (dueDate − daysUntil the same date on every item)`,
    () => `dates ${todays.join(', ')}; e.g. ${describeValue(odd)}`,
    exchange,
    { rules: ['RES-COMPLIANCE-10'] },
  );
  const today = todays[0];
  const window = possibleLocalDates(startMs, endMs);
  ctx.expect(
    today >= window.first && today <= window.last,
    `${where}: the today daysUntil counts from (${today}) to be a date some time zone has now (${window.first} to ${window.last})`,
    () => today,
    exchange,
    { rules: ['RES-COMPLIANCE-10'] },
  );
  return today;
}

/** Offsets from the UTC date at each severity edge: yesterday, today, 30/31, 60/61, 90/91. */
const EDGES = [-1, 0, 30, 31, 60, 61, 90, 91] as const;

/** What the edges judged so far came to. */
interface Tally {
  judged: number;
  readonly severities: Set<string>;
  readonly sources: string[];
}

/** One property's items in one view, and the due dates set on them (each item showing one of them is judged). */
interface EdgeView {
  readonly where: string;
  readonly items: readonly Json[];
  readonly dues: readonly string[];
  readonly exchange: HttpResponse['exchange'];
}

/**
 * The compliance items of the properties `dues` names (property id → the due dates set on it), in each property's
 * view and in the summary, read at once: every daysUntil must count from one today.
 */
async function readEdgeViews(
  ctx: CheckContext,
  key: string,
  dues: ReadonlyMap<string, readonly string[]>,
  start: number,
): Promise<{ views: EdgeView[]; today: string | undefined }> {
  const views: EdgeView[] = [];
  for (const [id, due] of dues) {
    const view = await getProperty(ctx, id, key);
    views.push({
      where: `property ${id} view`,
      items: complianceItems(view.data),
      dues: due,
      exchange: view.res.exchange,
    });
  }
  const summaryRes = await ctx.http.request({ path: '/compliance/summary', key });
  const end = Date.now();
  const summary = successData(ctx, summaryRes, [200], { rules: ['COMPLIANCE-1'] }) as Json;
  for (const [id, due] of dues) {
    const inSummary = Array.isArray(summary.properties)
      ? (summary.properties as Json[]).find((p) => p.id === id)
      : undefined;
    ctx.expect(
      inSummary !== undefined,
      `the property ${id} in the summary's properties`,
      'absent',
      summaryRes.exchange,
      { rules: ['RES-COMPLIANCE-9'] },
    );
    views.push({
      where: `summary property ${id}`,
      items: complianceItems({ compliance: inSummary }),
      dues: due,
      exchange: summaryRes.exchange,
    });
  }
  const today = expectOneToday(
    ctx,
    views.flatMap((v) => v.items),
    'the property views and the summary',
    start,
    end,
    summaryRes.exchange,
  );
  return { views, today };
}

/**
 * Each item showing one of the due dates set: daysUntil the exact count from `today`, and the severity its state and
 * daysUntil call for. The spec does not say that a date set becomes the item's due date: only items showing it count.
 */
function judgeEdges(ctx: CheckContext, views: readonly EdgeView[], today: string | undefined, tally: Tally): void {
  if (today === undefined) return;
  for (const { where, items, dues, exchange } of views) {
    for (const due of dues) {
      const item = items.find((i) => i.dueDate === due);
      if (!item) continue;
      tally.judged++;
      ctx.expect(
        item.daysUntil === daysBetween(today, due),
        `${where}: ${String(item.code)} due ${due}: daysUntil ${daysBetween(today, due)} (from ${today})`,
        () => describeValue(item.daysUntil),
        exchange,
        { rules: ['RES-COMPLIANCE-10'] },
      );
      // The severity of the edge just set, whatever data the rest of the portfolio holds.
      const wanted = expectedSeverity(item);
      if (!wanted) continue;
      tally.severities.add(String(item.severity));
      ctx.expect(
        wanted.includes(item.severity as string),
        `${where}: ${String(item.code)} due ${due} (daysUntil ${String(item.daysUntil)}): severity ${wanted.join(' or ')}`,
        () => describeValue(item.severity),
        exchange,
        { rules: [thresholdRule(item)] },
      );
    }
  }
}

/** The public API's way: the renewal fields of a property of the check's own, set to the edges round by round. */
async function renewalEdges(ctx: CheckContext, key: string, tally: Tally): Promise<void> {
  const own = await createOwnProperty(ctx, key, 'compliance-edges');
  const id = String(own.id);
  const fields = complianceItems(own)
    .map((i) => renewalFieldOf(i.code))
    .filter((f): f is RenewalField => f !== undefined);
  if (fields.length === 0) {
    tally.sources.push(`renewal fields: none (item codes ${describeValue(complianceItems(own).map((i) => i.code))})`);
    return;
  }
  const before = tally.judged;
  // As many rounds as it takes for the property's renewal fields to reach every edge.
  for (let round = 0; round * fields.length < EDGES.length; round++) {
    const start = Date.now();
    const base = utcDate(start);
    const body: Json = {};
    fields.forEach((f, i) => (body[f] = addDays(base, EDGES[(round * fields.length + i) % EDGES.length])));
    const patched = await ctx.http.request({ method: 'PATCH', path: `/properties/${id}`, key, json: body });
    successData(ctx, patched, [200], { rules: ['PROP-40'] });
    const { views, today } = await readEdgeViews(
      ctx,
      key,
      new Map([[id, fields.map((f) => body[f] as string)]]),
      start,
    );
    judgeEdges(ctx, views, today, tally);
  }
  tally.sources.push(`${fields.length} renewal fields: ${tally.judged - before} items judged`);
}

/**
 * The provisioning contract's way, where the target offers it: certificates on file expiring at the edges, three
 * kinds a property over three properties of the landlord's own (the statutory items every property requires; the
 * landlord licence only some do).
 */
async function certificateEdges(ctx: CheckContext, landlordId: string, key: string, tally: Tally): Promise<void> {
  const start = Date.now();
  const base = utcDate(start);
  const dues = new Map<string, string[]>();
  let propertyId = '';
  for (const [i, edge] of EDGES.entries()) {
    const kind = EDGE_CERTIFICATE_KINDS[i % EDGE_CERTIFICATE_KINDS.length];
    if (i % EDGE_CERTIFICATE_KINDS.length === 0) {
      propertyId = String((await createOwnProperty(ctx, key, `certificate-edges-${i}`)).id);
      dues.set(propertyId, []);
    }
    const expiryDate = addDays(base, edge);
    if (!(await recordCertificate(ctx, landlordId, { propertyId, kind, expiryDate }))) {
      tally.sources.push('certificates on file: the provisioning contract offers no recordCertificate');
      return;
    }
    dues.get(propertyId)?.push(expiryDate);
  }
  const before = tally.judged;
  const { views, today } = await readEdgeViews(ctx, key, dues, start);
  judgeEdges(ctx, views, today, tally);
  tally.sources.push(`${EDGES.length} certificates on file: ${tally.judged - before} items judged`);
}

export const complianceDaysUntilExactOnRenewalDates = defineCheck({
  id: 'compliance.daysUntilExactOnRenewalDates',
  title:
    'Due dates at every severity edge (yesterday, today, 30/31, 60/61, 90/91 days), set through renewal fields and, where provisioning can, certificates on file: daysUntil the exact day count from one today, and each required item the severity its state and daysUntil call for, in the property view and the summary',
  group: 'Resources > Compliance summary',
  rules: [
    'RES-COMPLIANCE-10',
    'PROP-40',
    'RES-COMPLIANCE-11',
    'RES-COMPLIANCE-12',
    'RES-COMPLIANCE-13',
    'RES-COMPLIANCE-14',
    'RES-COMPLIANCE-15',
  ],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when provisioning allows (its certificates are nobody else's), else the target's.
    const landlord = ctx.target.provisioning ? await provisionLandlord(ctx, 'compliance-edges') : undefined;
    const key = landlord?.live ?? 'enterpriseLive';
    const tally: Tally = { judged: 0, severities: new Set(), sources: [] };
    await renewalEdges(ctx, key, tally);
    if (landlord) await certificateEdges(ctx, landlord.landlordId, key, tally);
    else tally.sources.push('certificates on file: the target has no provisioning');
    if (tally.judged === 0) ctx.skip(`no compliance item shows a due date the check set (${tally.sources.join('; ')})`);
    ctx.note(
      `edges ${EDGES.join(', ')} days; ${tally.sources.join('; ')}; daysUntil exact in both views; severities seen: ${[...tally.severities].sort().join(', ')}`,
    );
  },
});

export const DAYS_UNTIL_CHECKS = [complianceDaysUntilExactOnRenewalDates] as const;
