import { describe, expect, it } from 'vitest';
import { createServerLogger } from '../src/logger.js';
import { createSessionHandler } from '../src/handler.js';
import type { SessionHandlerOptions } from '../src/options.js';
import type { CreateUpstreamSession, UpstreamSessionParams } from '../src/upstream.js';

const ASSISTANT = '0b5f8f7e-4a53-4c62-9a51-2f0d3c1e9a10';
const KEY = 'sk_live_handler_test_key_123';

function setup(overrides: Partial<SessionHandlerOptions<undefined>> = {}) {
  const lines: string[] = [];
  const sent: UpstreamSessionParams[] = [];
  let clock = 1_700_000_000_000;
  let n = 0;
  const createSession: CreateUpstreamSession = async (params) => {
    sent.push(params);
    n += 1;
    return { id: `session-${n}`, url: 'wss://media.example', token: `token-${n}`, expires_in: 900 };
  };
  const handle = createSessionHandler({
    assistantId: ASSISTANT,
    createSession,
    now: () => clock,
    logger: createServerLogger({ apiKey: KEY, destination: { write: (s: string) => void lines.push(s) } }),
    ...overrides,
  });
  const post = (body?: unknown, init: { headers?: Record<string, string>; query?: string; raw?: string } = {}) =>
    handle(
      new Request(`https://site.example/session${init.query ?? ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.raw ?? (body === undefined ? null : JSON.stringify(body)),
      }),
    );
  return { handle, post, sent, lines, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe('createSessionHandler', () => {
  it('mints a session with no-store and an expiry computed from the injected clock', async () => {
    const t = setup();
    const response = await t.post({});
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      id: 'session-1',
      url: 'wss://media.example',
      token: 'token-1',
      expires_in: 900,
      expires_at: new Date(t.now() + 900_000).toISOString(),
    });
    expect(t.sent).toEqual([{ assistant_id: ASSISTANT }]);
  });

  it('answers in LiveKit token-endpoint shape with ?format=livekit and ignores its request fields', async () => {
    const t = setup();
    const response = await t.post({ room_name: 'x', participant_name: 'y' }, { query: '?format=livekit' });
    expect(await response.json()).toEqual({ server_url: 'wss://media.example', participant_token: 'token-1' });
    expect(t.sent).toEqual([{ assistant_id: ASSISTANT }]);
  });

  it('resolves aliases and refuses unknown ones and raw ids', async () => {
    const t = setup({ assistantId: undefined, assistants: { sales: ASSISTANT, help: 'c0ffee00-0000-4000-8000-000000000000' } });
    expect((await t.post({ assistant: 'sales' })).status).toBe(201);
    expect(t.sent[0]?.assistant_id).toBe(ASSISTANT);
    for (const assistant of ['nope', ASSISTANT]) {
      const r = await t.post({ assistant });
      expect(r.status).toBe(400);
      expect((await r.json()).error.code).toBe('UNKNOWN_ASSISTANT');
    }
    expect((await t.post({})).status).toBe(400);
  });

  it('never forwards unvetted fields of the body', async () => {
    const t = setup({ variables: { allowedKeys: ['name'] } });
    await t.post({ variables: { name: 'Ada' }, assistant_id: 'evil', external_identifier: 'spoof' });
    expect(t.sent).toEqual([{ assistant_id: ASSISTANT, variables: { name: 'Ada' } }]);
  });

  it('refuses malformed JSON, wrong types, non-JSON bodies and oversized bodies with 400 JSON', async () => {
    const t = setup();
    const cases = [
      await t.post(undefined, { raw: '{"assistant": ' }),
      await t.post({ assistant: 42 }),
      await t.post([1, 2]),
      await t.post(undefined, { raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await t.post({ pad: 'x'.repeat(9000) }),
    ];
    for (const r of cases) {
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/json');
      const body = await r.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.message).not.toMatch(/\bat\b.*\.ts/);
    }
    expect(t.sent).toEqual([]);
  });

  it('refuses a chunked body past the limit without a Content-Length', async () => {
    const t = setup({ maxBodyBytes: 100 });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode('x'.repeat(50)));
        c.close();
      },
    });
    const request = new Request('https://site.example/session', { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
    const response = await t.handle(request);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('allows same origin and listed origins, and refuses others with 403', async () => {
    const t = setup({ allowedOrigins: ['https://shop.example'] });
    const listed = await t.post({}, { headers: { origin: 'https://shop.example' } });
    expect(listed.status).toBe(201);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(listed.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await t.post({}, { headers: { origin: 'https://site.example' } })).status).toBe(201);
    const other = await t.post({}, { headers: { origin: 'https://shop.example.evil' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(t.sent).toHaveLength(2);
  });

  it('answers a preflight for POST from a listed origin only', async () => {
    const t = setup({ allowedOrigins: ['https://shop.example'] });
    const preflight = (origin: string, method: string, headers = 'content-type') =>
      t.handle(
        new Request('https://site.example/session', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
        }),
      );
    const ok = await preflight('https://shop.example', 'POST');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('https://shop.example', 'PUT')).status).toBe(403);
    expect((await preflight('https://shop.example', 'POST', 'authorization')).status).toBe(403);
    expect((await preflight('https://other.example', 'POST')).status).toBe(403);
  });

  it('runs the authorize hook: false is 403, 401 is 401, and neither calls upstream', async () => {
    let verdict: boolean | 401 = false;
    const t = setup({ authorize: () => verdict });
    expect((await t.post({})).status).toBe(403);
    verdict = 401;
    expect((await t.post({})).status).toBe(401);
    verdict = true;
    expect((await t.post({})).status).toBe(201);
    expect(t.sent).toHaveLength(1);
  });

  it('passes the externalIdentifier hook result upstream', async () => {
    const t = setup({ externalIdentifier: (req) => req.headers.get('x-user') ?? undefined });
    await t.post({}, { headers: { 'x-user': 'user-42' } });
    expect(t.sent).toEqual([{ assistant_id: ASSISTANT, external_identifier: 'user-42' }]);
  });

  it('fails the 11th concurrent request fast and frees a slot when its token expires', async () => {
    const t = setup({ budget: { limit: 10, windowMs: 60_000 } });
    for (let i = 0; i < 10; i++) {
      expect((await t.post({})).status).toBe(201);
      t.advance(6_001); // stay inside the creation budget
    }
    const busy = await t.post({});
    expect(busy.status).toBe(503);
    expect((await busy.json()).error.code).toBe('BUSY');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.sent).toHaveLength(10);
    t.advance(900_000 - 10 * 6_001 + 1);
    expect((await t.post({})).status).toBe(201);
  });

  it('spends at most the budget upstream and says when to retry', async () => {
    const t = setup({ budget: { limit: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await t.post({})).status).toBe(201);
    const limited = await t.post({});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(t.sent).toHaveLength(3);
  });

  it('limits one client IP when the runtime supplies it', async () => {
    const t = setup({ clientIp: () => '203.0.113.9', clientRateLimit: { limit: 2, windowMs: 60_000 } });
    await t.post({});
    await t.post({});
    const third = await t.post({});
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
  });

  it('refuses budgets and caps above the platform limits', () => {
    expect(() => setup({ budget: { limit: 11, windowMs: 60_000 } })).toThrow(/at most 10/);
    expect(() => setup({ budget: { limit: 20, windowMs: 120_000 } })).toThrow(/at most 10/);
    expect(() => setup({ maxOutstanding: 11 })).toThrow(/at most 10/);
  });

  it('answers 405 to other methods and 500 without details when a hook throws', async () => {
    const t = setup({ authorize: () => { throw new Error(`db down ${KEY}`); } });
    expect((await t.handle(new Request('https://site.example/session'))).status).toBe(405);
    const r = await t.post({});
    expect(r.status).toBe(500);
    expect(await r.text()).not.toContain('db down');
  });

  it('writes one line per request with outcome and latency, never the key or a token', async () => {
    const t = setup({ authorize: () => { throw new Error(`leak ${KEY}`); } });
    await t.post({});
    const ok = setup();
    await ok.post({});
    await ok.post({}, { raw: '{' });
    const lines = [...t.lines, ...ok.lines].map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(['session request', 'session request', 'session request']);
    const requestLines = lines;
    expect(requestLines.map((l) => l.outcome)).toEqual(['error', 'created', 'bad_request']);
    // pino levels: 50 error, 30 info, 40 warn. A minted session is routine, not an error.
    expect(requestLines.map((l) => l.level)).toEqual([50, 30, 40]);
    expect(requestLines[0].err.message).toBe('leak [Redacted]');
    for (const l of requestLines) expect(typeof l.latency_ms).toBe('number');
    const all = [...t.lines, ...ok.lines].join('\n');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain('token-1');
  });
});

describe('createSessionHandler upstream call', () => {
  it('gives each upstream attempt the 10 s default timeout and no client retries of its own', async () => {
    const seen: number[] = [];
    const handle = createSessionHandler({
      assistantId: ASSISTANT,
      logger: createServerLogger({ level: 'silent' }),
      createSession: async (_params, options) => {
        seen.push(options.timeout);
        return { id: 's', url: 'wss://m', token: 't', expires_in: 900 };
      },
    });
    expect((await handle(new Request('https://site.example/session', { method: 'POST' }))).status).toBe(201);
    expect(seen).toEqual([10_000]);
  });

  it('holds the slot of a timed-out call for a full token lifetime, since a token may exist upstream', async () => {
    let clock = 0;
    let hang = true;
    const handle = createSessionHandler({
      assistantId: ASSISTANT,
      maxOutstanding: 1,
      upstreamTimeoutMs: 20,
      now: () => clock,
      logger: createServerLogger({ level: 'silent' }),
      createSession: () => (hang ? new Promise(() => undefined) : Promise.resolve({ id: 's', url: 'wss://m', token: 't', expires_in: 900 })),
    });
    const post = () => handle(new Request('https://site.example/session', { method: 'POST' }));
    expect((await post()).status).toBe(504);
    hang = false;
    clock += 61_000;
    expect((await post()).status).toBe(503);
    clock += 900_000;
    expect((await post()).status).toBe(201);
  });
});
