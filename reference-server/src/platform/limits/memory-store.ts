// In-process store for a single server process (no REDIS_URL): the same algorithm as the Lua script.
import type { Clock } from '../clock';
import type { WindowSpec } from './policy';
import type { LimitDecision, RateLimitStore, WindowState } from './store';

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windows: readonly WindowSpec[]): Promise<LimitDecision> {
    const nowMs = this.clock.now().getTime();
    const logs = windows.map((spec) => {
      const logKey = `${key}:${spec.windowMs}`;
      let log = this.logs.get(logKey);
      if (!log) this.logs.set(logKey, (log = []));
      // Entries at or before now - window have left the window.
      let drop = 0;
      while (drop < log.length && log[drop] <= nowMs - spec.windowMs) drop += 1;
      if (drop > 0) log.splice(0, drop);
      return { spec, log };
    });
    for (const { spec, log } of logs) {
      if (log.length >= spec.limit) {
        // The slot frees when the entry that keeps the count at the limit leaves the window.
        const retryAtMs = log[log.length - spec.limit] + spec.windowMs;
        return { allowed: false, nowMs, windows: logs.map(toState), blocked: { spec, retryAtMs } };
      }
    }
    for (const { log } of logs) log.push(nowMs);
    return { allowed: true, nowMs, windows: logs.map(toState) };
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}

const toState = ({ spec, log }: { spec: WindowSpec; log: number[] }): WindowState => ({
  spec,
  count: log.length,
  oldestMs: log.length > 0 ? log[0] : null,
});
