// Redis store: a Lua script checks and records all of a hit's windows atomically, so several server processes
// sharing one Redis never admit more than the limit. Time comes from Redis itself, so the processes' clocks don't
// matter.
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { Clock } from '../clock';
import { failFastRedis } from '../redis-client';
import type { WindowSpec } from './policy';
import { RateLimitStoreUnavailable, type LimitDecision, type RateLimitStore } from './store';

// One script call decides a batch of hits, in the order given, each exactly as if it ran alone: its windows are
// checked and it is recorded in one step, and nothing else runs in between (a script is atomic). A batch is the
// hits that arrived in one turn of the event loop. One call for all of them instead of one each: the client builds,
// sends and decodes one command, not one per hit (`npm run bench -- --only limiter`, 50 callers: 10.5-10.9 to 4.9 µs
// of client CPU per check, with auto-pipelining off too); Redis's own work per hit is the script's and barely moves.
// Its keys need one Redis, not a cluster's slots, as the read-along keys already did.
//
// Per hit, KEYS: the key's log (one sorted set of admitted requests' times, kept for its longest window), then
// the keys to read along (none or more). ARGV: the number of keys (1 + those), a member suffix, the time in ms
// ('' = Redis's own clock), the number of windows, then (windowMs, limit) per window. A window's count is the log's
// entries inside it, so one request is one ZADD however many windows count it.
// Returns one string per hit, "allowed,nowMs,blockedIndex,retryAtMs,count1,oldest1,...[,along1,...]": the
// read-along values last ('' for no such key; they are version counters, so never hold a comma), so a request
// learns the landlord's versions in the limiter's round trip, not one of its own. Lua writes numbers with 14
// significant digits: times in ms stay exact until the year 5138.
const SLIDING_LOG = `
local clock
local results = {}
local k, a = 1, 1
while a <= #ARGV do
  local nkeys, suffix, n = tonumber(ARGV[a]), ARGV[a + 1], tonumber(ARGV[a + 3])
  local now = tonumber(ARGV[a + 2])
  if not now then
    if not clock then
      local t = redis.call('TIME')
      clock = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
    end
    now = clock
  end
  local log = KEYS[k]
  local wins, limits, longest = {}, {}, 0
  for i = 1, n do
    wins[i], limits[i] = tonumber(ARGV[a + 2 + 2 * i]), tonumber(ARGV[a + 3 + 2 * i])
    if wins[i] > longest then longest = wins[i] end
  end
  -- Entries at or before now - window have left the window.
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - longest)
  local total = redis.call('ZCARD', log)
  local counts = {}
  for i = 1, n do
    counts[i] = wins[i] == longest and total or redis.call('ZCOUNT', log, '(' .. (now - wins[i]), '+inf')
  end
  -- The entry at offset o inside window i, oldest first: its time, or -1.
  local function at(i, o)
    local e = wins[i] == longest and redis.call('ZRANGE', log, o, o, 'WITHSCORES')
      or redis.call('ZRANGEBYSCORE', log, '(' .. (now - wins[i]), '+inf', 'WITHSCORES', 'LIMIT', o, 1)
    return e[2] and tonumber(e[2]) or -1
  end
  local out
  for i = 1, n do
    if counts[i] >= limits[i] then
      -- The slot frees when the entry that keeps the count at the limit leaves the window.
      out = { 0, now, i, at(i, counts[i] - limits[i]) + wins[i] }
      for j = 1, n do
        table.insert(out, counts[j]); table.insert(out, counts[j] > 0 and at(j, 0) or -1)
      end
      break
    end
  end
  if not out then
    redis.call('ZADD', log, now, now .. '-' .. suffix)
    redis.call('PEXPIRE', log, longest)
    out = { 1, now, 0, 0 }
    for i = 1, n do
      table.insert(out, counts[i] + 1); table.insert(out, counts[i] > 0 and at(i, 0) or now)
    end
  end
  for j = k + 1, k + nkeys - 1 do table.insert(out, redis.call('GET', KEYS[j]) or '') end
  table.insert(results, table.concat(out, ','))
  k, a = k + nkeys, a + 4 + 2 * n
end
return results
`;

type SlidingLogReply = string[];

// The script, typed as ioredis documents for commands added with defineCommand: on clients and pipelines alike.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    slidingLogBatch(...args: Array<string | number>): Result<SlidingLogReply, Context>;
  }
}

