/**
 * A V8 CPU profile of the token server's per-request work, summed by layer: runs cpu-profile-target.ts
 * under `--cpu-prof` (100 µs sampling), keeps the samples inside its load window, gives each sample to
 * the nearest layer on its stack (helmet, rate limit, adapter, body, zod, store, log…), prints µs per request.
 *
 * Run: `node --conditions=source --import tsx bench/server/cpu-profile.ts` (`BENCH_PROFILE_REQUESTS`, default 8000).
 * Pass a directory as the first argument to keep the .cpuprofile files (open them in Chrome DevTools).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLine } from './stats.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A layer of the request path, recognised by a stack frame. */
interface Layer {
  name: string;
  matches: (frame: ProfileNode['callFrame']) => boolean;
}

const inFile = (part: string) => (frame: ProfileNode['callFrame']) => frame.url.includes(part);
const inFunction = (file: string, names: readonly string[]) => (frame: ProfileNode['callFrame']) =>
  frame.url.includes(file) && names.includes(frame.functionName);

// A sample goes to the layer of the frame nearest its leaf that any layer recognises, so time in undici,
// streams or JSON counts for the code that asked for it (a Response built in json-response.ts is
// json-response's) and the rows add up. Async middleware runs what follows it inside its own frame
// (express-rate-limit calls next() after an await), which is why "nearest" and not "anywhere in the stack".
const LAYERS: Layer[] = [
  { name: 'zod (body schema)', matches: inFile('/node_modules/zod/') },
  { name: 'log line (pino, redaction, key scrub)', matches: (f) => /node_modules\/(pino|fast-redact|@pinojs|sonic-boom|safe-stable-stringify)|server\/src\/logger\.ts/.test(f.url) },
  { name: 'limit store (memory-limit-store.ts)', matches: inFile('server/src/memory-limit-store.ts') },
  { name: 'body read + JSON.parse (request-body.ts)', matches: inFile('server/src/request-body.ts') },
  { name: 'JSON response object (json-response.ts)', matches: inFile('server/src/json-response.ts') },
  { name: 'origin check (origin-policy.ts)', matches: inFile('server/src/origin-policy.ts') },
  { name: 'upstream call wrapper (upstream-call.ts)', matches: inFile('server/src/upstream-call.ts') },
  { name: 'handler, rest (handler.ts)', matches: inFile('server/src/handler.ts') },
  { name: 'adapter in: req → fetch Request', matches: inFunction('server/src/express.ts', ['toFetchRequest', 'bodyStream', 'start', 'pull', 'cancel']) },
  { name: 'adapter out: Response → res (send)', matches: inFunction('server/src/express.ts', ['send']) },
  { name: 'client IP (proxy-addr)', matches: (f) => f.url.includes('/node_modules/proxy-addr/') || f.functionName === 'clientIp' || f.functionName === 'keyGenerator' },
  { name: 'adapter, rest (express.ts)', matches: inFile('server/src/express.ts') },
  { name: 'express-rate-limit', matches: inFile('/node_modules/express-rate-limit/') },
  { name: 'helmet', matches: inFile('/node_modules/helmet/') },
  { name: 'Express app + router dispatch', matches: (f) => /node_modules\/(express|router|finalhandler|parseurl)\//.test(f.url) },
  { name: 'Node HTTP server (parse, socket, write)', matches: (f) => /^node:(_http_|net|internal\/stream_base|internal\/streams|stream)/.test(f.url) || f.functionName === 'writev' || f.functionName === 'writeUtf8String' },
  { name: 'garbage collector', matches: (f) => f.functionName === '(garbage collector)' },
];

const TARGET = fileURLToPath(new URL('./cpu-profile-target.ts', import.meta.url));

async function profile(dir: string): Promise<{ window: { startUs: number; endUs: number; requests: number }; file: string }> {
  const args = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval', '100', '--conditions=source', '--import', 'tsx', TARGET];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the profiled server exited with ${code}`);
  // tsx's loader thread writes a profile of its own; the main thread's is the one that ran the router.
  for (const name of await readdir(dir)) {
    const file = join(dir, name);
    if ((await readFile(file, 'utf8')).includes('server/src/express.ts')) return { window: JSON.parse(out.trim()), file };
  }
  throw new Error('no profile of the main thread was written');
}

function summarise(p: CpuProfile, window: { startUs: number; endUs: number; requests: number }): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byLayer = new Map<string, number>();
  const self = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    // Each sample stands for the time until the next one.
    const weight = p.timeDeltas[i + 1] ?? 0;
    if (t < window.startUs || t > window.endUs) continue;
    const leaf = byId.get(p.samples[i] as number) as ProfileNode;
    if (leaf.callFrame.functionName === '(idle)') {
      idleUs += weight;
      continue;
    }
    busyUs += weight;
    const layer = nearestLayer(leaf.id, byId, parent) ?? 'other (event loop, timers, microtasks)';
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + weight);
    const owner = selfOwner(leaf.callFrame);
    self.set(owner, (self.get(owner) ?? 0) + weight);
  }
  const perRequest = (us: number) => `${(us / window.requests).toFixed(0).padStart(5)} µs`;
  console.log(`CPU profile of the full router (per-IP limit on), instant upstream, ${window.requests} sequential requests (${loadLine()})`);
  console.log(`  busy ${perRequest(busyUs)} per request; idle ${perRequest(idleUs)} (waiting on the client, another process)`);
  console.log('  by the nearest layer on the stack (adds up to busy):');
  const names = [...LAYERS.map((l) => l.name), 'other (event loop, timers, microtasks)'];
  for (const name of names) console.log(`    ${name.padEnd(48)} ${perRequest(byLayer.get(name) ?? 0)}  ${pct(byLayer.get(name) ?? 0, busyUs)}`);
  console.log('  self time, by where the sampled frame lives (top 14):');
  for (const [owner, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`    ${owner.padEnd(48)} ${perRequest(us)}  ${pct(us, busyUs)}`);
}

function nearestLayer(leaf: number, byId: Map<number, ProfileNode>, parent: Map<number, number>): string | undefined {
  for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const layer = LAYERS.find((l) => l.matches(frame));
    if (layer) return layer.name;
  }
  return undefined;
}

function pct(us: number, total: number): string {
  return `${((100 * us) / total).toFixed(1).padStart(5)} %`;
}

// The package or source file a leaf frame belongs to; V8's pseudo-frames and builtins by name.
function selfOwner(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : `(native) ${frame.functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url);
  if (pkg) return pkg[1] as string;
  const source = /packages\/([^/]+\/src\/[^/]+)$/.exec(frame.url);
  if (source) return source[1] as string;
  if (frame.url.startsWith('node:')) return frame.url.replace(/^node:internal\/deps\/undici\/undici$/, 'undici (Node built-in)');
  return frame.url;
}

const keep = process.argv[2];
const dir = keep ?? (await mkdtemp(join(tmpdir(), 'server-cpu-prof-')));
try {
  const { window, file } = await profile(dir);
  summarise(JSON.parse(await readFile(file, 'utf8')) as CpuProfile, window);
  if (keep) console.log(`  profile kept: ${file}`);
} finally {
  if (!keep) await rm(dir, { recursive: true, force: true });
}
