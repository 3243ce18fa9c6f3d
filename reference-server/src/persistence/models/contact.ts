import { LandlordScopedModel } from './landlord-scoped-model';

/** A business contact: contractor, agent, service. */
export class Contact extends LandlordScopedModel {
  static override tableName = 'contacts';
  static override softDeletable = true;
  name!: string;
  company!: string | null;
  email!: string | null;
  mobile!: string | null;
  phone!: string | null;
  categories!: string[];
  notes!: string | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
