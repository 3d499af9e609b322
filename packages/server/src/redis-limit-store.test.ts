import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedis } from '../../../test/support/redis-server.js';
import type { SessionLogger } from './logger.js';
import { FAIL_FAST_REDIS_OPTIONS } from './redis-client.js';
import { RedisLimitStore } from './redis-limit-store.js';
import { RedisUnavailableError, STORE_UNAVAILABLE } from './redis-unavailable-error.js';

let redis: TestRedis;
let admin: Redis;
const opened: RedisLimitStore[] = [];
let prefixSeq = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  admin.disconnect();
  await redis.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** A store on its own connection (as another server process would have), under a prefix no other test uses. */
function openStore(prefix: string, logger?: SessionLogger): RedisLimitStore {
  const store = new RedisLimitStore(redis.url, { keyPrefix: prefix, ...(logger ? { logger } : {}) });
  opened.push(store);
  return store;
}

function freshPrefix(): string {
  return `t${++prefixSeq}:`;
}

interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: object;
  message: string | undefined;
}

function recordingLogger(): SessionLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    error: (fields, message) => lines.push({ level: 'error', fields, message }),
  };
}

describe('RedisLimitStore.take', () => {
  it('grants up to the limit within the window, then refuses until the oldest hit leaves it', async () => {
    const store = openStore(freshPrefix());
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) expect(await store.take('budget', 3, 60_000, t0 + i * 1000)).toEqual({ ok: true });
    const refused = await store.take('budget', 3, 60_000, t0 + 3000);
    expect(refused.ok).toBe(false);
    // The first hit was taken 3 s ago on the shared timeline: 57 s until it leaves the window.
    expect(refused.ok === false && refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.ok === false && refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // The caller's clock moves past the window: room again.
    expect(await store.take('budget', 3, 60_000, t0 + 61_000)).toEqual({ ok: true });
  });

  it('lets exactly the limit through when many copies take in parallel', async () => {
    const prefix = freshPrefix();
    const copies = [openStore(prefix), openStore(prefix), openStore(prefix)];
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) => (copies[i % copies.length] as RedisLimitStore).take('budget', 10, 61_000, Date.now())),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await admin.zcard(`${prefix}budget`)).toBe(10);
  });

  it('gives the hit log a TTL of the window so an idle key frees itself', async () => {
    const prefix = freshPrefix();
    await openStore(prefix).take('ip:1.2.3.4', 5, 30_000, Date.now());
    const ttl = await admin.pttl(`${prefix}ip:1.2.3.4`);
    expect(ttl).toBeGreaterThan(29_000);
    expect(ttl).toBeLessThanOrEqual(31_000);
  });

  it('keeps working after Redis forgets its scripts (EVALSHA falls back to EVAL)', async () => {
    const store = openStore(freshPrefix());
    expect(await store.take('budget', 2, 1000, Date.now())).toEqual({ ok: true });
    await admin.script('FLUSH');
    expect(await store.take('budget', 2, 1000, Date.now())).toEqual({ ok: true });
    expect((await store.take('budget', 2, 1000, Date.now())).ok).toBe(false);
  });

  it('keeps sites with different prefixes apart on one Redis', async () => {
    const a = openStore(freshPrefix());
    const b = openStore(freshPrefix());
    expect(await a.take('budget', 1, 60_000, Date.now())).toEqual({ ok: true });
    expect((await a.take('budget', 1, 60_000, Date.now())).ok).toBe(false);
    expect(await b.take('budget', 1, 60_000, Date.now())).toEqual({ ok: true });
  });
});

describe('RedisLimitStore slots', () => {
  it('holds at most max slots, refusing until the earliest expires', async () => {
    const store = openStore(freshPrefix());
    const t0 = Date.now();
    expect(await store.reserveSlot('outstanding', 'a', 2, t0 + 10_000, t0)).toEqual({ ok: true });
    expect(await store.reserveSlot('outstanding', 'b', 2, t0 + 20_000, t0)).toEqual({ ok: true });
    const refused = await store.reserveSlot('outstanding', 'c', 2, t0 + 30_000, t0);
    expect(refused.ok).toBe(false);
    // The caller's clock stood at t0 throughout, so by it slot a has (within a few ms of rounding) 10 s left.
    expect(refused.ok === false && refused.retryAfterMs).toBeGreaterThan(9_900);
    expect(refused.ok === false && refused.retryAfterMs).toBeLessThan(10_100);
    // 11 s later by the caller's clock slot a has expired and counts as free.
    expect(await store.reserveSlot('outstanding', 'c', 2, t0 + 41_000, t0 + 11_000)).toEqual({ ok: true });
  });

  it('lets exactly max slots be held when many copies reserve in parallel', async () => {
    const prefix = freshPrefix();
    const copies = [openStore(prefix), openStore(prefix), openStore(prefix)];
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (copies[i % copies.length] as RedisLimitStore).reserveSlot('outstanding', `slot-${i}`, 10, now + 900_000, now),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await admin.zcard(`${prefix}outstanding`)).toBe(10);
  });

  it('expires the slot set with its last slot (TTL at the latest expiry)', async () => {
    const prefix = freshPrefix();
    const store = openStore(prefix);
    const now = Date.now();
    await store.reserveSlot('outstanding', 'a', 10, now + 20_000, now);
    await store.reserveSlot('outstanding', 'b', 10, now + 900_000, now);
    const ttl = await admin.pttl(`${prefix}outstanding`);
    expect(ttl).toBeGreaterThan(898_000);
    expect(ttl).toBeLessThanOrEqual(901_000);
  });

  it('moves a held slot on extend, frees it on release, and never revives a released slot', async () => {
    const store = openStore(freshPrefix());
    const t0 = Date.now();
    await store.reserveSlot('outstanding', 'a', 1, t0 + 5_000, t0);
    await store.extendSlot('outstanding', 'a', t0 + 900_000, t0);
    // Past the provisional hold, the extended slot is still held.
    expect((await store.reserveSlot('outstanding', 'b', 1, t0 + 900_000, t0 + 60_000)).ok).toBe(false);
    await store.releaseSlot('outstanding', 'a');
    await store.extendSlot('outstanding', 'a', t0 + 900_000, t0);
    expect(await store.reserveSlot('outstanding', 'b', 1, t0 + 900_000, t0)).toEqual({ ok: true });
  });
});

