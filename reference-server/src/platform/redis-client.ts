// A Redis connection for request-path stores (rate limits, data versions): commands fail fast instead of
// queueing while Redis is away, and each caller decides what a failed command means (503, or an uncached read).
import Redis from 'ioredis';

export function failFastRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    lazyConnect: true,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  });
  redis.on('error', () => undefined); // reported per command by the caller
  return redis;
}
