// GET /events: calendar events derived read-only from the portfolio. The default window (today − 7 through
// today + 90, "local dates": one day of slack at each edge), the order (date, then id), the from/to rules
// (together, "at most 400 days": to − from of 399 is 400 days counted inclusively and accepted under either reading;
// 400 is 400 days apart but 401 counted inclusively, so either answer stands; 401 exceeds 400 under both and is
// refused), the type list (≤ 500 characters) and the propertyId filter.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { CALENDAR_TYPES } from '../../generators/calendar';
import { addDays, answerSeconds, isIsoDate, utcDate } from '../shared/dates';
import { expect400 } from '../shared/own-data';
import { expectShape, type FieldRule } from '../shared/shape';
import { carries } from '../shared/carries';
import { getList, isRecord, isSuiteData, unknownId, type Json, type ListPage } from '../shared/util';

const GROUP = 'Endpoints > Calendar, team, compliance';
const LIVE = 'enterpriseLive';

const EVENT_FIELDS: readonly FieldRule[] = [
  { field: 'id', type: 'string', rule: 'RES-CAL-3' },
  { field: 'date', type: 'date', rule: 'RES-CAL-3' },
  { field: 'type', type: 'string', values: CALENDAR_TYPES, rule: 'RES-CAL-2' },
];

/** Every page of a query (limit 500), at most `maxPages`. */
async function allEvents(
  ctx: CheckContext,
  query: Readonly<Record<string, string | number>>,
  maxPages = 6,
): Promise<{ items: Json[]; pages: ListPage[] }> {
  const items: Json[] = [];
  const pages: ListPage[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const p = await getList(ctx, '/events', LIVE, { ...query, page, limit: 500 }, { rules: ['CAL-1'] });
    pages.push(p);
    items.push(...p.items);
    for (const e of p.items) expectShape(ctx, e, EVENT_FIELDS, `event ${String(e.id)}`, p.res.exchange);
    const total = p.meta?.total;
    if (p.items.length < 500 || (typeof total === 'number' && items.length >= total)) break;
  }
  return { items, pages };
}

function expectSorted(
  ctx: CheckContext,
  items: readonly Json[],
  where: string,
  exchange?: ListPage['res']['exchange'],
): void {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1], items[i]];
    const ordered = (a.date as string) < (b.date as string) || (a.date === b.date && String(a.id) <= String(b.id));
    ctx.expect(
      ordered,
      `${where} sorted by date ascending, then id`,
      () => `${String(a.date)}/${String(a.id)} before ${String(b.date)}/${String(b.id)}`,
      exchange,
      { rules: ['CAL-2'] },
    );
  }
}

function expectWithin(
  ctx: CheckContext,
  items: readonly Json[],
  from: string,
  to: string,
  rules: readonly string[],
  exchange?: ListPage['res']['exchange'],
): void {
  const out = items.find((e) => (e.date as string) < from || (e.date as string) > to);
  ctx.expect(
    out === undefined,
    `every event dated ${from} through ${to}`,
    () => `event ${String(out?.id)} on ${String(out?.date)}`,
    exchange,
    { rules },
  );
}

/**
 * A window of the past where the suite's own data never puts events (its contracts start 30, 5 or 400 days back,
 * its documents and payments fall within ±20 days of today): comparisons between two requests made there are not
 * disturbed by other checks running at the same time.
 */
function quietWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -399), to: addDays(today, -101) };
}

/** Ids of the target's own properties (suite data left out). */
async function targetPropertyIds(ctx: CheckContext): Promise<string[]> {
  return (await getList(ctx, '/properties', LIVE, { limit: 100 })).items
    .filter((p) => !isSuiteData(p))
    .map((p) => String(p.id));
}

