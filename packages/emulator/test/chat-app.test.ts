import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();

// Raw calls for this file: `key` is a literal token (undefined = primary, null = none); `base` picks the control API.
const call = (method: string, path: string, opts: { key?: string | null; body?: unknown; base?: 'api' | 'control' } = {}) =>
  opts.base === 'control' ? h.control(method, path, opts.body) : h.api(method, path, { key: opts.key, body: opts.body });

const send = (body: unknown, key?: string) => call('POST', '/user/chatapp/send-freeform', { body, key });
const OPEN_CUSTOMER = '+14155552671'; // seeded: wrote to sender 1 an hour ago
const EXPIRED_CUSTOMER = '+14155552672'; // seeded: wrote to sender 1 30 hours ago


const advance = async (seconds: number) => expect((await call('POST', '/clock/advance', { base: 'control', body: { seconds } })).status).toBe(200);

describe('chat-app senders', () => {
  it('lists only online senders of the caller by default', async () => {
    const res = await call('GET', '/user/chatapp/senders');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: any) => s.id)).toEqual([1, 2, 4]);
    expect(res.body.data.every((s: any) => s.status === 'online')).toBe(true);
  });

  it('lists every sender with status=all, covering ratings, limits and voice calling', async () => {
    const res = await call('GET', '/user/chatapp/senders?status=all');
    expect(res.status).toBe(200);
    const senders = res.body.data as any[];
    expect(senders.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(senders.map((s) => s.quality_rating))).toEqual(new Set(['GREEN', 'YELLOW', 'RED']));
    expect(senders.find((s) => s.id === 4)).toMatchObject({ messaging_limit: null, messaging_limit_formatted: 'Unlimited' });
    expect(senders.find((s) => s.id === 1)).toMatchObject({ messaging_limit: 1000, messaging_limit_formatted: '1,000 per 24 hours', voice_calling_enabled: true, phone_number: '+14155550101' });
    expect(new Set(senders.map((s) => s.voice_calling_enabled))).toEqual(new Set([true, false]));
  });

  it('lists offline senders with status=offline and refuses an unknown status', async () => {
    const offline = await call('GET', '/user/chatapp/senders?status=offline');
    expect(offline.body.data.map((s: any) => s.id)).toEqual([3, 5]);
    const bad = await call('GET', '/user/chatapp/senders?status=sleeping');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toBeDefined();
  });

  it('shows secondary only its own senders', async () => {
    const res = await call('GET', '/user/chatapp/senders?status=all', { key: h.emu.apiKeys.secondary });
    expect(res.body.data.map((s: any) => s.id)).toEqual([11, 12, 13]);
  });

  it('answers 401 without credentials', async () => {
    const res = await call('GET', '/user/chatapp/senders', { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('follows the operator status refresh from the control API', async () => {
    const changed = await call('POST', '/chatapp/senders/3/status', { base: 'control', body: { status: 'online' } });
    expect(changed).toMatchObject({ status: 200, body: { id: 3, status: 'online' } });
    const res = await call('GET', '/user/chatapp/senders');
    expect(res.body.data.map((s: any) => s.id)).toEqual([1, 2, 3, 4]);
    expect((await call('POST', '/chatapp/senders/999/status', { base: 'control', body: { status: 'online' } })).status).toBe(404);
    expect((await call('POST', '/chatapp/senders/3/status', { base: 'control', body: { status: 'asleep' } })).status).toBe(422);
  });
});

describe('chat-app templates', () => {
  it('lists approved templates by default, with and without variables', async () => {
    const res = await call('GET', '/user/chatapp/senders/1/templates');
    expect(res.status).toBe(200);
    const templates = res.body.data as any[];
    expect(templates.every((t) => t.status === 'approved')).toBe(true);
    expect(templates.find((t) => t.name === 'order_update')).toMatchObject({ has_variables: true, variables: ['customer_name', 'order_number'], body_text: 'Hi {{1}}, your order {{2}} has shipped.' });
    expect(templates.find((t) => t.name === 'welcome_message')).toMatchObject({ has_variables: false, variables: [] });
  });

  it('lists every status with status=all and one status when asked', async () => {
    const all = await call('GET', '/user/chatapp/senders/1/templates?status=all');
    expect(new Set(all.body.data.map((t: any) => t.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
    const rejected = await call('GET', '/user/chatapp/senders/1/templates?status=rejected');
    expect(rejected.body.data.map((t: any) => t.name)).toEqual(['old_promo', 'recordatorio_cita']);
  });

  it('answers SENDER_NOT_FOUND for an unknown or foreign sender', async () => {
    for (const id of ['999', '11', 'abc']) {
      const res = await call('GET', `/user/chatapp/senders/${id}/templates`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error_code: 'SENDER_NOT_FOUND' });
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('chat-app send-freeform', () => {
  it('sends inside an open window, charges the balance and appends to the conversation', async () => {
    const before = (await call('GET', `/user/conversations?type=chatapp&customer_phone=${encodeURIComponent(OPEN_CUSTOMER)}&chatapp_sender_phone=${encodeURIComponent('+14155550101')}`)).body.data[0];
    const balanceBefore = (await call('GET', '/seed', { base: 'control' })).body.primary.balance.usd as number;
    const res = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'Your table is booked.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, session_status: { is_open: true, can_send_freeform: true, requires_template: false } });
    expect(typeof res.body.message_sid).toBe('string');
    expect(Number.isInteger(res.body.conversation_id) && Number.isInteger(res.body.message_id) && Number.isInteger(res.body.chatapp_message_id)).toBe(true);
    expect(res.body.session_status.minutes_remaining).toBeGreaterThan(22 * 60);
    expect(res.body.session_status.expires_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await call('GET', '/seed', { base: 'control' })).body.primary.balance.usd).toBeCloseTo(balanceBefore - 0.01, 6);
    const after = (await call('GET', `/user/conversations?type=chatapp&customer_phone=${encodeURIComponent(OPEN_CUSTOMER)}&chatapp_sender_phone=${encodeURIComponent('+14155550101')}`)).body.data[0];
    expect(after.id).toBe(before.id);
    expect(after.message_count).toBe(before.message_count + 1);
  });

  it('answers SESSION_EXPIRED with the session status when the window closed', async () => {
    const res = await send({ sender_id: 1, recipient_phone: EXPIRED_CUSTOMER, message: 'Hello?' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'SESSION_EXPIRED', session_status: { is_open: false, can_send_freeform: false, requires_template: true } });
    expect(res.body.session_status.expired_at).toMatch(/^\d{4}-/);
    expect(res.body.session_status.expires_at).toBeUndefined();
  });

  it('answers SESSION_EXPIRED to a customer who never wrote', async () => {
    const res = await send({ sender_id: 1, recipient_phone: '+14155559999', message: 'Hello' });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('SESSION_EXPIRED');
    expect(res.body.session_status.expired_at).toBeUndefined();
  });

  it('closes the window 24 hours after the last customer message and reopens on a new one', async () => {
    const customer = '+14155558888';
    const inbound = await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 2, from: customer, text: 'Hi there' } });
    expect(inbound.status).toBe(200);
    expect(inbound.body.session_status.is_open).toBe(true);
    expect((await send({ sender_id: 2, recipient_phone: customer, message: 'Hello!' })).status).toBe(200);

    await advance(23 * 3600);
    const late = await send({ sender_id: 2, recipient_phone: customer, message: 'Still here' });
    expect(late.status).toBe(200);
    expect(late.body.session_status.minutes_remaining).toBeLessThanOrEqual(60);

    await advance(3601);
    const closed = await send({ sender_id: 2, recipient_phone: customer, message: 'Too late' });
    expect(closed.status).toBe(403);
    expect(closed.body.error_code).toBe('SESSION_EXPIRED');

    await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 2, from: customer, text: 'Back again' } });
    const reopened = await send({ sender_id: 2, recipient_phone: customer, message: 'Welcome back' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.session_status.minutes_remaining).toBe(24 * 60);
  });

  it('resets the 24-hour timer on another customer message', async () => {
    const customer = '+14155558877';
    await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 1, from: customer, text: 'one' } });
    await advance(20 * 3600);
    await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 1, from: customer, text: 'two' } });
    await advance(20 * 3600);
    const res = await send({ sender_id: 1, recipient_phone: customer, message: 'still open' });
    expect(res.status).toBe(200);
    expect(res.body.session_status.minutes_remaining).toBeLessThanOrEqual(4 * 60);
  });

  it('answers SENDER_OFFLINE for an offline sender', async () => {
    const res = await send({ sender_id: 3, recipient_phone: '+447911123456', message: 'Hi' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error_code: 'SENDER_OFFLINE' });
  });

  it('answers SENDER_NOT_FOUND for an unknown or foreign sender', async () => {
    for (const sender_id of [999, 11]) {
      const res = await send({ sender_id, recipient_phone: OPEN_CUSTOMER, message: 'Hi' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error_code: 'SENDER_NOT_FOUND' });
    }
  });

  it('answers INVALID_PHONE for numbers that are not valid E.164', async () => {
    for (const recipient_phone of ['4155552671', '+1415', '+999123456789', '+1 415 555 2671']) {
      const res = await send({ sender_id: 1, recipient_phone, message: 'Hi' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, error_code: 'INVALID_PHONE' });
    }
  });

  it('answers INSUFFICIENT_BALANCE when the account cannot pay for the message', async () => {
    expect((await call('POST', '/accounts/primary/balance', { base: 'control', body: { usd: 0.005 } })).status).toBe(200);
    const res = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'Hi' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ success: false, error_code: 'INSUFFICIENT_BALANCE' });
    expect((await call('GET', '/seed', { base: 'control' })).body.primary.balance.usd).toBe(0.005);
    // The member shares primary's account, so its sends are refused too.
    expect((await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'Hi' }, h.emu.apiKeys.member)).status).toBe(402);
  });

  it('validates the body: message or media_url required, message at most 4096 chars', async () => {
    const neither = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER });
    expect(neither.status).toBe(422);
    expect(Object.keys(neither.body.errors)).toEqual(expect.arrayContaining(['message', 'media_url']));
    const long = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'x'.repeat(4097) });
    expect(long.status).toBe(422);
    expect(long.body.errors.message[0]).toContain('4096');
    const exact = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'x'.repeat(4096) });
    expect(exact.status).toBe(200);
    const missing = await send({ recipient_phone: OPEN_CUSTOMER, message: 'hi' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.sender_id).toEqual(['The sender id field is required.']);
  });

  it('sends media with or without a caption', async () => {
    const image = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, media_url: 'https://example.com/menu.jpg', message: 'Our menu' });
    expect(image.status).toBe(200);
    const audio = await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, media_url: 'https://example.com/note.mp3', filename: 'note.mp3' });
    expect(audio.status).toBe(200);
  });

  it('refuses a sixth send within one second with 429 and Retry-After', async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 7 }, () => send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'burst' })));
    const elapsed = Date.now() - started;
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok.length + limited.length).toBe(7);
    // The window rolls with real time too: exact counts hold when the burst fits in one second.
    if (elapsed < 1000) expect([ok.length, limited.length]).toEqual([5, 2]);
    else expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body).toMatchObject({ success: false, error_code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The limit is per user: another user is not affected.
    const other = await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 11, from: '+61412345678', text: 'hi' } });
    expect(other.status).toBe(200);
    expect((await send({ sender_id: 11, recipient_phone: '+61412345678', message: 'hi' }, h.emu.apiKeys.secondary)).status).toBe(200);
    await advance(1);
    expect((await send({ sender_id: 1, recipient_phone: OPEN_CUSTOMER, message: 'after a second' })).status).toBe(200);
  });

  it('creates a chat-app conversation for a new customer on inbound', async () => {
    const res = await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 4, from: '+4915123450000', text: 'Hallo' } });
    expect(res.status).toBe(200);
    // A new conversation has AI replies on: the customer's message and the assistant's answer.
    expect(res.body).toMatchObject({ ai_replied: true, message_count: 2 });
    const list = await call('GET', `/user/conversations?customer_phone=${encodeURIComponent('+4915123450000')}`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ type: 'chatapp', message_count: 2, chatapp_sender: { phone: '+4915123456789' }, customer: { phone: '+4915123450000' } });
    expect((await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 999, from: '+4915123450000', text: 'x' } })).status).toBe(404);
    expect((await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 4, from: '12345', text: 'x' } })).status).toBe(422);
  });
});
