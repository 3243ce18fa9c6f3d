// X-RateLimit-* and Retry-After from a decision. The headers describe the window with the least room left
// (the minute window on a tie): Limit is its size, Remaining what is left, Reset (Unix seconds) when its
// oldest counted request leaves it and a slot frees.
import type { LimitDecision } from './store';

export function rateLimitHeaders(decision: LimitDecision): Record<string, string> {
  let chosen = decision.windows[0];
  for (const w of decision.windows) {
    if (w.spec.limit - w.count < chosen.spec.limit - chosen.count) chosen = w;
  }
  const resetMs = chosen.oldestMs === null ? decision.nowMs : chosen.oldestMs + chosen.spec.windowMs;
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(chosen.spec.limit),
    'x-ratelimit-remaining': String(Math.max(0, chosen.spec.limit - chosen.count)),
    'x-ratelimit-reset': String(Math.ceil(resetMs / 1000)),
  };
  if (decision.blocked) {
    headers['retry-after'] = String(Math.max(1, Math.ceil((decision.blocked.retryAtMs - decision.nowMs) / 1000)));
    headers['x-ratelimit-remaining'] = '0';
    headers['x-ratelimit-limit'] = String(decision.blocked.spec.limit);
    headers['x-ratelimit-reset'] = String(Math.ceil(decision.blocked.retryAtMs / 1000));
  }
  return headers;
}
