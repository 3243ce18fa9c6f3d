// Maintenance issue due dates (type Task). Issues without a due date have no place on a calendar.
import { MaintenanceIssue } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn, propertyState } from '../model';

interface Row {
  id: string;
  kind: string;
  property_id: string;
  title: string;
  priority: string;
  status: string;
  date: string;
  property_short_name: string;
}

export const maintenanceSource = calendarSource<Row>({
  name: 'maintenance',
  type: 'Task',
  rows(source) {
    const { scope, window, propertyId } = source;
    const query = MaintenanceIssue.scoped(scope)
      .join('properties', 'properties.id', 'maintenance_issues.property_id')
      .modify(propertyState(source))
      .whereBetween('maintenance_issues.due_date', [window.from, window.to])
      .select(
        'maintenance_issues.id',
        'maintenance_issues.property_id',
        'maintenance_issues.title',
        'maintenance_issues.priority',
        'maintenance_issues.status',
        'maintenance_issues.due_date as date',
        'maintenance_issues.calendar_event_id as event_id',
        'properties.short_name as property_short_name',
        kindColumn(scope.db as Knex, 'maintenance_due'),
      );
    if (propertyId) query.where('maintenance_issues.property_id', propertyId);
    return query.toKnexQuery();
  },
  storedEventId: true,
  counted: { kinds: ['calendar.maintenance'], joinsProperty: true },
  event: (m) => ({
    type: 'Task',
    kind: m.kind,
    date: m.date,
    title: `${m.title} at ${m.property_short_name} (${m.priority}, ${m.status})`,
    propertyId: m.property_id,
    source: { kind: 'maintenance_issue', id: m.id },
  }),
});