describe('RedisLimitStore under clock skew', () => {
  it('does not let a copy whose clock runs ahead evict slots another copy still holds', async () => {
    const prefix = freshPrefix();
    const behind = openStore(prefix);
    const ahead = openStore(prefix);
    const skew = 10 * 60_000;
    const slow = () => Date.now() - skew;
    const fast = () => Date.now() + skew;
    let t = slow();
    expect(await behind.reserveSlot('outstanding', 'held', 1, t + 60_000, t)).toEqual({ ok: true });
    // By the fast clock the slot "expired" 19 minutes ago; it is live for 60 s on the shared timeline.
    t = fast();
    const refused = await ahead.reserveSlot('outstanding', 'other', 1, t + 60_000, t);
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(refused.ok === false && refused.retryAfterMs).toBeGreaterThan(50_000);
  });

  it('counts hits from copies with skewed clocks in one window', async () => {
    const prefix = freshPrefix();
    const behind = openStore(prefix);
    const ahead = openStore(prefix);
    const skew = 5 * 60_000;
    for (let i = 0; i < 3; i++) expect(await behind.take('budget', 4, 60_000, Date.now() - skew)).toEqual({ ok: true });
    expect(await ahead.take('budget', 4, 60_000, Date.now() + skew)).toEqual({ ok: true });
    const refused = await ahead.take('budget', 4, 60_000, Date.now() + skew);
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('follows a caller clock that is advanced (a test clock), releasing slots at their expiry', async () => {
    const prefix = freshPrefix();
    let advanced = 0;
    const clock = () => Date.now() + advanced;
    const one = openStore(prefix);
    const two = openStore(prefix);
    let t = clock();
    expect(await one.reserveSlot('outstanding', 'a', 1, t + 900_000, t)).toEqual({ ok: true });
    t = clock();
    expect((await two.reserveSlot('outstanding', 'b', 1, t + 900_000, t)).ok).toBe(false);
    advanced += 899_000;
    t = clock();
    expect((await two.reserveSlot('outstanding', 'b', 1, t + 900_000, t)).ok).toBe(false);
    advanced += 2_000;
    t = clock();
    expect(await two.reserveSlot('outstanding', 'b', 1, t + 900_000, t)).toEqual({ ok: true });
  });
});

describe('RedisLimitStore when Redis is unreachable', () => {
  it('fails closed with a typed error, logs the outage once, and recovers when Redis returns', async () => {
    const own = await startRedisServer();
    const logger = recordingLogger();
    const store = new RedisLimitStore(own.url, { keyPrefix: freshPrefix(), logger, unavailableRetryAfterMs: 7000 });
    opened.push(store);
    try {
      if (store.client.status !== 'ready') await readyAgain(store.client);
      expect(await store.take('budget', 10, 60_000, Date.now())).toEqual({ ok: true });

      await own.kill();
      for (let i = 0; i < 5; i++) {
        const failure = await store.take('budget', 10, 60_000, Date.now()).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(RedisUnavailableError);
        expect(failure).toMatchObject({ code: STORE_UNAVAILABLE, retryAfterMs: 7000 });
      }
      await expect(store.reserveSlot('outstanding', 'x', 10, Date.now() + 1000, Date.now())).rejects.toBeInstanceOf(RedisUnavailableError);
      await expect(store.releaseSlot('outstanding', 'x')).rejects.toBeInstanceOf(RedisUnavailableError);
      expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(1);

      const ready = readyAgain(store.client);
      await own.restart();
      await ready;
      expect(await store.take('budget', 10, 60_000, Date.now())).toEqual({ ok: true });
      expect(logger.lines.map((l) => `${l.level} ${l.message}`)).toEqual([
        'error redis unreachable: refusing sessions (503) until it answers again',
        'info redis reachable again',
      ]);
    } finally {
      await store.close();
      await own.stop();
    }
  });

  it('fails within the command timeout on a client that would queue commands while disconnected', async () => {
    const own = await startRedisServer();
    // A caller-owned client with ioredis defaults: offline queue on, retries on.
    const client = new Redis(own.url);
    const store = new RedisLimitStore(client, { keyPrefix: freshPrefix(), commandTimeoutMs: 300 });
    try {
      if (client.status !== 'ready') await readyAgain(client);
      await own.kill();
      const started = performance.now();
      await expect(store.take('budget', 10, 60_000, Date.now())).rejects.toBeInstanceOf(RedisUnavailableError);
      // Bounded by the store's own timeout, not by ioredis's 20 retries.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await store.close();
      client.disconnect();
      await own.stop();
    }
  });

  it('uses fail-fast client options when created from a URL', () => {
    const store = openStore(freshPrefix());
    expect(store.client.options).toMatchObject({
      enableOfflineQueue: FAIL_FAST_REDIS_OPTIONS.enableOfflineQueue,
      maxRetriesPerRequest: 0,
      commandTimeout: FAIL_FAST_REDIS_OPTIONS.commandTimeout,
    });
  });
});

/** Resolves on the client's next `ready`; unlike `events.once` it ignores the `error`s emitted meanwhile. */
function readyAgain(client: { once(event: 'ready', listener: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => client.once('ready', () => resolve()));
}
