import { LandlordScopedModel } from './landlord-scoped-model';

export class WebhookSubscription extends LandlordScopedModel {
  static override tableName = 'webhook_subscriptions';
  static override softDeletable = true;
  url!: string;
  events!: string[];
  secret!: string;
  description!: string | null;
  active!: boolean;
  created_at!: Date;
  deleted_at!: Date | null;
}
