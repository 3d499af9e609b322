import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../client.js';
import { jsonBody, jsonResponse } from '../core/fake-fetch.test-support.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import { ASSISTANT_UUID, CONVERSATION_UUID, bodies, conversation, folder, recordingLogger, testClient } from './fixtures.test-support.js';

interface MethodCase {
  /** Registry id the method must use. */
  id: keyof typeof ENDPOINTS;
  call: (client: PlatformClient) => PromiseLike<unknown>;
  response: unknown;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  /** JSON body expected on the wire; `undefined` means no body at all. */
  body?: unknown;
}

const cases: MethodCase[] = [
  {
    id: 'apiKeys.create', call: (c) => c.apiKeys.create({ name: 'ci' }), response: bodies.apiKeyCreate,
    method: 'POST', path: '/api/user/api-keys', body: { name: 'ci' },
  },
  { id: 'apiKeys.list', call: (c) => c.apiKeys.list(), response: bodies.apiKeyList, method: 'GET', path: '/api/user/api-keys' },
  {
    id: 'documents.create',
    call: (c) => c.documents.create(12, { name: 'Docs', type: 'website', url: 'https://example.com', relative_links_limit: 5 }),
    response: bodies.document, method: 'POST', path: '/api/user/knowledgebases/12/documents',
    body: { name: 'Docs', type: 'website', url: 'https://example.com', relative_links_limit: 5 },
  },
  {
    id: 'tools.create',
    call: (c) => c.tools.create({
      name: 'lookup_order', description: 'Find an order', endpoint: 'https://shop.example/orders/{id}', method: 'GET',
      schema: [{ name: 'id', type: 'string', description: 'Order id', required: true }],
    }),
    response: bodies.tool, method: 'POST', path: '/api/user/tools',
    body: {
      name: 'lookup_order', description: 'Find an order', endpoint: 'https://shop.example/orders/{id}', method: 'GET',
      schema: [{ name: 'id', type: 'string', description: 'Order id', required: true }],
    },
  },
  {
    id: 'realtime.createSession',
    call: (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID, variables: { name: 'Ann', vip: true }, external_identifier: 'crm-1' }),
    response: bodies.realtime, method: 'POST', path: '/api/user/realtime/session',
    body: { assistant_id: ASSISTANT_UUID, variables: { name: 'Ann', vip: true }, external_identifier: 'crm-1' },
  },
  { id: 'whiteLabel.listPlans', call: (c) => c.whiteLabel.listPlans(), response: bodies.plans, method: 'GET', path: '/api/white-label/plans' },
  {
    id: 'whiteLabel.getUserPlan', call: (c) => c.whiteLabel.getUserPlan(501), response: bodies.userPlan,
    method: 'GET', path: '/api/white-label/users/501/plan',
  },
  {
    id: 'sipTrunks.create',
    call: (c) => c.sipTrunks.create({
      sip_trunk_type: 'number', phone_number: '+14155550123', sip_username: 'user', sip_password: 'secret',
      sip_address: 'sip.example.com', sip_calling_format: '+e164', inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.5'], country_code: 'US',
    }),
    response: bodies.sipTrunk, method: 'POST', path: '/api/user/phone-numbers/sip-trunks',
    body: {
      sip_trunk_type: 'number', phone_number: '+14155550123', sip_username: 'user', sip_password: 'secret',
      sip_address: 'sip.example.com', sip_calling_format: '+e164', inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.5'], country_code: 'US',
    },
  },
  {
    id: 'phoneNumbers.search', call: (c) => c.phoneNumbers.search({ country: 'GB', digits: '20' }), response: bodies.phoneSearch,
    method: 'GET', path: '/api/user/phone-numbers/search', query: { country: 'GB', digits: '20' },
  },
  {
    id: 'automations.applyTemplate',
    call: (c) => c.automations.applyTemplate('post call/summary', { assistant_id: 7, params: { email: 'ops@example.com' }, confirm_side_effects: true }),
    response: bodies.envelope, method: 'POST', path: '/api/user/automate/templates/post%20call%2Fsummary',
    body: { assistant_id: 7, params: { email: 'ops@example.com' }, confirm_side_effects: true },
  },
  {
    id: 'automations.get', call: (c) => c.automations.get('flow_1', { unmask: true }), response: bodies.automation,
    method: 'GET', path: '/api/user/automate/flows/flow_1', query: { unmask: '1' },
  },
  {
    id: 'automations.listRuns', call: (c) => c.automations.listRuns('flow_1', { limit: 5 }), response: bodies.runs,
    method: 'GET', path: '/api/user/automate/flows/flow_1/runs', query: { limit: '5' },
  },
  {
    id: 'automations.getRun', call: (c) => c.automations.getRun('flow_1', 'run_1'), response: bodies.run,
    method: 'GET', path: '/api/user/automate/flows/flow_1/runs', query: { run_id: 'run_1' },
  },
  {
    id: 'automations.retryRun', call: (c) => c.automations.retryRun('flow_1', 'run_1'), response: bodies.retry,
    method: 'POST', path: '/api/user/automate/flows/flow_1/runs/run_1/retry',
  },
  {
    id: 'chatApp.listSenders', call: (c) => c.chatApp.listSenders({ status: 'all' }), response: bodies.senders,
    method: 'GET', path: '/api/user/chatapp/senders', query: { status: 'all' },
  },
  {
    id: 'chatApp.listTemplates', call: (c) => c.chatApp.listTemplates(3, { status: 'pending' }), response: bodies.templates,
    method: 'GET', path: '/api/user/chatapp/senders/3/templates', query: { status: 'pending' },
  },
  {
    id: 'chatApp.sendFreeform',
    call: (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', message: 'Shipped!' }),
    response: bodies.freeform, method: 'POST', path: '/api/user/chatapp/send-freeform',
    body: { sender_id: 3, recipient_phone: '+14155550123', message: 'Shipped!' },
  },
  {
    id: 'conversations.list',
    call: (c) => c.conversations.list({ type: 'chatapp', assistant_id: 7, per_page: 50 }).then((page) => page.body),
    response: { data: [conversation(1)], path: 'https://platform.test/api/user/conversations', per_page: 50, next_cursor: null, prev_cursor: null },
    method: 'GET', path: '/api/user/conversations', query: { type: 'chatapp', assistant_id: '7', per_page: '50' },
  },
  {
    id: 'conversations.enableAi', call: (c) => c.conversations.enableAi(CONVERSATION_UUID), response: bodies.enableAi,
    method: 'POST', path: `/api/user/conversations/${CONVERSATION_UUID}/enable-ai`,
  },
  {
    id: 'assistants.disableInboundWebhook', call: (c) => c.assistants.disableInboundWebhook(7), response: bodies.webhook,
    method: 'POST', path: '/api/user/assistants/disable-inbound-webhook', body: { assistant_id: 7 },
  },
  {
    id: 'assistants.enableConversationEndedWebhook',
    call: (c) => c.assistants.enableConversationEndedWebhook(7, 'https://crm.example/hooks/ended'), response: bodies.webhook,
    method: 'POST', path: '/api/user/assistants/enable-conversation-ended-webhook',
    body: { assistant_id: 7, webhook_url: 'https://crm.example/hooks/ended' },
  },
  {
    id: 'voices.list', call: (c) => c.voices.list({ gender: 'female', synthesizer_provider_id: 2, mode: 'pipeline' }), response: bodies.voices,
    method: 'GET', path: '/api/user/assistants/voices', query: { gender: 'female', synthesizer_provider_id: '2', mode: 'pipeline' },
  },
  {
    id: 'folders.list', call: (c) => c.folders.list({ page: 2, per_page: 10 }).then((page) => page.body),
    response: { data: [folder(11)], current_page: 2, per_page: 10, total: 11 },
    method: 'GET', path: '/api/user/folders', query: { page: '2', per_page: '10' },
  },
];

