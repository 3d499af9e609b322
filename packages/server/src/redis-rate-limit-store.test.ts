import type { Options } from 'express-rate-limit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedis } from '../../../test/support/redis-server.js';
import { RedisLimitStore } from './redis-limit-store.js';
import type { RedisRateLimitStore } from './redis-rate-limit-store.js';
import { RedisUnavailableError } from './redis-unavailable-error.js';

// These tests drive the Store interface the way express-rate-limit does (init once, then increment per
// request); the router-level behaviour runs in test/integration/redis-shared-budget.test.ts, in real
// server processes.
let redis: TestRedis;
const cleanups: Array<() => Promise<unknown>> = [];
let prefixSeq = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function openStore(url: string, prefix: string): RedisLimitStore {
  const store = new RedisLimitStore(url, { keyPrefix: prefix });
  cleanups.push(() => store.close());
  return store;
}

/** A per-IP store initialised as express-rate-limit would for a one-minute window. */
function limiterStore(limitStore: RedisLimitStore): RedisRateLimitStore {
  const store = limitStore.createRateLimitStore();
  store.init({ windowMs: 60_000 } as Options);
  return store;
}

async function hits(store: RedisRateLimitStore, key: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await store.increment(key)).totalHits);
  return out;
}

describe('RedisRateLimitStore', () => {
  it('shares one per-IP count between servers on separate connections', async () => {
    const prefix = `rl${++prefixSeq}:`;
    const a = limiterStore(openStore(redis.url, prefix));
    const b = limiterStore(openStore(redis.url, prefix));
    expect(await hits(a, '203.0.113.7', 2)).toEqual([1, 2]);
    expect(await hits(b, '203.0.113.7', 2)).toEqual([3, 4]);
    expect(await hits(b, '198.51.100.1', 1)).toEqual([1]);
    const info = await a.get('203.0.113.7');
    expect(info?.totalHits).toBe(4);
    expect(info?.resetTime?.getTime()).toBeGreaterThan(Date.now() + 55_000);
  });

  it('writes its keys under the limit store prefix, with the window as TTL', async () => {
    const prefix = `rl${++prefixSeq}:`;
    const limitStore = openStore(redis.url, prefix);
    await limiterStore(limitStore).increment('203.0.113.7');
    expect(await limitStore.client.keys(`${prefix}*`)).toEqual([`${prefix}voice-session:rl-ip:203.0.113.7`]);
    expect(await limitStore.client.pttl(`${prefix}voice-session:rl-ip:203.0.113.7`)).toBeGreaterThan(59_000);
  });

  it('undoes and resets counts (decrement, resetKey)', async () => {
    const store = limiterStore(openStore(redis.url, `rl${++prefixSeq}:`));
    await hits(store, 'ip', 3);
    await store.decrement('ip');
    expect((await store.get('ip'))?.totalHits).toBe(2);
    await store.resetKey('ip');
    expect(await hits(store, 'ip', 1)).toEqual([1]);
  });

  it('fails closed while Redis is down at startup, then counts once it is up', async () => {
    const own = await startRedisServer();
    cleanups.push(() => own.stop());
    await own.kill();
    const limitStore = openStore(own.url, `rl${++prefixSeq}:`);
    const store = limiterStore(limitStore);
    await expect(store.increment('ip')).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(store.increment('ip')).rejects.toBeInstanceOf(RedisUnavailableError);

    const ready = readyAgain(limitStore.client);
    await own.restart();
    await ready;
    // rate-limit-redis's own script load failed at startup; the wrapper loads it again.
    expect(await hits(store, 'ip', 2)).toEqual([1, 2]);
  });

  it('recovers after Redis restarts empty mid-run (scripts and counts gone)', async () => {
    const own = await startRedisServer();
    cleanups.push(() => own.stop());
    const limitStore = openStore(own.url, `rl${++prefixSeq}:`);
    if (limitStore.client.status !== 'ready') await readyAgain(limitStore.client);
    const store = limiterStore(limitStore);
    expect(await hits(store, 'ip', 2)).toEqual([1, 2]);
    await own.kill();
    await expect(store.increment('ip')).rejects.toBeInstanceOf(RedisUnavailableError);
    const ready = readyAgain(limitStore.client);
    await own.restart();
    await ready;
    expect(await hits(store, 'ip', 1)).toEqual([1]);
  });
});

/** Resolves on the client's next `ready`; unlike `events.once` it ignores the `error`s emitted meanwhile. */
function readyAgain(client: { once(event: 'ready', listener: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => client.once('ready', () => resolve()));
}
