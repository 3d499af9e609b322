/**
 * bench/server: what the token server costs and what it protects.
 *
 * 1. Added latency: the same session creation made directly with the api client and through the
 *    server (loopback, in one process with the emulator), interleaved, medians compared.
 * 2. Own work: the same with the platform replaced by an instant seam, against a bare Express route,
 *    plus the fetch-style handler called in-process (no sockets at all).
 * 3. Flood: autocannon hammers POST /session from one client for a bounded time; we count what reached
 *    the upstream and probe GET /healthz latency during the flood against the same probe at rest.
 *
 * Run: `node --conditions=source --import tsx bench/server/run.ts` (or `npm run bench -- server`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Result as AutocannonResult } from 'autocannon';
import express from 'express';
import { PlatformClient } from '@voice-session/api';
import { startEmulator, type RunningEmulator } from '@voice-session/emulator';
import { createPlatformSessionCreator, createServerLogger, createSessionHandler, type CreateUpstreamSession } from '@voice-session/server';
import { createSessionRouter, type SessionRouterOptions } from '@voice-session/server/express';

const PAIRS = Number(process.env['BENCH_PAIRS'] ?? 300);
const FLOOD_SECONDS = Number(process.env['BENCH_FLOOD_SECONDS'] ?? 5);
const FLOOD_CONNECTIONS = 20;

const silent = createServerLogger({ destination: { write: () => undefined } });

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function startTokenServer(emu: RunningEmulator, assistantId: string, extra: Partial<SessionRouterOptions>) {
  let upstreamCalls = 0;
  const real = createPlatformSessionCreator({ apiKey: emu.apiKeys.primary, baseUrl: emu.baseUrl });
  const counted: CreateUpstreamSession = (params, options) => {
    upstreamCalls += 1;
    return real(params, options);
  };
  const app = express();
  app.use(
    createSessionRouter({
      apiKey: emu.apiKeys.primary,
      assistantId,
      createSession: counted,
      now: () => emu.clock.now(),
      logger: silent,
      ...extra,
    }),
  );
  const { url, server } = await listen(app);
  return { url, server, upstreamCalls: () => upstreamCalls };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function addedLatency(emu: RunningEmulator, assistantId: string): Promise<void> {
  const direct = new PlatformClient({ apiKey: emu.apiKeys.primary, baseUrl: emu.baseUrl, maxRetries: 0 });
  const token = await startTokenServer(emu, assistantId, { clientRateLimit: false });
  const viaServer = async () => {
    const response = await fetch(`${token.url}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (response.status !== 201) throw new Error(`server answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  const directCall = () => direct.realtime.createSession({ assistant_id: assistantId });
  // The cost of the extra loopback hop alone: an Express route that forwards to the same client, no checks.
  const bareApp = express();
  bareApp.post('/hop', async (_req, res) => {
    res.status(201).json(await direct.realtime.createSession({ assistant_id: assistantId }));
  });
  const bare = await listen(bareApp);
  const viaBare = async () => {
    const response = await fetch(`${bare.url}/hop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await response.arrayBuffer();
  };

  const paths = [
    { name: 'direct api-client call', run: directCall, ms: [] as number[] },
    { name: 'bare Express forwarder', run: viaBare, ms: [] as number[] },
    { name: 'through the server', run: viaServer, ms: [] as number[] },
  ];
  // Warm up every path (JIT, keep-alive sockets), then free the slots and the rate window.
  for (let i = 0; i < 3; i++) for (const p of paths) await p.run();
  emu.clock.advance(901);

  for (let i = 0; i < PAIRS; i++) {
    // Rotate the order so no path always meets a warmer cache.
    for (let k = 0; k < paths.length; k++) {
      const p = paths[(i + k) % paths.length] as (typeof paths)[number];
      p.ms.push(await time(p.run));
    }
    // Three creations per round: every 3 rounds the platform's 10/minute and 10 slots near their end.
    if (i % 3 === 2) emu.clock.advance(901);
  }
  token.server.close();
  bare.server.close();
  const [d, b, s] = paths.map((p) => median(p.ms)) as [number, number, number];
  console.log(`added latency (${PAIRS} rounds, the three paths interleaved, loopback, one process)`);
  for (const p of paths) console.log(`  ${p.name.padEnd(24)} median ${median(p.ms).toFixed(3)} ms  p90 ${percentile(p.ms, 90).toFixed(3)} ms`);
  console.log(`  server over direct       ${(s - d).toFixed(3)} ms (ratio ${(s / d).toFixed(2)}x; includes the loopback hop)`);
  console.log(`  server over bare hop     ${(s - b).toFixed(3)} ms (ratio ${(s / b).toFixed(2)}x; the server's own work; target ≤ 2 ms)`);
}

/**
 * The server's own work with the platform taken out: the same canned session answered by a bare
 * Express route and by the full router (instant upstream seam), and the bare handler called in-process.
 */
