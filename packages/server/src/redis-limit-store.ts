import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LimitStore, TakeResult } from './limit-store.js';
import type { SessionLogger } from './logger.js';
import { CallerClock } from './redis-caller-clock.js';
import { createRedisClient } from './redis-client.js';
import { RedisIncident } from './redis-incident.js';
import { EXTEND_LUA, RESERVE_LUA, TAKE_LUA } from './redis-lua.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';
import { RedisScript } from './redis-script.js';
import { RedisUnavailableError } from './redis-unavailable-error.js';

/** Options of {@link RedisLimitStore}. */
export interface RedisLimitStoreOptions {
  /**
   * Prepended to every key the store (and its per-IP store) writes, so several sites can share one
   * Redis: e.g. `shop-a:`. Every copy of one site must use the same prefix. Default none.
   */
  keyPrefix?: string;
  /** Where the once-per-outage lines go (the server's logger). Default: silent. */
  logger?: SessionLogger;
  /** `Retry-After` of the 503 answered while Redis is unreachable. Default 5000 ms. */
  unavailableRetryAfterMs?: number;
  /**
   * Longest wait for one Redis command before failing closed, also for a client you pass in that
   * would otherwise queue commands while disconnected. Default 1000 ms.
   */
  commandTimeoutMs?: number;
}

// Scripts are stateless: one instance each serves every store and every client.
const TAKE = new RedisScript(TAKE_LUA);
const RESERVE = new RedisScript(RESERVE_LUA);
const EXTEND = new RedisScript(EXTEND_LUA);

/**
 * A {@link LimitStore} in Redis, shared by every copy of the server that points at the same Redis and
 * prefix: the creation budget, the outstanding-token count and (through {@link createRateLimitStore})
 * the per-IP limit hold for all copies together. Each check-and-take is one Lua script; outstanding
 * slots live in a sorted set scored by expiry whose key expires with its last slot. When Redis cannot
 * answer, every method throws {@link RedisUnavailableError} (the server answers 503), the outage is
 * logged once, and the store recovers by itself when ioredis reconnects.
 *
 * @example
 * ```ts
 * const store = new RedisLimitStore(process.env.VOICE_SESSION_REDIS_URL!, { keyPrefix: 'shop-a:', logger });
 * app.use(createSessionRouter({ apiKey, assistantId, store, rateLimitStore: store.createRateLimitStore() }));
 * ```
 */
export class RedisLimitStore implements LimitStore {
  /** The ioredis client: the one passed in, or the fail-fast one created from a URL. */
  readonly client: Redis;
  readonly keyPrefix: string;
  readonly #ownsClient: boolean;
  readonly #incident: RedisIncident;
  readonly #clock = new CallerClock();
  readonly #retryAfterMs: number;
  readonly #timeoutMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #onReady: () => void;
  #readyWait: Promise<void> | undefined;

