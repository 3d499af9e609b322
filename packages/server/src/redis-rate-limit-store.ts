import type { Redis } from 'ioredis';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';

/** What {@link RedisRateLimitStore} needs from the `RedisLimitStore` that creates it. */
export interface RedisRateLimitStoreOptions {
  client: Redis;
  /** Full key prefix, e.g. `shop-a:voice-session:rl-ip:`. */
  prefix: string;
  /** Bounds a call in time and turns a failure into `RedisUnavailableError` (logging outages once). */
  guard: <T>(call: () => Promise<T>) => Promise<T>;
}

/**
 * The per-IP limit's express-rate-limit store: rate-limit-redis on the limit store's client, failing
 * closed (a throw the router answers with 503, where express-rate-limit could be told to let requests
 * through unlimited) and re-initialising itself after an outage.
 */
export class RedisRateLimitStore implements Store {
  /** express-rate-limit reads it to tell this store's keys from other stores'. */
  readonly prefix: string;
  readonly localKeys = false;
  readonly #inner: RedisStore;
  readonly #guard: RedisRateLimitStoreOptions['guard'];
  #options: Options | undefined;
  // rate-limit-redis keeps the promise of its SCRIPT LOAD: once rejected (Redis was down at startup)
  // every later call fails on it, so after a failure the scripts are loaded again before the next call.
  #initialised: Promise<void> | undefined;

  constructor(options: RedisRateLimitStoreOptions) {
    const { client } = options;
    this.prefix = options.prefix;
    this.#guard = options.guard;
    this.#inner = new RedisStore({
      prefix: options.prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
  }

  /** Called by express-rate-limit once; never rejects, so an unreachable Redis at startup is no crash. */
  init(options: Options): void {
    this.#options = options;
    const loading = this.#load();
    this.#initialised = loading;
    // A failed load is retried by the next call (and logged once by the guard); nothing else waits on it here.
    loading.catch(() => {
      if (this.#initialised === loading) this.#initialised = undefined;
    });
  }

  async increment(key: string): Promise<IncrementResponse> {
    return this.#call(() => this.#inner.increment(key));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.#call(() => this.#inner.get(key));
  }

  async decrement(key: string): Promise<void> {
    await this.#call(() => this.#inner.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.#call(() => this.#inner.resetKey(key));
  }

  async #call<T>(work: () => Promise<T>): Promise<T> {
    try {
      await (this.#initialised ??= this.#load());
      return await this.#guard(work);
    } catch (error) {
      this.#initialised = undefined;
      throw error;
    }
  }

  #load(): Promise<void> {
    if (this.#options === undefined) return Promise.reject(new Error('express-rate-limit did not initialise the store'));
    const options = this.#options;
    return this.#guard(() => this.#inner.init(options));
  }
}
