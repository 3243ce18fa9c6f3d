// Right-to-rent expiries (type Tenant). The event carries the tenant's own property assignment, if any and
// not deleted: it is about the tenant's record, not about who occupies the property.
import { Tenant } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn } from '../model';

interface Row {
  id: string;
  kind: string;
  first_name: string;
  last_name: string;
  date: string;
  live_property_id: string | null;
}

export const tenantsSource = calendarSource<Row>({
  name: 'tenants',
  type: 'Tenant',
  rows({ scope, window, propertyId }) {
    const query = Tenant.scoped(scope)
      .leftJoin('properties', (j) =>
        j.on('properties.id', '=', 'tenants.property_id').andOnNull('properties.deleted_at'),
      )
      .whereBetween('tenants.right_to_rent_expiry', [window.from, window.to])
      .select(
        'tenants.id',
        'tenants.first_name',
        'tenants.last_name',
        'tenants.right_to_rent_expiry as date',
        'tenants.calendar_event_id as event_id',
        'properties.id as live_property_id',
        kindColumn(scope.db as Knex, 'right_to_rent_expiry'),
      );
    if (propertyId) query.where('properties.id', propertyId);
    return query.toKnexQuery();
  },
  storedEventId: true,
  // Counted whatever the tenant's property: the event does not depend on it.
  counted: { kinds: ['calendar.right_to_rent'], joinsProperty: false },
  event: (t) => ({
    type: 'Tenant',
    kind: t.kind,
    date: t.date,
    title: `Right to rent check expires: ${t.first_name} ${t.last_name}`,
    propertyId: t.live_property_id,
    source: { kind: 'tenant', id: t.id },
  }),
});
