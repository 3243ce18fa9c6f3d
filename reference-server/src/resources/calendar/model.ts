// Calendar events are derived, read-only views over other resources' dates. Each source is one SQL query with
// one row per event whose date (column `date`) falls inside the requested window, and a mapping of a row to its
// event; the service counts the rows per date in SQL and reads only the dates of the requested page.
import type { Knex } from 'knex';
import type { Scope } from '../../persistence/models';

export const CALENDAR_EVENT_TYPES = [
  'Task',
  'Property',
  'Contract',
  'Tenant',
  'Rent',
  'Compliance',
  'Insurance',
  'Schedule',
  'Inspection',
] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

export interface CalendarEvent {
  /** Deterministic: the same source row and event kind always give the same id. */
  id: string;
  type: CalendarEventType;
  /** What happens on that date, e.g. `contract_end`, `rent_due`, `certificate_expiry`. */
  kind: string;
  date: string;
  title: string;
  propertyId: string | null;
  /** The row the event is derived from: `kind` names the resource, `id` is its id. */
  source: { kind: string; id: string };
}

/** Inclusive local dates. */
export interface DateWindow {
  readonly from: string;
  readonly to: string;
}

export interface SourceQuery {
  readonly scope: Scope;
  readonly window: DateWindow;
  readonly propertyId?: string;
  /**
   * For sources joined to the row's property: the rows of live properties (the events, the default), or of
   * soft-deleted ones (counted by the database under the source's kinds, but not on the calendar).
   */
  readonly properties?: 'live' | 'deleted';
}

/** The property condition of a source joined to `properties` (see SourceQuery.properties), for `.modify()`. */
export const propertyState =
  (query: SourceQuery) =>
  (builder: { whereNull(column: string): unknown; whereNotNull(column: string): unknown }): void => {
    if (query.properties === 'deleted') builder.whereNotNull('properties.deleted_at');
    else builder.whereNull('properties.deleted_at');
  };

/**
 * How the database counts a source's events by date (landlord_counts, migration 20261127000000): the kinds, and
 * the rows counted there that the source does not show (each with its `date`), which the count subtracts.
 */
export interface CountedSource {
  readonly kinds: readonly string[];
  hidden(query: SourceQuery): Knex.QueryBuilder[];
}

export interface CalendarSource {
  readonly name: string;
  /** The one event type the source produces: a source whose type is not requested is not queried. */
  readonly type: CalendarEventType;
  /** One row per event in the window, its date in the column `date` (so rows can be counted per date). */
  rows(query: SourceQuery): Knex.QueryBuilder;
  /** The first `limit` events of the window in (date, id) order. */
  load(query: SourceQuery, limit: number): Promise<CalendarEvent[]>;
  readonly counted: CountedSource;
}

/** What a source's rows carry besides their own columns: the event's date and kind, and the source row's id. */
export interface EventRow {
  date: string;
  kind: string;
  id: string;
}

export interface SourceDefinition<Row extends EventRow> {
  readonly name: string;
  readonly type: CalendarEventType;
  rows(query: SourceQuery): Knex.QueryBuilder;
  event(row: Row): Omit<CalendarEvent, 'id'>;
  /**
   * The rows select the event's id stored with the row (`event_id`: migrations 20261127000300 and 20261127000500),
   * behind the date in the source's date index, instead of its being computed per read.
   */
  readonly storedEventId?: boolean;
  readonly counted: {
    readonly kinds: readonly string[];
    /** The source joins its row's property (propertyState): the rows of soft-deleted properties are hidden. */
    readonly joinsProperty: boolean;
    /** Other rows counted under the kinds that the source does not show. */
    also?(query: SourceQuery): Knex.QueryBuilder[];
  };
}

/** The select of a row's event kind, for sources whose events all have one kind. */
export const kindColumn = (knex: Knex, kind: string): Knex.Raw => knex.raw('?::text as kind', [kind]);

/**
 * An event's id: a UUID (version 5 layout) from the first 16 bytes of SHA-1('calendar-event:<kind>:<source id>'),
 * computed in PostgreSQL (`calendar_event_id`, migration 20261127000300) so that a page of a date's events is
 * ordered and cut there and only the page's rows reach Node. The rows on one date grow with the landlord (rent
 * falls due by the thousand on the 1st), so the sources' rows carry the id stored (`event_id`) and a page is cut
 * from an index instead of hashing the date; the recorded renewals, read from the property's columns, compute it.
 */
const EVENT_ID = 'calendar_event_id(e.kind, e.id)';

/** A source from its query and its row-to-event mapping. */
export function calendarSource<Row extends EventRow>(definition: SourceDefinition<Row>): CalendarSource {
  return {
    name: definition.name,
    type: definition.type,
    rows: (query) => definition.rows(query),
    counted: {
      kinds: definition.counted.kinds,
      hidden: (query) => [
        ...(definition.counted.joinsProperty ? [definition.rows({ ...query, properties: 'deleted' })] : []),
        ...(definition.counted.also?.(query) ?? []),
      ],
    },
    load: async (query, limit) => {
      const knex = query.scope.db as Knex;
      const page = knex.from(definition.rows(query).as('e')).select('e.*');
      if (!definition.storedEventId) page.select(knex.raw(`${EVENT_ID} as event_id`));
      const rows = (await page
        .orderBy('e.date')
        .orderBy(definition.storedEventId ? 'e.event_id' : 'event_id')
        .limit(limit)) as Array<Row & { event_id: string }>;
      return rows.map((row) => ({ id: row.event_id, ...definition.event(row) }));
    },
  };
}

export const money = (amount: number | string): string => `£${Number(amount).toFixed(2)}`;
