// GET /events: every source queried for the window only (SQL date filters), merged, sorted by date then id,
// then paged. Derived read-only: nothing here writes.
import type { Scope } from '../../persistence/models';
import { addDays } from '../../platform/time/dates';
import type { CalendarEvent, CalendarEventType, DateWindow } from './model';
import { CALENDAR_SOURCES } from './sources';

/** Without from/to: 7 days back through 90 days ahead, both inclusive, in the landlord's local dates. */
export const DEFAULT_PAST_DAYS = 7;
export const DEFAULT_FUTURE_DAYS = 90;

export const defaultWindow = (today: string): DateWindow => ({ from: addDays(today, -DEFAULT_PAST_DAYS), to: addDays(today, DEFAULT_FUTURE_DAYS) });

export interface EventsRequest {
  readonly window: DateWindow;
  readonly propertyId?: string;
  readonly types?: readonly CalendarEventType[];
  readonly page: number;
  readonly limit: number;
}

export const compareEvents = (a: CalendarEvent, b: CalendarEvent): number =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export async function listEvents(scope: Scope, request: EventsRequest): Promise<{ data: CalendarEvent[]; total: number }> {
  const wanted = request.types ? new Set(request.types) : undefined;
  const sources = CALENDAR_SOURCES.filter((s) => !wanted || s.types.some((t) => wanted.has(t)));
  // One after the other: reads share one connection on the embedded database anyway.
  const events: CalendarEvent[] = [];
  for (const source of sources) {
    for (const event of await source.load({ scope, window: request.window, propertyId: request.propertyId })) {
      if (!wanted || wanted.has(event.type)) events.push(event);
    }
  }
  events.sort(compareEvents);
  const offset = (request.page - 1) * request.limit;
  return { data: events.slice(offset, offset + request.limit), total: events.length };
}
