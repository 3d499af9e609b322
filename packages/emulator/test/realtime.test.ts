import { APIError, RateLimitError } from '@voice-session/api';
import { jwtVerify } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness.js';

const h = useHarness();
let seed: Awaited<ReturnType<Harness['seed']>>;
const uuidOf = (i = 0): string => seed.primary.assistants[i].uuid;

beforeEach(async () => {
  seed = await h.seed();
});

const create = (body: unknown, key: string | null = 'primary') => h.api('POST', '/user/realtime/session', { key, body });

describe('POST /user/realtime/session', () => {
  it('mints a session whose token is an HS256 LiveKit-format JWT for the media URL', async () => {
    const before = Math.floor(h.emu.clock.now() / 1000);
    const session = await h.client('primary').realtime.createSession({
      assistant_id: uuidOf(),
      variables: { name: 'Ada', vip: true },
      external_identifier: 'crm-42',
    });
    expect(session.url).toBe(h.emu.mediaUrl);
    expect(session.expires_in).toBe(900);
    const { payload, protectedHeader } = await jwtVerify(session.token, new TextEncoder().encode(h.emu.emulator.secret), {
      currentDate: new Date(h.emu.clock.now()),
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.video).toMatchObject({ room: session.id, roomJoin: true });
    // exp = creation time + 900 s on the emulator clock (the request may straddle a second boundary).
    expect(payload.exp).toBeGreaterThanOrEqual(before + 900);
    expect(payload.exp).toBeLessThanOrEqual(Math.floor(h.emu.clock.now() / 1000) + 900);
    expect(typeof payload.sub).toBe('string');
    const metadata = JSON.parse(String(payload.metadata));
    expect(metadata).toEqual({
      assistant_id: uuidOf(),
      variables: { name: 'Ada', vip: true, external_identifier: 'crm-42' },
      external_identifier: 'crm-42',
    });
  });

  it('keeps a caller-set external_identifier variable instead of overwriting it', async () => {
    const res = await create({ assistant_id: uuidOf(), variables: { external_identifier: 'mine' }, external_identifier: 'other' });
    const { payload } = await jwtVerify(res.body.token, new TextEncoder().encode(h.emu.emulator.secret), { currentDate: new Date(h.emu.clock.now()) });
    expect(JSON.parse(String(payload.metadata)).variables.external_identifier).toBe('mine');
  });

  it('creates no call-history row until the browser connects', async () => {
    const res = await create({ assistant_id: uuidOf() });
    let sessions = (await h.control('GET', '/realtime/sessions')).body;
    expect(sessions.calls).toEqual([]);
    expect(sessions.data[0]).toMatchObject({ id: res.body.id, status: 'unused', holds_slot: true });
    const joined = await h.control('POST', `/realtime/${res.body.id}/connect`);
    expect(joined.body.data.status).toBe('live');
    sessions = (await h.control('GET', '/realtime/sessions')).body;
    expect(sessions.calls).toHaveLength(1);
    expect(sessions.calls[0]).toMatchObject({ session_id: res.body.id, assistant_id: seed.primary.assistants[0].id, ended_at: null });
  });

  it('answers 401 without error_code for a missing or invalid key', async () => {
    for (const key of [null, 'not-a-key']) {
      const res = await create({ assistant_id: uuidOf() }, key);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error).toBe('string');
      expect(res.body).not.toHaveProperty('error_code');
    }
  });

  it('answers 422 without error_code when assistant_id is not a UUID, naming the field', async () => {
    const res = await create({ assistant_id: '101' });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body).not.toHaveProperty('error_code');
    expect(res.body.errors).toEqual({ assistant_id: ['The assistant id field must be a valid UUID.'] });
  });

  it('answers 422 for more than 50 variables and for non-scalar values', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect((await create({ assistant_id: uuidOf(), variables: many })).status).toBe(422);
    const nested = await create({ assistant_id: uuidOf(), variables: { a: { b: 1 } } });
    expect(nested.status).toBe(422);
    expect(Object.keys(nested.body.errors)[0]).toMatch(/^variables/);
    expect((await create({ assistant_id: uuidOf(), external_identifier: 'x'.repeat(256) })).status).toBe(422);
  });

  it('answers 404 ASSISTANT_NOT_FOUND for an unknown uuid and for another account’s assistant', async () => {
    for (const id of ['6f1c1a52-3d1e-4c43-9c55-0a8f3e0f9a11', seed.secondary.assistants[0].uuid]) {
      const res = await create({ assistant_id: id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error_code: 'ASSISTANT_NOT_FOUND' });
    }
  });

  it('answers 403 ASSISTANT_BLOCKED for a blocked assistant and recovers when unblocked', async () => {
    await h.control('POST', `/assistants/${uuidOf()}/blocked`, { blocked: true });
    const res = await create({ assistant_id: uuidOf() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'ASSISTANT_BLOCKED' });
    await h.control('POST', `/assistants/${uuidOf()}/blocked`, { blocked: false });
    expect((await create({ assistant_id: uuidOf() })).status).toBe(200);
  });

  it('answers 402 INSUFFICIENT_BALANCE when the account has no minutes', async () => {
    await h.control('POST', '/accounts/primary/balance', { minutes: 0 });
    const res = await create({ assistant_id: uuidOf() });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ success: false, error_code: 'INSUFFICIENT_BALANCE' });
  });

  it('answers 503 CONNECTION_FAILED while the fault is injected', async () => {
    await h.control('POST', '/faults', { realtime: 'connection_failed' });
    const res = await create({ assistant_id: uuidOf() });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error_code: 'CONNECTION_FAILED' });
    await h.control('POST', '/faults', { realtime: null });
    expect((await create({ assistant_id: uuidOf() })).status).toBe(200);
  });

  it('surfaces the documented errors through the typed client', async () => {
    await h.control('POST', '/accounts/primary/balance', { minutes: 0 });
    const error = await h.client('primary').realtime.createSession({ assistant_id: uuidOf() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(402);
    expect((error as APIError).code).toBe('INSUFFICIENT_BALANCE');
  });
});

