import { LandlordScopedModel } from './landlord-scoped-model';

export type IssueStatus = 'Open' | 'In_Progress' | 'Resolved' | 'Closed';
export type IssuePriority = 'Low' | 'Medium' | 'High' | 'Urgent';

export class MaintenanceIssue extends LandlordScopedModel {
  static override tableName = 'maintenance_issues';
  static override softDeletable = true;
  property_id!: string;
  title!: string;
  description!: string;
  priority!: IssuePriority;
  status!: IssueStatus;
  category!: string | null;
  assigned_contact_id!: string | null;
  due_date!: string | null;
  resolved_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}

export class MaintenanceIssueNote extends LandlordScopedModel {
  static override tableName = 'maintenance_issue_notes';
  issue_id!: string;
  text!: string;
  author_name!: string;
  created_at!: Date;
}
