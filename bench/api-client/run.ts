/**
 * Benchmarks of `@voice-session/api`'s client against a loopback `node:http` server:
 *
 * 1. Per-call overhead: `client.apiKeys.list()` (validation, headers, per-attempt timeout signal, retry bookkeeping,
 *    JSON read) against a raw `fetch` + `response.json()` of the same URL (the target's baseline, ≤ 1.15×), and
 *    against the same raw fetch carrying a cancellable timeout (an `AbortController` and a timer, as the client
 *    does). Also `client.request()` with the response schema passed, which always runs the zod parse, to show
 *    what that parse costs. Robust to machine load: many rounds, each interleaving the variants call by call in
 *    rotating order and taking each variant's median; the figures are medians (and quartiles) of per-round ratios.
 * 2. A 10,000-conversation cursor walk with `for await`, heap sampled on every page, against a 1,000-conversation
 *    walk in the same run as the baseline: flat memory means the live heap (measured after a forced GC every 10
 *    pages) does not grow with the walk, and nothing is retained after it.
 *
 * Run: node --expose-gc --conditions=source --import tsx bench/api-client/run.ts [--rounds 60] [--calls 100]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PlatformClient } from '@voice-session/api';
import { ApiKeyListResponse } from '@voice-session/api/schemas';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '60' },
    calls: { type: 'string', default: '100' },
    conversations: { type: 'string', default: '10000' },
  },
});
const ROUNDS = Number(values.rounds);
const CALLS = Number(values.calls);
const CONVERSATIONS = Number(values.conversations);
const API_KEY = 'bench_key_0123456789';

const keyList = JSON.stringify({
  api_keys: Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `key ${i}`, last_used_at: null, created_at: '2026-01-01T00:00:00Z' })),
});

function conversation(n: number): Record<string, unknown> {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    assistant_id: '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    assistant_name: 'Ava',
    type: 'api',
    variables: { order: `A-${n}` },
    message_count: n % 40,
    total_cost: 0.01 * (n % 7),
    ai_enabled: true,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
  };
}

/** Serves `/api/user/api-keys` and a cursor-paginated `/api/user/conversations` of `total` items. */
function handle(request: IncomingMessage, response: ServerResponse, total: { value: number }): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/api/user/api-keys') {
    response.end(keyList);
    return;
  }
  if (url.pathname === '/api/user/conversations') {
    const perPage = Number(url.searchParams.get('per_page') ?? '15');
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
    const end = Math.min(start + perPage, total.value);
    const data = [];
    for (let n = start; n < end; n += 1) data.push(conversation(n));
    const next = end < total.value ? Buffer.from(String(end)).toString('base64url') : null;
    response.end(JSON.stringify({ data, path: `${url.origin}/api/user/conversations`, per_page: perPage, next_cursor: next, prev_cursor: null }));
    return;
  }
  response.statusCode = 404;
  response.end('{"message":"Not found"}');
}

/** The `q` quantile (0..1) of `samples`, by linear interpolation. */
function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low);
}

const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

type Variant = 'raw' | 'rawTimeout' | 'client' | 'clientParsed';

/** Per-round figures: median microseconds per call of each variant, measured interleaved in the same round. */
type Round = Record<Variant, number>;

async function perCall(baseUrl: string, client: PlatformClient): Promise<Round[]> {
  const url = `${baseUrl}/user/api-keys`;
  const headers = { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' };
  const variants: Record<Variant, () => Promise<unknown>> = {
    raw: async () => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    // The least any client with a real, cancellable timeout pays: a signal per request and a timer.
    rawTimeout: async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      try {
        const response = await fetch(url, { headers, signal: controller.signal });
        if (!response.ok) throw new Error(`status ${response.status}`);
        return await response.json();
      } finally {
        clearTimeout(timer);
      }
    },
    client: () => client.apiKeys.list(),
    // A caller's schema is always parsed: this is apiKeys.list() with the zod parse forced on.
    clientParsed: () => client.request({ method: 'GET', path: '/user/api-keys', response: ApiKeyListResponse }),
  };
  const names = Object.keys(variants) as Variant[];
  for (let i = 0; i < 300; i += 1) for (const name of names) await variants[name]();
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Variant, number[]>;
    // Calls interleaved one by one, rotating which variant goes first, so load drift hits every variant alike; the
    // median per variant drops the calls during which the process was descheduled.
    for (let i = 0; i < CALLS; i += 1) {
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(r + i + k) % names.length] as Variant;
        const started = process.hrtime.bigint();
        await variants[name]();
        samples[name].push(Number(process.hrtime.bigint() - started) / 1e3);
      }
    }
    rounds.push(Object.fromEntries(names.map((name) => [name, quantile(samples[name], 0.5)])) as Round);
  }
  return rounds;
}

