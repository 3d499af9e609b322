/**
 * The process cpu-profile.ts profiles: the full session router (defaults, per-IP limit on but out of
 * reach) in front of an instant upstream, loaded by autocannon from another process with one connection,
 * so requests arrive one after another as in run.ts. Prints one JSON line: the load window on the
 * monotonic clock V8's profiler uses, and how many requests it answered.
 *
 * Run it through cpu-profile.ts, which adds `--cpu-prof`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';

const REQUESTS = Number(process.env['BENCH_PROFILE_REQUESTS'] ?? 8000);
const canned = { id: 's', url: 'wss://media.example', token: 't'.repeat(300), expires_in: 900 };
let clock = 0;
let answered = 0;

const app = express();
app.use(
  createSessionRouter({
    apiKey: 'bench-key',
    assistantId: '0b5f8f7e-4a53-4c62-9a51-2f0d3c1e9a10',
    createSession: async () => canned,
    logger: createServerLogger({ apiKey: 'bench-key', destination: { write: () => undefined } }),
    clientRateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
    // Every call moves the clock past expiry and the budget window, so no limit refuses.
    now: () => (clock += 1_000_000),
  }),
);
const server = createServer(app);
server.on('request', (_req, res) => res.once('finish', () => (answered += 1)));
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/session`;

async function load(amount: number): Promise<void> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', '1', '-a', String(amount), '-m', 'POST', '-H', 'content-type=application/json', '-b', '{}', url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'ignore'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
}

// Warm-up outside the window, so the profile's window holds compiled code only.
await load(1000);
const before = answered;
const startUs = Number(process.hrtime.bigint() / 1000n);
await load(REQUESTS);
const endUs = Number(process.hrtime.bigint() / 1000n);
server.close();
process.stdout.write(`${JSON.stringify({ startUs, endUs, requests: answered - before })}\n`);
