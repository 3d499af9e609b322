import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();

// Raw calls for this file: `key` is a literal token (undefined = primary, null = none); `base` picks the control API.
// Answers are `{status, body}` only, so tests can compare whole answers.
const call = async (method: string, path: string, opts: { key?: string | null; body?: unknown; base?: 'api' | 'control' } = {}) => {
  const { status, body } = await (opts.base === 'control' ? h.control(method, path, opts.body) : h.api(method, path, { key: opts.key, body: opts.body }));
  return { status, body };
};

const list = (query = '', key?: string | null) => call('GET', `/user/conversations${query ? `?${query}` : ''}`, { key });

/** Every conversation of the caller, walked page by page through next_cursor. */
async function walk(query: string, key?: string): Promise<{ pages: any[][]; cursors: Array<string | null> }> {
  const pages: any[][] = [];
  const cursors: Array<string | null> = [];
  let cursor: string | null = null;
  do {
    const res = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    cursors.push(res.body.prev_cursor);
    cursor = res.body.next_cursor;
  } while (cursor !== null && pages.length < 50);
  return { pages, cursors };
}

/** A local webhook receiver that resolves each POST body in arrival order. */
function receiver(): Promise<{ url: string; server: Server; next(): Promise<unknown> }> {
  const bodies: unknown[] = [];
  const waiting: Array<(b: unknown) => void> = [];
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || 'null');
      const w = waiting.shift();
      if (w) w(body);
      else bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        next: () => (bodies.length > 0 ? Promise.resolve(bodies.shift()) : new Promise((r) => waiting.push(r))),
      }),
    ),
  );
}


