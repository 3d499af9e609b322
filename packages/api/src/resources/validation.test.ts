import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../client.js';
import { RequestValidationError } from '../core/errors.js';
import { jsonResponse } from '../core/fake-fetch.test-support.js';
import { ASSISTANT_UUID, testClient } from './fixtures.test-support.js';

const tool = { name: 'lookup_order', description: 'Find an order', endpoint: 'https://shop.example/orders', method: 'GET' } as const;
const trunk = {
  sip_trunk_type: 'number', phone_number: '+14155550123', sip_username: 'user', sip_password: 'secret',
  sip_address: 'sip.example.com', sip_calling_format: '+e164', inbound_authorization_type: 'auth', country_code: 'US',
} as const;
const manyVariables = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, i]));

type Case = [label: string, call: (client: PlatformClient) => PromiseLike<unknown>, field: string];

const cases: Case[] = [
  ['a missing required field', (c) => c.apiKeys.create({} as never), 'name'],
  ['an unknown field (strict request)', (c) => c.apiKeys.create({ name: 'x', scope: 'all' } as never), ''],
  ['the tool-name pattern', (c) => c.tools.create({ ...tool, name: '9lives' }), 'name'],
  ['a tool name over 64 chars', (c) => c.tools.create({ ...tool, name: 'a'.repeat(65) }), 'name'],
  ['a description over 255 chars', (c) => c.tools.create({ ...tool, description: 'd'.repeat(256) }), 'description'],
  ['an invalid endpoint URL', (c) => c.tools.create({ ...tool, endpoint: 'not a url' }), 'endpoint'],
  ['an endpoint over 2048 chars', (c) => c.tools.create({ ...tool, endpoint: `https://a.example/${'x'.repeat(2048)}` }), 'endpoint'],
  ['an HTTP method outside the enum', (c) => c.tools.create({ ...tool, method: 'TRACE' as never }), 'method'],
  ['a tool timeout above 30 s', (c) => c.tools.create({ ...tool, timeout: 31 }), 'timeout'],
  ['a tool timeout below 1 s', (c) => c.tools.create({ ...tool, timeout: 0 }), 'timeout'],
  [
    'a schema parameter description under 3 chars',
    (c) => c.tools.create({ ...tool, schema: [{ name: 'id', type: 'string', description: 'x' }] }),
    'schema.0.description',
  ],
  ['a realtime assistant_id that is not a UUID', (c) => c.realtime.createSession({ assistant_id: '42' }), 'assistant_id'],
  ['more than 50 realtime variables', (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID, variables: manyVariables }), 'variables'],
  [
    'a non-scalar variable value',
    (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID, variables: { nested: { a: 1 } as never } }),
    'variables.nested',
  ],
  [
    'an external_identifier over 255 chars',
    (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID, external_identifier: 'e'.repeat(256) }),
    'external_identifier',
  ],
  ['allowed_inbound_ips missing for ip auth', (c) => c.sipTrunks.create({ ...trunk, inbound_authorization_type: 'ip' }), 'allowed_inbound_ips'],
  [
    'an invalid inbound IP',
    (c) => c.sipTrunks.create({ ...trunk, inbound_authorization_type: 'ip', allowed_inbound_ips: ['999.1.1.1'] }),
    'allowed_inbound_ips.0',
  ],
  ['a trunk number not in E.164', (c) => c.sipTrunks.create({ ...trunk, phone_number: '4155550123' }), 'phone_number'],
  [
    'an extension over 15 chars',
    (c) => c.sipTrunks.create({ ...trunk, sip_trunk_type: 'extension', phone_number: '1'.repeat(16) }),
    'phone_number',
  ],
  ['a SIP username under 3 chars', (c) => c.sipTrunks.create({ ...trunk, sip_username: 'ab' }), 'sip_username'],
  ['a nickname over 50 chars', (c) => c.sipTrunks.create({ ...trunk, nickname: 'n'.repeat(51) }), 'nickname'],
  ['non-numeric digits', (c) => c.phoneNumbers.search({ digits: '12a' }), 'digits'],
  ['more than 10 digits', (c) => c.phoneNumbers.search({ digits: '12345678901' }), 'digits'],
  ['an unsupported country', (c) => c.phoneNumbers.search({ country: 'FR' as never }), 'country'],
  [
    'template params over 64 KB',
    (c) => c.automations.applyTemplate('t', { params: { blob: 'x'.repeat(64 * 1024) } }),
    'params',
  ],
  ['an automation name over 255 chars', (c) => c.automations.applyTemplate('t', { name: 'n'.repeat(256) }), 'name'],
  ['a run count above 20', (c) => c.automations.listRuns('flow_1', { limit: 21 }), 'limit'],
  ['an empty path parameter', (c) => c.automations.get(''), 'id'],
  ['neither message nor media_url', (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123' }), 'message'],
  [
    'a recipient not in E.164',
    (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '0044 20 7946', message: 'hi' }),
    'recipient_phone',
  ],
  [
    'a message over 4096 chars',
    (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', message: 'm'.repeat(4097) }),
    'message',
  ],
  ['a chat-app status outside the enum', (c) => c.chatApp.listSenders({ status: 'busy' as never }), 'status'],
  ['a conversation type outside the enum', (c) => c.conversations.list({ type: 'email' as never }), 'type'],
  ['a page size above 100', (c) => c.conversations.list({ per_page: 101 }), 'per_page'],
  ['a folder page size of 0', (c) => c.folders.list({ per_page: 0 }), 'per_page'],
  ['a conversation uuid that is not a UUID', (c) => c.conversations.enableAi('not-a-uuid'), 'uuid'],
  ['a non-positive user id', (c) => c.whiteLabel.getUserPlan(-1), 'id'],
  ['a webhook URL that is not a URL', (c) => c.assistants.enableConversationEndedWebhook(7, 'nope'), 'webhook_url'],
  ['a website document without url or links', (c) => c.documents.create(1, { name: 'Site', type: 'website' }), 'url'],
  ['a pdf document without a file', (c) => c.documents.create(1, { name: 'Guide', type: 'pdf' }), 'file'],
  ['relative_links_limit above 50', (c) => c.documents.create(1, { name: 'S', type: 'website', url: 'https://a.example', relative_links_limit: 51 }), 'relative_links_limit'],
  ['an invalid link', (c) => c.documents.create(1, { name: 'S', type: 'website', links: [{ link: 'nope' }] }), 'links.0.link'],
  ['a document name over 255 chars', (c) => c.documents.create(1, { name: 'n'.repeat(256), type: 'website', url: 'https://a.example' }), 'name'],
  // Every remaining rule family of the spec's field tables and Limits.
  ['a realtime request without assistant_id', (c) => c.realtime.createSession({} as never), 'assistant_id'],
  ['an empty variable name', (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID, variables: { '': 1 } }), 'variables.'],
  ['a body_format outside the enum', (c) => c.tools.create({ ...tool, body_format: 'xml' as never }), 'body_format'],
  ['a non-integer tool timeout', (c) => c.tools.create({ ...tool, timeout: 2.5 }), 'timeout'],
  [
    'a schema parameter name breaking the name rule',
    (c) => c.tools.create({ ...tool, schema: [{ name: 'order-id', type: 'string', description: 'Order id' }] }),
    'schema.0.name',
  ],
  [
    'a schema parameter name over 64 chars',
    (c) => c.tools.create({ ...tool, schema: [{ name: 'p'.repeat(65), type: 'string', description: 'Order id' }] }),
    'schema.0.name',
  ],
  [
    'a schema parameter description over 255 chars',
    (c) => c.tools.create({ ...tool, schema: [{ name: 'id', type: 'string', description: 'd'.repeat(256) }] }),
    'schema.0.description',
  ],
  [
    'a schema parameter type outside the enum',
    (c) => c.tools.create({ ...tool, schema: [{ name: 'id', type: 'date' as never, description: 'Order id' }] }),
    'schema.0.type',
  ],
  ['a header without a name', (c) => c.tools.create({ ...tool, headers: [{ name: '', value: 'v' }] }), 'headers.0.name'],
  ['a static field without a key', (c) => c.tools.create({ ...tool, static_fields: [{ key: '', value: 'v' }] }), 'static_fields.0.key'],
  ['a sip_trunk_type outside the enum', (c) => c.sipTrunks.create({ ...trunk, sip_trunk_type: 'pbx' as never }), 'sip_trunk_type'],
  ['a SIP username over 128 chars', (c) => c.sipTrunks.create({ ...trunk, sip_username: 'u'.repeat(129) }), 'sip_username'],
  ['a SIP password under 3 chars', (c) => c.sipTrunks.create({ ...trunk, sip_password: 'pw' }), 'sip_password'],
  ['a SIP address with a port', (c) => c.sipTrunks.create({ ...trunk, sip_address: 'sip.example.com:5060' }), 'sip_address'],
  ['a sip_calling_format outside the enum', (c) => c.sipTrunks.create({ ...trunk, sip_calling_format: 'intl' as never }), 'sip_calling_format'],
  [
    'an inbound_authorization_type outside the enum',
    (c) => c.sipTrunks.create({ ...trunk, inbound_authorization_type: 'token' as never }),
    'inbound_authorization_type',
  ],
  ['a country_code that is not two letters', (c) => c.sipTrunks.create({ ...trunk, country_code: 'USA' }), 'country_code'],
  ['an empty extension', (c) => c.sipTrunks.create({ ...trunk, sip_trunk_type: 'extension', phone_number: '' }), 'phone_number'],
  ['an empty digits filter', (c) => c.phoneNumbers.search({ digits: '' }), 'digits'],
  ['template params that are not an object', (c) => c.automations.applyTemplate('t', { params: ['a'] as never }), 'params'],
  ['a non-integer assistant_id on apply template', (c) => c.automations.applyTemplate('t', { assistant_id: 1.5 }), 'assistant_id'],
  ['a non-boolean confirm_side_effects', (c) => c.automations.applyTemplate('t', { confirm_side_effects: 'yes' as never }), 'confirm_side_effects'],
  ['an empty template key', (c) => c.automations.applyTemplate(''), 'key'],
  ['a run count below 1', (c) => c.automations.listRuns('flow_1', { limit: 0 }), 'limit'],
  ['a non-boolean unmask', (c) => c.automations.get('flow_1', { unmask: 'maybe' as never }), 'unmask'],
  ['an empty run id', (c) => c.automations.getRun('flow_1', ''), 'run_id'],
  ['an empty run id on retry', (c) => c.automations.retryRun('flow_1', ''), 'run_id'],
  ['a template status outside the enum', (c) => c.chatApp.listTemplates(3, { status: 'draft' as never }), 'status'],
  ['a non-positive sender id', (c) => c.chatApp.listTemplates(0), 'senderId'],
  [
    'a media_url that is not a URL',
    (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', media_url: 'photo.jpg' }),
    'media_url',
  ],
  [
    'a non-integer sender_id',
    (c) => c.chatApp.sendFreeform({ sender_id: 'three' as never, recipient_phone: '+14155550123', message: 'hi' }),
    'sender_id',
  ],
  ['a page size below 1', (c) => c.conversations.list({ per_page: 0 }), 'per_page'],
  ['a non-integer page size', (c) => c.conversations.list({ per_page: 2.5 }), 'per_page'],
  ['an empty cursor', (c) => c.conversations.list({ cursor: '' }), 'cursor'],
  ['a non-positive assistant filter', (c) => c.conversations.list({ assistant_id: 0 }), 'assistant_id'],
  ['a folder page above 100 per page', (c) => c.folders.list({ per_page: 101 }), 'per_page'],
  ['a folder page number below 1', (c) => c.folders.list({ page: 0 }), 'page'],
  ['a voice mode outside the enum', (c) => c.voices.list({ mode: 'stereo' as never }), 'mode'],
  ['a non-integer language filter', (c) => c.voices.list({ language_id: 1.5 }), 'language_id'],
  ['a non-positive assistant id on a webhook', (c) => c.assistants.disableInboundWebhook(0), 'assistant_id'],
  ['a document type outside the enum', (c) => c.documents.create(1, { name: 'D', type: 'html' as never, url: 'https://a.example' }), 'type'],
  ['a document description over 255 chars', (c) => c.documents.create(1, { name: 'D', type: 'website', url: 'https://a.example', description: 'd'.repeat(256) }), 'description'],
  ['relative_links_limit below 1', (c) => c.documents.create(1, { name: 'S', type: 'website', url: 'https://a.example', relative_links_limit: 0 }), 'relative_links_limit'],
  ['an empty links list', (c) => c.documents.create(1, { name: 'S', type: 'website', links: [] }), 'links'],
  ['a file on a website document', (c) => c.documents.create(1, { name: 'S', type: 'website', url: 'https://a.example', file: new Uint8Array([1]) }), 'file'],
  ['a Blob over 20 MB', (c) => c.documents.create(1, { name: 'G', type: 'pdf', file: new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]) }), 'file'],
  ['a non-positive knowledgebase id', (c) => c.documents.create(0, { name: 'S', type: 'website', url: 'https://a.example' }), 'knowledgebaseId'],
  ['a file of an unsupported kind', (c) => c.documents.create(1, { name: 'G', type: 'pdf', file: 'plain text' as never }), 'file'],
];

describe('request validation', () => {
  it.each(cases)('rejects %s, names the field and sends nothing', async (_label, call, field) => {
    const { client, fetch } = testClient([jsonResponse({})]);
    const error = await Promise.resolve(call(client)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const issues = (error as RequestValidationError).issues;
    expect(issues.map((i) => i.field)).toContain(field);
    for (const issue of issues) {
      expect(issue.rule).not.toBe('');
      expect(issue.message).not.toBe('');
    }
    expect((error as RequestValidationError).message).toContain(field === '' ? 'Invalid request' : `${field}:`);
    expect(fetch.calls).toHaveLength(0);
  });

  it('reports every failing field of one request at once', async () => {
    const { client, fetch } = testClient([jsonResponse({})]);
    const error = (await client.tools.create({ ...tool, name: '9x', timeout: 99 }).catch((e: unknown) => e)) as RequestValidationError;
    expect(error.issues.map((i) => i.field).sort()).toEqual(['name', 'timeout']);
    expect(Object.keys(error.errors).sort()).toEqual(['name', 'timeout']);
    expect(fetch.calls).toHaveLength(0);
  });
});