async function ownWork(): Promise<void> {
  const canned = { id: 's', url: 'wss://media.example', token: 't'.repeat(300), expires_in: 900 };
  let clock = 0;
  const bareApp = express();
  bareApp.post('/session', (_req, res) => {
    res.status(201).json(canned);
  });
  const routerApp = express();
  const options = {
    apiKey: 'bench-key',
    assistantId: '0b5f8f7e-4a53-4c62-9a51-2f0d3c1e9a10',
    createSession: async () => canned,
    logger: silent,
    clientRateLimit: false as const,
    // Every call moves the clock past expiry and the budget window, so no limit refuses.
    now: () => (clock += 1_000_000),
  };
  routerApp.use(createSessionRouter(options));
  const bare = await listen(bareApp);
  const full = await listen(routerApp);
  const post = (url: string) => async () => {
    const response = await fetch(`${url}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (response.status !== 201) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  };
  const handle = createSessionHandler(options);
  const inProcess = async () => {
    const response = await handle(new Request('http://bench.local/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    await response.arrayBuffer();
  };
  const paths = [
    { name: 'bare Express route', run: post(bare.url), ms: [] as number[] },
    { name: 'full router', run: post(full.url), ms: [] as number[] },
    { name: 'handler in-process', run: inProcess, ms: [] as number[] },
  ];
  for (let i = 0; i < 50; i++) for (const p of paths) await p.run();
  for (let i = 0; i < PAIRS; i++) {
    for (let k = 0; k < paths.length; k++) {
      const p = paths[(i + k) % paths.length] as (typeof paths)[number];
      p.ms.push(await time(p.run));
    }
  }
  bare.server.close();
  full.server.close();
  const [b, f] = paths.map((p) => median(p.ms)) as [number, number, number];
  console.log(`the server's own work (${PAIRS} rounds, instant upstream, loopback)`);
  for (const p of paths) console.log(`  ${p.name.padEnd(24)} median ${median(p.ms).toFixed(3)} ms  p90 ${percentile(p.ms, 90).toFixed(3)} ms`);
  console.log(`  router over bare route   ${(f - b).toFixed(3)} ms (ratio ${(f / b).toFixed(2)}x)`);
}

async function probeHealth(url: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    samples.push(await time(async () => (await fetch(`${url}/healthz`)).arrayBuffer()));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** Runs autocannon in its own process, so the load generator does not share the server's event loop. */
async function autocannonProcess(url: string): Promise<AutocannonResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(FLOOD_CONNECTIONS), '-d', String(FLOOD_SECONDS), '-m', 'POST', '-H', 'content-type=application/json', '-b', '{}', url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out) as AutocannonResult;
}

async function flood(emu: RunningEmulator, assistantId: string, label: string, extra: Partial<SessionRouterOptions>): Promise<void> {
  await fetch(`${emu.controlUrl}/reset`, { method: 'POST' });
  const token = await startTokenServer(emu, assistantId, extra);
  let restDone = false;
  const restTimer = setTimeout(() => (restDone = true), 1000);
  const rest = await probeHealth(token.url, () => restDone);
  clearTimeout(restTimer);

  let floodDone = false;
  const probes = probeHealth(token.url, () => floodDone);
  const result = await autocannonProcess(`${token.url}/session`);
  floodDone = true;
  const during = await probes;
  token.server.close();

  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ');
  console.log(`flood: ${label}`);
  console.log(`  ${FLOOD_CONNECTIONS} connections for ${FLOOD_SECONDS} s from one client: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, answers ${codes}`);
  console.log(`  flood latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}`);
  console.log(`  upstream calls ${token.upstreamCalls()} (budget 10 per 61 s)`);
  console.log(`  /healthz at rest median ${median(rest).toFixed(2)} ms; during flood median ${median(during).toFixed(2)} ms, p99 ${percentile(during, 99).toFixed(2)} ms (${during.length} probes; ratio ${(median(during) / median(rest)).toFixed(2)}x)`);
  if (token.upstreamCalls() > 10) throw new Error('the upstream received more than the budget');
}

const emu = await startEmulator({ port: 0, media: false, log: () => undefined });
try {
  const seed = (await (await fetch(`${emu.controlUrl}/seed`)).json()) as { primary: { assistants: Array<{ uuid: string }> } };
  const assistantId = seed.primary.assistants[0]?.uuid;
  if (!assistantId) throw new Error('no seeded assistant');
  await addedLatency(emu, assistantId);
  await ownWork();
  await flood(emu, assistantId, 'defaults (per-IP limit 5/min, global budget 10/61 s)', {});
  await flood(emu, assistantId, 'per-IP limit off (global budget alone)', { clientRateLimit: false });
} finally {
  await emu.close();
}
