import { LandlordScopedModel } from './landlord-scoped-model';

export class TeamMember extends LandlordScopedModel {
  static override tableName = 'team_members';
  static override softDeletable = true;
  name!: string;
  email!: string;
  role!: string;
  status!: string;
  is_owner!: boolean;
  created_at!: Date;
  deleted_at!: Date | null;
}
