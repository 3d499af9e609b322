import { SessionServerError } from './errors.js';

/** The `code` of {@link RedisUnavailableError}; the handler answers it with 503 `UNAVAILABLE`. */
export const STORE_UNAVAILABLE = 'STORE_UNAVAILABLE';

/**
 * Thrown by the Redis stores when Redis cannot answer (down, unreachable, too slow). The server fails
 * closed on it: 503 `UNAVAILABLE` with `Retry-After: retryAfterMs`, never an unlimited pass.
 *
 * @example
 * ```ts
 * if (error instanceof SessionServerError && error.code === STORE_UNAVAILABLE) { ... 503 ... }
 * ```
 */
export class RedisUnavailableError extends SessionServerError {
  /** How long a client should wait before trying again. */
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number, options?: { cause?: unknown }) {
    super(STORE_UNAVAILABLE, 'The shared limit store (Redis) is unreachable.', options);
    this.retryAfterMs = retryAfterMs;
  }
}
