/**
 * bench/server: what the token server costs and what it protects.
 *
 * 1. Added latency: the same session creation made directly with the api client, through a bare
 *    Express forwarder (the extra hop alone) and through the server, interleaved, medians compared.
 *    The emulator (the upstream) runs in its own process, as the platform is another machine in
 *    production; the token server and the measuring client share this one.
 * 2. Own work: the same with the platform replaced by an instant seam, against a bare Express route,
 *    plus the fetch-style handler called in-process (no sockets at all). profile.ts breaks this down.
 * 3. Flood: autocannon hammers POST /session from one client for a bounded time; we count what reached
 *    the upstream and probe GET /healthz latency during the flood against the same probe at rest.
 *
 * Run: `node --conditions=source --import tsx bench/server/run.ts` (or `npm run bench -- server`).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { autocannonProcess } from '../support/autocannon-process.js';
import { PlatformClient } from '@voice-session/api';
import { createPlatformSessionCreator, createServerLogger, createSessionHandler, type CreateUpstreamSession } from '@voice-session/server';
import { createSessionRouter, type SessionRouterOptions } from '@voice-session/server/express';
import { interleave, loadLine, median, percentile, time, type TimedPath } from './stats.js';
import { startUpstreamInProcess, startUpstreamProcess, type UpstreamProcess } from './upstream-process.js';

const PAIRS = Number(process.env['BENCH_PAIRS'] ?? 300);
const FLOOD_SECONDS = Number(process.env['BENCH_FLOOD_SECONDS'] ?? 5);
const FLOOD_CONNECTIONS = 20;
// Enough for the emulator process, which starts cold, to have compiled its hot path.
const WARMUP_ROUNDS = 60;
// `child` (default): the emulator in its own process, as the platform is another machine in production.
// `in-process`: the emulator in this process, the layout of the runs before 2026-11-22 04:00, for comparison.
const LAYOUT = process.env['BENCH_UPSTREAM'] === 'in-process' ? 'in-process' : 'child';

// The production logger (redaction and the API-key scrub, which only runs when it knows the key)
// writing nowhere: the figures keep its formatting work but not the terminal's.
const silentFor = (apiKey: string) => createServerLogger({ apiKey, destination: { write: () => undefined } });

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function startTokenServer(emu: UpstreamProcess, assistantId: string, extra: Partial<SessionRouterOptions>) {
  let upstreamCalls = 0;
  let upstreamMs = 0;
  // Server-side time a request spent beyond its upstream call, measured inside the server: what a
  // visitor waits for the server itself, without the client's own fetch costs or the hop to it.
  const ownMs: number[] = [];
  const real = createPlatformSessionCreator({ apiKey: emu.apiKeys.primary, baseUrl: emu.baseUrl });
  const counted: CreateUpstreamSession = async (params, options) => {
    upstreamCalls += 1;
    const started = performance.now();
    try {
      return await real(params, options);
    } finally {
      upstreamMs = performance.now() - started;
    }
  };
  const app = express();
  app.use((_req, res, next) => {
    // The latency rounds are sequential, so the last upstream call is this request's.
    const started = performance.now();
    upstreamMs = 0;
    res.once('finish', () => ownMs.push(performance.now() - started - upstreamMs));
    next();
  });
  app.use(
    createSessionRouter({
      apiKey: emu.apiKeys.primary,
      assistantId,
      createSession: counted,
      now: () => emu.now(),
      logger: silentFor(emu.apiKeys.primary),
      ...extra,
    }),
  );
  const { url, server } = await listen(app);
  return { url, server, upstreamCalls: () => upstreamCalls, ownMs };
}

async function addedLatency(emu: UpstreamProcess, assistantId: string): Promise<void> {
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

  const paths: TimedPath[] = [
    { name: 'direct api-client call', run: directCall, ms: [], cpuMs: [] },
    { name: 'bare Express forwarder', run: viaBare, ms: [], cpuMs: [] },
    { name: 'through the server', run: viaServer, ms: [], cpuMs: [] },
  ];
  // Three creations per round: every 3 rounds the platform's 10/minute and 10 slots near their end.
  // The advance is a control call to the other process, made between rounds and never timed.
  const freeLimits = async (round: number): Promise<void> => {
    if (round % 3 === 2) await emu.advance(901);
  };
  // Warm up every path (JIT in both processes, keep-alive sockets) with rounds that are thrown away.
  await interleave(paths.map((p) => ({ ...p, ms: [], cpuMs: [] })), WARMUP_ROUNDS, freeLimits);
  await emu.advance(901);
  token.ownMs.length = 0;
  await interleave(paths, PAIRS, freeLimits);
  token.server.close();
  bare.server.close();
  const [d, b, s] = paths.map((p) => median(p.ms)) as [number, number, number];
  const [dc, bc, sc] = paths.map((p) => median(p.cpuMs ?? [])) as [number, number, number];
  console.log(`added latency (${PAIRS} rounds, the three paths interleaved, loopback, emulator ${LAYOUT === 'child' ? 'in its own process' : 'in this process'}; ${loadLine()})`);
  for (const p of paths) {
    console.log(`  ${p.name.padEnd(24)} median ${median(p.ms).toFixed(3)} ms  p90 ${percentile(p.ms, 90).toFixed(3)} ms  (this process's CPU median ${median(p.cpuMs ?? []).toFixed(3)} ms)`);
  }
  console.log(`  server over direct       ${(s - d).toFixed(3)} ms (ratio ${(s / d).toFixed(2)}x; includes the loopback hop; target ≤ 2 ms: ${s - d <= 2 ? 'met' : 'NOT met'})`);
  console.log(`  server over bare hop     ${(s - b).toFixed(3)} ms (ratio ${(s / b).toFixed(2)}x; the server's own work)`);
  console.log(`  inside the server: request in to response out, minus its upstream call: median ${median(token.ownMs).toFixed(3)} ms, p90 ${percentile(token.ownMs, 90).toFixed(3)} ms`);
  console.log(`  CPU over direct          ${(sc - dc).toFixed(3)} ms (hop ${(bc - dc).toFixed(3)} ms + own work ${(sc - bc).toFixed(3)} ms)`);
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
    logger: silentFor('bench-key'),
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
  const paths: TimedPath[] = [
    { name: 'bare Express route', run: post(bare.url), ms: [] },
    { name: 'full router', run: post(full.url), ms: [] },
    { name: 'handler in-process', run: inProcess, ms: [] },
  ];
  for (let i = 0; i < 50; i++) for (const p of paths) await p.run();
  await interleave(paths, PAIRS);
  bare.server.close();
  full.server.close();
  const [b, f] = paths.map((p) => median(p.ms)) as [number, number, number];
  console.log(`the server's own work (${PAIRS} rounds, instant upstream, loopback; ${loadLine()})`);
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

async function flood(emu: UpstreamProcess, assistantId: string, label: string, extra: Partial<SessionRouterOptions>): Promise<void> {
  await emu.reset();
  const token = await startTokenServer(emu, assistantId, extra);
  let restDone = false;
  const restTimer = setTimeout(() => (restDone = true), 1000);
  const rest = await probeHealth(token.url, () => restDone);
  clearTimeout(restTimer);

  let floodDone = false;
  const probes = probeHealth(token.url, () => floodDone);
  const result = await autocannonProcess(`${token.url}/session`, { connections: FLOOD_CONNECTIONS, seconds: FLOOD_SECONDS });
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

const emu = LAYOUT === 'child' ? await startUpstreamProcess() : await startUpstreamInProcess();
try {
  console.log(`emulator in process ${emu.pid}; bench and token server in process ${process.pid}; ${loadLine()}`);
  const assistantId = await emu.firstAssistantId();
  await addedLatency(emu, assistantId);
  await ownWork();
  await flood(emu, assistantId, 'defaults (per-IP limit 5/min, global budget 10/61 s)', {});
  await flood(emu, assistantId, 'per-IP limit off (global budget alone)', { clientRateLimit: false });
  console.log(`done; ${loadLine()}`);
} finally {
  await emu.close();
}
