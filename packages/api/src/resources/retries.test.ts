/**
 * The retry policy seen through every resource method, with retries on (the client default of 2) and fake timers:
 * a POST that may already have had its effect is sent once, whatever went wrong; GETs and plain 429s are repeated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformClient } from '../client.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  InternalServerError,
  RateLimitError,
} from '../core/errors.js';
import { jsonResponse, type FakeHandler } from '../core/fake-fetch.test-support.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import { ASSISTANT_UUID, CONVERSATION_UUID, bodies, testClient } from './fixtures.test-support.js';

type Call = (client: PlatformClient) => PromiseLike<unknown>;

const posts: Array<[id: keyof typeof ENDPOINTS, call: Call]> = [
  ['apiKeys.create', (c) => c.apiKeys.create({ name: 'ci' })],
  ['documents.create', (c) => c.documents.create(12, { name: 'Guide', type: 'pdf', file: new Uint8Array([1, 2]) })],
  ['tools.create', (c) => c.tools.create({ name: 't', description: 'd', endpoint: 'https://a.example', method: 'GET' })],
  ['realtime.createSession', (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID })],
  ['sipTrunks.create', (c) => c.sipTrunks.create({
    sip_trunk_type: 'extension', phone_number: '101', sip_username: 'user', sip_password: 'pw1', sip_address: 'sip.example.com',
    sip_calling_format: 'e164', inbound_authorization_type: 'auth', country_code: 'US',
  })],
  ['automations.applyTemplate', (c) => c.automations.applyTemplate('summary', { assistant_id: 7 })],
  ['automations.retryRun', (c) => c.automations.retryRun('flow_1', 'run_1')],
  ['chatApp.sendFreeform', (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', message: 'hi' })],
  ['conversations.enableAi', (c) => c.conversations.enableAi(CONVERSATION_UUID)],
  ['assistants.disableInboundWebhook', (c) => c.assistants.disableInboundWebhook(7)],
  ['assistants.enableConversationEndedWebhook', (c) => c.assistants.enableConversationEndedWebhook(7, 'https://crm.example/h')],
];

const gets: Array<[id: keyof typeof ENDPOINTS, call: Call, body: unknown]> = [
  ['apiKeys.list', (c) => c.apiKeys.list(), bodies.apiKeyList],
  ['whiteLabel.listPlans', (c) => c.whiteLabel.listPlans(), bodies.plans],
  ['whiteLabel.getUserPlan', (c) => c.whiteLabel.getUserPlan(5), bodies.userPlan],
  ['phoneNumbers.search', (c) => c.phoneNumbers.search({ country: 'US' }), bodies.phoneSearch],
  ['automations.get', (c) => c.automations.get('flow_1'), bodies.automation],
  ['automations.listRuns', (c) => c.automations.listRuns('flow_1'), bodies.runs],
  ['automations.getRun', (c) => c.automations.getRun('flow_1', 'run_1'), bodies.run],
  ['chatApp.listSenders', (c) => c.chatApp.listSenders(), bodies.senders],
  ['chatApp.listTemplates', (c) => c.chatApp.listTemplates(3), bodies.templates],
  ['conversations.list', (c) => c.conversations.list().then((page) => page.body),
    { data: [], path: '/x', per_page: 15, next_cursor: null, prev_cursor: null }],
  ['voices.list', (c) => c.voices.list(), bodies.voices],
  ['folders.list', (c) => c.folders.list().then((page) => page.body), { data: [], current_page: 1, per_page: 15, total: 0 }],
];

/** Failures after which a request may have reached the platform and been acted on. */
const maybeApplied: Array<[label: string, first: () => FakeHandler, Class: typeof APIError]> = [
  ['a 500', () => () => jsonResponse({ error: 'Failed' }, 500), InternalServerError],
  ['a 503 CONNECTION_FAILED', () => () => jsonResponse({ success: false, error: 'x', error_code: 'CONNECTION_FAILED' }, 503), InternalServerError],
  ['a 408', () => () => jsonResponse({ message: 'Request Timeout' }, 408), APIError],
  ['a timeout', () => (request) => new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    APIConnectionTimeoutError],
  ['a connection reset', () => () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })),
    APIConnectionError],
];

/** A handler answering call 0 with `first` and every later call with `then`. */
function firstThen(first: FakeHandler, then: () => Response): FakeHandler {
  return (request, index) => (index === 0 ? first(request, index) : then());
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle<T>(promise: PromiseLike<T>): Promise<T | unknown> {
  const outcome = Promise.resolve(promise).catch((e: unknown) => e);
  await vi.runAllTimersAsync();
  return outcome;
}

describe('retries through the resources (maxRetries 2)', () => {
  it('covers every POST and GET endpoint of the registry', () => {
    const ids = [...posts.map(([id]) => id), ...gets.map(([id]) => id)];
    expect(new Set(ids)).toEqual(new Set(Object.keys(ENDPOINTS)));
    for (const [id] of posts) expect(ENDPOINTS[id].method).toBe('POST');
    for (const [id] of gets) expect(ENDPOINTS[id].method).toBe('GET');
  });

  describe.each(maybeApplied)('after %s', (_label, first, Class) => {
    it.each(posts)('sends %s once and throws', async (_id, call) => {
      const { client, fetch } = testClient(firstThen(first(), () => jsonResponse({})), { maxRetries: 2 });
      const outcome = await settle(call(client));
      expect(outcome).toBeInstanceOf(Class);
      expect(fetch.calls).toHaveLength(1);
    });

    it.each(gets)('repeats %s and returns the answer', async (_id, call, body) => {
      const { client, fetch } = testClient(firstThen(first(), () => jsonResponse(body)), { maxRetries: 2 });
      const outcome = await settle(call(client));
      expect(outcome).toEqual(body);
      expect(fetch.calls).toHaveLength(2);
    });
  });

  it.each(posts)('repeats %s after a plain 429, which was not processed', async (_id, call) => {
    const { client, fetch } = testClient(
      firstThen(() => jsonResponse({ message: 'Too Many Attempts.' }, 429, { 'retry-after': '1' }), () => jsonResponse({})),
      { maxRetries: 2 },
    );
    await settle(call(client));
    expect(fetch.calls).toHaveLength(2);
  });

  it('never repeats CONCURRENT_LIMIT, even with a Retry-After', async () => {
    const { client, fetch } = testClient(
      () => jsonResponse({ success: false, error: 'Too many sessions', error_code: 'CONCURRENT_LIMIT' }, 429, { 'retry-after': '1' }),
      { maxRetries: 2 },
    );
    const outcome = await settle(client.realtime.createSession({ assistant_id: ASSISTANT_UUID }));
    expect(outcome).toBeInstanceOf(RateLimitError);
    expect((outcome as RateLimitError).code).toBe('CONCURRENT_LIMIT');
    expect(fetch.calls).toHaveLength(1);
  });

  it('gives up on a GET after 2 retries with the last error', async () => {
    const { client, fetch } = testClient(() => jsonResponse({ message: 'down' }, 502), { maxRetries: 2 });
    const outcome = await settle(client.apiKeys.list());
    expect(outcome).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(3);
  });
});