describe('realtime limits', () => {
  it('refuses the 11th concurrent session with 429 CONCURRENT_LIMIT, counting unused tokens', async () => {
    // Two users of one account, so the per-user creation rate is not what stops them.
    for (let i = 0; i < 10; i++) expect((await create({ assistant_id: uuidOf() }, i % 2 ? 'member' : 'primary')).status).toBe(200);
    const res = await create({ assistant_id: uuidOf() }, 'member');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, error_code: 'CONCURRENT_LIMIT' });
    // Another account is not affected.
    expect((await create({ assistant_id: seed.secondary.assistants[0].uuid }, 'secondary')).status).toBe(200);
  });

  it('counts in-progress website-widget voice sessions toward the cap', async () => {
    await h.control('POST', '/accounts/primary/widget-sessions', { count: 9 });
    expect((await create({ assistant_id: uuidOf() })).status).toBe(200);
    expect((await create({ assistant_id: uuidOf() })).body.error_code).toBe('CONCURRENT_LIMIT');
    await h.control('POST', '/accounts/member/widget-sessions', { count: 0 });
    expect((await create({ assistant_id: uuidOf() })).status).toBe(200);
    expect((await h.control('POST', '/accounts/primary/widget-sessions', { count: -1 })).status).toBe(422);
  });

  it('frees a slot when an unused token expires after 900 s of clock time', async () => {
    const first = await create({ assistant_id: uuidOf() }, 'primary');
    h.emu.clock.advance(300);
    for (let i = 0; i < 9; i++) expect((await create({ assistant_id: uuidOf() }, i % 2 ? 'member' : 'primary')).status).toBe(200);
    expect((await create({ assistant_id: uuidOf() }, 'member')).body.error_code).toBe('CONCURRENT_LIMIT');
    await h.control('POST', '/clock/advance', { seconds: 600 });
    const sessions = (await h.control('GET', '/realtime/sessions')).body.data;
    expect(sessions.find((s: { id: string }) => s.id === first.body.id)).toMatchObject({ status: 'expired', holds_slot: false });
    expect((await create({ assistant_id: uuidOf() }, 'member')).status).toBe(200);
    // An expired token can no longer be joined.
    expect((await h.control('POST', `/realtime/${first.body.id}/connect`)).body.reason).toBe('expired');
  });

  it('keeps a live session counting past 900 s and frees it when it ends', async () => {
    const live = await create({ assistant_id: uuidOf() });
    await h.control('POST', `/realtime/${live.body.id}/connect`);
    await h.control('POST', '/clock/advance', { seconds: 1000 });
    let sessions = (await h.control('GET', '/realtime/sessions')).body;
    expect(sessions.data[0]).toMatchObject({ status: 'live', holds_slot: true });
    const ended = await h.control('POST', `/realtime/${live.body.id}/end`);
    expect(ended.body.data).toMatchObject({ status: 'ended', holds_slot: false });
    sessions = (await h.control('GET', '/realtime/sessions')).body;
    expect(sessions.calls[0].ended_at).not.toBeNull();
  });

  it('refuses the 11th creation within a minute per user with 429 and no error_code, then allows it a minute later', async () => {
    for (let i = 0; i < 10; i++) {
      // Failed attempts count too, as with Laravel's throttle.
      await create({ assistant_id: 'not-a-uuid' });
    }
    const res = await create({ assistant_id: uuidOf() });
    expect(res.status).toBe(429);
    expect(res.body.success).toBe(false);
    expect(res.body).not.toHaveProperty('error_code');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Per user: the member of the same account is not throttled.
    expect((await create({ assistant_id: uuidOf() }, 'member')).status).toBe(200);
    await h.control('POST', '/clock/advance', { seconds: 60 });
    expect((await create({ assistant_id: uuidOf() })).status).toBe(200);
  });

  it('leaves exactly 10 live-or-unused sessions after 50 parallel creations, the rest refused with documented 429s', async () => {
    const clients = [h.client('primary'), h.client('member')];
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => clients[i % 2]?.realtime.createSession({ assistant_id: uuidOf() })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as APIError] : []));
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const e of refused) {
      expect(e).toBeInstanceOf(RateLimitError);
      expect(e.status).toBe(429);
      expect((e.body as { success: boolean }).success).toBe(false);
    }
    // 10 per user pass the creation rate (20), the account cap admits 10 of them.
    expect(refused.filter((e) => e.code === 'CONCURRENT_LIMIT')).toHaveLength(10);
    expect(refused.filter((e) => e.code === undefined && !('error_code' in (e.body as object)))).toHaveLength(30);
    const sessions = (await h.control('GET', '/realtime/sessions')).body.data;
    expect(sessions.filter((s: { holds_slot: boolean }) => s.holds_slot)).toHaveLength(10);
    // Joining some of them changes nothing: live and unused together stay at 10.
    const joined = await Promise.all(ok.slice(0, 4).map((r) => h.control('POST', `/realtime/${(r as PromiseFulfilledResult<{ id: string }>).value.id}/connect`)));
    expect(joined.map((j) => j.status)).toEqual([200, 200, 200, 200]);
    const after = (await h.control('GET', '/realtime/sessions')).body.data as Array<{ status: string; holds_slot: boolean }>;
    expect(after.filter((s) => s.status === 'live')).toHaveLength(4);
    expect(after.filter((s) => s.status === 'unused')).toHaveLength(6);
    expect(after.filter((s) => s.holds_slot)).toHaveLength(10);
  });
});

