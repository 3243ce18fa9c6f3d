// Rent due dates (type Rent), whatever the payment's status, for properties that are not deleted.
import { RentPayment } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn, propertyState, money } from '../model';

interface Row {
  id: string;
  kind: string;
  property_id: string;
  amount: number | string;
  period: string;
  status: string;
  date: string;
  property_short_name: string;
}

export const rentSource = calendarSource<Row>({
  name: 'rent',
  type: 'Rent',
  rows(source) {
    const { scope, window, propertyId } = source;
    const query = RentPayment.scoped(scope)
      .join('properties', 'properties.id', 'rent_payments.property_id')
      .modify(propertyState(source))
      .whereBetween('rent_payments.due_date', [window.from, window.to])
      .select(
        'rent_payments.id',
        'rent_payments.property_id',
        'rent_payments.amount',
        'rent_payments.period',
        'rent_payments.status',
        'rent_payments.due_date as date',
        'rent_payments.calendar_event_id as event_id',
        'properties.short_name as property_short_name',
        kindColumn(scope.db as Knex, 'rent_due'),
      );
    if (propertyId) query.where('rent_payments.property_id', propertyId);
    return query.toKnexQuery();
  },
  storedEventId: true,
  counted: { kinds: ['calendar.rent'], joinsProperty: true },
  event: (r) => ({
    type: 'Rent',
    kind: r.kind,
    date: r.date,
    title: `Rent ${money(r.amount)} due for ${r.period} at ${r.property_short_name} (${r.status})`,
    propertyId: r.property_id,
    source: { kind: 'rent_payment', id: r.id },
  }),
});
