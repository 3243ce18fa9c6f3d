import type { Certificate } from './certificate';
import { TenantModel } from './tenant-model';

export class Property extends TenantModel {
  static override tableName = 'properties';
  static override softDeletable = true;
  short_name!: string;
  address_line1!: string;
  address_line2!: string | null;
  city!: string;
  postcode!: string;
  property_type!: string;
  bedrooms!: number;
  bathrooms!: number;
  maintenance!: boolean;
  licence_required!: boolean;
  image_key!: string | null;
  image_size_bytes!: number | null;
  gsc_renewal!: string | null;
  eicr_renewal!: string | null;
  epc_renewal!: string | null;
  landlord_licence_renewal!: string | null;
  /** Kept by the database: the property holds a live certificate of the type. */
  held_gsc!: boolean;
  held_eicr!: boolean;
  held_epc!: boolean;
  held_landlord_licence!: boolean;
  /** Kept by the database: the expiry of the property's latest live certificate of the type, null when none. */
  latest_expiry_gsc!: string | null;
  latest_expiry_eicr!: string | null;
  latest_expiry_epc!: string | null;
  latest_expiry_landlord_licence!: string | null;
  /** Kept by the database: the rating and score of the property's latest live EPC. */
  latest_epc_rating!: string | null;
  latest_epc_score!: number | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}

/** The property column the database keeps true while the property holds a live certificate of the type. */
export const HELD_COLUMN_OF = {
  GSC: 'held_gsc', EICR: 'held_eicr', EPC: 'held_epc', LANDLORD_LICENCE: 'held_landlord_licence',
} as const satisfies Record<Certificate['type'], keyof Property>;

/** The property column the database keeps equal to the expiry of its latest live certificate of the type. */
export const LATEST_EXPIRY_COLUMN_OF = {
  GSC: 'latest_expiry_gsc', EICR: 'latest_expiry_eicr', EPC: 'latest_expiry_epc', LANDLORD_LICENCE: 'latest_expiry_landlord_licence',
} as const satisfies Record<Certificate['type'], keyof Property>;
