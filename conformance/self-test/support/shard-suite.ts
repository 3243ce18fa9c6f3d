// One self-test shard: the checks the registry puts in shard n (support/shards.ts), each run by the harness its
// faults module names (support/fault-registry.ts). The harnesses run one after another, so a shard holds one
// reference server at a time (two with the production one of the HTTPS check).
import type { ReceiverCheck } from '../../src/receiver-tester';
import { isTargetCheck, type Check } from '../../src/runner/check';
import { SELF_TESTS, type Harness } from './fault-registry';
import { describeFreshServerSelfTests } from './fresh-suite';
import { describeReceiverSelfTests } from './receiver-tester-suite';
import { shardOf } from './shards';
import { describeCheckSelfTests } from './suite';
import { describeWebhookSelfTests } from './webhook-suite';

/** The checks of shard n that `harness` runs. */
export function checksOfShard(n: number, harness: Harness): Check<unknown>[] {
  return SELF_TESTS.tests
    .filter((t) => t.harness === harness && shardOf(t.check.id, t.harness) === n)
    .map((t) => t.check);
}

export function describeShard(n: number): void {
  const reference = checksOfShard(n, 'reference').filter(isTargetCheck);
  const fresh = checksOfShard(n, 'fresh').filter(isTargetCheck);
  const webhook = checksOfShard(n, 'webhook').filter(isTargetCheck);
  const receiver = checksOfShard(n, 'receiver-tester').filter(
    (c): c is ReceiverCheck => c.context === 'receiver-tester',
  );
  if (reference.length > 0) describeCheckSelfTests(`Shard ${n}: checks against the shared reference server`, reference);
  if (fresh.length > 0)
    describeFreshServerSelfTests(
      `Shard ${n}: checks at the spec's default landlord limits (a fresh server per run)`,
      fresh,
    );
  if (webhook.length > 0) describeWebhookSelfTests(`Shard ${n}: webhook checks`, webhook);
  if (receiver.length > 0)
    describeReceiverSelfTests(`Shard ${n}: receiver checks (a mock receiver, then faulty ones)`, receiver);
}
