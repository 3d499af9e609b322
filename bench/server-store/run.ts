/**
 * bench/server-store: what sharing the budget through Redis costs against the in-memory store.
 *
 * 1. Store latency: one admission's store work (reserveSlot → take → extendSlot → releaseSlot, as the
 *    handler does for a minted token), sequential, MemoryLimitStore vs RedisLimitStore on a local
 *    redis-server, interleaved in blocks so machine-load drift hits both alike.
 * 2. Store throughput: the same admission cycle from 50 concurrent callers for a fixed time.
 * 3. HTTP latency: POST /session on the Express router (per-IP limit on, instant fake upstream), one
 *    server with the memory stores and one with the Redis stores (rate-limit-redis for the per-IP
 *    count), requests alternating between the two one at a time; medians compared.
 * 4. HTTP flood: autocannon (own process) floods each of those servers in turn, alternating three times;
 *    past the first 10 every request is a refusal (503 BUSY), which is what a flood looks like.
 *
 * Run: `node --conditions=source --import tsx bench/server-store/run.ts` (or `npm run bench -- server-store`).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { autocannonProcess } from '../support/autocannon-process.js';
import { createServerLogger, MemoryLimitStore, RedisLimitStore, type CreateUpstreamSession, type LimitStore } from '@voice-session/server';
import { createSessionRouter, type SessionRouterOptions } from '@voice-session/server/express';
import { startRedisServer } from '../../test/support/redis-server.js';

const CYCLES = Number(process.env['BENCH_CYCLES'] ?? 3000);
const BLOCK = 100;
const CONCURRENCY = 50;
const THROUGHPUT_MS = Number(process.env['BENCH_THROUGHPUT_MS'] ?? 2000);
const FLOOD_SECONDS = Number(process.env['BENCH_FLOOD_SECONDS'] ?? 3);
const HTTP_PAIRS = Number(process.env['BENCH_HTTP_PAIRS'] ?? 500);
const FLOOD_CONNECTIONS = 20;
const silent = createServerLogger({ destination: { write: () => undefined } });

let cycleSeq = 0;

/** The store work of one minted token, on its own keys so counts never fill up. */
async function admission(store: LimitStore): Promise<void> {
  const id = `c${++cycleSeq}`;
  const now = Date.now();
  await store.reserveSlot('bench:outstanding', id, 1e9, now + 21_000, now);
  await store.take('bench:budget', 1e9, 61_000, now);
  await store.extendSlot('bench:outstanding', id, now + 900_000, now);
  await store.releaseSlot('bench:outstanding', id);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function latency(stores: Record<string, LimitStore>): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(stores).map((name) => [name, []]));
  for (const store of Object.values(stores)) for (let i = 0; i < 200; i++) await admission(store); // warm-up
  const names = Object.keys(stores);
  for (let block = 0; block * BLOCK < CYCLES; block++) {
    // Rotate the order per block so neither store always runs right after the other.
    const order = block % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const store = stores[name] as LimitStore;
      for (let i = 0; i < BLOCK; i++) {
        const started = performance.now();
        await admission(store);
        samples[name]?.push(performance.now() - started);
      }
    }
  }
  return samples;
}

async function throughput(store: LimitStore): Promise<number> {
  let cycles = 0;
  const until = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await admission(store);
        cycles += 1;
      }
    }),
  );
  return cycles / (THROUGHPUT_MS / 1000);
}

// ---- HTTP ------------------------------------------------------------------------------------------

const instantUpstream: CreateUpstreamSession = async () => ({
  id: crypto.randomUUID(),
  url: 'wss://media.example',
  token: 'bench-token',
  expires_in: 900,
});

