import { LandlordScopedModel } from './landlord-scoped-model';

export class Meter extends LandlordScopedModel {
  static override tableName = 'meters';
  property_id!: string;
  utility_type!: string;
  location_description!: string | null;
  unit!: string;
  mpan!: string | null;
  mprn!: string | null;
  serial_number!: string | null;
  tariff_structure!: string | null;
  payment_mode!: string | null;
  removed_date!: string | null;
}