export const calendarDefaultWindowSortedAndTyped = defineCheck({
  id: 'calendar.defaultWindowSortedAndTyped',
  title:
    'GET /events without from/to covers today − 7 through today + 90, sorted by date then id, each event typed; events are read-only',
  group: GROUP,
  rules: ['CAL-1', 'CAL-2', 'CAL-5', 'CAL-10', 'RES-CAL-1', 'RES-CAL-2', 'RES-CAL-3'],
  async run(ctx: CheckContext) {
    const properties = await targetPropertyIds(ctx);
    const byDefault = await allEvents(ctx, {});
    const ex = byDefault.pages[0].res.exchange;
    // An empty window is no failure: a portfolio may have nothing dated then, and the spec does not say which
    // writes derive which events, so the suite cannot create one. The window is still judged below: an event of
    // the landlord's own properties inside it but missing from the default answer fails.
    if (byDefault.items.length === 0)
      ctx.note('no event in the default window (nothing dated today - 7 .. today + 90 in the portfolio)');
    expectSorted(ctx, byDefault.items, 'the default window', ex);
    // "Local dates": the deployment's today is its local date, which the spec does not give a zone for. The
    // answer's Date says the UTC date D on the deployment's own clock; every UTC offset (-12:00 to +14:00) puts
    // the local date at D - 1, D or D + 1. The zone is learned, not slackened: ONE local today L must explain both
    // edges at once (every default item within L - 7 .. L + 90, and every event of the target's own properties
    // in that range present), so a window a day too wide or too narrow at either edge fails.
    const d = utcDate(answerSeconds(byDefault.pages[0].res.headers, ctx.clock.now()) * 1000);
    const explicit = await allEvents(ctx, { from: addDays(d, -8), to: addDays(d, 91) });
    const explicitTotal = explicit.pages[0]?.meta?.total;
    const complete = typeof explicitTotal !== 'number' || explicit.items.length >= explicitTotal;
    const inDefault = new Set(byDefault.items.map((e) => String(e.id)));
    const explains = (local: string): string | undefined => {
      const from = addDays(local, -7);
      const to = addDays(local, 90);
      const outside = byDefault.items.find((e) => !(String(e.date) >= from && String(e.date) <= to));
      if (outside) return `event ${String(outside.id)} on ${String(outside.date)} lies outside ${from}..${to}`;
      const missing = explicit.items.find(
        (e) =>
          String(e.date) >= from &&
          String(e.date) <= to &&
          !inDefault.has(String(e.id)) &&
          properties.some((p) => carries(e, p)),
      );
      return missing ? `event ${String(missing.id)} on ${String(missing.date)} is missing` : undefined;
    };
    const candidates = [addDays(d, -1), d, addDays(d, 1)];
    const why = candidates.map((local) => ({ local, problem: explains(local) }));
    const learned = why.find((w) => w.problem === undefined);
    const total = byDefault.pages[0].meta?.total;
    if (complete && (typeof total !== 'number' || byDefault.items.length >= total))
      ctx.expect(
        learned !== undefined,
        `one local today (${candidates.join(', ')}: the UTC date of the answer's Date, ${d}, one day either way by the zone) whose window today - 7 .. today + 90 holds exactly the default answer's events`,
        () => why.map((w) => `${w.local}: ${w.problem ?? ''}`).join('; '),
        ex,
        { rules: ['CAL-5'] },
      );
    else expectWithin(ctx, byDefault.items, addDays(d, -8), addDays(d, 91), ['CAL-5'], ex);
    if (learned) ctx.note(`the default window fits a local today of ${learned.local} (UTC date ${d})`);
    // page and limit: pages 1 and 2 of limit 5 are the first page of limit 10 (in a quiet window of the past).
    const first = d;
    const quiet = quietWindow(first);
    const p1 = await getList(ctx, '/events', LIVE, { ...quiet, page: 1, limit: 5 }, { rules: ['CAL-10'] });
    const p2 = await getList(ctx, '/events', LIVE, { ...quiet, page: 2, limit: 5 }, { rules: ['CAL-10'] });
    const ten = await getList(ctx, '/events', LIVE, { ...quiet, page: 1, limit: 10 }, { rules: ['CAL-10'] });
    const ids = (items: readonly Json[]): string => items.map((e) => String(e.id)).join(',');
    ctx.expect(
      ids([...p1.items, ...p2.items]) === ids(ten.items),
      'pages 1 and 2 of limit 5 to be page 1 of limit 10',
      () => `${ids([...p1.items, ...p2.items])} vs ${ids(ten.items)}`,
      p2.res.exchange,
      { rules: ['CAL-10'] },
    );
    ctx.expect(
      p1.items.length <= 5 && ten.items.length <= 10,
      'pages no longer than their limit',
      () => `${p1.items.length} and ${ten.items.length}`,
      ten.res.exchange,
      { rules: ['CAL-10'] },
    );
    // Read-only: no route creates an event.
    const write = await ctx.http.request({
      method: 'POST',
      path: '/events',
      key: LIVE,
      json: { type: 'Task', date: first, title: `${ctx.marker} event` },
    });
    ctx.expect(
      write.status >= 400 && write.status < 500,
      'POST /events to be refused (calendar events are derived read-only)',
      () => describeResponse(write),
      write.exchange,
      { rules: ['RES-CAL-1'] },
    );
    ctx.note(
      `${byDefault.items.length} events in the default window, sorted and typed; paging consistent; POST refused (${write.status})`,
    );
  },
});

