/**
 * Where the token server's own per-request time goes, with the platform replaced by an instant seam.
 *
 * 1. The fetch-style handler in-process (no sockets), each cost taken out in turn through the public
 *    options: the pino log line (a no-op logger), the limit store (a no-op store), the body (none, so
 *    no reading, JSON or zod), then all three; plus the bare cost of the undici `Request`/`Response`
 *    objects the handler is built on.
 * 2. Over loopback HTTP, the Express layers added one by one: a bare route, one that reads the body,
 *    a bare fetch-API bridge (Request in, Response out, no checks), + helmet, + helmet and
 *    express-rate-limit (as the router configures them), the full router with the per-IP limit off
 *    (as run.ts measures it) and on (the default).
 *
 * Every variant is interleaved round by round with the others; medians and their differences are printed.
 * cpu-profile.ts gives the same breakdown from a V8 CPU profile.
 *
 * Run: `node --conditions=source --import tsx bench/server/profile.ts` (`BENCH_ROUNDS`, default 2000 / 600).
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { createServerLogger, createSessionHandler, type LimitStore, type SessionLogger } from '@voice-session/server';
import { createSessionRouter } from '@voice-session/server/express';
import { interleave, loadLine, median, percentile, type TimedPath } from './stats.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2000);
const HTTP_ROUNDS = Math.max(100, Math.round(ROUNDS * 0.3));
const ASSISTANT = '0b5f8f7e-4a53-4c62-9a51-2f0d3c1e9a10';
const canned = { id: 's', url: 'wss://media.example', token: 't'.repeat(300), expires_in: 900 };
// Limits far out of reach, so nothing refuses and each variant does its full work on every call.
const NO_REFUSAL = { limit: 1_000_000_000, windowMs: 60_000 };

// The logger the bench gives the server: pino with redaction and the key scrub, writing nowhere.
const pinoToNowhere = createServerLogger({ apiKey: 'bench-key', destination: { write: () => undefined } });
const noLogger: SessionLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const noStore: LimitStore = {
  take: async () => ({ ok: true }),
  reserveSlot: async () => ({ ok: true }),
  extendSlot: async () => undefined,
  releaseSlot: async () => undefined,
};

function handlerWith(overrides: { logger?: SessionLogger; store?: LimitStore }) {
  let clock = 0;
  return createSessionHandler({
    apiKey: 'bench-key',
    assistantId: ASSISTANT,
    createSession: async () => canned,
    logger: pinoToNowhere,
    clientRateLimit: false,
    // Every call moves the clock past expiry and the budget window, so the memory store never refuses.
    now: () => (clock += 1_000_000),
    ...overrides,
  });
}

function call(handle: (request: Request) => Promise<Response>, body: string | undefined) {
  return async () => {
    const init: RequestInit = { method: 'POST' };
    if (body !== undefined) init.body = body;
    init.headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const response = await handle(new Request('http://bench.local/session', init));
    if (response.status !== 201) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  };
}

function report(title: string, paths: TimedPath[], baseline: string): void {
  const base = median((paths.find((p) => p.name === baseline) as TimedPath).ms);
  console.log(title);
  for (const p of paths) {
    const m = median(p.ms);
    const delta = p.name === baseline ? '' : `  ${m - base >= 0 ? '+' : ''}${((m - base) * 1000).toFixed(0)} µs vs ${baseline}`;
    console.log(`  ${p.name.padEnd(42)} median ${(m * 1000).toFixed(0).padStart(5)} µs  p90 ${(percentile(p.ms, 90) * 1000).toFixed(0).padStart(5)} µs${delta}`);
  }
}

async function inProcess(): Promise<void> {
  const full = handlerWith({});
  // A Request/Response pair like the handler's, with nothing else: the floor of any fetch-style handler.
  const objectsOnly = async (): Promise<void> => {
    const request = new Request('http://bench.local/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await request.arrayBuffer();
    const response = new Response(JSON.stringify(canned), { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Origin' } });
    await response.arrayBuffer();
  };
  const paths: TimedPath[] = [
    { name: 'full handler (body {}, pino, memory store)', run: call(full, '{}'), ms: [] },
    { name: 'no-op logger', run: call(handlerWith({ logger: noLogger }), '{}'), ms: [] },
    { name: 'no-op store', run: call(handlerWith({ store: noStore }), '{}'), ms: [] },
    { name: 'no body (no read, JSON, zod)', run: call(full, undefined), ms: [] },
    { name: 'no-op logger + store, no body', run: call(handlerWith({ logger: noLogger, store: noStore }), undefined), ms: [] },
    { name: 'Request + Response objects only', run: objectsOnly, ms: [] },
  ];
  for (let i = 0; i < 200; i++) for (const p of paths) await p.run();
  await interleave(paths, ROUNDS);
  report(`1. handler in-process, instant upstream (${ROUNDS} rounds; ${loadLine()})`, paths, 'full handler (body {}, pino, memory store)');
}

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function appWith(...layers: RequestHandler[]): express.Express {
  const app = express();
  app.post('/session', ...layers, (_req, res) => {
    res.status(201).set('cache-control', 'no-store').json(canned);
  });
  return app;
}

// Reads the body the way Node apps usually do, then answers as the bare route does.
const readBody: RequestHandler = (req, _res, next) => {
  req.on('data', () => undefined).once('end', () => next());
};

/**
 * The least a fetch-style handler behind Express costs: the request copied into a `Request` with a
 * streamed body, the body read, a `Response` built, and its bytes and headers copied back to `res`.
 * Written for this measurement; the router's own adapter does this and more (trust proxy, size caps).
 */
