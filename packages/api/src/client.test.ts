import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PlatformClient } from './client.js';
import { NotFoundError, PlatformError } from './core/errors.js';
import { fakeFetch, jsonResponse } from './core/fake-fetch.test-support.js';
import { REDACTED } from './core/logger.js';
import { ASSISTANT_UUID, bodies, recordingLogger } from './resources/fixtures.test-support.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('PlatformClient construction', () => {
  it('reads the API key and base URL from the environment by default', async () => {
    vi.stubEnv('VOICE_SESSION_API_KEY', 'env_key_123');
    vi.stubEnv('VOICE_SESSION_BASE_URL', 'https://env.test/api');
    const fetch = fakeFetch([jsonResponse(bodies.apiKeyList)]);
    const client = new PlatformClient({ fetch });
    await client.apiKeys.list();
    expect(fetch.calls[0]?.url.href).toBe('https://env.test/api/user/api-keys');
    expect(fetch.calls[0]?.headers.get('authorization')).toBe('Bearer env_key_123');
  });

  it('uses 60 s and 2 retries by default and takes overrides', () => {
    const client = new PlatformClient({ apiKey: 'k', baseUrl: 'https://p.test/api', fetch: fakeFetch([]) });
    expect([client.timeout, client.maxRetries]).toEqual([60_000, 2]);
    const tuned = new PlatformClient({ apiKey: 'k', baseUrl: 'https://p.test/api', fetch: fakeFetch([]), timeout: 10, maxRetries: 0 });
    expect([tuned.timeout, tuned.maxRetries]).toEqual([10, 0]);
  });

  it('throws without an API key or base URL', () => {
    vi.stubEnv('VOICE_SESSION_API_KEY', '');
    vi.stubEnv('VOICE_SESSION_BASE_URL', '');
    expect(() => new PlatformClient({ baseUrl: 'https://p.test/api' })).toThrow(expect.objectContaining({ code: 'missing_api_key' }));
    expect(() => new PlatformClient({ apiKey: 'k' })).toThrow(expect.objectContaining({ code: 'missing_base_url' }));
    expect(() => new PlatformClient({ apiKey: 'k', baseUrl: 'not a url' })).toThrow(PlatformError);
  });

  it('refuses to run in a browser-like global unless dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const options = { apiKey: 'k', baseUrl: 'https://p.test/api', fetch: fakeFetch([]) };
    expect(() => new PlatformClient(options)).toThrow(expect.objectContaining({ code: 'browser_not_allowed' }));
    expect(() => new PlatformClient({ ...options, dangerouslyAllowBrowser: true })).not.toThrow();
  });
});

describe('PlatformClient.request', () => {
  it('calls an endpoint the spec names without a shape, with auth, encoded params and error mapping', async () => {
    const fetch = fakeFetch([jsonResponse({ data: { id: 42, status: 'ready' } }), jsonResponse({ message: 'Not found' }, 404)]);
    const client = new PlatformClient({ apiKey: 'k', baseUrl: 'https://p.test/api', fetch });
    const doc = await client.request({
      method: 'GET',
      path: '/user/knowledgebases/{kb}/documents/{id}',
      pathParams: { kb: 1, id: '4 2' },
      query: { include: 'text' },
      response: z.looseObject({ data: z.looseObject({ id: z.number() }) }),
    });
    expect(doc.data.id).toBe(42);
    expect(fetch.calls[0]?.url.pathname).toBe('/api/user/knowledgebases/1/documents/4%202');
    expect(fetch.calls[0]?.url.search).toBe('?include=text');
    await expect(client.request({ method: 'DELETE', path: '/user/api-keys/{id}', pathParams: { id: 9 } })).rejects.toBeInstanceOf(NotFoundError);
    expect(fetch.calls[1]?.method).toBe('DELETE');
  });
});

describe('PlatformClient logging', () => {
  it('never logs the API key, the Authorization header or a token', async () => {
    const logger = recordingLogger();
    const fetch = fakeFetch([jsonResponse({ message: 'slow down' }, 429, { 'retry-after': '0' }), jsonResponse(bodies.realtime)]);
    const client = new PlatformClient({ apiKey: 'sk_live_very_secret', baseUrl: 'https://p.test/api', fetch, logger });
    const session = await client.realtime.createSession({ assistant_id: ASSISTANT_UUID });
    expect(session.token).toBe('rt_token_abc');
    const text = JSON.stringify(logger.lines);
    expect(logger.lines.length).toBeGreaterThanOrEqual(5);
    expect(text).not.toContain('sk_live_very_secret');
    expect(text).not.toContain('rt_token_abc');
    expect(text).toContain(REDACTED);
    const sent = logger.lines.find((l) => l.message === 'sending request')?.details as { headers: Record<string, string> };
    expect(sent.headers.authorization).toBe(REDACTED);
  });

  it('redacts a token sent in a query string or returned in an error body', async () => {
    const logger = recordingLogger();
    const fetch = fakeFetch([jsonResponse({ message: 'bad', token: 'leaked_error_token' }, 422)]);
    const client = new PlatformClient({ apiKey: 'sk_live_query_key', baseUrl: 'https://p.test/api', fetch, logger });
    await client.request({ method: 'GET', path: '/user/x', query: { token: 'query_token_value' } }).catch(() => undefined);
    expect(fetch.calls[0]?.url.searchParams.get('token')).toBe('query_token_value');
    const text = JSON.stringify(logger.lines);
    expect(logger.lines.length).toBeGreaterThanOrEqual(2);
    for (const secret of ['query_token_value', 'leaked_error_token', 'sk_live_query_key']) expect(text).not.toContain(secret);
  });

  it('works with console-shaped loggers', async () => {
    const debug = vi.fn();
    const logger = { debug, info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const client = new PlatformClient({ apiKey: 'sk_console_key', baseUrl: 'https://p.test/api', fetch: fakeFetch([jsonResponse(bodies.apiKeyList)]), logger });
    await client.apiKeys.list();
    expect(debug).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(debug.mock.calls)).not.toContain('sk_console_key');
  });
});
