import { describe, expect, it } from 'vitest';
import { mapUpstreamFailure } from '../src/error-mapping.js';
import type { UpstreamFailure } from '../src/upstream.js';

const status = (s: number, code?: string, fields: string[] = []): UpstreamFailure => ({
  kind: 'status',
  status: s,
  code,
  retryAfterMs: undefined,
  fields,
});

describe('mapUpstreamFailure', () => {
  it.each([
    ['402 INSUFFICIENT_BALANCE', status(402, 'INSUFFICIENT_BALANCE'), 503, 'UNAVAILABLE', 'unavailable'],
    ['403 ASSISTANT_BLOCKED', status(403, 'ASSISTANT_BLOCKED'), 503, 'UNAVAILABLE', 'misconfiguration'],
    ['404 ASSISTANT_NOT_FOUND', status(404, 'ASSISTANT_NOT_FOUND'), 503, 'UNAVAILABLE', 'misconfiguration'],
    ['401 bad key', status(401), 503, 'UNAVAILABLE', 'misconfiguration'],
    ['429 CONCURRENT_LIMIT', status(429, 'CONCURRENT_LIMIT'), 503, 'BUSY', 'busy'],
    ['plain 429', status(429), 429, 'RATE_LIMITED', 'rate_limited'],
    ['503 CONNECTION_FAILED', status(503, 'CONNECTION_FAILED'), 502, 'UPSTREAM_FAILED', 'upstream_error'],
    ['refused', { kind: 'refused' } as const, 502, 'UPSTREAM_UNREACHABLE', 'upstream_error'],
    ['timeout', { kind: 'timeout' } as const, 504, 'UPSTREAM_TIMEOUT', 'upstream_error'],
  ])('maps %s', (_name, failure, httpStatus, code, outcome) => {
    expect(mapUpstreamFailure(failure, false)).toMatchObject({ status: httpStatus, code, outcome });
  });

  it('gives Retry-After on every refusal a visitor may retry', () => {
    for (const f of [status(402), status(429), status(429, 'CONCURRENT_LIMIT'), status(503), { kind: 'timeout' } as const]) {
      expect(mapUpstreamFailure(f, false).retryAfterMs).toBeGreaterThan(0);
    }
  });

  it('blames the browser for a 422 on its variables and the site otherwise', () => {
    expect(mapUpstreamFailure(status(422, undefined, ['variables']), true)).toMatchObject({ status: 400, code: 'INVALID_VARIABLES' });
    expect(mapUpstreamFailure(status(422, undefined, ['assistant_id']), true)).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(mapUpstreamFailure(status(422, undefined, ['variables']), false)).toMatchObject({ status: 500 });
  });

  it('keeps the upstream Retry-After for a plain 429', () => {
    expect(mapUpstreamFailure({ ...status(429), retryAfterMs: 7_000 } as UpstreamFailure, false).retryAfterMs).toBe(7_000);
  });
});
