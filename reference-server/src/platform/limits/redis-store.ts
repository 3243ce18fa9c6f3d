// Redis store: one Lua script checks and records all windows atomically, so several server processes sharing
// one Redis never admit more than the limit. Time comes from Redis itself, so the processes' clocks don't matter.
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import { failFastRedis } from '../redis-client';
import type { WindowSpec } from './policy';
import { RateLimitStoreUnavailable, type LimitDecision, type RateLimitStore } from './store';

// KEYS: one sorted set per window, then optionally one key to read along. ARGV: member suffix, then (windowMs,
// limit) per window. Returns { allowed, nowMs, blockedIndex, retryAtMs, count1, oldest1, ..., readAlong? }: the
// read-along value last (false: no such key), so a cached read costs one round trip, not two.
const SLIDING_LOG = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = (#ARGV - 1) / 2
local along = #KEYS > n and redis.call('GET', KEYS[n + 1]) or nil
local counts, oldest = {}, {}
for i = 1, n do
  local win = tonumber(ARGV[2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - win)
  counts[i] = redis.call('ZCARD', KEYS[i])
end
for i = 1, n do
  local win, limit = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  if counts[i] >= limit then
    local entry = redis.call('ZRANGE', KEYS[i], counts[i] - limit, counts[i] - limit, 'WITHSCORES')
    local out = { 0, now, i, tonumber(entry[2]) + win }
    for j = 1, n do
      local first = redis.call('ZRANGE', KEYS[j], 0, 0, 'WITHSCORES')
      table.insert(out, counts[j]); table.insert(out, first[2] and tonumber(first[2]) or -1)
    end
    if #KEYS > n then table.insert(out, along or '') end
    return out
  end
end
local out = { 1, now, 0, 0 }
for i = 1, n do
  local win = tonumber(ARGV[2 * i])
  redis.call('ZADD', KEYS[i], now, now .. '-' .. ARGV[1])
  redis.call('PEXPIRE', KEYS[i], win)
  local first = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  table.insert(out, counts[i] + 1); table.insert(out, tonumber(first[2]))
end
if #KEYS > n then table.insert(out, along or '') end
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

  constructor(url: string, private readonly prefix = 'ppapi:rl:') {
    // Fail fast instead of queueing: the limiter fails closed with 503 RATE_LIMIT_UNAVAILABLE when Redis is down.
    this.redis = failFastRedis(url);
    this.redis.defineCommand('slidingLog', { lua: SLIDING_LOG });
  }

  async connect(): Promise<void> {
    await this.redis.connect().catch(() => undefined);
  }

  async hit(key: string, windows: readonly WindowSpec[], readAlong?: string): Promise<LimitDecision> {
    const keys = windows.map((w) => `${this.prefix}${key}:${w.windowMs}`);
    if (readAlong !== undefined) keys.push(readAlong);
    const args = windows.flatMap((w) => [w.windowMs, w.limit]);
    let reply: SlidingLogReply;
    try {
      reply = await this.send([keys.length, ...keys, this.nextMember(), ...args]);
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
