import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedis } from '../../../test/support/redis-server.js';
import { createSessionHandler } from './handler.js';
import type { SessionLogger } from './logger.js';
import { RedisLimitStore } from './redis-limit-store.js';
import type { CreateUpstreamSession } from './upstream.js';

// The fetch-style handler on a RedisLimitStore: what a site gets when Redis works, and when it does not.
let redis: TestRedis;
let prefixSeq = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

const silent: SessionLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function upstream(): CreateUpstreamSession & { calls: number } {
  const fake = Object.assign(
    async () => {
      fake.calls += 1;
      return { id: crypto.randomUUID(), url: 'wss://media.example', token: 'header.payload.signature', expires_in: 900 };
    },
    { calls: 0 },
  );
  return fake;
}

function post(handle: (request: Request) => Promise<Response>, origin?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (origin) headers['origin'] = origin;
  return handle(new Request('https://site.example/session', { method: 'POST', headers, body: '{}' }));
}

describe('createSessionHandler with a RedisLimitStore', () => {
  it('shares the outstanding cap between two handlers (two copies of a site)', async () => {
    const prefix = `h${++prefixSeq}:`;
    const stores = [new RedisLimitStore(redis.url, { keyPrefix: prefix }), new RedisLimitStore(redis.url, { keyPrefix: prefix })];
    const createSession = upstream();
    try {
      const handlers = stores.map((store) =>
        createSessionHandler({ assistantId: 'a1', createSession, store, logger: silent, maxOutstanding: 3 }),
      );
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(handlers[i % 2] as (r: Request) => Promise<Response>)).status);
      expect(statuses).toEqual([201, 201, 201, 503, 503, 503]);
      expect(createSession.calls).toBe(3);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('answers 503 UNAVAILABLE with Retry-After and CORS headers when Redis is unreachable', async () => {
    const own = await startRedisServer();
    const lines: string[] = [];
    const logger: SessionLogger = {
      info: (_fields, message) => lines.push(`info ${message}`),
      warn: (_fields, message) => lines.push(`warn ${message}`),
      error: (_fields, message) => lines.push(`error ${message}`),
    };
    const store = new RedisLimitStore(own.url, { keyPrefix: `h${++prefixSeq}:`, logger, unavailableRetryAfterMs: 3000 });
    const createSession = upstream();
    try {
      const handle = createSessionHandler({ assistantId: 'a1', createSession, store, logger, allowedOrigins: ['https://shop.example'] });
      await own.kill();
      for (let i = 0; i < 3; i++) {
        const response = await post(handle, 'https://shop.example');
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
        expect(response.headers.get('retry-after')).toBe('3');
        expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      expect(createSession.calls).toBe(0);
      // One outage line from the store, then one request line per refusal.
      expect(lines.filter((line) => line.startsWith('error'))).toEqual(['error redis unreachable: refusing sessions (503) until it answers again']);
      expect(lines.filter((line) => line === 'warn session request')).toHaveLength(3);
    } finally {
      await store.close();
      await own.stop();
    }
  });
});
