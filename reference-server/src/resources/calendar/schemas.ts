// GET /events query and response. `from`/`to` are inclusive local dates sent together; their distance
// (to − from, in days) is at most 400. `type` is a comma-separated list of event types, at most 500 characters.
import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { chars, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { daysBetween } from '../../platform/time/dates';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from './model';

export const MAX_RANGE_DAYS = 400;
export const MAX_TYPE_LENGTH = 500;

const typeList = chars(1, MAX_TYPE_LENGTH)
  .custom((value: string, helpers) => {
    const types = value.split(',').map((part) => part.trim());
    for (const type of types) {
      if (!(CALENDAR_EVENT_TYPES as readonly string[]).includes(type))
        return helpers.error('eventType.unknown', { v: type });
    }
    return [...new Set(types)] as CalendarEventType[];
  }, 'comma-separated event types')
  .messages({
    'eventType.unknown': `{{#label}} holds {{#v}}, which is not one of ${CALENDAR_EVENT_TYPES.join(', ')}`,
  });

export const eventsQuery = Joi.object({
  ...paginationQuery,
  from: isoDate,
  to: isoDate,
  propertyId: uuid,
  type: typeList,
})
  .and('from', 'to')
  .custom((value: { from?: string; to?: string }, helpers) => {
    if (value.from === undefined || value.to === undefined) return value;
    const days = daysBetween(value.from, value.to);
    if (days < 0) return helpers.error('range.reversed');
    if (days > MAX_RANGE_DAYS) return helpers.error('range.tooLong', { days });
    return value;
  })
  .messages({
    'object.and': '"from" and "to" must be sent together',
    'range.reversed': '"to" must be on or after "from"',
    'range.tooLong': `"to" is {{#days}} days after "from"; the range may span at most ${MAX_RANGE_DAYS} days (to − from ≤ ${MAX_RANGE_DAYS})`,
  });

export interface EventsQuery {
  page: number;
  limit: number;
  from?: string;
  to?: string;
  propertyId?: string;
  type?: CalendarEventType[];
}

export const calendarEventSchema = Joi.object({
  id: uuid.required(),
  type: Joi.string()
    .valid(...CALENDAR_EVENT_TYPES)
    .required(),
  kind: Joi.string().required(),
  date: isoDate.required(),
  title: Joi.string().required(),
  propertyId: uuid.allow(null).required(),
  source: Joi.object({ kind: Joi.string().required(), id: Joi.string().required() }).required(),
}).label('CalendarEvent');

export const calendarEventList = listEnvelope(calendarEventSchema, 'CalendarEventList');
