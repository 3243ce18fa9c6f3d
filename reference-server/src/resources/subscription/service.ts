// The subscription summary: plan and status from the landlord account, property usage against the plan's
// limit, storage usage against the plan's quota (the storage module's own count, so the figure is the one
// uploads are checked against), and the next billing date when there is one. Read-only and derived: no field table.
import { Landlord, liveCount, type Scope } from '../../persistence/models';
import { notFound } from '../../platform/errors/api-error';
import { STORAGE_QUOTA_BYTES, storageUsedBytes } from '../../storage/quota';

export interface SubscriptionView {
  plan: Landlord['plan'];
  status: Landlord['subscription_status'];
  propertyLimit: number | null;
  propertyCount: number;
  storage: { usedBytes: number; quotaBytes: number };
  nextBillingDate: string | null;
}

export async function summary(scope: Scope): Promise<SubscriptionView> {
  const landlord = await Landlord.query(scope.db).findById(scope.landlordId);
  if (!landlord) throw notFound('Subscription');
  const [propertyCount, usedBytes] = await Promise.all([liveCount(scope, 'properties'), storageUsedBytes(scope)]);
  return {
    plan: landlord.plan,
    status: landlord.subscription_status,
    propertyLimit: landlord.property_limit,
    propertyCount,
    storage: { usedBytes, quotaBytes: landlord.plan ? STORAGE_QUOTA_BYTES[landlord.plan] : 0 },
    // A cancelled or absent subscription has nothing to bill.
    nextBillingDate: landlord.subscription_status === 'active' ? landlord.next_billing_date : null,
  };
}
