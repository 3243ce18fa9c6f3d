// Property rows → the API shape (list items and detail are identical): the field table's presenter, given the
// derived fields, plus the compliance items and the image link.
import type { Certificate, Property } from '../../persistence/models';
import {
  CERTIFICATE_TYPE_OF,
  complianceItem,
  ITEM_CODES,
  itemApplies,
  RENEWAL_COLUMN_OF,
  type ComplianceItem,
} from '../compliance/severity';
import { propertyFields, type PropertyFieldsView } from './fields';
import type { PropertyPageRow, PropertyStatus } from './repository';

/** The table's view, plus the compliance items and the image link (present only when there is an image). */
export type PropertyView = PropertyFieldsView & { compliance: { items: ComplianceItem[] }; image?: string };

export const fullAddress = (p: Pick<Property, 'address_line1' | 'address_line2' | 'city' | 'postcode'>): string =>
  [p.address_line1, p.address_line2, p.city, p.postcode].filter((part) => part && part.length > 0).join(', ');

/** `expiryOf(type)`: the expiry date of the property's latest certificate of that type, if any. */
export function complianceItems(
  p: Pick<Property, 'licence_required' | 'gsc_renewal' | 'eicr_renewal' | 'epc_renewal' | 'landlord_licence_renewal'>,
  expiryOf: (type: Certificate['type']) => string | null | undefined,
  today: string,
): ComplianceItem[] {
  return ITEM_CODES.filter((code) => itemApplies(code, p.licence_required)).map((code) =>
    complianceItem(
      {
        code,
        required: true,
        certificateExpiry: expiryOf(CERTIFICATE_TYPE_OF[code]) ?? null,
        renewalDate: p[RENEWAL_COLUMN_OF[code]],
      },
      today,
    ),
  );
}

export interface PresentOptions {
  readonly today: string;
  readonly imageUrl?: (key: string) => string;
}

/** Occupied when a contract is in effect today (the row carries its tenant), unless under maintenance. */
export function statusOf(p: PropertyPageRow): PropertyStatus {
  if (p.maintenance) return 'Maintenance';
  return p.current_first_name !== null ? 'Occupied' : 'Vacant';
}

export function presentProperty(p: PropertyPageRow, options: PresentOptions): PropertyView {
  const occupied = p.current_first_name !== null;
  const view: PropertyView = {
    ...propertyFields.present(p, {
      address: fullAddress(p),
      status: statusOf(p),
      rentAmount: occupied ? Number(p.current_rent_amount) : 0,
      tenantName: occupied ? `${p.current_first_name} ${p.current_last_name}` : '',
    }),
    compliance: { items: complianceItems(p, (type) => p.certificate_expiries[type], options.today) },
  };
  if (p.image_key && options.imageUrl) view.image = options.imageUrl(p.image_key);
  return view;
}