describe('resource methods', () => {
  it('cover every endpoint of the registry', () => {
    expect(new Set(cases.map((c) => c.id))).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  it.each(cases)('$id sends $method $path and returns the parsed body', async (testCase) => {
    const logger = recordingLogger();
    const { client, fetch } = testClient([jsonResponse(testCase.response)], { logger });
    const result = await testCase.call(client);
    expect(fetch.calls).toHaveLength(1);
    const [request] = fetch.calls;
    expect(request?.method).toBe(testCase.method);
    expect(request?.method).toBe(ENDPOINTS[testCase.id].method);
    expect(request?.url.origin).toBe('https://platform.test');
    expect(request?.url.pathname).toBe(testCase.path);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual(testCase.query ?? {});
    expect(request?.headers.get('authorization')).toBe('Bearer sk_test_key_1234');
    expect(request?.headers.get('accept')).toBe('application/json');
    if (testCase.body === undefined) {
      expect(request?.body).toBeUndefined();
      expect(request?.headers.has('content-type')).toBe(false);
    } else {
      expect(request?.headers.get('content-type')).toBe('application/json');
      expect(jsonBody(request)).toEqual(testCase.body);
    }
    expect(result).toEqual(testCase.response);
    // The sample matched its response schema: the tolerant fallback did not have to kick in.
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('keeps unknown response fields and accepts unknown enum values', async () => {
    const { client } = testClient([jsonResponse({ ...bodies.realtime, region: 'eu' })]);
    await expect(client.realtime.createSession({ assistant_id: ASSISTANT_UUID })).resolves.toMatchObject({ region: 'eu' });
    const senders = { data: [{ ...bodies.senders.data[0], status: 'suspended', quality_rating: 'PURPLE' }] };
    const logger = recordingLogger();
    const second = testClient([jsonResponse(senders)], { logger });
    const result = await second.client.chatApp.listSenders();
    expect(result.data[0]?.status).toBe('suspended');
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('applies per-call options: headers, timeout and maxRetries', async () => {
    const { client, fetch } = testClient([jsonResponse({ message: 'down' }, 503, { 'retry-after': '0' }), jsonResponse(bodies.apiKeyList)], { maxRetries: 0 });
    const result = await client.apiKeys.list({ headers: { 'X-Request-Id': 'r1' }, maxRetries: 1, timeout: 5_000 });
    expect(result).toEqual(bodies.apiKeyList);
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[0]?.headers.get('x-request-id')).toBe('r1');
  });
});
