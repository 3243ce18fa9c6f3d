// Contract start and end dates (type Contract), for contracts whose property is not deleted.
import { Contract } from '../../../persistence/models';
import { makeEvent, type CalendarEvent, type CalendarSource } from '../model';

type Row = Contract & { property_short_name: string };

export const contractsSource: CalendarSource = {
  name: 'contracts',
  types: ['Contract'],
  async load({ scope, window, propertyId }) {
    const query = Contract.scoped(scope)
      .join('properties', 'properties.id', 'contracts.property_id')
      .whereNull('properties.deleted_at')
      .where((q) => q.whereBetween('contracts.start_date', [window.from, window.to]).orWhereBetween('contracts.end_date', [window.from, window.to]))
      .select('contracts.id', 'contracts.property_id', 'contracts.tenancy_reference', 'contracts.start_date', 'contracts.end_date', 'properties.short_name as property_short_name');
    if (propertyId) query.where('contracts.property_id', propertyId);
    const events: CalendarEvent[] = [];
    for (const c of (await query.toKnexQuery()) as Row[]) {
      const at = `${c.tenancy_reference} at ${c.property_short_name}`;
      const source = { kind: 'contract', id: c.id };
      if (c.start_date >= window.from && c.start_date <= window.to) {
        events.push(makeEvent({ type: 'Contract', kind: 'contract_start', date: c.start_date, title: `Tenancy ${at} starts`, propertyId: c.property_id, source }));
      }
      if (c.end_date !== null && c.end_date >= window.from && c.end_date <= window.to) {
        events.push(makeEvent({ type: 'Contract', kind: 'contract_end', date: c.end_date, title: `Tenancy ${at} ends`, propertyId: c.property_id, source }));
      }
    }
    return events;
  },
};
