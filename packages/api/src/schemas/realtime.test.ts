import { describe, expect, it } from 'vitest';
import { RealtimeSessionCreateParams, RealtimeSessionCreateResponse } from './realtime.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const assistant_id = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e';

describe('realtime schemas', () => {
  it('accepts an assistant UUID with scalar variables and an external identifier', () => {
    expectValid(RealtimeSessionCreateParams, { assistant_id });
    expectValid(RealtimeSessionCreateParams, {
      assistant_id, variables: { name: 'Ada', age: 36, vip: true, note: null }, external_identifier: 'e'.repeat(255),
    });
  });

  it('requires assistant_id to be a UUID, not the numeric id', () => {
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id: 42 }, 'assistant_id');
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id: '42' }, 'assistant_id', /UUID/);
    expectInvalidAt(RealtimeSessionCreateParams, {}, 'assistant_id');
  });

  it('allows 50 variables and rejects 51', () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`v${i}`, i]));
    expectValid(RealtimeSessionCreateParams, { assistant_id, variables: fifty });
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, variables: { ...fifty, extra: 1 } }, 'variables', /50 keys/);
  });

  it('rejects non-scalar variable values, naming the variable', () => {
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, variables: { cart: { items: 2 } } }, 'variables.cart', /string, number, boolean or null/);
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, variables: { tags: ['a'] } }, 'variables.tags');
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, variables: ['a'] }, 'variables');
  });

  it('rejects an external_identifier over 255 characters and unknown fields', () => {
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, external_identifier: 'e'.repeat(256) }, 'external_identifier', /255/);
    expectInvalidAt(RealtimeSessionCreateParams, { assistant_id, voice: 'x' }, '');
  });

  it('reads the session and keeps unknown fields', () => {
    const session = RealtimeSessionCreateResponse.parse({ id: assistant_id, url: 'wss://media.example', token: 't', expires_in: 900, region: 'eu' });
    expect(session.expires_in).toBe(900);
    expect(session.region).toBe('eu');
    expectInvalidAt(RealtimeSessionCreateResponse, { id: 'x', url: 'wss://m', expires_in: 900 }, 'token');
  });
});
