// A Redis connection for request-path stores (rate limits, data versions): commands fail fast instead of
// queueing while Redis is away, and each caller decides what a failed command means (503, or an uncached read).
// Commands issued in the same tick (the limiter's call of every request arriving together) go out in one write
// (auto-pipelining): a cached list answered about 18% more requests per second with it (50 connections, idle
// machine, six alternating rounds). Each command keeps its own 1 s timeout inside the pipeline.
import Redis from 'ioredis';

export function failFastRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    lazyConnect: true,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  });
  redis.on('error', () => undefined); // reported per command by the caller
  return redis;
}
