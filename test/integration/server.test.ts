/**
 * The token server over real HTTP against a started emulator: every protection and every row of the
 * error mapping, with the emulator driven into each state through its control API.
 */
import { once } from 'node:events';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '@voice-session/api';
import { startEmulator, type RealtimeTokenClaims, type RunningEmulator } from '@voice-session/emulator';
import { createServerLogger } from '@voice-session/server';
import { createSessionRouter, type SessionRouterOptions } from '@voice-session/server/express';

let emu: RunningEmulator;
let assistantUuid: string;
const servers: Server[] = [];
/** Every byte any test received from the token server, and every log line it wrote. */
const seen: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, media: false, log: () => undefined });
});
afterAll(async () => {
  // Every byte of every test in this file, not only the dedicated test's own traffic.
  const everything = seen.join('\n');
  await emu.close();
  for (const key of Object.values(emu.apiKeys)) expect(everything).not.toContain(key);
});
beforeEach(async () => {
  await control('POST', '/reset');
  assistantUuid = await firstAssistantUuid();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

// ---- control API ----------------------------------------------------------------------------------

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emu.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

async function firstAssistantUuid(): Promise<string> {
  const seed = (await control('GET', '/seed')) as { primary: { assistants: Array<{ uuid: string }> } };
  const uuid = seed.primary.assistants[0]?.uuid;
  if (!uuid) throw new Error('the seed has no assistant for primary');
  return uuid;
}

const advanceClock = (seconds: number) => control('POST', '/clock/advance', { seconds });
const setBalance = (minutes: number) => control('POST', '/accounts/primary/balance', { minutes });
const blockAssistant = (uuid: string) => control('POST', `/assistants/${uuid}/blocked`, { blocked: true });
const injectFault = (fault: string | null) => control('POST', '/faults', { realtime: fault });

interface ControlSession {
  id: string;
  external_identifier: string | null;
}

/** Sessions the emulator has minted so far (what reached upstream and succeeded). */
async function upstreamSessions(): Promise<ControlSession[]> {
  return ((await control('GET', '/realtime/sessions')) as { data: ControlSession[] }).data;
}

// ---- the server under test ------------------------------------------------------------------------

interface Started {
  url: string;
  lines: Array<Record<string, unknown>>;
}

async function startServer(overrides: Partial<SessionRouterOptions> = {}): Promise<Started> {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createServerLogger({
    apiKey: emu.apiKeys.primary,
    destination: {
      write(line: string) {
        seen.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  const app = express();
  app.use(
    createSessionRouter({
      apiKey: emu.apiKeys.primary,
      baseUrl: emu.baseUrl,
      assistantId: assistantUuid,
      now: () => emu.clock.now(),
      logger,
      allowedOrigins: ['https://shop.example'],
      clientRateLimit: false,
      ...overrides,
    }),
  );
  const server = createHttpServer(app);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function post(base: string, body?: unknown, init: { headers?: Record<string, string>; path?: string; raw?: string } = {}): Promise<Answer> {
  const response = await fetch(`${base}${init.path ?? '/session'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.raw ?? (body === undefined ? null : JSON.stringify(body)),
  });
  return record(response);
}

async function record(response: Response): Promise<Answer> {
  const text = await response.text();
  const headerText = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  seen.push(headerText, text);
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(Object.keys(answer.body.error).sort()).toEqual(['code', 'message']);
  expect(answer.headers.get('cache-control')).toBe('no-store');
}

function expectRetryAfter(answer: Answer): void {
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/** A client for minting directly against the emulator, as another backend of the same account would. */
function directClient(): PlatformClient {
  return new PlatformClient({ apiKey: emu.apiKeys.primary, baseUrl: emu.baseUrl, maxRetries: 0 });
}

// ---- tests ----------------------------------------------------------------------------------------

describe('token server against the emulator', () => {
  it('mints a session whose token is the emulator-signed JWT for that session room', async () => {
    const server = await startServer();
    const answer = await post(server.url, {});
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const { id, url, token, expires_in, expires_at } = answer.body;
    expect(url).toBe(emu.mediaUrl);
    expect(expires_in).toBe(900);
    expect(Date.parse(expires_at)).toBeCloseTo(emu.clock.now() + 900_000, -4);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(emu.emulator.secret));
    const claims = payload as unknown as RealtimeTokenClaims;
    expect(claims.video.room).toBe(id);
    // What the media endpoint does when a browser joins with this token: the session goes live.
    expect(await control('POST', `/realtime/${id}/connect`)).toMatchObject({ data: { id, status: 'live' } });
  });

  it('answers ?format=livekit with server_url and participant_token', async () => {
    const server = await startServer();
    const answer = await post(server.url, { room_name: 'ignored' }, { path: '/session?format=livekit' });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['participant_token', 'server_url']);
    expect(decodeJwt(answer.body.participant_token).video).toMatchObject({ roomJoin: true });
  });

  it('answers GET /healthz', async () => {
    const server = await startServer();
    const answer = await record(await fetch(`${server.url}/healthz`));
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  describe('maps each upstream state', () => {
    it('402 INSUFFICIENT_BALANCE → 503 UNAVAILABLE', async () => {
      const server = await startServer();
      await setBalance(0);
      const answer = await post(server.url, {});
      expectError(answer, 503, 'UNAVAILABLE');
      expectRetryAfter(answer);
    });

    it('403 ASSISTANT_BLOCKED → 503, logged as misconfiguration', async () => {
      const server = await startServer();
      await blockAssistant(assistantUuid);
      expectError(await post(server.url, {}), 503, 'UNAVAILABLE');
      expect(server.lines.find((l) => l['msg'] === 'session request')).toMatchObject({ outcome: 'misconfiguration', level: 50 });
    });

    it('404 ASSISTANT_NOT_FOUND → 503, logged as misconfiguration', async () => {
      const server = await startServer({ assistantId: '00000000-0000-4000-8000-000000000000' });
      expectError(await post(server.url, {}), 503, 'UNAVAILABLE');
      expect(server.lines.find((l) => l['msg'] === 'session request')).toMatchObject({ outcome: 'misconfiguration', upstream_status: 404, upstream_code: 'ASSISTANT_NOT_FOUND' });
    });

    it('422 on the browser variables → 400, on the site configuration → 500', async () => {
      const variables = { schema: { safeParse: (v: unknown) => ({ success: true as const, data: v }) } };
      const browser = await startServer({ variables });
      expectError(await post(browser.url, { variables: { '': 'empty key' } }), 400, 'INVALID_VARIABLES');
      const site = await startServer({ assistantId: 'not-a-uuid' });
      expectError(await post(site.url, {}), 500, 'INTERNAL');
    });

    it('429 CONCURRENT_LIMIT → 503 BUSY with Retry-After', async () => {
      const server = await startServer();
      const client = directClient();
      for (let i = 0; i < 10; i++) await client.realtime.createSession({ assistant_id: assistantUuid });
      await advanceClock(61); // out of the creation window, still inside the tokens' 900 s
      const answer = await post(server.url, {});
      expectError(answer, 503, 'BUSY');
      expectRetryAfter(answer);
    });

    it('plain 429 → 429 RATE_LIMITED with Retry-After', async () => {
      const server = await startServer();
      const client = directClient();
      for (let i = 0; i < 10; i++) await client.realtime.createSession({ assistant_id: assistantUuid });
      const answer = await post(server.url, {});
      expectError(answer, 429, 'RATE_LIMITED');
      expectRetryAfter(answer);
    });

    it('503 CONNECTION_FAILED → one retry, then 502', async () => {
      const server = await startServer();
      await injectFault('connection_failed');
      const answer = await post(server.url, {});
      expectError(answer, 502, 'UPSTREAM_FAILED');
      expectRetryAfter(answer);
      expect(server.lines.find((l) => l['msg'] === 'session request')).toMatchObject({ attempts: 2 });
    });

    it('upstream on a closed port → one retry, then 502', async () => {
      const port = await closedPort();
      const server = await startServer({ baseUrl: `http://127.0.0.1:${port}/api` });
      const answer = await post(server.url, {});
      expectError(answer, 502, 'UPSTREAM_UNREACHABLE');
      expect(server.lines.find((l) => l['msg'] === 'session request')).toMatchObject({ attempts: 2 });
    });

    it('upstream that accepts and never answers → 504 after the timeout, no retry', async () => {
      const silent = await silentServer();
      try {
        const server = await startServer({ baseUrl: `http://127.0.0.1:${silent.port}/api`, upstreamTimeoutMs: 300 });
        const answer = await post(server.url, {});
        expectError(answer, 504, 'UPSTREAM_TIMEOUT');
        expectRetryAfter(answer);
        expect(silent.connections()).toBe(1);
      } finally {
        await silent.close();
      }
    });
  });

  describe('protection', () => {
    it('answers preflight from a listed origin for POST only, without credentials', async () => {
      const server = await startServer();
      const preflight = async (origin: string, method: string) =>
        record(
          await fetch(`${server.url}/session`, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
          }),
        );
      const ok = await preflight('https://shop.example', 'POST');
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      expect(ok.headers.get('access-control-allow-methods')).toBe('POST');
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      expect((await preflight('https://shop.example', 'DELETE')).status).toBe(403);
      expect((await preflight('https://evil.example', 'POST')).status).toBe(403);
    });

    it('serves a listed origin with CORS headers and refuses any other origin with 403', async () => {
      const server = await startServer();
      const listed = await post(server.url, {}, { headers: { origin: 'https://shop.example' } });
      expect(listed.status).toBe(201);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      const other = await post(server.url, {}, { headers: { origin: 'https://shop.example:8443' } });
      expectError(other, 403, 'ORIGIN_NOT_ALLOWED');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(await upstreamSessions()).toHaveLength(1);
    });

    it('limits one client IP with express-rate-limit and answers 429 with Retry-After', async () => {
      const server = await startServer({ clientRateLimit: { limit: 2, windowMs: 60_000 } });
      expect((await post(server.url, {})).status).toBe(201);
      expect((await post(server.url, {})).status).toBe(201);
      const third = await post(server.url, {});
      expectError(third, 429, 'RATE_LIMITED');
      expectRetryAfter(third);
      expect(await upstreamSessions()).toHaveLength(2);
    });

    it('believes X-Forwarded-For only from a trusted proxy', async () => {
      const untrusted = await startServer({ clientRateLimit: { limit: 1, windowMs: 60_000 } });
      expect((await post(untrusted.url, {}, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(201);
      // A forged header does not buy a fresh allowance.
      expect((await post(untrusted.url, {}, { headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(429);
      const trusted = await startServer({ clientRateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: 'loopback' });
      expect((await post(trusted.url, {}, { headers: { 'x-forwarded-for': '198.51.100.3' } })).status).toBe(201);
      expect((await post(trusted.url, {}, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(201);
      expect((await post(trusted.url, {}, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(429);
    });

    it('stops at the global budget before the platform does, with Retry-After', async () => {
      const server = await startServer({ budget: { limit: 3, windowMs: 60_000 } });
      for (let i = 0; i < 3; i++) expect((await post(server.url, {})).status).toBe(201);
      const refused = await post(server.url, {});
      expectError(refused, 429, 'RATE_LIMITED');
      expectRetryAfter(refused);
      expect(await upstreamSessions()).toHaveLength(3);
      await advanceClock(60);
      expect((await post(server.url, {})).status).toBe(201);
    });

    it('fails the 11th concurrent request fast and takes new ones once the emulator clock passes expiry', async () => {
      const server = await startServer();
      for (let i = 0; i < 10; i++) {
        expect((await post(server.url, {})).status).toBe(201);
        if (i === 4) await advanceClock(61); // keep the 10/minute budget out of the way
      }
      const busy = await post(server.url, {});
      expectError(busy, 503, 'BUSY');
      expectRetryAfter(busy);
      expect(Number(busy.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      expect(await upstreamSessions()).toHaveLength(10);
      await advanceClock(900);
      expect((await post(server.url, {})).status).toBe(201);
      expect(await upstreamSessions()).toHaveLength(11);
    });

    it('refuses bodies over 8 KB, sized or chunked, with 400 JSON', async () => {
      const server = await startServer();
      expectError(await post(server.url, { pad: 'x'.repeat(9 * 1024) }), 400, 'PAYLOAD_TOO_LARGE');
      const chunked = await rawChunkedPost(server.url, 64 * 1024);
      expect(chunked.status).toBe(400);
      expect(JSON.parse(chunked.body).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect((await post(server.url, { pad: 'x'.repeat(7 * 1024) })).status).toBe(201);
    });

    it('refuses malformed JSON, wrong types and unknown aliases with 400 JSON and no stack trace', async () => {
      const server = await startServer();
      for (const answer of [
        await post(server.url, undefined, { raw: '{"assistant":' }),
        await post(server.url, { assistant: ['x'] }),
        await post(server.url, 'just a string'),
        await post(server.url, undefined, { raw: 'x=1', headers: { 'content-type': 'text/plain' } }),
        await post(server.url, { variables: { a: 1 } }),
      ]) {
        expect(answer.status).toBe(400);
        expect(JSON.stringify(answer.body)).not.toMatch(/at .*\(|node_modules|\.ts:\d/);
      }
      const aliased = await startServer({ assistantId: undefined, assistants: { support: assistantUuid } });
      expectError(await post(aliased.url, { assistant: assistantUuid }), 400, 'UNKNOWN_ASSISTANT');
      expect((await post(aliased.url, { assistant: 'support' })).status).toBe(201);
      expect(await upstreamSessions()).toHaveLength(1);
    });

    it('runs the authorize hook and passes the externalIdentifier to the platform', async () => {
      const server = await startServer({
        authorize: (request) => (request.headers.get('cookie') === 'session=ok' ? true : 401),
        externalIdentifier: (_request, { req }) => `visitor-${req.headers['x-visitor'] ?? 'anon'}`,
      });
      expectError(await post(server.url, {}), 401, 'UNAUTHORIZED');
      const answer = await post(server.url, {}, { headers: { cookie: 'session=ok', 'x-visitor': '7' } });
      expect(answer.status).toBe(201);
      const minted = (await upstreamSessions()).find((s) => s.id === answer.body.id);
      expect(minted?.external_identifier).toBe('visitor-7');
    });
  });

  it('never shows the API key in any response or log line', async () => {
    // Walk the server through success, every refusal and every upstream failure, then scan it all.
    const start = seen.length;
    const server = await startServer({ clientRateLimit: { limit: 50, windowMs: 60_000 } });
    await post(server.url, {});
    await post(server.url, {}, { headers: { origin: 'https://evil.example' } });
    await post(server.url, undefined, { raw: '{' });
    await setBalance(0);
    await post(server.url, {});
    await setBalance(100);
    await blockAssistant(assistantUuid);
    await post(server.url, {});
    const down = await startServer({ baseUrl: `http://127.0.0.1:${await closedPort()}/api` });
    await post(down.url, {});
    const keyless = await startServer({ assistantId: 'not-a-uuid' });
    await post(keyless.url, {});
    const mine = seen.slice(start);
    expect(mine.length).toBeGreaterThan(10);
    const everything = mine.join('\n');
    for (const key of Object.values(emu.apiKeys)) expect(everything).not.toContain(key);
    expect(everything).not.toMatch(/bearer\s+\S{8,}/i);
  });
});

// ---- helpers --------------------------------------------------------------------------------------

async function closedPort(): Promise<number> {
  const probe = createNetServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function silentServer(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server = createNetServer((socket) => void sockets.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Streams `bytes` of JSON with chunked encoding (no Content-Length) and reads the answer. */
function rawChunkedPost(base: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/session`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        seen.push(body);
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    // The server may close once it has answered; a write after that is expected to fail.
    req.on('error', (error) => (error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error)));
    req.write('{"pad":"');
    const chunk = 'x'.repeat(1024);
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end('"}');
  });
}

describe('token server input it did not expect', () => {
  it('answers a Host header no URL can hold with 400 JSON, not an error page', async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/session', method: 'POST', headers: { host: 'bad host^', 'content-length': '0' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    seen.push(answer.body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });
});
