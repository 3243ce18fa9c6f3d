// Calendar events are derived, read-only views over other resources' dates. Each source is one SQL query with
// one row per event whose date (column `date`) falls inside the requested window, and a mapping of a row to its
// event; the service counts the rows per date in SQL and reads only the dates of the requested page.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Scope } from '../../persistence/models';

export const CALENDAR_EVENT_TYPES = ['Task', 'Property', 'Contract', 'Tenant', 'Rent', 'Compliance', 'Insurance', 'Schedule', 'Inspection'] as const;
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
}

export interface CalendarSource {
  readonly name: string;
  /** The one event type the source produces: a source whose type is not requested is not queried. */
  readonly type: CalendarEventType;
  /** One row per event in the window, its date in the column `date` (so rows can be counted per date). */
  rows(query: SourceQuery): Knex.QueryBuilder;
  /** The events of the window. */
  load(query: SourceQuery): Promise<CalendarEvent[]>;
}

export interface SourceDefinition<Row extends { date: string }> {
  readonly name: string;
  readonly type: CalendarEventType;
  rows(query: SourceQuery): Knex.QueryBuilder;
  event(row: Row): CalendarEvent;
}

/** A source from its query and its row-to-event mapping. */
export function calendarSource<Row extends { date: string }>(definition: SourceDefinition<Row>): CalendarSource {
  return {
    name: definition.name,
    type: definition.type,
    rows: definition.rows,
    load: async (query) => ((await definition.rows(query)) as Row[]).map((row) => definition.event(row)),
  };
}

/** A UUID (version 5 layout) from the event kind and the source row id. */
export function eventId(kind: string, sourceId: string): string {
  const h = createHash('sha1').update(`calendar-event:${kind}:${sourceId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function makeEvent(fields: Omit<CalendarEvent, 'id'>): CalendarEvent {
  return { id: eventId(fields.kind, fields.source.id), ...fields };
}

export const money = (amount: number | string): string => `£${Number(amount).toFixed(2)}`;
