// The calendar's default window at its edges: exactly today − 7 through today + 90, inclusive.
// "Local dates": the spec leaves the time zone to the deployment, so the suite does not assume one. It creates
// rent payments due on the days around both edges (UTC date − 9 … − 6 and + 89 … + 92; rent due dates are
// calendar events) and requires the ones the default window shows to be exactly those of ONE window
// [T − 7, T + 90] for a date T that some time zone (UTC−12 to UTC+14) has at the moment of the request.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { possibleLocalDates } from '../compliance/days-until';
import { addDays, daysBetween, utcDate } from '../shared/dates';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { getList, isRecord } from '../shared/util';

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
    const start = Date.now();
    const page = await getList(ctx, '/events', key, { limit: 500 }, { rules: ['CAL-1'] });
    const end = Date.now();
    const shown = [
      ...new Set(
        page.items
          .filter(
            (e) =>
              e.type === 'Rent' &&
              e.propertyId === chain.propertyId &&
              typeof e.date === 'string' &&
              dues.includes(e.date),
          )
          .map((e) => String(e.date)),
      ),
    ].sort();
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
    const windowOf = (t: string): string[] => dues.filter((d) => d >= addDays(t, -7) && d <= addDays(t, 90));
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
