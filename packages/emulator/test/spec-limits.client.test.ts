/**
 * The spec's Limits table at its boundaries, through `PlatformClient` against a started emulator: the value at
 * the limit is accepted (typed method), the value past it is refused by the emulator with a 422 naming the
 * field (sent with `client.request`, since the typed method would refuse it before sending). Rate and
 * concurrency limits are in spec-errors and spec-states; the 20 MB file limit in documents-tools.
 */
import { APIError, UnprocessableEntityError, type PlatformClient } from '@voice-session/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();
let primary: PlatformClient;
let assistantUuid: string;

beforeEach(async () => {
  primary = h.client('primary');
  assistantUuid = (await h.seed()).primary.assistants[0].uuid;
});

/** POST or GET `path` with an over-limit input; expect a 422 whose `errors` name exactly `fields`. */
async function refused(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, fields: string[]): Promise<void> {
  const request = method === 'GET' ? { method, path, query: input } : { method, path, body: input };
  const error = await primary.request(request).then(() => undefined, (e: unknown) => e);
  expect(error, `${path} ${JSON.stringify(fields)}`).toBeInstanceOf(UnprocessableEntityError);
  expect(Object.keys((error as APIError).errors ?? {}).sort(), path).toEqual([...fields].sort());
}

const variables = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));

describe('Limits: realtime session', () => {
  it('variables: 50 keys accepted, 51 refused', async () => {
    await expect(primary.realtime.createSession({ assistant_id: assistantUuid, variables: variables(50) })).resolves.toHaveProperty('token');
    await refused('POST', '/user/realtime/session', { assistant_id: assistantUuid, variables: variables(51) }, ['variables']);
  });

  it('external_identifier: 255 chars accepted, 256 refused', async () => {
    await expect(primary.realtime.createSession({ assistant_id: assistantUuid, external_identifier: 'e'.repeat(255) })).resolves.toHaveProperty('token');
    await refused('POST', '/user/realtime/session', { assistant_id: assistantUuid, external_identifier: 'e'.repeat(256) }, ['external_identifier']);
  });
});

describe('Limits: documents', () => {
  const path = '/user/knowledgebases/11/documents';
  const site = { type: 'website' as const, url: 'https://docs.example.com' };

  it('name and description: 255 chars each accepted, 256 refused', async () => {
    await expect(primary.documents.create(11, { ...site, name: 'n'.repeat(255), description: 'd'.repeat(255) })).resolves.toHaveProperty('data.id');
    await refused('POST', path, { ...site, name: 'n'.repeat(256) }, ['name']);
    await refused('POST', path, { ...site, name: 'ok', description: 'd'.repeat(256) }, ['description']);
  });

  it('relative_links_limit: 1 and 50 accepted, 0 and 51 refused', async () => {
    for (const limit of [1, 50]) await expect(primary.documents.create(11, { ...site, name: `l${limit}`, relative_links_limit: limit })).resolves.toHaveProperty('data.id');
    for (const limit of [0, 51]) await refused('POST', path, { ...site, name: 'x', relative_links_limit: limit }, ['relative_links_limit']);
  });
});

describe('Limits: mid-call tools', () => {
  const base = { name: 'ok_tool', description: 'Find an order', endpoint: 'https://shop.example/o', method: 'GET' as const };
  const longUrl = (n: number): string => `https://shop.example/${'p'.repeat(n - 'https://shop.example/'.length)}`;

  it('accepts every field at its limit: name 64, description 255, endpoint 2048, timeout 1 and 30, schema 64/3/255', async () => {
    const top = await primary.tools.create({
      name: `_${'n'.repeat(63)}`, description: 'd'.repeat(255), endpoint: longUrl(2048), method: 'GET', timeout: 30,
      schema: [{ name: 'p'.repeat(64), type: 'string', description: 'd'.repeat(255) }],
    });
    expect(top.data).toMatchObject({ timeout: 30 });
    expect(top.data.endpoint).toHaveLength(2048);
    const bottom = await primary.tools.create({ ...base, name: 'a', timeout: 1, schema: [{ name: 'p', type: 'number', description: 'abc' }] });
    expect(bottom.data.timeout).toBe(1);
  });

  it('refuses each field past its limit', async () => {
    await refused('POST', '/user/tools', { ...base, name: 'n'.repeat(65) }, ['name']);
    await refused('POST', '/user/tools', { ...base, description: 'd'.repeat(256) }, ['description']);
    await refused('POST', '/user/tools', { ...base, endpoint: longUrl(2049) }, ['endpoint']);
    await refused('POST', '/user/tools', { ...base, timeout: 0 }, ['timeout']);
    await refused('POST', '/user/tools', { ...base, timeout: 31 }, ['timeout']);
    await refused('POST', '/user/tools', { ...base, schema: [{ name: 'p'.repeat(65), type: 'string', description: 'abc' }] }, ['schema.0.name']);
    await refused('POST', '/user/tools', { ...base, schema: [{ name: 'p', type: 'string', description: 'ab' }] }, ['schema.0.description']);
    await refused('POST', '/user/tools', { ...base, schema: [{ name: 'p', type: 'string', description: 'd'.repeat(256) }] }, ['schema.0.description']);
  });
});

