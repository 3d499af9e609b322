import { isValidPhoneNumber } from 'libphonenumber-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness.js';

const h = useHarness();
let seed: Awaited<ReturnType<Harness['seed']>>;
beforeEach(async () => {
  seed = await h.seed();
});

const trunk = (over: Record<string, unknown> = {}) => ({
  sip_trunk_type: 'number',
  phone_number: '+48512345678',
  sip_username: 'office',
  sip_password: 's3cret-pass',
  sip_address: 'sip.provider.example',
  sip_calling_format: '+e164',
  inbound_authorization_type: 'auth',
  country_code: 'US',
  ...over,
});

describe('POST /user/phone-numbers/sip-trunks', () => {
  it('provisions inbound and outbound trunks, detects the country and never returns the password', async () => {
    const res = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ nickname: 'Warsaw office' }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      phone_number: '+48512345678',
      nickname: 'Warsaw office',
      country_code: 'PL',
      allowed_inbound_ips: null,
      outbound_proxy: false,
    });
    expect(res.body.data.inbound_trunk_id).toMatch(/^ST_\w{12}$/);
    expect(res.body.data.outbound_trunk_id).toMatch(/^ST_\w{12}$/);
    expect(res.body.data.inbound_trunk_id).not.toBe(res.body.data.outbound_trunk_id);
    expect(JSON.stringify(res.body)).not.toContain('s3cret-pass');
    expect(res.body.data).not.toHaveProperty('sip_password');
  });

  it('keeps the given country for extensions and stores IP whitelists', async () => {
    const client = h.client('primary');
    const res = await client.sipTrunks.create({
      sip_trunk_type: 'extension',
      phone_number: '1001',
      sip_username: 'ext1001',
      sip_password: 'pw1',
      sip_address: '10.0.0.5',
      sip_calling_format: 'national',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.7', '2001:db8::1'],
      country_code: 'gb',
      outbound_proxy: true,
    });
    expect(res.data).toMatchObject({ country_code: 'GB', allowed_inbound_ips: ['203.0.113.7', '2001:db8::1'], outbound_proxy: true });
  });

  it('refuses the same phone number, username and address twice with {error}', async () => {
    expect((await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk() })).status).toBe(201);
    const dup = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ sip_password: 'other' }) });
    expect(dup.status).toBe(409);
    expect(Object.keys(dup.body)).toEqual(['error']);
    // Another username is a different trunk; another account may reuse all three.
    expect((await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ sip_username: 'office2' }) })).status).toBe(201);
    expect((await h.api('POST', '/user/phone-numbers/sip-trunks', { key: 'secondary', body: trunk() })).status).toBe(201);
  });

  it('answers {message:"The given data was invalid.", errors} for invalid input', async () => {
    const res = await h.api('POST', '/user/phone-numbers/sip-trunks', {
      body: trunk({ sip_address: undefined, sip_calling_format: 'intl' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The given data was invalid.');
    expect(res.body.errors).toEqual({
      sip_address: ['The sip address field is required.'],
      sip_calling_format: ['The selected sip calling format is invalid.'],
    });
    const number = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ phone_number: '12345' }) });
    expect(Object.keys(number.body.errors)).toEqual(['phone_number']);
    const ip = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ inbound_authorization_type: 'ip' }) });
    expect(Object.keys(ip.body.errors)).toEqual(['allowed_inbound_ips']);
    const badIp = await h.api('POST', '/user/phone-numbers/sip-trunks', {
      body: trunk({ inbound_authorization_type: 'ip', allowed_inbound_ips: ['10.0.0.1', '999.1.1.1'] }),
    });
    expect(badIp.body.errors).toEqual({ 'allowed_inbound_ips.1': ['The allowed inbound ips.1 field must be a valid IP address.'] });
    const ext = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk({ sip_trunk_type: 'extension', phone_number: '1'.repeat(16) }) });
    expect(Object.keys(ext.body.errors)).toEqual(['phone_number']);
  });

  it('answers 500 {error} when creation or provisioning fails', async () => {
    for (const fault of ['creation_failed', 'provisioning_failed']) {
      await h.control('POST', '/faults', { sip_trunks: fault });
      const res = await h.api('POST', '/user/phone-numbers/sip-trunks', { body: trunk() });
      expect(res.status).toBe(500);
      expect(res.body.error).toBeTypeOf('string');
    }
  });
});

