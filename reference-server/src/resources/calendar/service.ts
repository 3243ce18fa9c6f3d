// GET /events: sorted by date then id, then paged. The events are counted per date from the counts the database
// keeps by date (or, for one property, in SQL over every requested source), then each source's events on the dates
// the page falls on are ordered by id in SQL (ids are hashes computed there) and only as many as the page can need
// are read and turned into events. Derived read-only: nothing here writes.
import type { Knex } from 'knex';
import { countsByDay, type Scope } from '../../persistence/models';
import { offsetOf } from '../../platform/http/pagination';
import { addDays } from '../../platform/time/dates';
import type { CalendarEvent, CalendarEventType, CalendarSource, DateWindow, SourceQuery } from './model';
import { CALENDAR_SOURCES } from './sources';

/** Without from/to: 7 days back through 90 days ahead, both inclusive, in the landlord's local dates. */
export const DEFAULT_PAST_DAYS = 7;
export const DEFAULT_FUTURE_DAYS = 90;

export const defaultWindow = (today: string): DateWindow => ({
  from: addDays(today, -DEFAULT_PAST_DAYS),
  to: addDays(today, DEFAULT_FUTURE_DAYS),
});

export interface EventsRequest {
  readonly window: DateWindow;
  readonly propertyId?: string;
  readonly types?: readonly CalendarEventType[];
  readonly page: number;
  readonly limit: number;
}

export const compareEvents = (a: CalendarEvent, b: CalendarEvent): number =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface DateCount {
  readonly date: string;
  readonly count: number;
  readonly sources: ReadonlySet<number>;
}

type SourceDateCount = { source: number; date: string; n: number | string };

/** Rows per date of each query (a source's rows, with a `date` column), labelled with its source: one round trip. */
async function rowsPerDate(
  knex: Knex,
  queries: ReadonlyArray<readonly [source: number, rows: Knex.QueryBuilder]>,
): Promise<SourceDateCount[]> {
  if (queries.length === 0) return [];
  const perQuery = queries.map(([source, rows]) =>
    knex
      .from(rows.as('e'))
      .select(knex.raw('?::int as source', [source]), 'e.date')
      .count({ n: '*' })
      .groupBy('e.date'),
  );
  return (await knex.raw<{ rows: SourceDateCount[] }>(perQuery.map(() => '(?)').join(' union all '), perQuery)).rows;
}

/** Events per date of the window over the sources (by index in `sources`), ascending by date. */
export async function countsByDate(
  scope: Scope,
  sources: readonly CalendarSource[],
  query: SourceQuery,
): Promise<DateCount[]> {
  return byDate(
    await rowsPerDate(
      scope.db as Knex,
      sources.map((s, i) => [i, s.rows(query)] as const),
    ),
  );
}

/** Counts per (source, date) merged per date, ascending by date. */
function byDate(rows: readonly SourceDateCount[]): DateCount[] {
  const dates = new Map<string, { date: string; count: number; sources: Set<number> }>();
  for (const { source, date, n } of rows) {
    let entry = dates.get(date);
    if (!entry) dates.set(date, (entry = { date, count: 0, sources: new Set() }));
    entry.count += Number(n);
    entry.sources.add(source);
  }
  return [...dates.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The same counts from those the database keeps by date (landlord_counts), less the rows counted there that the
 * sources do not show (those of soft-deleted properties, licence-only certificates where no licence is needed):
 * one read of at most one row per kind and date, and the hidden rows, instead of every event of the window.
 */
export async function keptCountsByDate(
  scope: Scope,
  sources: readonly CalendarSource[],
  query: SourceQuery,
): Promise<DateCount[]> {
  const sourceOf = new Map(sources.flatMap((s, i) => s.counted.kinds.map((kind) => [kind, i] as const)));
  const hidden = sources.flatMap((s, i) => s.counted.hidden(query).map((rows) => [i, rows] as const));
  const [kept, hiddenRows] = await Promise.all([
    countsByDay(scope, [...sourceOf.keys()], query.window.from, query.window.to),
    rowsPerDate(scope.db as Knex, hidden),
  ]);
  const net = new Map<string, { source: number; date: string; n: number }>();
  const add = (source: number, date: string, n: number): void => {
    const entry = net.get(`${source} ${date}`);
    if (entry) entry.n += n;
    else net.set(`${source} ${date}`, { source, date, n });
  };
  for (const { kind, day, n } of kept) add(sourceOf.get(kind)!, day, n);
  for (const { source, date, n } of hiddenRows) add(source, date, -Number(n));
  return byDate([...net.values()].filter(({ n }) => n > 0));
}

/** The dates holding events `offset` to `offset + limit - 1`, how many events come before the first, and the sources with events on them. */
function datesOfPage(
  counts: readonly DateCount[],
  offset: number,
  limit: number,
): { window: DateWindow; before: number; sources: Set<number> } | undefined {
  let seen = 0;
  let page: { window: { from: string; to: string }; before: number; sources: Set<number> } | undefined;
  for (const { date, count, sources } of counts) {
    if (page === undefined && seen + count > offset)
      page = { window: { from: date, to: date }, before: seen, sources: new Set() };
    seen += count;
    if (page === undefined) continue;
    page.window.to = date;
    for (const s of sources) page.sources.add(s);
    if (seen >= offset + limit) break;
  }
  return page;
}

export async function listEvents(
  scope: Scope,
  request: EventsRequest,
): Promise<{ data: CalendarEvent[]; total: number }> {
  const wanted = request.types ? new Set(request.types) : undefined;
  const sources = CALENDAR_SOURCES.filter((s) => !wanted || wanted.has(s.type));
  if (sources.length === 0) return { data: [], total: 0 };
  const query = { scope, window: request.window, propertyId: request.propertyId };
  // For one property, its own rows are few: counted directly.
  const counts = await (request.propertyId
    ? countsByDate(scope, sources, query)
    : keptCountsByDate(scope, sources, query));
  const total = counts.reduce((sum, { count }) => sum + count, 0);
  const offset = offsetOf(request);
  const page = datesOfPage(counts, offset, request.limit);
  if (!page) return { data: [], total };
  // The page is a run of the merged (date, id) order of its dates: the first `skip + limit` events of each source
  // there hold it. One after the other: reads share one connection on the embedded database anyway.
  const skip = offset - page.before;
  const events: CalendarEvent[] = [];
  for (const i of [...page.sources].sort((a, b) => a - b))
    events.push(...(await sources[i].load({ ...query, window: page.window }, skip + request.limit)));
  events.sort(compareEvents);
  return { data: events.slice(skip, skip + request.limit), total };
}
