// Property document expiries (type Property): documents attached to a property with an expiry date.
import { PropertyDocument } from '../../../persistence/models';
import type { Knex } from 'knex';
import { calendarSource, kindColumn, propertyState } from '../model';

interface Row {
  id: string;
  kind: string;
  property_id: string;
  name: string;
  date: string;
  property_short_name: string;
}

export const propertyDocumentsSource = calendarSource<Row>({
  name: 'property-documents',
  type: 'Property',
  rows(source) {
    const { scope, window, propertyId } = source;
    const query = PropertyDocument.scoped(scope)
      .join('properties', 'properties.id', 'property_documents.property_id')
      .modify(propertyState(source))
      .whereBetween('property_documents.expiry_date', [window.from, window.to])
      .select(
        'property_documents.id',
        'property_documents.property_id',
        'property_documents.name',
        'property_documents.expiry_date as date',
        'property_documents.calendar_event_id as event_id',
        'properties.short_name as property_short_name',
        kindColumn(scope.db as Knex, 'document_expiry'),
      );
    if (propertyId) query.where('property_documents.property_id', propertyId);
    return query.toKnexQuery();
  },
  storedEventId: true,
  counted: { kinds: ['calendar.document_expiry'], joinsProperty: true },
  event: (d) => ({
    type: 'Property',
    kind: d.kind,
    date: d.date,
    title: `Document "${d.name}" expires at ${d.property_short_name}`,
    propertyId: d.property_id,
    source: { kind: 'property_document', id: d.id },
  }),
});
