// Inspection dates (type Inspection); cancelled inspections are not on the calendar.
import { Inspection } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn, propertyState } from '../model';

interface Row {
  id: string;
  kind: string;
  property_id: string;
  inspection_type: string;
  date: string;
  status: string;
  property_short_name: string;
}

const label = (type: string): string => {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const inspectionsSource = calendarSource<Row>({
  name: 'inspections',
  type: 'Inspection',
  rows(source) {
    const { scope, window, propertyId } = source;
    const query = Inspection.scoped(scope)
      .join('properties', 'properties.id', 'inspections.property_id')
      .modify(propertyState(source))
      .whereNot('inspections.status', 'cancelled')
      .whereBetween('inspections.inspection_date', [window.from, window.to])
      .select(
        'inspections.id',
        'inspections.property_id',
        'inspections.inspection_type',
        'inspections.inspection_date as date',
        'inspections.status',
        'inspections.calendar_event_id as event_id',
        'properties.short_name as property_short_name',
        kindColumn(scope.db as Knex, 'inspection'),
      );
    if (propertyId) query.where('inspections.property_id', propertyId);
    return query.toKnexQuery();
  },
  storedEventId: true,
  counted: { kinds: ['calendar.inspection'], joinsProperty: true },
  event: (i) => ({
    type: 'Inspection',
    kind: i.kind,
    date: i.date,
    title: `${label(i.inspection_type)} inspection at ${i.property_short_name} (${i.status})`,
    propertyId: i.property_id,
    source: { kind: 'inspection', id: i.id },
  }),
});
