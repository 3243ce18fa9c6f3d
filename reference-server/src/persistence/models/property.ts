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
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
