// Maintenance issue due dates (type Task). Issues without a due date have no place on a calendar.
import { MaintenanceIssue } from '../../../persistence/models';
import { makeEvent, type CalendarSource } from '../model';

type Row = MaintenanceIssue & { due_date: string; property_short_name: string };

export const maintenanceSource: CalendarSource = {
  name: 'maintenance',
  types: ['Task'],
  async load({ scope, window, propertyId }) {
    const query = MaintenanceIssue.scoped(scope)
      .join('properties', 'properties.id', 'maintenance_issues.property_id')
      .whereNull('properties.deleted_at')
      .whereBetween('maintenance_issues.due_date', [window.from, window.to])
      .select('maintenance_issues.id', 'maintenance_issues.property_id', 'maintenance_issues.title', 'maintenance_issues.priority', 'maintenance_issues.status', 'maintenance_issues.due_date', 'properties.short_name as property_short_name');
    if (propertyId) query.where('maintenance_issues.property_id', propertyId);
    return ((await query.toKnexQuery()) as Row[]).map((m) => makeEvent({
      type: 'Task', kind: 'maintenance_due', date: m.due_date,
      title: `${m.title} at ${m.property_short_name} (${m.priority}, ${m.status})`,
      propertyId: m.property_id, source: { kind: 'maintenance_issue', id: m.id },
    }));
  },
};
