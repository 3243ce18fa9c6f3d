// Property document expiries (type Property): documents attached to a property with an expiry date.
import { PropertyDocument } from '../../../persistence/models';
import { makeEvent, type CalendarSource } from '../model';

type Row = PropertyDocument & { expiry_date: string; property_short_name: string };

export const propertyDocumentsSource: CalendarSource = {
  name: 'property-documents',
  types: ['Property'],
  async load({ scope, window, propertyId }) {
    const query = PropertyDocument.scoped(scope)
      .join('properties', 'properties.id', 'property_documents.property_id')
      .whereNull('properties.deleted_at')
      .whereBetween('property_documents.expiry_date', [window.from, window.to])
      .select('property_documents.id', 'property_documents.property_id', 'property_documents.name', 'property_documents.expiry_date', 'properties.short_name as property_short_name');
    if (propertyId) query.where('property_documents.property_id', propertyId);
    return ((await query.toKnexQuery()) as Row[]).map((d) => makeEvent({
      type: 'Property', kind: 'document_expiry', date: d.expiry_date,
      title: `Document "${d.name}" expires at ${d.property_short_name}`,
      propertyId: d.property_id, source: { kind: 'property_document', id: d.id },
    }));
  },
};