describe('GET /user/phone-numbers/search', () => {
  it('returns valid US numbers by default and numbers of every supported country', async () => {
    const us = await h.client('primary').phoneNumbers.search();
    expect(us.data.length).toBeGreaterThan(5);
    for (const n of us.data) {
      expect(n.country_code).toBe('US');
      expect(isValidPhoneNumber(n.phone_number)).toBe(true);
      expect(n.payment_price_id).toMatch(/^price_/);
    }
    for (const country of ['CA', 'GB', 'AU', 'IL', 'PL', 'FI', 'NL', 'DK', 'IT'] as const) {
      const res = await h.client('primary').phoneNumbers.search({ country });
      expect(res.data.length).toBeGreaterThan(0);
      expect(res.data.every((n) => n.country_code === country && isValidPhoneNumber(n.phone_number))).toBe(true);
    }
  });

  it('filters by digits and answers {data: []} when nothing matches', async () => {
    const all = await h.client('primary').phoneNumbers.search({ country: 'GB' });
    const digits = all.data[0]?.phone_number.slice(-4) ?? '';
    const some = await h.client('primary').phoneNumbers.search({ country: 'GB', digits });
    expect(some.data.length).toBeGreaterThan(0);
    expect(some.data.every((n) => n.phone_number.includes(digits))).toBe(true);
    const none = await h.api('GET', '/user/phone-numbers/search?country=GB&digits=0000000000');
    expect(none.body).toEqual({ data: [] });
  });

  it('validates the country and the digits filter', async () => {
    const res = await h.api('GET', '/user/phone-numbers/search?country=FR&digits=12a');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['country', 'digits']);
    expect((await h.api('GET', '/user/phone-numbers/search?digits=12345678901')).status).toBe(422);
  });
});

describe('assistant webhooks', () => {
  it('disables the inbound webhook of an owned assistant', async () => {
    const a = seed.primary.assistants[0];
    const res = await h.client('primary').assistants.disableInboundWebhook(a.id);
    expect(res).toEqual({ message: expect.any(String), data: [] });
    expect((await h.control('GET', `/assistants/${a.uuid}`)).body.inbound_webhook_enabled).toBe(false);
  });

  it('stores the conversation-ended webhook URL', async () => {
    const a = seed.primary.assistants[1];
    const res = await h.client('primary').assistants.enableConversationEndedWebhook(a.id, 'https://hooks.example.com/ended');
    expect(res.data).toEqual([]);
    expect((await h.control('GET', `/assistants/${a.uuid}`)).body.conversation_ended_webhook_url).toBe('https://hooks.example.com/ended');
  });

  it('answers 404 {message:"Assistant not found"} for unknown or foreign assistants', async () => {
    for (const path of ['/user/assistants/disable-inbound-webhook', '/user/assistants/enable-conversation-ended-webhook']) {
      for (const id of [seed.secondary.assistants[0].id, 999999]) {
        const res = await h.api('POST', path, { body: { assistant_id: id, webhook_url: 'https://a.example/h' } });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Assistant not found' });
      }
    }
  });

  it('answers 422 {message:"The given data was invalid.", errors} for a missing assistant_id or webhook_url', async () => {
    const a = await h.api('POST', '/user/assistants/disable-inbound-webhook', { body: {} });
    expect(a.status).toBe(422);
    expect(a.body).toEqual({ message: 'The given data was invalid.', errors: { assistant_id: ['The assistant id field is required.'] } });
    const b = await h.api('POST', '/user/assistants/enable-conversation-ended-webhook', { body: { assistant_id: seed.primary.assistants[0].id } });
    expect(b.status).toBe(422);
    expect(b.body.errors).toEqual({ webhook_url: ['The webhook url field is required.'] });
  });
});

