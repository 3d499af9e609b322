import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  APIConnectionError,
  APIError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  PlatformError,
  RateLimitError,
} from './errors.js';
import { fakeFetch, hangingFetch, jsonBody, jsonResponse, type FakeFetch } from './fake-fetch.test-support.js';
import type { Logger } from './logger.js';
import { HttpTransport, type TransportConfig } from './transport.js';

function transport(fetch: FakeFetch, overrides: Partial<TransportConfig> = {}): HttpTransport {
  return new HttpTransport({
    baseUrl: 'https://platform.test/api/',
    apiKey: 'sk_live_secret_key',
    timeout: 60_000,
    maxRetries: 2,
    fetch,
    logger: undefined,
    ...overrides,
  });
}

function recordingLogger(): Logger & { lines: Array<{ level: string; details: Record<string, unknown>; message: string }> } {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (details: Record<string, unknown>, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('HttpTransport requests', () => {
  it('sends the bearer token, Accept and a JSON body to base URL + path', async () => {
    const fetch = fakeFetch([jsonResponse({ ok: true })]);
    const result = await transport(fetch).send({ method: 'POST', path: '/user/tools', body: { name: 'x', n: 1 } });
    expect(result).toEqual({ ok: true });
    const [call] = fetch.calls;
    expect(call?.url.href).toBe('https://platform.test/api/user/tools');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe('Bearer sk_live_secret_key');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(call)).toEqual({ name: 'x', n: 1 });
  });

  it('sends no body and no Content-Type when the encoding is none', async () => {
    const fetch = fakeFetch([jsonResponse({})]);
    await transport(fetch).send({ method: 'POST', path: '/user/x', body: { ignored: true }, bodyEncoding: 'none' });
    expect(fetch.calls[0]?.body).toBeUndefined();
    expect(fetch.calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('encodes path parameters as single segments and serialises the query Laravel-style', async () => {
    const fetch = fakeFetch([jsonResponse({})]);
    await transport(fetch).send({
      method: 'GET',
      path: '/user/automate/flows/{id}/runs',
      pathParams: { id: 'a/b?c#d e' },
      query: { unmask: true, off: false, limit: 5, skip: undefined, none: null, tags: ['x', 'y'], range: { from: 1 } },
    });
    const url = fetch.calls[0]?.url;
    expect(url?.pathname).toBe('/api/user/automate/flows/a%2Fb%3Fc%23d%20e/runs');
    expect(url?.search).toBe('?unmask=1&off=0&limit=5&tags%5B%5D=x&tags%5B%5D=y&range%5Bfrom%5D=1');
  });

  it('refuses an absolute or protocol-relative path, so the key never goes to another host', async () => {
    const fetch = fakeFetch([jsonResponse({})]);
    await expect(transport(fetch).send({ method: 'GET', path: 'https://evil.test/steal' })).rejects.toBeInstanceOf(PlatformError);
    await expect(transport(fetch).send({ method: 'GET', path: '//evil.test/steal' })).rejects.toBeInstanceOf(PlatformError);
    expect(fetch.calls).toHaveLength(0);
  });

  it('lets per-call headers add to and remove default headers', async () => {
    const fetch = fakeFetch([jsonResponse({})]);
    await transport(fetch).send({ method: 'GET', path: '/x' }, { headers: { 'X-Trace': 't1', Accept: null } });
    expect(fetch.calls[0]?.headers.get('x-trace')).toBe('t1');
    expect(fetch.calls[0]?.headers.has('accept')).toBe(false);
  });

  it('parses the body with the schema and returns the parsed value', async () => {
    const fetch = fakeFetch([jsonResponse({ n: '5', extra: 1 })]);
    const schema = z.looseObject({ n: z.coerce.number() });
    const result = await transport(fetch).send({ method: 'GET', path: '/x', response: schema });
    expect(result).toEqual({ n: 5, extra: 1 });
  });

  it('returns a body that does not fit its schema unparsed and logs the drift', async () => {
    const logger = recordingLogger();
    const fetch = fakeFetch([jsonResponse({ unexpected: true })]);
    const result = await transport(fetch, { logger }).send({ method: 'GET', path: '/x', response: z.object({ n: z.number() }) });
    expect(result).toEqual({ unexpected: true });
    expect(logger.lines.some((l) => l.level === 'warn' && /did not match/.test(l.message))).toBe(true);
  });

  it('reads JSON by Content-Type, and objects or arrays even without it', async () => {
    const fetch = fakeFetch([
      new Response('{"a":1}', { status: 200 }),
      new Response('[1,2]', { status: 200, headers: { 'content-type': 'text/plain' } }),
      new Response('5', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }),
      new Response('plain words', { status: 200, headers: { 'content-type': 'text/plain' } }),
    ]);
    const t = transport(fetch);
    await expect(t.send({ method: 'GET', path: '/a' })).resolves.toEqual({ a: 1 });
    await expect(t.send({ method: 'GET', path: '/b' })).resolves.toEqual([1, 2]);
    await expect(t.send({ method: 'GET', path: '/c' })).resolves.toBe(5);
    await expect(t.send({ method: 'GET', path: '/d' })).resolves.toBe('plain words');
  });

  it('throws APIError carrying the text when a success body declared as JSON is not JSON', async () => {
    const fetch = fakeFetch([new Response('{"truncated":', { status: 200, headers: { 'content-type': 'application/json' } })]);
    const error = await transport(fetch).send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toBe('Response body is not valid JSON.');
    expect((error as APIError).body).toBe('{"truncated":');
  });

  it('keeps an unparseable error body as text on the error', async () => {
    const fetch = fakeFetch([new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })]);
    const error = await transport(fetch, { maxRetries: 0 }).send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).body).toBe('<html>Bad gateway</html>');
    expect((error as APIError).message).toBe('502 <html>Bad gateway</html>');
  });

  it('resolves undefined for an empty success body', async () => {
    const fetch = fakeFetch([new Response(null, { status: 204 })]);
    await expect(transport(fetch).send({ method: 'POST', path: '/x' })).resolves.toBeUndefined();
  });
});

