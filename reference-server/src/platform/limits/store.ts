// A sliding-log limiter: each window keeps the timestamps of the requests it admitted. A request is admitted
// only when every window has room, and then it is recorded in all of them; both happen atomically.
import type { WindowSpec } from './policy';

export interface WindowState {
  readonly spec: WindowSpec;
  /** Requests counted in the window after this decision. */
  readonly count: number;
  /** Timestamp (ms) of the oldest request still counted, or null when none. */
  readonly oldestMs: number | null;
}

export interface LimitDecision {
  readonly allowed: boolean;
  readonly nowMs: number;
  readonly windows: readonly WindowState[];
  /** When refused: the window that refused and when a slot frees in it. */
  readonly blocked?: { readonly spec: WindowSpec; readonly retryAtMs: number };
  /**
   * The values of the `readAlong` keys, in their order, read in the same round trip (null: no such key); absent
   * when the store does not read along (in-process stores: the reader asks its own store, which costs no round trip).
   */
  readonly readAlong?: ReadonlyArray<string | null>;
}

export interface RateLimitStore {
  /**
   * Admits and records one request under `key`, or refuses it; throws when the store cannot be reached.
   * `readAlong`: keys of the same store to read in the same round trip (the landlord's version counters, which
   * hold numbers: landlord-versions.ts).
   */
  hit(key: string, windows: readonly WindowSpec[], readAlong?: readonly string[]): Promise<LimitDecision>;
  close(): Promise<void>;
}

export class RateLimitStoreUnavailable extends Error {}
