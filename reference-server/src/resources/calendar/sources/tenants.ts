// Right-to-rent expiries (type Tenant). The event carries the tenant's own property assignment, if any and
// not deleted: it is about the tenant's record, not about who occupies the property.
import { Tenant } from '../../../persistence/models';
import { makeEvent, type CalendarSource } from '../model';

type Row = Tenant & { right_to_rent_expiry: string; live_property_id: string | null };

export const tenantsSource: CalendarSource = {
  name: 'tenants',
  types: ['Tenant'],
  async load({ scope, window, propertyId }) {
    const query = Tenant.scoped(scope)
      .leftJoin('properties', (j) => j.on('properties.id', '=', 'tenants.property_id').andOnNull('properties.deleted_at'))
      .whereBetween('tenants.right_to_rent_expiry', [window.from, window.to])
      .select('tenants.id', 'tenants.first_name', 'tenants.last_name', 'tenants.right_to_rent_expiry', 'properties.id as live_property_id');
    if (propertyId) query.where('properties.id', propertyId);
    return ((await query.toKnexQuery()) as Row[]).map((t) => makeEvent({
      type: 'Tenant', kind: 'right_to_rent_expiry', date: t.right_to_rent_expiry,
      title: `Right to rent check expires: ${t.first_name} ${t.last_name}`,
      propertyId: t.live_property_id, source: { kind: 'tenant', id: t.id },
    }));
  },
};
