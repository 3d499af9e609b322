import { Redis, type RedisOptions } from 'ioredis';

/**
 * ioredis options for a limit store that must fail fast: no offline queue (a command issued while
 * disconnected fails at once instead of waiting for a reconnect that may never come), no per-command
 * retries, a short command timeout, and reconnection forever in the background so the server
 * recovers on its own when Redis returns.
 */
export const FAIL_FAST_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  // A backstop only: RedisLimitStore bounds each call itself (1 s by default, tolerant of event-loop
  // stalls); this catches any other command on the client that would otherwise wait forever.
  commandTimeout: 5000,
  connectTimeout: 2000,
  // A take that timed out must not be replayed after a reconnect: the caller already answered 503.
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt: number) => Math.min(100 * attempt, 2000),
};

/**
 * Creates an ioredis client for `url` (`redis://`, `rediss://`) with {@link FAIL_FAST_REDIS_OPTIONS},
 * overridable by `options`.
 *
 * @example
 * ```ts
 * const client = createRedisClient(process.env.VOICE_SESSION_REDIS_URL!);
 * ```
 */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, ...options });
}
