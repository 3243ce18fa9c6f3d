// Contract start and end dates (type Contract), for contracts whose property is not deleted: one source per
// date column, so each row is one event.
import { Contract } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn, propertyState, type CalendarSource, type SourceQuery } from '../model';

interface Row {
  id: string;
  kind: string;
  property_id: string;
  tenancy_reference: string;
  date: string;
  property_short_name: string;
}

const rowsOn =
  (column: 'start_date' | 'end_date', eventId: 'calendar_start_event_id' | 'calendar_end_event_id', kind: string) =>
  (source: SourceQuery) => {
    const { scope, window, propertyId } = source;
    const query = Contract.scoped(scope)
      .join('properties', 'properties.id', 'contracts.property_id')
      .modify(propertyState(source))
      .whereBetween(`contracts.${column}`, [window.from, window.to])
      .select(
        'contracts.id',
        'contracts.property_id',
        'contracts.tenancy_reference',
        `contracts.${column} as date`,
        `contracts.${eventId} as event_id`,
        'properties.short_name as property_short_name',
        kindColumn(scope.db as Knex, kind),
      );
    if (propertyId) query.where('contracts.property_id', propertyId);
    return query.toKnexQuery();
  };

const at = (c: Row): string => `${c.tenancy_reference} at ${c.property_short_name}`;

export const contractStartsSource: CalendarSource = calendarSource<Row>({
  name: 'contract-starts',
  type: 'Contract',
  rows: rowsOn('start_date', 'calendar_start_event_id', 'contract_start'),
  storedEventId: true,
  counted: { kinds: ['calendar.contract_start'], joinsProperty: true },
  event: (c) => ({
    type: 'Contract',
    kind: c.kind,
    date: c.date,
    title: `Tenancy ${at(c)} starts`,
    propertyId: c.property_id,
    source: { kind: 'contract', id: c.id },
  }),
});

export const contractEndsSource: CalendarSource = calendarSource<Row>({
  name: 'contract-ends',
  type: 'Contract',
  rows: rowsOn('end_date', 'calendar_end_event_id', 'contract_end'),
  storedEventId: true,
  counted: { kinds: ['calendar.contract_end'], joinsProperty: true },
  event: (c) => ({
    type: 'Contract',
    kind: c.kind,
    date: c.date,
    title: `Tenancy ${at(c)} ends`,
    propertyId: c.property_id,
    source: { kind: 'contract', id: c.id },
  }),
});
