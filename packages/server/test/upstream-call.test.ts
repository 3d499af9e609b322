import { describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, createAPIError } from '@voice-session/api';
import { callUpstream } from '../src/upstream-call.js';
import { classifyUpstreamError, type CreateUpstreamSession } from '../src/upstream.js';

const session = { id: 's1', url: 'ws://media', token: 't', expires_in: 900 };
const refused = () => new APIConnectionError({ cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }) });
const failed = () => createAPIError(503, { success: false, error: 'x', error_code: 'CONNECTION_FAILED' }, new Headers());

function sequence(...outcomes: Array<Error | typeof session>): { create: CreateUpstreamSession; calls: () => number } {
  let calls = 0;
  return {
    create: async () => {
      const next = outcomes[calls++];
      if (next instanceof Error) throw next;
      return next as typeof session;
    },
    calls: () => calls,
  };
}

const policy = { timeoutMs: 1000, mayRetry: async () => true };

describe('callUpstream', () => {
  it('retries once after a refused connection', async () => {
    const s = sequence(refused(), session);
    expect(await callUpstream(s.create, { assistant_id: 'a' }, policy)).toEqual({ ok: true, session, attempts: 2 });
  });

  it('retries once after CONNECTION_FAILED and then gives up', async () => {
    const s = sequence(failed(), failed(), session);
    const result = await callUpstream(s.create, { assistant_id: 'a' }, policy);
    expect(result).toMatchObject({ ok: false, attempts: 2, failure: { kind: 'status', status: 503, code: 'CONNECTION_FAILED' } });
    expect(s.calls()).toBe(2);
  });

  it('does not retry a timeout, a 429 or a reset connection', async () => {
    for (const error of [new APIConnectionTimeoutError(), createAPIError(429, {}, new Headers()), new APIConnectionError()]) {
      const s = sequence(error, session);
      expect((await callUpstream(s.create, { assistant_id: 'a' }, policy)).ok).toBe(false);
      expect(s.calls()).toBe(1);
    }
  });

  it('does not retry when the budget has nothing left', async () => {
    const s = sequence(refused(), session);
    const result = await callUpstream(s.create, { assistant_id: 'a' }, { timeoutMs: 1000, mayRetry: async () => false });
    expect(result).toMatchObject({ ok: false, attempts: 1, failure: { kind: 'refused' } });
  });

  it('times out a call that never settles and aborts its signal', async () => {
    let aborted = false;
    const create: CreateUpstreamSession = (_p, o) =>
      new Promise(() => o.signal.addEventListener('abort', () => (aborted = true)));
    expect(await callUpstream(create, { assistant_id: 'a' }, { timeoutMs: 30, mayRetry: async () => true })).toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
    });
    expect(aborted).toBe(true);
  });

  it('treats a body without a usable token as an invalid response', async () => {
    const s = sequence({ ...session, token: '' });
    expect(await callUpstream(s.create, { assistant_id: 'a' }, policy)).toMatchObject({ ok: false, failure: { kind: 'invalid_response' } });
  });
});

describe('classifyUpstreamError', () => {
  it('reads status, code, Retry-After and field names from the api client errors', () => {
    const error = createAPIError(422, { message: 'bad', errors: { 'variables.x': ['no'] } }, new Headers({ 'retry-after': '3' }));
    expect(classifyUpstreamError(error)).toEqual({ kind: 'status', status: 422, code: undefined, retryAfterMs: 3000, fields: ['variables.x'] });
  });
});
