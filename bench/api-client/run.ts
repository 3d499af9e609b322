/**
 * Benchmarks of `@voice-session/api`'s client against a loopback `node:http` server:
 *
 * 1. Per-call overhead: `client.apiKeys.list()` (validation, headers, timeout signal, retry bookkeeping, response
 *    schema parse) against a raw `fetch` + `response.json()` of the same URL, and against the same raw fetch with an
 *    `AbortSignal.timeout` (what any cancellable timeout costs), interleaved in the same run. Target ≤ 1.15×.
 * 2. A 10,000-conversation cursor walk with `for await`, heap sampled on every page, against a 1,000-conversation
 *    walk in the same run as the baseline: flat memory means the peak heap growth does not scale with the walk.
 *
 * Run: node --expose-gc --conditions=source --import tsx bench/api-client/run.ts [--iterations 3000]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { PlatformClient } from '@voice-session/api';

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '3000' }, conversations: { type: 'string', default: '10000' } },
});
const ITERATIONS = Number(values.iterations);
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

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface PerCallFigures {
  raw: number;
  rawWithTimeout: number;
  client: number;
}

async function perCall(baseUrl: string, client: PlatformClient): Promise<PerCallFigures> {
  const url = `${baseUrl}/user/api-keys`;
  const headers = { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' };
  const raw = async (): Promise<unknown> => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  // The least any client with a cancellable timeout pays: fetch with an AbortSignal.
  const rawWithTimeout = async (): Promise<unknown> => {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const viaClient = (): Promise<unknown> => client.apiKeys.list();
  const runs: Array<[() => Promise<unknown>, number[]]> = [
    [raw, []],
    [rawWithTimeout, []],
    [viaClient, []],
  ];
  for (let i = 0; i < 300; i += 1) for (const [run] of runs) await run();
  // Interleaved, rotating which goes first, so drift in machine load hits every variant alike.
  for (let i = 0; i < ITERATIONS; i += 1) {
    for (let j = 0; j < runs.length; j += 1) {
      const [run, samples] = runs[(i + j) % runs.length] as [() => Promise<unknown>, number[]];
      const started = process.hrtime.bigint();
      await run();
      samples.push(Number(process.hrtime.bigint() - started) / 1e3);
    }
  }
  const [rawSamples, timeoutSamples, clientSamples] = runs.map(([, samples]) => samples) as [number[], number[], number[]];
  return { raw: median(rawSamples), rawWithTimeout: median(timeoutSamples), client: median(clientSamples) };
}

interface WalkFigures {
  items: number;
  pages: number;
  ms: number;
  heapBeforeMb: number;
  peakGrowthMb: number;
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
  for await (const page of client.conversations.list({ per_page: 100 }).iterPages()) {
    pages += 1;
    items += page.data.length;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const ms = performance.now() - started;
  gc();
  const after = process.memoryUsage().heapUsed;
  const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 100) / 100;
  return { items, pages, ms: Math.round(ms), heapBeforeMb: mb(before), peakGrowthMb: mb(peak - before), afterGrowthMb: mb(after - before) };
}

async function main(): Promise<void> {
  const total = { value: 0 };
  const server = createServer({ keepAlive: true }, (request, response) => handle(request, response, total));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const client = new PlatformClient({ apiKey: API_KEY, baseUrl });
  try {
    if (!(globalThis as { gc?: unknown }).gc) console.log('note: run with --expose-gc for steadier heap figures');
    const call = await perCall(baseUrl, client);
    console.log(`per-call (${ITERATIONS} interleaved iterations, median µs)`);
    console.log(`  raw fetch + json                     ${call.raw.toFixed(1)} µs`);
    console.log(`  raw fetch + json with timeout signal ${call.rawWithTimeout.toFixed(1)} µs`);
    console.log(`  client.apiKeys.list()                ${call.client.toFixed(1)} µs`);
    console.log(`  client / raw fetch                   ${(call.client / call.raw).toFixed(3)}x (target <= 1.15x)`);
    console.log(`  client / raw fetch with timeout      ${(call.client / call.rawWithTimeout).toFixed(3)}x`);

    const baseline = await walk(client, total, Math.round(CONVERSATIONS / 10));
    const full = await walk(client, total, CONVERSATIONS);
    console.log('cursor walk (per_page 100, for await over iterPages)');
    for (const figures of [baseline, full]) {
      console.log(
        `  ${String(figures.items).padStart(6)} conversations, ${figures.pages} pages, ${figures.ms} ms; heap before ${figures.heapBeforeMb} MB, ` +
          `peak growth ${figures.peakGrowthMb} MB, growth after walk ${figures.afterGrowthMb} MB`,
      );
    }
    const ratio = full.peakGrowthMb / Math.max(baseline.peakGrowthMb, 0.01);
    console.log(`  peak-growth ratio ${full.items} vs ${baseline.items}: ${ratio.toFixed(2)}x for ${(full.items / baseline.items).toFixed(0)}x the items`);
    console.log(`  retained after the ${full.items} walk: ${full.afterGrowthMb} MB`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

await main();
