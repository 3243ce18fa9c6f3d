// Retry timing: after a failed attempt n, the next one waits delays[n-1] seconds, jittered in proportion
// (±jitter of the delay), so many deliveries that failed together do not all come back at the same instant.
export interface RetryPolicy {
  /** Seconds between attempts (WEBHOOK_RETRY_DELAYS, default 900,3600). */
  readonly delaysSeconds: readonly number[];
  /** Fraction of a delay (0.1 = ±10 %). */
  readonly jitter: number;
  /** Uniform in [0, 1): Math.random in production, seeded in tests. */
  readonly random: () => number;
}

/** Attempts in total: the first plus one per retry delay (3 by default, as the spec says). */
export const maxAttemptsOf = (policy: Pick<RetryPolicy, 'delaysSeconds'>): number => policy.delaysSeconds.length + 1;

/** Milliseconds to wait after failed attempt `attempt` (1-based), or null when it was the last one. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number | null {
  const base = policy.delaysSeconds[attempt - 1];
  if (base === undefined) return null;
  const factor = 1 + policy.jitter * (2 * policy.random() - 1);
  return Math.round(base * 1000 * factor);
}

/** A small seeded generator (mulberry32) for reproducible jitter in tests and benchmarks. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
