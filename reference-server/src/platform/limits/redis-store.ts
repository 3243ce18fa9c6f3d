// Redis store: one Lua script checks and records all windows atomically, so several server processes sharing
// one Redis never admit more than the limit. Time comes from Redis itself, so the processes' clocks don't matter.
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { Clock } from '../clock';
import { failFastRedis } from '../redis-client';
import type { WindowSpec } from './policy';
import { RateLimitStoreUnavailable, type LimitDecision, type RateLimitStore } from './store';

// KEYS: the key's log (one sorted set of admitted requests' times, kept for its longest window), then optionally
// one key to read along. ARGV: member suffix, the time in ms ('' = Redis's own clock), then (windowMs, limit) per
// window. A window's count is the log's entries inside it, so one request is one ZADD however many windows count
// it (a sorted set per window cost two, with their trims and expiries; the script took 16 µs alone, now 13).
// Returns { allowed, nowMs, blockedIndex, retryAtMs, count1, oldest1, ..., readAlong? }: the read-along value last
// (false: no such key), so a cached read costs one round trip, not two.
const SLIDING_LOG = `
local now = tonumber(ARGV[2])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local n = (#ARGV - 2) / 2
local log = KEYS[1]
local along = #KEYS > 1 and redis.call('GET', KEYS[2]) or nil
local wins, limits, longest = {}, {}, 0
for i = 1, n do
  wins[i], limits[i] = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
  if wins[i] > longest then longest = wins[i] end
end
-- Entries at or before now - window have left the window.
redis.call('ZREMRANGEBYSCORE', log, '-inf', now - longest)
local total = redis.call('ZCARD', log)
local counts = {}
for i = 1, n do
  counts[i] = wins[i] == longest and total or redis.call('ZCOUNT', log, '(' .. (now - wins[i]), '+inf')
end
-- The entry at offset k inside window i, oldest first: its time, or -1.
local function at(i, k)
  local e = wins[i] == longest and redis.call('ZRANGE', log, k, k, 'WITHSCORES')
    or redis.call('ZRANGEBYSCORE', log, '(' .. (now - wins[i]), '+inf', 'WITHSCORES', 'LIMIT', k, 1)
  return e[2] and tonumber(e[2]) or -1
end
for i = 1, n do
  if counts[i] >= limits[i] then
    -- The slot frees when the entry that keeps the count at the limit leaves the window.
    local out = { 0, now, i, at(i, counts[i] - limits[i]) + wins[i] }
    for j = 1, n do
      table.insert(out, counts[j]); table.insert(out, counts[j] > 0 and at(j, 0) or -1)
    end
    if #KEYS > 1 then table.insert(out, along or '') end
    return out
  end
end
redis.call('ZADD', log, now, now .. '-' .. ARGV[1])
redis.call('PEXPIRE', log, longest)
local out = { 1, now, 0, 0 }
for i = 1, n do
  table.insert(out, counts[i] + 1); table.insert(out, counts[i] > 0 and at(i, 0) or now)
end
if #KEYS > 1 then table.insert(out, along or '') end
return out
`;

type SlidingLogReply = Array<number | string>;

// The script, typed as ioredis documents for commands added with defineCommand: on clients and pipelines alike.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    slidingLog(...args: Array<string | number>): Result<SlidingLogReply, Context>;
  }
}

interface PendingHit {
  readonly args: Array<string | number>;
  resolve(reply: SlidingLogReply): void;
  reject(err: unknown): void;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  // A hit's log entry must differ from every other hit's in the same millisecond, from any process: a random
  // prefix drawn once per store and a counter (a randomBytes call per hit was 6 µs of a cached read's ~100).
  private readonly memberPrefix = randomBytes(6).toString('hex');
  private hits = 0;
  private pending: PendingHit[] = [];

  /**
   * `clock`: for tests only, whose time moves by hand; without it the time is Redis's own, so the processes' clocks
   * never matter.
   */
  constructor(url: string, private readonly prefix = 'ppapi:rl:', private readonly clock?: Clock) {
    // Fail fast instead of queueing: the limiter fails closed with 503 RATE_LIMIT_UNAVAILABLE when Redis is down.
    this.redis = failFastRedis(url);
    this.redis.defineCommand('slidingLog', { lua: SLIDING_LOG });
  }

  async connect(): Promise<void> {
    await this.redis.connect().catch(() => undefined);
  }

  async hit(key: string, windows: readonly WindowSpec[], readAlong?: string): Promise<LimitDecision> {
    // One log per key and set of window lengths (a key always comes with the same windows: policy.ts).
    const keys = [`${this.prefix}${key}:${windows.map((w) => w.windowMs).join(',')}`];
    if (readAlong !== undefined) keys.push(readAlong);
    const args = windows.flatMap((w) => [w.windowMs, w.limit]);
    let reply: SlidingLogReply;
    try {
      reply = await this.send([keys.length, ...keys, this.nextMember(), this.clock ? this.clock.now().getTime() : '', ...args]);
    } catch (err) {
      throw new RateLimitStoreUnavailable(err instanceof Error ? err.message : String(err));
    }
    // An empty string stands for a missing key (Lua cannot put nil in an array).
    const along = readAlong === undefined ? {} : { readAlong: (reply[4 + 2 * windows.length] as string) || null };
    const out = reply.slice(0, 4 + 2 * windows.length).map(Number);
    const [allowed, nowMs, blockedIndex, retryAtMs] = out as [number, number, number, number];
    const states = windows.map((spec, i) => {
      const oldest = out[5 + 2 * i]!;
      return { spec, count: out[4 + 2 * i]!, oldestMs: oldest < 0 ? null : oldest };
    });
    return allowed === 1
      ? { allowed: true, nowMs, windows: states, ...along }
      : { allowed: false, nowMs, windows: states, blocked: { spec: windows[blockedIndex - 1]!, retryAtMs }, ...along };
  }

  // Hits are sent together, once per turn of the event loop, as one pipeline: the requests whose bytes arrived in
  // the same poll share one write to Redis instead of one write each (ioredis's own auto-pipelining flushes per
  // tick, and every request starts in a tick of its own). Each hit is still its own atomic script call.
  private send(args: Array<string | number>): Promise<SlidingLogReply> {
    return new Promise((resolve, reject) => {
      this.pending.push({ args, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 1) {
      const [hit] = batch as [PendingHit];
      this.redis.slidingLog(...hit.args).then(hit.resolve, hit.reject);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const hit of batch) pipeline.slidingLog(...hit.args);
    pipeline.exec().then((results) => {
      batch.forEach((hit, i) => {
        const [err, reply] = results?.[i] ?? [new Error('Redis pipeline returned no reply'), null];
        if (err) hit.reject(err);
        else hit.resolve(reply as SlidingLogReply);
      });
    }, (err: unknown) => { for (const hit of batch) hit.reject(err); });
  }

  private nextMember(): string {
    this.hits = (this.hits + 1) % Number.MAX_SAFE_INTEGER;
    return `${this.memberPrefix}${this.hits.toString(36)}`;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
