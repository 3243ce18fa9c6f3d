// Property rows → the API shape (list items and detail are identical).
import type { Certificate, Property } from '../../persistence/models';
import { complianceItem, type ComplianceItem, type ItemCode } from '../compliance/severity';
import type { CurrentContract, PropertyStatus } from './repository';

export interface PropertyView {
  id: string;
  address: string;
  shortName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  status: PropertyStatus;
  rentAmount: number;
  tenantName: string;
  compliance: { items: ComplianceItem[] };
  image?: string;
  gscRenewal: string | null;
  eicrRenewal: string | null;
  epcRenewal: string | null;
  landlordLicenceRenewal: string | null;
}

export const fullAddress = (p: Pick<Property, 'address_line1' | 'address_line2' | 'city' | 'postcode'>): string =>
  [p.address_line1, p.address_line2, p.city, p.postcode].filter((part) => part && part.length > 0).join(', ');

const RENEWAL_OF: Record<ItemCode, keyof Pick<Property, 'gsc_renewal' | 'eicr_renewal' | 'epc_renewal' | 'landlord_licence_renewal'>> = {
  GAS_SAFETY: 'gsc_renewal', EICR: 'eicr_renewal', EPC: 'epc_renewal', LANDLORD_LICENCE: 'landlord_licence_renewal',
};
const CERT_OF: Record<ItemCode, Certificate['type']> = { GAS_SAFETY: 'GSC', EICR: 'EICR', EPC: 'EPC', LANDLORD_LICENCE: 'LANDLORD_LICENCE' };

export function complianceItems(p: Property, certificates: Map<Certificate['type'], Certificate> | undefined, today: string): ComplianceItem[] {
  const codes: ItemCode[] = ['GAS_SAFETY', 'EICR', 'EPC', ...(p.licence_required ? (['LANDLORD_LICENCE'] as const) : [])];
  return codes.map((code) =>
    complianceItem({ code, required: true, certificateExpiry: certificates?.get(CERT_OF[code])?.expiry_date ?? null, renewalDate: p[RENEWAL_OF[code]] }, today),
  );
}

export interface PresentOptions {
  readonly today: string;
  readonly current?: CurrentContract;
  readonly certificates?: Map<Certificate['type'], Certificate>;
  readonly imageUrl?: (key: string) => string;
}

export function statusOf(p: Property, current: CurrentContract | undefined): PropertyStatus {
  if (p.maintenance) return 'Maintenance';
  return current ? 'Occupied' : 'Vacant';
}

export function presentProperty(p: Property, options: PresentOptions): PropertyView {
  const view: PropertyView = {
    id: p.id,
    address: fullAddress(p),
    shortName: p.short_name,
    addressLine1: p.address_line1,
    addressLine2: p.address_line2,
    city: p.city,
    postcode: p.postcode,
    propertyType: p.property_type,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    status: statusOf(p, options.current),
    rentAmount: options.current ? Number(options.current.rent_amount) : 0,
    tenantName: options.current ? `${options.current.first_name} ${options.current.last_name}` : '',
    compliance: { items: complianceItems(p, options.certificates, options.today) },
    gscRenewal: p.gsc_renewal,
    eicrRenewal: p.eicr_renewal,
    epcRenewal: p.epc_renewal,
    landlordLicenceRenewal: p.landlord_licence_renewal,
  };
  if (p.image_key && options.imageUrl) view.image = options.imageUrl(p.image_key);
  return view;
}