async function tokenServer(extra: Partial<SessionRouterOptions>): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(
    createSessionRouter({
      assistantId: '00000000-0000-4000-8000-000000000001',
      createSession: instantUpstream,
      logger: silent,
      clientRateLimit: { limit: 1e9, windowMs: 60_000 },
      ...extra,
    }),
  );
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/session`, server };
}

/** Median latency of POST /session on each server, requests alternating one at a time. */
async function httpLatency(urls: Record<string, string>): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
  const names = Object.keys(urls);
  for (let i = 0; i < HTTP_PAIRS + 50; i++) {
    for (const name of i % 2 === 0 ? names : [...names].reverse()) {
      const started = performance.now();
      const response = await fetch(urls[name] as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await response.arrayBuffer();
      if (i >= 50) samples[name]?.push(performance.now() - started); // the first 50 pairs warm up
    }
  }
  return samples;
}

interface FloodFigures {
  rps: number;
  p50: number;
  p99: number;
  codes: string;
}

async function flood(url: string): Promise<FloodFigures> {
  const result = await autocannonProcess(url, { connections: FLOOD_CONNECTIONS, seconds: FLOOD_SECONDS });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ');
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, codes };
}

// ---- main ------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 3) => n.toFixed(digits);
const redis = await startRedisServer();
const shared = new RedisLimitStore(redis.url, { keyPrefix: 'bench:' });
await new Promise<void>((resolve) => (shared.client.status === 'ready' ? resolve() : shared.client.once('ready', () => resolve())));
try {
  console.log(`node ${process.version}, redis-server on loopback, ${CYCLES} admission cycles per store`);

  const samples = await latency({ memory: new MemoryLimitStore(), redis: shared });
  const memMedian = quantile(samples['memory'] as number[], 0.5);
  const redisMedian = quantile(samples['redis'] as number[], 0.5);
  console.log('\n1. Store latency per admission (reserveSlot + take + extendSlot + releaseSlot), ms');
  for (const name of ['memory', 'redis']) {
    const values = samples[name] as number[];
    console.log(`   ${name.padEnd(7)} median ${fmt(quantile(values, 0.5))}  p99 ${fmt(quantile(values, 0.99))}`);
  }
  console.log(`   added by Redis: ${fmt(redisMedian - memMedian)} ms median (${fmt(redisMedian / memMedian, 1)}× the memory store)`);

  const memoryRate = [await throughput(new MemoryLimitStore())];
  const redisRate = [await throughput(shared)];
  memoryRate.push(await throughput(new MemoryLimitStore()));
  redisRate.push(await throughput(shared));
  const memRps = Math.max(...memoryRate);
  const redisRps = Math.max(...redisRate);
  console.log(`\n2. Store throughput, ${CONCURRENCY} concurrent callers, admissions/s (best of 2)`);
  console.log(`   memory ${memRps.toFixed(0)}  redis ${redisRps.toFixed(0)}  ratio redis/memory ${fmt(redisRps / memRps, 3)}`);

  const floodStore = new RedisLimitStore(shared.client, { keyPrefix: 'http:' });
  const servers = {
    memory: await tokenServer({ store: new MemoryLimitStore() }),
    redis: await tokenServer({ store: floodStore, rateLimitStore: floodStore.createRateLimitStore() }),
  };
  try {
    const http = await httpLatency({ memory: servers.memory.url, redis: servers.redis.url });
    const httpMem = quantile(http['memory'] as number[], 0.5);
    const httpRedis = quantile(http['redis'] as number[], 0.5);
    console.log(`\n3. HTTP latency, POST /session one at a time, alternating, ${HTTP_PAIRS} each (refusals after the first 10), ms`);
    for (const name of ['memory', 'redis']) {
      const values = http[name] as number[];
      console.log(`   ${name.padEnd(7)} median ${fmt(quantile(values, 0.5))}  p99 ${fmt(quantile(values, 0.99))}`);
    }
    console.log(`   added by Redis: ${fmt(httpRedis - httpMem)} ms median, ratio redis/memory ${fmt(httpRedis / httpMem, 2)}`);

    const floods: Record<'memory' | 'redis', FloodFigures[]> = { memory: [], redis: [] };
    for (const order of [['memory', 'redis'], ['redis', 'memory'], ['memory', 'redis']] as const) {
      for (const name of order) floods[name].push(await flood(servers[name].url));
    }
    console.log(`\n4. HTTP flood, POST /session, ${FLOOD_CONNECTIONS} connections × ${FLOOD_SECONDS} s, alternating 3 times`);
    for (const [name, runs] of Object.entries(floods)) {
      for (const run of runs) console.log(`   ${name.padEnd(7)} ${run.rps.toFixed(0)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${run.codes}`);
    }
    const med = (runs: FloodFigures[], pick: (f: FloodFigures) => number) => quantile(runs.map(pick), 0.5);
    console.log(
      `   median of 3, ratio redis/memory: throughput ${fmt(med(floods.redis, (f) => f.rps) / med(floods.memory, (f) => f.rps))}, ` +
        `p50 latency ${fmt(med(floods.redis, (f) => f.p50) / Math.max(med(floods.memory, (f) => f.p50), 0.5))}`,
    );
  } finally {
    for (const { server } of Object.values(servers)) {
      server.close();
      server.closeAllConnections();
    }
    await floodStore.close();
  }
} finally {
  await shared.close();
  await redis.stop();
}