describe('GET /user/assistants/voices', () => {
  it('returns a bare array of 30+ voices, public and own, never another account’s', async () => {
    const res = await h.api('GET', '/user/assistants/voices');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(30);
    const names = res.body.map((v: { name: string }) => v.name);
    expect(names).toContain('Primary Brand Voice');
    expect(names.some((n: string) => n.startsWith('Secondary'))).toBe(false);
    const secondary = await h.api('GET', '/user/assistants/voices', { key: 'secondary' });
    const secondaryNames = secondary.body.map((v: { name: string }) => v.name);
    expect(secondaryNames).toContain('Secondary Clone');
    expect(secondaryNames).not.toContain('Primary Brand Voice');
    // The member sees its account's voices.
    const member = await h.api('GET', '/user/assistants/voices', { key: 'member' });
    expect(member.body).toEqual(res.body);
  });

  it('applies every filter', async () => {
    const list = async (q: string) => (await h.api('GET', `/user/assistants/voices?${q}`)).body as Array<Record<string, unknown>>;
    expect((await list('gender=female')).every((v) => v.gender === 'female')).toBe(true);
    expect((await list('language_id=2')).map((v) => v.name)).toEqual(['Lucia', 'Mateo', 'Sofia']);
    expect((await list('age=old')).every((v) => v.age === 'Old')).toBe(true);
    expect((await list('accent=british')).every((v) => v.accent === 'British')).toBe(true);
    expect((await list('synthesizer_provider_id=3')).every((v) => v.synthesizer_provider_id === 3)).toBe(true);
    expect((await list('mode=dualplex')).map((v) => v.name)).toEqual(['Aria', 'Emily', 'Sofia', 'Amelie', 'Avi', 'Nova', 'Orion']);
    expect((await list('search=irish')).map((v) => v.name)).toEqual(['Finn', 'Isla']);
    expect((await list('search=middle&gender=male&language_id=1')).map((v) => v.name)).toEqual(['Brian', 'Harry', 'Orion']);
    const bad = await h.api('GET', '/user/assistants/voices?mode=telepathy&language_id=x');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['language_id', 'mode']);
  });
});

describe('GET /user/folders', () => {
  it('pages 20+ folders with per_page and page, with assistant counts', async () => {
    const first = await h.api('GET', '/user/folders');
    expect(first.body).toMatchObject({ current_page: 1, per_page: 15, total: 22 });
    expect(first.body.data).toHaveLength(15);
    expect(first.body.data[0]).toEqual({ id: 1, name: 'Sales', color: expect.any(String), assistants_count: 2 });
    const last = await h.api('GET', '/user/folders?per_page=10&page=3');
    expect(last.body).toMatchObject({ current_page: 3, per_page: 10, total: 22 });
    expect(last.body.data.map((f: { id: number }) => f.id)).toEqual([21, 22]);
    const beyond = await h.api('GET', '/user/folders?page=9');
    expect(beyond.body.data).toEqual([]);
  });

  it('keeps folders private to the account', async () => {
    const res = await h.api('GET', '/user/folders', { key: 'secondary' });
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((f: { id: number }) => f.id)).toEqual([101, 102, 103]);
  });

  it('walks every page through the typed client', async () => {
    const ids: number[] = [];
    for await (const folder of h.client('primary').folders.list({ per_page: 7 })) ids.push(folder.id);
    expect(ids).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it('validates per_page and page', async () => {
    for (const q of ['per_page=0', 'per_page=101', 'page=0', 'per_page=abc']) {
      expect((await h.api('GET', `/user/folders?${q}`)).status).toBe(422);
    }
  });
});
