import { ENDPOINT_LIST } from '@voice-session/api/schemas';
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../src/http/app.js';
import { useHarness } from './harness.js';

const h = useHarness();

describe('authentication', () => {
  const endpoints: Array<[string, string]> = [
    ['GET', '/user/api-keys'],
    ['POST', '/user/api-keys'],
    ['POST', '/user/knowledgebases/11/documents'],
    ['POST', '/user/tools'],
    ['POST', '/user/phone-numbers/sip-trunks'],
    ['GET', '/user/phone-numbers/search'],
    ['POST', '/user/assistants/disable-inbound-webhook'],
    ['POST', '/user/assistants/enable-conversation-ended-webhook'],
    ['GET', '/user/assistants/voices'],
    ['GET', '/user/folders'],
    ['GET', '/white-label/plans'],
    ['GET', '/white-label/users/1001/plan'],
  ];

  it.each(endpoints)('answers %s %s with 401 {message:"Unauthenticated."} without or with a bad key', async (method, path) => {
    for (const key of [null, 'bogus', '1|0000000000000000000000000000000000000000']) {
      const res = await h.api(method, path, { key, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers realtime 401 with {success:false,error} and no error_code', async () => {
    const res = await h.api('POST', '/user/realtime/session', { key: null, body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Unauthenticated.' });
  });

  it('accepts a key created through the API for later calls', async () => {
    const created = await h.client('primary').apiKeys.create({ name: 'CI' });
    const res = await h.api('GET', '/user/folders', { key: created.api_key.token });
    expect(res.status).toBe(200);
  });
});

describe('API keys', () => {
  it('returns the token once at creation and lists metadata only', async () => {
    const client = h.client('primary');
    const created = await client.apiKeys.create({ name: 'Deploy bot' });
    expect(created.api_key.name).toBe('Deploy bot');
    expect(created.api_key.token).toMatch(/^\d+\|[0-9a-f]{40}$/);
    const list = await client.apiKeys.list();
    const names = list.api_keys.map((k) => k.name);
    expect(names).toContain('Deploy bot');
    for (const key of list.api_keys) expect(key).not.toHaveProperty('token');
    expect(JSON.stringify(list)).not.toContain(created.api_key.token);
    const fresh = list.api_keys.find((k) => k.name === 'Deploy bot');
    expect(fresh?.last_used_at).toBeNull();
    // The seeded key was just used to list, so it records a use.
    expect(list.api_keys.find((k) => k.name === 'Seeded key')?.last_used_at).not.toBeNull();
  });

  it('lists only the caller’s own keys', async () => {
    await h.client('secondary').apiKeys.create({ name: 'secondary only' });
    const list = await h.client('primary').apiKeys.list();
    expect(list.api_keys.map((k) => k.name)).not.toContain('secondary only');
  });

  it('answers 422 with the Laravel body when name is missing or too long', async () => {
    const missing = await h.api('POST', '/user/api-keys', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
    const long = await h.api('POST', '/user/api-keys', { body: { name: 'x'.repeat(256) } });
    expect(long.body.errors.name).toEqual(['The name field must not be greater than 255 characters.']);
    const wrongType = await h.api('POST', '/user/api-keys', { body: { name: 42 } });
    expect(wrongType.body.errors.name).toEqual(['The name field must be a string.']);
  });
});

describe('bad input never crashes and is always JSON', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const res = await h.api('POST', '/user/api-keys', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('reads a JSON array or scalar body as no fields (422 required)', async () => {
    for (const raw of ['[1,2]', '"name"', 'null']) {
      const res = await h.api('POST', '/user/api-keys', { raw });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toEqual(['The name field is required.']);
    }
  });

  it('answers a huge body with 413 JSON', async () => {
    const res = await h.api('POST', '/user/tools', { raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is too large.' });
  });

  it('answers unknown paths under /api, /_emulator and elsewhere with 404 JSON', async () => {
    const api = await h.api('GET', '/user/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.message).toMatch(/could not be found/);
    for (const url of [`${h.emu.controlUrl}/nothing`, `${h.emu.baseUrl.replace(/\/api$/, '')}/nothing/at/all`]) {
      const res = await fetch(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      await res.json();
    }
  });

  it('answers a known path asked with the wrong method with 405 JSON and Allow', async () => {
    const res = await h.api('DELETE', '/user/api-keys');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.body.message).toBe('The DELETE method is not supported for route user/api-keys. Supported methods: GET, POST.');
    expect((await h.api('GET', '/user/tools')).status).toBe(405);
  });

  it('answers wrong types with field errors, never a stack trace', async () => {
    const res = await h.api('POST', '/user/tools', { body: { name: ['a'], description: {}, endpoint: 5, method: 'FETCH', timeout: 'ten' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['description', 'endpoint', 'method', 'name', 'timeout']);
    expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.ts:\d+/);
    expect(res.body.message).toMatch(/\(and 4 more errors\)$/);
  });

  it('answers an unsupported charset with 415 JSON', async () => {
    const res = await h.api('POST', '/user/api-keys', { raw: '{"name":"x"}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(res.status).toBe(415);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('answers every other kind of odd request with JSON and a 4xx status, never HTML or a 500', async () => {
    const key = `Bearer ${h.emu.apiKeys.primary}`;
    const cases: Array<[string, string, RequestInit, number]> = [
      ['compressed JSON body', '/user/api-keys', { method: 'POST', headers: { authorization: key, 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'xx' }, 415],
      ['malformed multipart', '/user/knowledgebases/11/documents', { method: 'POST', headers: { authorization: key, 'content-type': 'multipart/form-data; boundary=zzz' }, body: 'garbage' }, 400],
      ['bad percent-encoding in a path', '/user/conversations/%E0%A4%A/enable-ai', { method: 'POST', headers: { authorization: key } }, 400],
      ['nested query values', '/user/conversations?type[a]=b&per_page[x]=1', { headers: { authorization: key } }, 422],
      ['form-encoded body', '/user/tools', { method: 'POST', headers: { authorization: key, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' }, 422],
      ['wrong scalar types', '/user/chatapp/send-freeform', { method: 'POST', headers: { authorization: key, 'content-type': 'application/json' }, body: '{"sender_id":"1","recipient_phone":14155552671,"message":["a"]}' }, 422],
      ['non-numeric path id', '/white-label/users/abc/plan', { headers: { authorization: key } }, 404],
      ['a 5000-character bearer token', '/user/api-keys', { headers: { authorization: `Bearer ${'x'.repeat(5000)}` } }, 401],
      ['another auth scheme', '/user/api-keys', { headers: { authorization: 'Basic YTpi' } }, 401],
    ];
    for (const [name, path, init, status] of cases) {
      const res = await fetch(`${h.emu.baseUrl}${path}`, init);
      expect(res.status, name).toBe(status);
      expect(res.headers.get('content-type'), name).toMatch(/^application\/json/);
      const text = await res.text();
      expect(text, name).not.toMatch(/<html|\bat .+:\d+:\d+/i);
      expect(JSON.parse(text), name).toBeTypeOf('object');
    }
  });

  it('answers OPTIONS on a known path with 204 and Allow instead of a text body', async () => {
    const res = await fetch(`${h.emu.baseUrl}/user/api-keys`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(await res.text()).toBe('');
    const unknown = await fetch(`${h.emu.baseUrl}/user/nothing`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document with every path and method of the registry and this server', async () => {
    const res = await h.api('GET', '/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(res.body.servers[0].url).toBe(h.emu.baseUrl);
    for (const def of ENDPOINT_LIST) {
      expect(res.body.paths, def.id).toHaveProperty([def.path]);
      expect(res.body.paths[def.path], def.id).toHaveProperty([def.method.toLowerCase()]);
    }
  });
});

describe('control API', () => {
  it('is for loopback callers only: 127/8, ::1 and IPv4-mapped 127/8 pass, any other address is refused', () => {
    for (const addr of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(addr), addr).toBe(true);
    for (const addr of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '', '128.0.0.1']) expect(isLoopbackAddress(addr), addr).toBe(false);
  });

  it('lists the seeded fixtures by role, including other areas’ contributions', async () => {
    const seed = await h.seed();
    expect(Object.keys(seed).sort()).toEqual(['member', 'primary', 'secondary']);
    expect(seed.primary.assistants.length).toBeGreaterThan(0);
    for (const a of seed.primary.assistants) {
      expect(a.id).toBeTypeOf('number');
      expect(a.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(seed.primary.knowledgebase_ids).toEqual([11, 12]);
    expect(seed.primary.api_key).toBe(h.emu.apiKeys.primary);
    expect(seed.member.account_id).toBe(seed.primary.account_id);
    expect(seed.member.billing_access).toBe(false);
    expect(seed.primary.white_label.platform_users.map((u: { source: string | null }) => u.source)).toEqual(
      expect.arrayContaining(['manual', 'trial', 'paid', null]),
    );
  });

  it('restores the seed on reset: created keys vanish, ids and seeded keys repeat', async () => {
    const before = await h.seed();
    await h.client('primary').apiKeys.create({ name: 'temporary' });
    await h.control('POST', '/reset');
    const list = await h.client('primary').apiKeys.list();
    expect(list.api_keys.map((k) => k.name)).toEqual(['Seeded key']);
    const after = await h.seed();
    expect(after.primary.assistants).toEqual(before.primary.assistants);
  });

  it('advances the clock and validates the request', async () => {
    const t0 = h.emu.clock.now();
    const res = await h.control('POST', '/clock/advance', { seconds: 3600 });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now) - t0).toBeGreaterThanOrEqual(3_600_000);
    expect((await h.control('POST', '/clock/advance', { seconds: -1 })).status).toBe(422);
    expect((await h.control('POST', '/clock/advance', {})).status).toBe(422);
  });

  it('validates balance, blocked and fault requests', async () => {
    expect((await h.control('POST', '/accounts/nobody/balance', { minutes: 1 })).status).toBe(404);
    expect((await h.control('POST', '/accounts/primary/balance', { minutes: 'lots' })).status).toBe(422);
    const ok = await h.control('POST', '/accounts/secondary/balance', { minutes: 12, usd: 3.5 });
    expect(ok.body.balance).toEqual({ minutes: 12, usd: 3.5 });
    expect((await h.control('POST', '/assistants/not-a-uuid/blocked', { blocked: true })).status).toBe(404);
    const seed = await h.seed();
    expect((await h.control('POST', `/assistants/${seed.primary.assistants[0].uuid}/blocked`, { blocked: 'yes' })).status).toBe(422);
    expect((await h.control('POST', '/faults', { realtime: 'meltdown' })).status).toBe(422);
  });

  it('delivers a webhook for real and records it', async () => {
    const { createServer } = await import('node:http');
    const received: unknown[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as { port: number }).port;
    await h.emu.emulator.ctx.deliverWebhook(`http://127.0.0.1:${port}/hook`, { event: 'test', n: 1 });
    await h.emu.emulator.ctx.deliverWebhook('http://127.0.0.1:1/unreachable', { event: 'lost' });
    receiver.close();
    expect(received).toEqual([{ event: 'test', n: 1 }]);
    const log = (await h.control('GET', '/webhooks')).body.data;
    expect(log[0]).toMatchObject({ url: `http://127.0.0.1:${port}/hook`, payload: { event: 'test', n: 1 }, status: 204, error: null });
    expect(log[1]).toMatchObject({ status: null });
    expect(log[1].error).toBeTypeOf('string');
  });
});