const fetchBridge: RequestHandler = async (req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      req.once('end', () => controller.close());
    },
  });
  const request = new Request(`http://${req.headers.host}${req.originalUrl}`, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
  JSON.parse(await request.text());
  const response = new Response(JSON.stringify(canned), { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Origin' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(bytes);
};

function routerApp(clientRateLimit: typeof NO_REFUSAL | false): express.Express {
  let clock = 0;
  const app = express();
  app.use(
    createSessionRouter({
      apiKey: 'bench-key',
      assistantId: ASSISTANT,
      createSession: async () => canned,
      logger: pinoToNowhere,
      clientRateLimit,
      now: () => (clock += 1_000_000),
    }),
  );
  return app;
}

async function overHttp(): Promise<void> {
  // Configured as the router configures them (helmet defaults; draft-8 headers, the memory store).
  const limiter = (): RequestHandler =>
    rateLimit({ ...NO_REFUSAL, standardHeaders: 'draft-8', legacyHeaders: false, validate: { ip: false, trustProxy: false, xForwardedForHeader: false } });
  const apps: Array<[string, express.Express]> = [
    ['bare Express route', appWith()],
    ['bare route that reads the body', appWith(readBody)],
    ['bare fetch-API bridge, no checks', (() => { const app = express(); app.post('/session', fetchBridge); return app; })()],
    ['+ helmet', appWith(helmet())],
    ['+ helmet + express-rate-limit', appWith(helmet(), limiter())],
    ['full router, per-IP limit off', routerApp(false)],
    ['full router, per-IP limit on (default)', routerApp(NO_REFUSAL)],
  ];
  const servers: Server[] = [];
  const paths: TimedPath[] = [];
  for (const [name, app] of apps) {
    const { url, server } = await listen(app);
    servers.push(server);
    paths.push({
      name,
      ms: [],
      run: async () => {
        const response = await fetch(`${url}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (response.status !== 201) throw new Error(`${name} answered ${response.status}`);
        await response.arrayBuffer();
      },
    });
  }
  for (let i = 0; i < 100; i++) for (const p of paths) await p.run();
  await interleave(paths, HTTP_ROUNDS);
  for (const server of servers) server.close();
  report(`2. over loopback HTTP, instant upstream (${HTTP_ROUNDS} rounds; ${loadLine()})`, paths, 'bare Express route');
}

await inProcess();
await overHttp();