describe('conversation list', () => {
  it('answers the first page newest first with 15 rows and the page fields', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(15);
    expect(res.body).toMatchObject({ per_page: 15, prev_cursor: null, path: `${h.emu.baseUrl}/user/conversations` });
    expect(typeof res.body.next_cursor).toBe('string');
    const created = res.body.data.map((c: any) => c.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const c of res.body.data) {
      expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(c.updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('seeds 60+ conversations of every type across both accounts', async () => {
    const primary = (await walk('per_page=100')).pages.flat();
    const secondary = (await walk('per_page=100', h.emu.apiKeys.secondary)).pages.flat();
    expect(primary.length + secondary.length).toBeGreaterThanOrEqual(60);
    for (const rows of [primary, secondary]) expect(new Set(rows.map((c) => c.type))).toEqual(new Set(['test', 'widget', 'chatapp', 'api']));
    const primaryIds = new Set(primary.map((c) => c.id));
    expect(secondary.some((c) => primaryIds.has(c.id))).toBe(false);
    for (const c of [...primary, ...secondary]) {
      if (c.type === 'chatapp') {
        expect(c.chatapp_sender).toEqual({ name: expect.any(String), phone: expect.stringMatching(/^\+\d+$/) });
        expect(c.customer).toEqual({ name: expect.any(String), phone: expect.stringMatching(/^\+\d+$/) });
      } else {
        expect(c.chatapp_sender).toBeUndefined();
        expect(c.customer).toBeUndefined();
      }
      if (c.type !== 'api') expect(c.external_identifier).toBeUndefined();
    }
    expect(primary.filter((c) => c.type === 'api' && c.external_identifier).length).toBeGreaterThan(0);
    expect(primary.filter((c) => c.type === 'api' && !c.external_identifier).length).toBeGreaterThan(0);
    expect(primary.some((c) => c.ai_enabled === false)).toBe(true);
  });

  it('walks every row exactly once forward, and back again with prev_cursor', async () => {
    const all = (await walk('per_page=100')).pages.flat();
    const forward: any[][] = [];
    let res = await list('per_page=7');
    forward.push(res.body.data);
    while (res.body.next_cursor) {
      res = await list(`per_page=7&cursor=${encodeURIComponent(res.body.next_cursor)}`);
      expect(res.body.prev_cursor).not.toBeNull();
      forward.push(res.body.data);
    }
    expect(forward.flat().map((c) => c.id)).toEqual(all.map((c) => c.id));
    expect(forward[forward.length - 1]?.length).toBe(all.length % 7 || 7);

    const backward: any[][] = [res.body.data];
    while (res.body.prev_cursor) {
      res = await list(`per_page=7&cursor=${encodeURIComponent(res.body.prev_cursor)}`);
      backward.unshift(res.body.data);
    }
    expect(backward.map((p) => p.map((c: any) => c.id))).toEqual(forward.map((p) => p.map((c: any) => c.id)));
    expect(res.body.prev_cursor).toBeNull();
  });

  it('keeps filters across cursor pages', async () => {
    const { pages } = await walk('type=widget&per_page=5');
    const rows = pages.flat();
    expect(rows.length).toBe(12);
    expect(rows.every((c) => c.type === 'widget')).toBe(true);
    expect(new Set(rows.map((c) => c.id)).size).toBe(12);
  });

  it('filters by type, assistant, customer phone, sender phone and external identifier', async () => {
    const all = (await walk('per_page=100')).pages.flat();
    for (const type of ['test', 'widget', 'chatapp', 'api']) {
      const res = await list(`type=${type}&per_page=100`);
      expect(res.body.data.map((c: any) => c.id)).toEqual(all.filter((c) => c.type === type).map((c) => c.id));
    }
    const assistant = h.emu.emulator.state.accounts.assistants.get(102);
    const byAssistant = await list('assistant_id=102&per_page=100');
    expect(byAssistant.body.data.length).toBeGreaterThan(0);
    expect(byAssistant.body.data.every((c: any) => c.assistant_id === assistant?.uuid)).toBe(true);

    const byCustomer = await list(`customer_phone=${encodeURIComponent('+14155552671')}`);
    expect(byCustomer.body.data.length).toBe(3);
    expect(byCustomer.body.data.every((c: any) => c.customer.phone === '+14155552671')).toBe(true);

    const bySender = await list(`chatapp_sender_phone=${encodeURIComponent('+14155550101')}&per_page=100`);
    expect(bySender.body.data.length).toBe(5);
    expect(bySender.body.data.every((c: any) => c.chatapp_sender.phone === '+14155550101')).toBe(true);

    const both = await list(`chatapp_sender_phone=${encodeURIComponent('+14155550102')}&customer_phone=${encodeURIComponent('+14155552671')}`);
    expect(both.body.data).toHaveLength(1);

    const ext = await list('external_identifier=ext-1-003');
    expect(ext.body.data).toHaveLength(1);
    expect(ext.body.data[0]).toMatchObject({ type: 'api', external_identifier: 'ext-1-003' });
    expect((await list('external_identifier=nope')).body.data).toEqual([]);
  });

  it('refuses an assistant of another account, bad page sizes and a bad cursor with 422', async () => {
    const foreign = await list('assistant_id=201');
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.assistant_id).toBeDefined();
    for (const q of ['per_page=0', 'per_page=101', 'per_page=abc', 'type=email']) {
      const res = await list(q);
      expect(res.status).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
    for (const cursor of ['not-a-cursor', 'eyJ4IjoxfQ', '%%%']) {
      const res = await list(`cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.cursor).toBeDefined();
    }
    expect((await list('per_page=100')).body.data.length).toBeGreaterThan(15);
    expect((await list('per_page=1')).body.data).toHaveLength(1);
  });

  it('answers 401 without credentials', async () => {
    expect((await list('', null)).status).toBe(401);
  });
});

describe('enable AI', () => {
  it('turns AI replies back on for a conversation of the caller', async () => {
    const off = (await walk('per_page=100')).pages.flat().find((c) => c.ai_enabled === false);
    expect(off).toBeDefined();
    const res = await call('POST', `/user/conversations/${off.id}/enable-ai`);
    expect(res).toEqual({ status: 200, body: { status: true, ai_enabled: true } });
    const again = (await walk('per_page=100')).pages.flat().find((c) => c.id === off.id);
    expect(again.ai_enabled).toBe(true);
    // Idempotent on a conversation that already has AI on.
    expect((await call('POST', `/user/conversations/${off.id}/enable-ai`)).status).toBe(200);
  });

  it('makes the assistant reply to new customer messages again', async () => {
    const query = `type=chatapp&customer_phone=${encodeURIComponent('+14155552675')}`;
    const before = (await list(query)).body.data[0];
    expect(before.ai_enabled).toBe(false);
    const silent = await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 2, from: '+14155552675', text: 'Hello?' } });
    expect(silent.body).toMatchObject({ ai_replied: false, message_count: before.message_count + 1 });
    expect((await call('POST', `/user/conversations/${before.id}/enable-ai`)).status).toBe(200);
    const answered = await call('POST', '/chatapp/inbound', { base: 'control', body: { sender_id: 2, from: '+14155552675', text: 'Anyone there?' } });
    expect(answered.body).toMatchObject({ ai_replied: true, message_count: before.message_count + 3 });
    expect((await list(query)).body.data[0]).toMatchObject({ ai_enabled: true, message_count: before.message_count + 3 });
  });

  it('answers Conversation not found for unknown, foreign and malformed ids', async () => {
    const foreign = (await list('', h.emu.apiKeys.secondary)).body.data[0].id;
    for (const id of ['2f1e8a52-0000-4000-8000-000000000000', foreign, 'not-a-uuid']) {
      const res = await call('POST', `/user/conversations/${id}/enable-ai`);
      expect(res).toEqual({ status: 404, body: { status: false, error: 'Conversation not found' } });
    }
  });

  it('answers Unauthorized without credentials', async () => {
    const res = await call('POST', '/user/conversations/2f1e8a52-0000-4000-8000-000000000000/enable-ai', { key: null });
    expect(res).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});

describe('ending a conversation', () => {
  it('delivers the conversation-ended webhook with transcript, variables and customer', async () => {
    const hook = await receiver();
    try {
      const conversation = (await list(`type=chatapp&customer_phone=${encodeURIComponent('+14155552671')}&chatapp_sender_phone=${encodeURIComponent('+14155550101')}`)).body.data[0];
      const assistant = [...h.emu.emulator.state.accounts.assistants.values()].find((a) => a.uuid === conversation.assistant_id);
      if (!assistant) throw new Error('assistant missing');
      const enabled = await call('POST', '/user/assistants/enable-conversation-ended-webhook', { body: { assistant_id: assistant.id, webhook_url: hook.url } });
      expect(enabled.status).toBe(200);
      const ended = await call('POST', `/conversations/${conversation.id}/end`, { base: 'control' });
      expect(ended.status).toBe(200);
      expect(ended.body.webhook).toEqual({ url: hook.url, delivered: true });
      const payload = (await hook.next()) as any;
      expect(payload.event).toBe('conversation.ended');
      expect(payload.conversation.id).toBe(conversation.id);
      expect(payload.transcript).toHaveLength(conversation.message_count);
      expect(payload.transcript[0]).toEqual({ role: expect.stringMatching(/customer|assistant/), text: expect.any(String), created_at: expect.any(String) });
      expect(payload.variables).toEqual(conversation.variables);
      expect(payload.customer).toEqual({ name: 'Alice Open', phone: '+14155552671' });
      const deliveries = await call('GET', '/webhooks', { base: 'control' });
      expect(deliveries.body.data.map((d: any) => [d.url, d.status])).toEqual([[hook.url, 200]]);

      expect((await call('POST', `/conversations/${conversation.id}/end`, { base: 'control' })).status).toBe(409);
    } finally {
      hook.server.close();
    }
  });

  it('delivers nothing when the assistant has no webhook, or for a non-chat conversation', async () => {
    const api = (await list('type=api')).body.data[0];
    const assistant = [...h.emu.emulator.state.accounts.assistants.values()].find((a) => a.uuid === api.assistant_id);
    if (!assistant) throw new Error('assistant missing');
    await call('POST', '/user/assistants/enable-conversation-ended-webhook', { body: { assistant_id: assistant.id, webhook_url: 'http://127.0.0.1:9/never' } });
    const res = await call('POST', `/conversations/${api.id}/end`, { base: 'control' });
    expect(res.status).toBe(200);
    expect(res.body.webhook.delivered).toBe(false);
    const widget = (await list('type=widget')).body.data.find((c: any) => c.assistant_id !== api.assistant_id);
    const plain = await call('POST', `/conversations/${widget.id}/end`, { base: 'control' });
    expect(plain.body.webhook).toEqual({ url: null, delivered: false });
    expect((await call('GET', '/webhooks', { base: 'control' })).body.data).toEqual([]);
  });

  it('answers 404 for an unknown conversation', async () => {
    expect((await call('POST', '/conversations/2f1e8a52-0000-4000-8000-000000000000/end', { base: 'control' })).status).toBe(404);
  });
});

describe('seed fixtures', () => {
  it('describes conversations, senders and templates per role', async () => {
    const seed = (await call('GET', '/seed', { base: 'control' })).body;
    const primary = seed.primary;
    expect(primary.conversations.total).toBeGreaterThan(40);
    expect(primary.conversations.by_type.chatapp).toBeGreaterThan(0);
    expect(primary.chatapp_senders.map((s: any) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(primary.chatapp_customers ?? primary.conversations.chatapp_customers).toContainEqual({ sender_id: 1, phone: '+14155552671', window_open: true });
    expect(seed.secondary.chatapp_senders.map((s: any) => s.id)).toEqual([11, 12, 13]);
    const member = seed.member;
    expect(member.chatapp_senders).toEqual(primary.chatapp_senders);
  });
});
