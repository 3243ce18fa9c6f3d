// The self-test shards: a fixed set of jest files (self-test/checks/shard-<n>.test.ts), each running the checks
// the registry puts in it, so every registered check's self-tests run in exactly one file. A check's shard is a
// hash of its id (adding a check moves no other); webhook checks have shards of their own (their reference
// server runs with short retry delays, and their runs wait on real-time deliveries).
import type { Harness } from './fault-registry';

export const REFERENCE_SHARDS = 10;
export const WEBHOOK_SHARDS = 2;
/** Receiver checks need no reference server: one shard, a mock receiver and the faulty ones. */
export const RECEIVER_SHARDS = 1;
export const SHARD_COUNT = REFERENCE_SHARDS + WEBHOOK_SHARDS + RECEIVER_SHARDS;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** 1-based shard number of a check. */
export function shardOf(checkId: string, harness: Harness): number {
  if (harness === 'receiver-tester') return REFERENCE_SHARDS + WEBHOOK_SHARDS + 1 + (fnv1a(checkId) % RECEIVER_SHARDS);
  if (harness === 'webhook') return REFERENCE_SHARDS + 1 + (fnv1a(checkId) % WEBHOOK_SHARDS);
  return 1 + (fnv1a(checkId) % REFERENCE_SHARDS);
}

/** The exact text of shard file n (the completeness test holds the files to it). */
export function shardFileText(n: number): string {
  return `// Generated from the registry (support/shards.ts): the self-tests of the checks in shard ${n}.\nimport { describeShard } from '../support/shard-suite';\n\ndescribeShard(${n});\n`;
}