interface PendingHit {
  readonly keys: readonly string[];
  readonly argv: ReadonlyArray<string | number>;
  resolve(reply: string): void;
  reject(err: unknown): void;
}

/** Hits decided by one script call at most (a larger batch is split): bounds the time Redis is busy with one call. */
const MAX_BATCH = 64;

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
  constructor(
    url: string,
    private readonly prefix = 'ppapi:rl:',
    private readonly clock?: Clock,
  ) {
    // Fail fast instead of queueing: the limiter fails closed with 503 RATE_LIMIT_UNAVAILABLE when Redis is down.
    // Its own batching already puts a turn's hits in one command: no auto-pipelining around it.
    this.redis = failFastRedis(url, { autoPipelining: false });
    this.redis.defineCommand('slidingLogBatch', { lua: SLIDING_LOG });
  }

  async connect(): Promise<void> {
    await this.redis.connect().catch(() => undefined);
  }

  async hit(key: string, windows: readonly WindowSpec[], readAlong?: readonly string[]): Promise<LimitDecision> {
    // One log per key and set of window lengths (a key always comes with the same windows: policy.ts).
    const keys = [`${this.prefix}${key}:${windows.map((w) => w.windowMs).join(',')}`];
    if (readAlong !== undefined) keys.push(...readAlong);
    const argv = [
      keys.length,
      this.nextMember(),
      this.clock ? this.clock.now().getTime() : '',
      windows.length,
      ...windows.flatMap((w) => [w.windowMs, w.limit]),
    ];
    let reply: string;
    try {
      reply = await this.send(keys, argv);
    } catch (err) {
      throw new RateLimitStoreUnavailable(err instanceof Error ? err.message : String(err));
    }
    // Numbers first, then the read-along values; '' stands for a missing key.
    const fields = 4 + 2 * windows.length;
    const out: number[] = [];
    let from = 0;
    for (let i = 0; i < fields; i += 1) {
      const comma = reply.indexOf(',', from);
      out.push(Number(comma === -1 ? reply.slice(from) : reply.slice(from, comma)));
      from = comma === -1 ? reply.length + 1 : comma + 1;
    }
    const along =
      readAlong === undefined
        ? {}
        : {
            readAlong:
              readAlong.length === 0
                ? []
                : reply
                    .slice(from)
                    .split(',')
                    .map((value) => value || null),
          };
    const [allowed, nowMs, blockedIndex, retryAtMs] = out as [number, number, number, number];
    const states = windows.map((spec, i) => {
      const oldest = out[5 + 2 * i];
      return { spec, count: out[4 + 2 * i], oldestMs: oldest < 0 ? null : oldest };
    });
    return allowed === 1
      ? { allowed: true, nowMs, windows: states, ...along }
      : { allowed: false, nowMs, windows: states, blocked: { spec: windows[blockedIndex - 1], retryAtMs }, ...along };
  }

  // Hits are sent together, once per turn of the event loop: the requests whose bytes arrived in the same poll share
  // one script call (and one write) instead of one each. ioredis's own auto-pipelining would share the write only:
  // it flushes per tick, and every request starts in a tick of its own.
  private send(keys: readonly string[], argv: ReadonlyArray<string | number>): Promise<string> {
    return new Promise((resolve, reject) => {
      this.pending.push({ keys, argv, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = [];
    for (let from = 0; from < pending.length; from += MAX_BATCH) {
      const batch = pending.slice(from, from + MAX_BATCH);
      const keys = batch.flatMap((hit) => hit.keys);
      const argv = batch.flatMap((hit) => hit.argv);
      this.redis.slidingLogBatch(keys.length, ...keys, ...argv).then(
        (replies) => {
          if (!Array.isArray(replies) || replies.length !== batch.length) {
            const err = new Error(
              `the limiter script answered ${Array.isArray(replies) ? replies.length : typeof replies} replies for ${batch.length} hits`,
            );
            for (const hit of batch) hit.reject(err);
            return;
          }
          batch.forEach((hit, i) => hit.resolve(String(replies[i])));
        },
        (err: unknown) => {
          for (const hit of batch) hit.reject(err);
        },
      );
    }
  }

  private nextMember(): string {
    this.hits = (this.hits + 1) % Number.MAX_SAFE_INTEGER;
    return `${this.memberPrefix}${this.hits.toString(36)}`;
  }

  /** Readiness: Redis answers a PING (within the command timeout). */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