describe('media session hooks', () => {
  it('admits an unused session (live + call row), refuses unknown, expired and ended ones, and frees the slot on end', async () => {
    const { hooks } = h.emu.emulator;
    const a = await create({ assistant_id: uuidOf() });
    const claims = {} as never;
    expect(hooks.admit('nope', claims)).toEqual({ ok: false, reason: 'unknown_session' });
    expect(hooks.admit(a.body.id, claims)).toEqual({ ok: true });
    expect((await h.control('GET', '/realtime/sessions')).body.calls).toHaveLength(1);
    hooks.ended(a.body.id);
    expect(hooks.admit(a.body.id, claims)).toEqual({ ok: false, reason: 'ended' });
    const b = await create({ assistant_id: uuidOf() });
    h.emu.clock.advance(901);
    expect(hooks.admit(b.body.id, claims)).toEqual({ ok: false, reason: 'expired' });
    const sessions = (await h.control('GET', '/realtime/sessions')).body.data;
    expect(sessions.every((s: { holds_slot: boolean }) => !s.holds_slot)).toBe(true);
  });

  it('answers 404 on the control routes for an unknown session', async () => {
    expect((await h.control('POST', '/realtime/none/connect')).status).toBe(404);
    expect((await h.control('POST', '/realtime/none/end')).status).toBe(404);
  });
});
