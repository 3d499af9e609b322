import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkRealtimeToken } from './token-check.js';

const SECRET = 'token-check-secret';
const NOW = Date.parse('2026-01-01T00:00:00Z');

async function token(claims: Record<string, unknown>, options: { secret?: string; alg?: 'HS256' | 'HS512' } = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .sign(new TextEncoder().encode(options.secret ?? SECRET));
}

const valid = {
  sub: 'user-1',
  iss: 'emulator',
  exp: NOW / 1000 + 900,
  video: { room: 'session-1', roomJoin: true },
};

describe('checkRealtimeToken', () => {
  it('accepts a token signed with the secret and returns its claims', async () => {
    const result = await checkRealtimeToken(await token(valid), SECRET, NOW);
    expect(result).toEqual({ ok: true, claims: expect.objectContaining({ sub: 'user-1', video: { room: 'session-1', roomJoin: true } }) });
  });

  it('judges expiry by the given clock, not the wall clock', async () => {
    const jwt = await token(valid);
    expect((await checkRealtimeToken(jwt, SECRET, NOW + 899_000)).ok).toBe(true);
    const expired = await checkRealtimeToken(jwt, SECRET, NOW + 901_000);
    expect(expired).toEqual({ ok: false, status: 401, message: expect.stringContaining('token is expired (exp)') });
  });

  it('refuses a token signed with another secret as invalid rather than expired', async () => {
    const result = await checkRealtimeToken(await token(valid, { secret: 'other' }), SECRET, NOW);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.status).toBe(401);
    expect(result.ok === false && result.message).not.toContain('expired');
  });

  it('refuses algorithms other than HS256', async () => {
    const result = await checkRealtimeToken(await token(valid, { alg: 'HS512' }), SECRET, NOW);
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a missing or malformed token', async () => {
    expect(await checkRealtimeToken(null, SECRET, NOW)).toMatchObject({ ok: false, status: 401, message: 'no authorization token provided' });
    expect(await checkRealtimeToken('not-a-jwt', SECRET, NOW)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a token without a room-join grant', async () => {
    const result = await checkRealtimeToken(await token({ ...valid, video: { room: 'session-1', roomJoin: false } }), SECRET, NOW);
    expect(result).toMatchObject({ ok: false, status: 401, message: expect.stringContaining('roomJoin') });
  });

  it('refuses a token that is not valid yet', async () => {
    const result = await checkRealtimeToken(await token({ ...valid, nbf: NOW / 1000 + 60 }), SECRET, NOW);
    expect(result).toMatchObject({ ok: false, status: 401, message: expect.stringContaining('nbf') });
  });
});