export const calendarRangeRules = defineCheck({
  id: 'calendar.fromAndToTogetherAtMost400Days',
  title:
    'GET /events needs from and to together, at most 400 days (399 days apart accepted, 401 refused, 400 either way), and returns only events in the range',
  group: GROUP,
  rules: ['CAL-3', 'CAL-4', 'CAL-6', 'LIMIT-9', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const today = utcDate();
    const from = addDays(today, -100);
    expect400(ctx, await ctx.http.request({ path: '/events', key: LIVE, query: { from } }), 'from without to', [
      'CAL-4',
      'CAL-3',
    ]);
    expect400(ctx, await ctx.http.request({ path: '/events', key: LIVE, query: { to: today } }), 'to without from', [
      'CAL-4',
      'CAL-3',
    ]);
    const wide = await allEvents(ctx, { from, to: addDays(from, 399) });
    expectWithin(ctx, wide.items, from, addDays(from, 399), ['CAL-6', 'LIMIT-9'], wide.pages[0]?.res.exchange);
    expectSorted(ctx, wide.items, 'a 400-day range', wide.pages[0]?.res.exchange);
    // 400 days apart: at most 400 days as a difference, 401 counted inclusively. Either answer, but a 200 holds.
    const apart = await ctx.http.request({
      path: '/events',
      key: LIVE,
      query: { from, to: addDays(from, 400), limit: 500 },
    });
    if (apart.status === 200) {
      const body = ctx.expectSuccessEnvelope(apart, 200, { rules: ['CAL-1'] });
      const items = Array.isArray(body.data) ? body.data.filter(isRecord) : [];
      expectWithin(ctx, items, from, addDays(from, 400), ['CAL-6', 'LIMIT-9'], apart.exchange);
    } else expect400(ctx, apart, 'a range 400 days apart (401 days counted inclusively)', ['CAL-6', 'LIMIT-9']);
    expect400(
      ctx,
      await ctx.http.request({ path: '/events', key: LIVE, query: { from, to: addDays(from, 401) } }),
      'a range 401 days apart (402 counted inclusively)',
      ['CAL-6', 'LIMIT-9'],
    );
    expect400(
      ctx,
      await ctx.http.request({ path: '/events', key: LIVE, query: { from, to: addDays(from, 1000) } }),
      'a range of 1000 days',
      ['CAL-6', 'LIMIT-9'],
    );
    expect400(
      ctx,
      await ctx.http.request({ path: '/events', key: LIVE, query: { from: '2026-02-30', to: '2026-03-10' } }),
      'from=2026-02-30 (not a date)',
      ['CAL-3'],
    );
    const narrow = await allEvents(ctx, { from: today, to: addDays(today, 10) });
    expectWithin(ctx, narrow.items, today, addDays(today, 10), ['CAL-6'], narrow.pages[0]?.res.exchange);
    ctx.note(
      `from/to alone refused; 400 days accepted (${wide.items.length} events, all in range); 400 apart answered ${apart.status}; 401 and 1000 apart refused`,
    );
  },
});

export const calendarTypeFilter = defineCheck({
  id: 'calendar.typeFilterAndItsLength',
  title: 'GET /events?type= returns only the listed types; a list of 500 characters is accepted, 501 refused',
  group: GROUP,
  rules: ['CAL-8', 'CAL-9', 'LIMIT-10', 'RES-CAL-2'],
  async run(ctx: CheckContext) {
    const today = utcDate();
    const range = quietWindow(today);
    const everything = await allEvents(ctx, range);
    const present = [...new Set(everything.items.map((e) => String(e.type)))];
    const lists = [present.slice(0, 1), present.slice(0, 2), ['Rent', 'Contract', 'Compliance']].filter(
      (l) => l.length > 0,
    );
    for (const list of lists) {
      const filtered = await allEvents(ctx, { ...range, type: list.join(',') });
      const wrong = filtered.items.find((e) => !list.includes(String(e.type)));
      ctx.expect(
        wrong === undefined,
        `every event of type=${list.join(',')} to be of one of those types`,
        () => `event ${String(wrong?.id)} of type ${String(wrong?.type)}`,
        filtered.pages[0]?.res.exchange,
        { rules: ['CAL-9'] },
      );
      const expected = everything.items.filter((e) => list.includes(String(e.type))).length;
      ctx.expect(
        filtered.items.length === expected,
        `type=${list.join(',')} to return the ${expected} events of those types in the range`,
        () => `${filtered.items.length}`,
        filtered.pages[0]?.res.exchange,
        { rules: ['CAL-9'] },
      );
    }
    // Exactly 500 characters of valid values (repeats), then 501.
    const padded = padTypeList(500);
    const ok = await ctx.http.request({ path: '/events', key: LIVE, query: { ...range, type: padded } });
    ctx.expect(
      ok.status === 200,
      `a type list of ${padded.length} characters to be accepted (200)`,
      () => describeResponse(ok),
      ok.exchange,
      { rules: ['CAL-8', 'LIMIT-10'] },
    );
    expect400(
      ctx,
      await ctx.http.request({ path: '/events', key: LIVE, query: { ...range, type: padTypeList(501) } }),
      'a type list of 501 characters',
      ['CAL-8', 'LIMIT-10'],
    );
    ctx.note(`type filters held (${lists.map((l) => l.join('+')).join('; ')}); 500 characters accepted, 501 refused`);
  },
});

