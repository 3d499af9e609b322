import { describe, expect, it } from 'vitest';
import { ApiKeyCreateParams, ApiKeyCreateResponse, ApiKeyListResponse } from './api-keys.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

describe('api key schemas', () => {
  it('accepts a named key and rejects a missing, empty, too long or extra field', () => {
    expectValid(ApiKeyCreateParams, { name: 'backend' });
    expectInvalidAt(ApiKeyCreateParams, {}, 'name', /required/);
    expectInvalidAt(ApiKeyCreateParams, { name: '' }, 'name', /empty/);
    expectInvalidAt(ApiKeyCreateParams, { name: 'k'.repeat(256) }, 'name', /255/);
    expectInvalidAt(ApiKeyCreateParams, { name: 'a', scope: 'all' }, '');
  });

  it('reads the create response with its one-time token and keeps unknown fields', () => {
    const parsed = ApiKeyCreateResponse.parse({
      message: 'API key created', api_key: { name: 'backend', token: 'secret', created_at: '2026-01-01T00:00:00Z', id: 7 },
      extra: true,
    });
    expect(parsed.api_key.token).toBe('secret');
    expect(parsed.api_key.id).toBe(7);
    expect(parsed.extra).toBe(true);
  });

  it('reads an empty and a filled key list with null last_used_at', () => {
    expect(ApiKeyListResponse.parse({ api_keys: [] }).api_keys).toEqual([]);
    const list = ApiKeyListResponse.parse({
      api_keys: [{ id: 1, name: 'a', last_used_at: null, created_at: '2026-01-01T00:00:00Z', scopes: ['x'] }],
    });
    expect(list.api_keys[0]?.last_used_at).toBeNull();
    expect(list.api_keys[0]?.scopes).toEqual(['x']);
    expectInvalidAt(ApiKeyListResponse, { api_keys: [{ id: 1, name: 'a', created_at: 'x' }] }, 'api_keys.0.last_used_at');
  });
});