describe('Limits: SIP trunks', () => {
  const trunk = {
    sip_trunk_type: 'extension' as const, phone_number: '101', sip_username: 'office', sip_password: 'pw-123',
    sip_address: 'sip.provider.example', sip_calling_format: 'national' as const, inbound_authorization_type: 'auth' as const, country_code: 'GB',
  };

  it('accepts extension 1 and 15 chars, nickname 50, username 3 and 128, password 3', async () => {
    await expect(primary.sipTrunks.create({ ...trunk, phone_number: '1'.repeat(15), nickname: 'n'.repeat(50), sip_username: 'u'.repeat(128), sip_password: 'pw3' })).resolves.toHaveProperty('data.id');
    await expect(primary.sipTrunks.create({ ...trunk, phone_number: '7', sip_username: 'abc' })).resolves.toHaveProperty('data.id');
  });

  it('refuses extension 16 chars or empty, nickname 51, username 2 or 129, password 2', async () => {
    const path = '/user/phone-numbers/sip-trunks';
    await refused('POST', path, { ...trunk, phone_number: '1'.repeat(16) }, ['phone_number']);
    await refused('POST', path, { ...trunk, phone_number: '' }, ['phone_number']);
    await refused('POST', path, { ...trunk, nickname: 'n'.repeat(51) }, ['nickname']);
    await refused('POST', path, { ...trunk, sip_username: 'ab' }, ['sip_username']);
    await refused('POST', path, { ...trunk, sip_username: 'u'.repeat(129) }, ['sip_username']);
    await refused('POST', path, { ...trunk, sip_password: 'pw' }, ['sip_password']);
  });
});

describe('Limits: phone-number search, chat app, automations, page sizes', () => {
  it('digits filter: numeric, at most 10 digits', async () => {
    await expect(primary.phoneNumbers.search({ digits: '1234567890' })).resolves.toEqual({ data: expect.any(Array) });
    await refused('GET', '/user/phone-numbers/search', { digits: '12345678901' }, ['digits']);
    await refused('GET', '/user/phone-numbers/search', { digits: '12a' }, ['digits']);
  });

  it('chat-app message: 4096 chars accepted, 4097 refused', async () => {
    await expect(primary.chatApp.sendFreeform({ sender_id: 1, recipient_phone: '+14155552671', message: 'm'.repeat(4096) })).resolves.toMatchObject({ success: true });
    await refused('POST', '/user/chatapp/send-freeform', { sender_id: 1, recipient_phone: '+14155552671', message: 'm'.repeat(4097) }, ['message']);
  });

  it('runs listed: limit 1 and 20 accepted, 0 and 21 refused (default 10)', async () => {
    const { automation_id: id } = await primary.automations.applyTemplate('webhook-broken-mapping', {});
    for (const limit of [1, 20]) await expect(primary.automations.listRuns(id, { limit })).resolves.toHaveProperty('runs');
    for (const limit of [0, 21]) await refused('GET', `/user/automate/flows/${id}/runs`, { limit }, ['limit']);
  });

  it('page size of conversations and folders: 1 and 100 accepted, 0 and 101 refused (default 15)', async () => {
    expect((await primary.conversations.list()).data).toHaveLength(15);
    expect((await primary.folders.list()).data).toHaveLength(15);
    for (const per_page of [1, 100]) {
      expect((await primary.conversations.list({ per_page })).data.length).toBe(Math.min(per_page, 46));
      expect((await primary.folders.list({ per_page })).data.length).toBe(Math.min(per_page, 22));
    }
    for (const per_page of [0, 101]) {
      await refused('GET', '/user/conversations', { per_page }, ['per_page']);
      await refused('GET', '/user/folders', { per_page }, ['per_page']);
    }
  });
});
