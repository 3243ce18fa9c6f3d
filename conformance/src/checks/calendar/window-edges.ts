// The calendar's default window at its edges: exactly today − 7 through today + 90, inclusive.
// "Local dates": the spec leaves the time zone to the deployment, so the suite does not assume one. It creates
// rent payments due on the days around both edges (UTC date − 9 … − 6 and + 89 … + 92) and requires the ones the
// default window shows to be exactly those of ONE window [T − 7, T + 90] for a date T that some time zone (UTC−12
// to UTC+14) has at the moment of the request. How events are derived is not shown ("Derived read-only from …
// rent …"): the dates that count are those an explicit from/to range shows as events carrying the property's id
// (its field is not named); a deployment that shows none skips.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { possibleLocalDates } from '../compliance/days-until';
import { addDays, daysBetween, utcDate } from '../shared/dates';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { getList, isRecord, type Json } from '../shared/util';
import { carries } from '../shared/carries';

const OFFSETS = [-9, -8, -7, -6, 89, 90, 91, 92] as const;

export const calendarDefaultWindowEdgesExact = defineCheck({
  id: 'calendar.defaultWindowEdgesExact',
  title:
    'GET /events without from/to shows the rent due dates of the suite from today − 7 through today + 90 exactly: the day before and the day after are left out',
  group: 'Endpoints > Calendar, team, compliance',
  rules: ['CAL-5', 'RES-CAL-2'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'calendar-edges');
    const chain = await createOwnChain(ctx, 'calendar-edges', { key });
    const base = utcDate();
    const dues = OFFSETS.map((o) => addDays(base, o));
    for (const [i, due] of dues.entries())
      await createOwnRent(ctx, chain, { period: suitePeriod(ctx, `calendar edge ${OFFSETS[i]}`), due });
    const datesShown = (items: readonly Json[]): string[] =>
      [
        ...new Set(
          items
            .filter((e) => typeof e.date === 'string' && dues.includes(e.date) && carries(e, chain.propertyId))
            .map((e) => String(e.date)),
        ),
      ].sort();
    // The due dates this deployment derives events for, whatever the window: an explicit range over all of them.
    const ranged = await getList(
      ctx,
      '/events',
      key,
      { from: addDays(base, -10), to: addDays(base, 93), limit: 500 },
      { rules: ['CAL-1'] },
    );
    const derived = datesShown(ranged.items);
    if (derived.length === 0)
      ctx.skip(
        `no event carrying property ${chain.propertyId} on the due dates of its rent payments (${dues.join(', ')}) in an explicit range: the deployment derives no event the suite can place at the edges (derivation not shown)`,
      );
    const start = Date.now();
    const page = await getList(ctx, '/events', key, { limit: 500 }, { rules: ['CAL-1'] });
    const end = Date.now();
    const shown = datesShown(page.items);
    ctx.expect(
      isRecord(page.meta) && typeof page.meta.total === 'number' && page.meta.total <= 500,
      "the default window of a landlord of the check's own on one page of 500",
      () => describeValue(page.meta),
      page.res.exchange,
      { rules: ['CAL-1'] },
    );
    // The one today whose window gives exactly what was shown, among the dates a time zone can have now.
    const zones = possibleLocalDates(start, end);
    const candidates = [-1, 0, 1].map((d) => addDays(base, d)).filter((t) => t >= zones.first && t <= zones.last);
    const windowOf = (t: string): string[] => derived.filter((d) => d >= addDays(t, -7) && d <= addDays(t, 90));
    const today = candidates.find((t) => windowOf(t).join() === shown.join());
    ctx.expect(
      today !== undefined,
      `the rent due dates shown by the default window to be exactly those from today − 7 through today + 90 for one today (${candidates
        .map(
          (t) =>
            `${t}: ${windowOf(t)
              .map((d) => daysBetween(base, d))
              .join(', ')}`,
        )
        .join(' or ')} days from ${base})`,
      () => `shown: ${shown.map((d) => daysBetween(base, d)).join(', ') || 'none'} days from ${base}`,
      page.res.exchange,
      { rules: ['CAL-5'] },
    );
    ctx.note(
      `today ${today}: due dates ${shown.join(', ')} shown, the days before ${addDays(today, -7)} and after ${addDays(today, 90)} left out`,
    );
  },
});

export const CALENDAR_EDGE_CHECKS = [calendarDefaultWindowEdgesExact] as const;