  /**
   * @param redis An ioredis client (you keep ownership; give it `enableOfflineQueue: false`, see
   *   `FAIL_FAST_REDIS_OPTIONS`), or a `redis://` URL (the store creates the client and `close()` quits it).
   */
  constructor(redis: Redis | string, options: RedisLimitStoreOptions = {}) {
    this.#ownsClient = typeof redis === 'string';
    this.client = typeof redis === 'string' ? createRedisClient(redis) : redis;
    this.keyPrefix = options.keyPrefix ?? '';
    this.#incident = new RedisIncident(options.logger);
    this.#retryAfterMs = options.unavailableRetryAfterMs ?? 5000;
    this.#timeoutMs = options.commandTimeoutMs ?? 1000;
    // Also keeps ioredis from printing "Unhandled error event" on every reconnect attempt.
    this.#onError = (error) => this.#incident.failed(error);
    this.#onReady = () => this.#incident.recovered();
    this.client.on('error', this.#onError);
    this.client.on('ready', this.#onReady);
  }

  async take(key: string, limit: number, windowMs: number, now: number): Promise<TakeResult> {
    const jump = this.#clock.jump(now);
    return this.#take(TAKE, this.keyPrefix + key, [jump, limit, windowMs, randomUUID()]);
  }

  async reserveSlot(key: string, id: string, max: number, expiresAt: number, now: number): Promise<TakeResult> {
    const jump = this.#clock.jump(now);
    return this.#take(RESERVE, this.keyPrefix + key, [jump, id, max, Math.max(0, expiresAt - now)]);
  }

  async extendSlot(key: string, id: string, expiresAt: number, now: number): Promise<void> {
    const jump = this.#clock.jump(now);
    await this.#guard(() => EXTEND.run(this.client, [this.keyPrefix + key], [jump, id, Math.max(0, expiresAt - now)]));
  }

  async releaseSlot(key: string, id: string): Promise<void> {
    await this.#guard(() => this.client.zrem(this.keyPrefix + key, id));
  }

  /**
   * A per-IP store for express-rate-limit (rate-limit-redis) on the same client and prefix, failing
   * closed like this store. Pass it as the router's `rateLimitStore`; one per rate limiter.
   */
  createRateLimitStore(prefix = 'voice-session:rl-ip:'): RedisRateLimitStore {
    return new RedisRateLimitStore({
      client: this.client,
      prefix: this.keyPrefix + prefix,
      guard: (call) => this.#guard(call),
    });
  }

  /** Stops listening to the client, and quits it if the store created it. */
  async close(): Promise<void> {
    this.client.off('error', this.#onError);
    this.client.off('ready', this.#onReady);
    if (!this.#ownsClient) return;
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  #take(script: RedisScript, key: string, args: ReadonlyArray<string | number>): Promise<TakeResult> {
    return this.#guard(async () => toTakeResult(await script.run(this.client, [key], args)));
  }

  /** Bounds one Redis call in time and turns any failure into the fail-closed error, logging outages once. */
  async #guard<T>(call: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let abandoned = false;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // After a stall of this process's event loop the timer runs before the poll phase would read a
        // reply already waiting on the socket: let I/O run once before calling Redis too slow.
        setImmediate(() => {
          abandoned = true;
          reject(new Error(`no reply from redis within ${this.#timeoutMs} ms`));
        });
      }, this.#timeoutMs);
    });
    // A call still waiting for the connection when its caller gave up must not run later: it would
    // spend budget for a request that was already refused.
    const work = this.#whenReady().then(() => (abandoned ? Promise.reject(new Error('abandoned')) : call()));
    try {
      const result = await Promise.race([work, timeout]);
      this.#incident.recovered();
      return result;
    } catch (error) {
      // The losing promise may still reject later: nobody waits for it any more.
      work.catch(() => undefined);
      this.#incident.failed(error);
      throw new RedisUnavailableError(this.#retryAfterMs, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Resolves once the client can send. Without an offline queue a command sent while the first
   * connection is still being made would fail, so the store waits for it (within the command
   * timeout, and only until that connection fails); during an outage it fails at once instead, so
   * visitors get their 503 without delay.
   */
  #whenReady(): Promise<void> {
    const { status } = this.client;
    if (status === 'ready') return Promise.resolve();
    if (this.#incident.down || status === 'reconnecting' || status === 'end' || status === 'close') {
      return Promise.reject(new Error(`redis connection is ${status}`));
    }
    if (status === 'wait') this.client.connect().catch(() => undefined);
    this.#readyWait ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: unknown) => {
        this.#readyWait = undefined;
        this.client.off('ready', settle);
        this.client.off('error', settle);
        if (error === undefined) resolve();
        else reject(error);
      };
      this.client.on('ready', settle);
      this.client.on('error', settle);
    });
    return this.#readyWait;
  }
}

function toTakeResult(reply: unknown): TakeResult {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`unexpected script reply: ${JSON.stringify(reply)}`);
  }
  return reply[0] === 1 ? { ok: true } : { ok: false, retryAfterMs: reply[1] };
}
