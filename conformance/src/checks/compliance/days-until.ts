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
import { ownWriteKey } from '../shared/provision';
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

export const complianceDaysUntilExactOnRenewalDates = defineCheck({
  id: 'compliance.daysUntilExactOnRenewalDates',
  title:
    'Renewal dates at every severity edge (yesterday, today, 30/31, 60/61, 90/91 days): daysUntil the exact day count from one today, and each required item the severity its state and daysUntil call for, in the property view and the summary',
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
    const key = await ownWriteKey(ctx, 'compliance-edges');
    const own = await createOwnProperty(ctx, key, 'compliance-edges');
    const id = String(own.id);
    const fields = complianceItems(own)
      .map((i) => renewalFieldOf(i.code))
      .filter((f): f is RenewalField => f !== undefined);
    if (fields.length === 0)
      ctx.skip(
        `the created property shows no compliance item with a renewal field (codes: ${describeValue(complianceItems(own).map((i) => i.code))})`,
      );
    let judged = 0;
    const severities = new Set<string>();
    // As many rounds as it takes for the property's renewal fields to reach every edge.
    for (let round = 0; round * fields.length < EDGES.length; round++) {
      const start = Date.now();
      const base = utcDate(start);
      const body: Json = {};
      fields.forEach((f, i) => (body[f] = addDays(base, EDGES[(round * fields.length + i) % EDGES.length])));
      const patched = await ctx.http.request({ method: 'PATCH', path: `/properties/${id}`, key, json: body });
      successData(ctx, patched, [200], { rules: ['PROP-40'] });
      const view = await getProperty(ctx, id, key);
      const summaryRes = await ctx.http.request({ path: '/compliance/summary', key });
      const end = Date.now();
      const summary = successData(ctx, summaryRes, [200], { rules: ['COMPLIANCE-1'] }) as Json;
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
      const viewItems = complianceItems(view.data);
      const summaryItems = complianceItems({ compliance: inSummary });
      const today = expectOneToday(
        ctx,
        [...viewItems, ...summaryItems],
        'the property view and the summary',
        start,
        end,
        summaryRes.exchange,
      );
      for (const [where, items, exchange] of [
        ['property view', viewItems, view.res.exchange],
        ['summary', summaryItems, summaryRes.exchange],
      ] as const) {
        for (const field of fields) {
          const item = items.find((i) => renewalFieldOf(i.code) === field);
          const due = body[field] as string;
          // The spec does not say that a renewal date becomes the item's due date: only items that show it are judged.
          if (!item || item.dueDate !== due || today === undefined) continue;
          judged++;
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
          severities.add(String(item.severity));
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
    if (judged === 0) ctx.skip(`no compliance item shows the renewal dates as its due date (${describeValue(own)})`);
    ctx.note(
      `${fields.length} renewal fields set to the edges ${EDGES.join(', ')} days; ${judged} items judged, daysUntil exact in both views; severities seen: ${[...severities].sort().join(', ')}`,
    );
  },
});

export const DAYS_UNTIL_CHECKS = [complianceDaysUntilExactOnRenewalDates] as const;