/** Median and quartiles of a per-round ratio. */
function ratioSummary(rounds: readonly Round[], top: Variant, bottom: Variant): string {
  const ratios = rounds.map((round) => round[top] / round[bottom]);
  const [q1, med, q3] = [0.25, 0.5, 0.75].map((q) => quantile(ratios, q)) as [number, number, number];
  return `${med.toFixed(3)}x  (quartiles ${q1.toFixed(3)}-${q3.toFixed(3)})`;
}

interface WalkFigures {
  items: number;
  pages: number;
  ms: number;
  heapBeforeMb: number;
  peakGrowthMb: number;
  /** Largest heap growth measured right after a forced GC during the walk: what the walk keeps alive. */
  liveGrowthMb: number;
  afterGrowthMb: number;
}

async function walk(client: PlatformClient, total: { value: number }, count: number): Promise<WalkFigures> {
  total.value = count;
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let items = 0;
  let pages = 0;
  const started = performance.now();
  let liveGrowth = 0;
  for await (const page of client.conversations.list({ per_page: 100 }).iterPages()) {
    pages += 1;
    items += page.data.length;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    // Every 10th page, collect and measure what the walk really holds (the current page and the iterator).
    if (pages % 10 === 0 && hasGc) {
      gc();
      liveGrowth = Math.max(liveGrowth, process.memoryUsage().heapUsed - before);
    }
  }
  const ms = performance.now() - started;
  gc();
  const after = process.memoryUsage().heapUsed;
  const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 100) / 100;
  return {
    items, pages, ms: Math.round(ms), heapBeforeMb: mb(before), peakGrowthMb: mb(peak - before), liveGrowthMb: mb(liveGrowth),
    afterGrowthMb: mb(after - before),
  };
}

async function main(): Promise<void> {
  const total = { value: 0 };
  const server = createServer({ keepAlive: true }, (request, response) => handle(request, response, total));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const client = new PlatformClient({ apiKey: API_KEY, baseUrl });
  try {
    if (!hasGc) console.log('note: run with --expose-gc for steadier heap figures');
    const loadBefore = loadavg();
    const rounds = await perCall(baseUrl, client);
    const loadAfter = loadavg();
    const load = (l: number[]): string => l.map((v) => v.toFixed(2)).join(' ');
    console.log(`machine: node ${process.version}, ${cpus().length} CPUs; load average ${load(loadBefore)} before, ${load(loadAfter)} after`);
    console.log(`per-call (${ROUNDS} rounds x ${CALLS} interleaved calls of each variant; median over rounds of each round's median)`);
    for (const [name, label] of [
      ['raw', 'raw fetch + json'],
      ['rawTimeout', 'raw fetch + json, with a timeout signal'],
      ['client', 'client.apiKeys.list()'],
      ['clientParsed', 'client.request() with the zod parse'],
    ] as const) {
      console.log(`  ${label.padEnd(40)} ${quantile(rounds.map((r) => r[name]), 0.5).toFixed(1)} µs`);
    }
    console.log(`  client / raw fetch                       ${ratioSummary(rounds, 'client', 'raw')} (target <= 1.15x)`);
    console.log(`  client / raw fetch with timeout signal   ${ratioSummary(rounds, 'client', 'rawTimeout')}`);
    console.log(`  raw with timeout signal / raw fetch      ${ratioSummary(rounds, 'rawTimeout', 'raw')}`);
    console.log(`  client with zod parse / raw fetch        ${ratioSummary(rounds, 'clientParsed', 'raw')}`);

    const baseline = await walk(client, total, Math.round(CONVERSATIONS / 10));
    const full = await walk(client, total, CONVERSATIONS);
    console.log('cursor walk (per_page 100, for await over iterPages)');
    for (const figures of [baseline, full]) {
      console.log(
        `  ${String(figures.items).padStart(6)} conversations, ${figures.pages} pages, ${figures.ms} ms; heap before ${figures.heapBeforeMb} MB, ` +
          `peak growth ${figures.peakGrowthMb} MB (garbage included), live growth ${figures.liveGrowthMb} MB, after walk ${figures.afterGrowthMb} MB`,
      );
    }
    const ratio = full.peakGrowthMb / Math.max(baseline.peakGrowthMb, 0.01);
    console.log(`  peak-growth ratio ${full.items} vs ${baseline.items}: ${ratio.toFixed(2)}x for ${(full.items / baseline.items).toFixed(0)}x the items`);
    console.log(`  live-heap growth during the walks (after forced GCs): ${baseline.liveGrowthMb} MB vs ${full.liveGrowthMb} MB`);
    console.log(`  retained after the ${full.items} walk: ${full.afterGrowthMb} MB`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

await main();