describe('HttpTransport timeout and abort', () => {
  it('throws APIConnectionTimeoutError when the timeout elapses', async () => {
    const fetch = hangingFetch();
    const error = await transport(fetch, { timeout: 20 }).send({ method: 'POST', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(fetch.calls).toHaveLength(1);
    // The request itself is cancelled, not just abandoned: fetch's signal fired.
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
  });

  it('honours a per-call timeout over the client default', async () => {
    const fetch = hangingFetch();
    const error = await transport(fetch, { timeout: 60_000 }).send({ method: 'POST', path: '/x' }, { timeout: 15 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('treats an infinite timeout as no practical limit rather than an immediate one', async () => {
    // Answers after 20 ms unless aborted first: an uncapped Infinity would abort after 1 ms.
    const fetch = fakeFetch(
      (request) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(jsonResponse({ ok: 1 })), 20);
          request.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        }),
    );
    const result = transport(fetch, { maxRetries: 0 }).send({ method: 'GET', path: '/x' }, { timeout: Number.POSITIVE_INFINITY });
    await expect(result).resolves.toEqual({ ok: 1 });
  });

  it('throws APIUserAbortError when the caller aborts mid-request', async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const pending = transport(fetch).send({ method: 'GET', path: '/x' }, { signal: controller.signal });
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
  });

  it('leaves the signal of a completed request unfired and keeps no listener on the caller signal', async () => {
    const fetch = fakeFetch([jsonResponse({ ok: 1 })]);
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => { listeners += 1; add(...args); }) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => { listeners -= 1; remove(...args); }) as typeof remove;
    await transport(fetch).send({ method: 'GET', path: '/x' }, { signal: controller.signal, timeout: 20 });
    expect(listeners).toBe(0);
    controller.abort();
    expect(fetch.calls[0]?.signal?.aborted).toBe(false);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const fetch = fakeFetch([jsonResponse({})]);
    await expect(transport(fetch).send({ method: 'GET', path: '/x' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it('wraps a network failure in APIConnectionError with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const fetch = fakeFetch([cause]);
    const error = await transport(fetch, { maxRetries: 0 }).send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).cause).toBe(cause);
  });
});

describe('HttpTransport retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('retries a GET after a 5xx with exponential backoff (0.5 s, then 1 s)', async () => {
    const fetch = fakeFetch([jsonResponse({ error: 'boom' }, 502), jsonResponse({ error: 'boom' }, 503), jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({ method: 'GET', path: '/x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(fetch.calls).toHaveLength(3);
  });

  it('takes up to 25 % jitter off the backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const fetch = fakeFetch([jsonResponse({}, 500), jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({ method: 'GET', path: '/x' });
    await vi.advanceTimersByTimeAsync(374);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const fetch = fakeFetch([jsonResponse({ error: 'down' }, 500)]);
    const pending = transport(fetch, { maxRetries: 1 }).send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(2);
  });

  it('retries a GET after a connection error and a 408', async () => {
    const fetch = fakeFetch([new TypeError('socket hang up'), jsonResponse({}, 408), jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({ method: 'GET', path: '/x' });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(fetch.calls).toHaveLength(3);
  });

  it('retries a GET after a timeout', async () => {
    let calls = 0;
    const fetch = fakeFetch((request) => {
      calls += 1;
      if (calls === 1) {
        return new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }
      return jsonResponse({ ok: 1 });
    });
    const pending = transport(fetch, { timeout: 1000 }).send({ method: 'GET', path: '/x' });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(fetch.calls).toHaveLength(2);
  });

  it('honours Retry-After in seconds on a plain 429, even for a POST', async () => {
    const fetch = fakeFetch([jsonResponse({ message: 'Too Many Attempts.' }, 429, { 'retry-after': '3' }), jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({ method: 'POST', path: '/user/realtime/session', body: {} });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('honours Retry-After given as an HTTP date', async () => {
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fetch = fakeFetch([
      jsonResponse({}, 429, { 'retry-after': new Date('2026-01-01T00:00:02Z').toUTCString() }),
      jsonResponse({ ok: 1 }),
    ]);
    const pending = transport(fetch).send({ method: 'GET', path: '/x' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('does not wait out a Retry-After longer than a minute: the 429 goes to the caller', async () => {
    const fetch = fakeFetch([jsonResponse({}, 429, { 'retry-after': '3600' })]);
    const error = await transport(fetch).send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(fetch.calls).toHaveLength(1);
  });

  it('never retries CONCURRENT_LIMIT', async () => {
    const fetch = fakeFetch([jsonResponse({ success: false, error: 'limit', error_code: 'CONCURRENT_LIMIT' }, 429, { 'retry-after': '1' })]);
    const error = await transport(fetch).send({ method: 'POST', path: '/user/realtime/session', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).code).toBe('CONCURRENT_LIMIT');
    expect(fetch.calls).toHaveLength(1);
  });

  it('never retries a POST after a 5xx', async () => {
    const fetch = fakeFetch([jsonResponse({ success: false, error: 'x', error_code: 'CONNECTION_FAILED' }, 503), jsonResponse({})]);
    const error = await transport(fetch).send({ method: 'POST', path: '/x', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('never retries a POST after a timeout', async () => {
    const fetch = hangingFetch();
    const pending = transport(fetch, { timeout: 1000 }).send({ method: 'POST', path: '/x', body: {} }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(APIConnectionTimeoutError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('never retries a POST after a dropped connection that may have reached the server', async () => {
    const fetch = fakeFetch([new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })]);
    const error = await transport(fetch).send({ method: 'POST', path: '/x', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('retries a POST whose connection was refused, since nothing was sent', async () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) });
    const fetch = fakeFetch([refused, jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({ method: 'POST', path: '/x', body: {} });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(fetch.calls).toHaveLength(2);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const fetch = fakeFetch([jsonResponse({ message: 'nope' }, 404)]);
    await expect(transport(fetch).send({ method: 'GET', path: '/x' })).rejects.toMatchObject({ status: 404 });
    expect(fetch.calls).toHaveLength(1);
  });

  it('honours maxRetries per call', async () => {
    const fetch = fakeFetch([jsonResponse({}, 500)]);
    const pending = transport(fetch).send({ method: 'GET', path: '/x' }, { maxRetries: 0 }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('stops waiting and throws APIUserAbortError when aborted during backoff', async () => {
    const fetch = fakeFetch([jsonResponse({}, 500)]);
    const controller = new AbortController();
    const pending = transport(fetch).send({ method: 'GET', path: '/x' }, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('resends the same multipart body on a retry', async () => {
    const fetch = fakeFetch([jsonResponse({}, 429), jsonResponse({ ok: 1 })]);
    const pending = transport(fetch).send({
      method: 'POST',
      path: '/x',
      body: { name: 'doc', file: new Uint8Array([1, 2, 3]) },
      bodyEncoding: 'multipart',
    });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ ok: 1 });
    for (const call of fetch.calls) {
      const form = call.body as FormData;
      expect(form.get('name')).toBe('doc');
      expect((form.get('file') as File).size).toBe(3);
    }
  });
});

describe('HttpTransport logging', () => {
  it('logs requests and responses at debug level through the given logger', async () => {
    const logger = recordingLogger();
    const fetch = fakeFetch([jsonResponse({ ok: 1 })]);
    await transport(fetch, { logger }).send({ method: 'GET', path: '/x' });
    expect(logger.lines.map((l) => `${l.level}:${l.message}`)).toEqual(['debug:sending request', 'debug:received response']);
    expect(logger.lines[1]?.details).toMatchObject({ status: 200, method: 'GET' });
  });
});