/** A comma-separated list of valid types (repeats allowed) of exactly `length` characters (length ≥ 20). */
export function padTypeList(length: number): string {
  const parts = Array.from({ length: Math.floor((length + 1) / 5) }, () => 'Rent');
  const extra = length - (parts.length * 5 - 1);
  // Each swap of "Rent" lengthens the list by 2 (Tenant), 4 (Contract) or 6 (Compliance); dropping a part shortens it by 5.
  const swaps: Record<number, string[]> = {
    0: [],
    1: ['Compliance'],
    2: ['Tenant'],
    3: ['Tenant', 'Compliance'],
    4: ['Contract'],
  };
  if (extra === 1 || extra === 3) parts.pop();
  swaps[extra].forEach((t, i) => (parts[i] = t));
  const list = parts.join(',');
  if (list.length !== length) throw new Error(`padTypeList(${length}) built ${list.length} characters`);
  return list;
}

export const calendarPropertyIdFilter = defineCheck({
  id: 'calendar.propertyIdFilter',
  title:
    'GET /events?propertyId= returns exactly the events that carry that property id, and with type as well exactly those of that type',
  group: GROUP,
  rules: ['CAL-7', 'CAL-9'],
  async run(ctx: CheckContext) {
    const today = utcDate();
    // 398 days apart: within "at most 400 days" however they are counted.
    const range = { from: addDays(today, -199), to: addDays(today, 199) };
    const properties = await targetPropertyIds(ctx);
    const everything = await allEvents(ctx, range);
    const withProperty = properties.filter((id) => everything.items.some((e) => carries(e, id))).slice(0, 3);
    if (withProperty.length === 0) ctx.skip('no event in ±199 days carries the id of a property of the target');
    let combined = 0;
    for (const id of withProperty) {
      const filtered = await allEvents(ctx, { ...range, propertyId: id });
      const wrong = filtered.items.find((e) => !carries(e, id));
      ctx.expect(
        wrong === undefined,
        `every event of propertyId=${id} to carry that property id`,
        () => describeValue(wrong),
        filtered.pages[0]?.res.exchange,
        { rules: ['CAL-7'] },
      );
      const expected = everything.items.filter((e) => carries(e, id) && isRecord(e) && isIsoDate(e.date));
      const missing = expected.find((e) => !filtered.items.some((f) => f.id === e.id));
      ctx.expect(
        missing === undefined,
        `propertyId=${id} to return every event carrying it`,
        () => `event ${String(missing?.id)} is missing`,
        filtered.pages[0]?.res.exchange,
        { rules: ['CAL-7'] },
      );
      // With type as well, both filters hold: exactly the events carrying the id that are of that type.
      const type = expected.map((e) => e.type).find((t): t is string => typeof t === 'string');
      if (type === undefined) continue;
      const both = await allEvents(ctx, { ...range, propertyId: id, type });
      const outside = both.items.find((e) => !carries(e, id) || e.type !== type);
      ctx.expect(
        outside === undefined,
        `every event of propertyId=${id}&type=${type} to carry that property id and be of that type`,
        () => describeValue(outside),
        both.pages[0]?.res.exchange,
        { rules: ['CAL-7', 'CAL-9'] },
      );
      const absent = expected.find((e) => e.type === type && !both.items.some((f) => f.id === e.id));
      ctx.expect(
        absent === undefined,
        `propertyId=${id}&type=${type} to return every ${type} event carrying it`,
        () => `event ${String(absent?.id)} is missing`,
        both.pages[0]?.res.exchange,
        { rules: ['CAL-7', 'CAL-9'] },
      );
      combined++;
    }
    const none = await allEvents(ctx, { ...range, propertyId: unknownId() });
    ctx.expect(
      none.items.length === 0,
      'no event for an unknown property id',
      () => `${none.items.length} events`,
      none.pages[0]?.res.exchange,
      { rules: ['CAL-7'] },
    );
    ctx.note(
      `propertyId filter held for ${withProperty.length} properties (${combined} of them with type as well); an unknown id gave none`,
    );
  },
});
