/**
 * Response bodies shaped as the spec describes them, plus a client wired to a recording fake fetch, for the resource
 * tests. Each body also carries an unknown field so the tests can prove the tolerant reader keeps it.
 */
import { PlatformClient } from '../client.js';
import { fakeFetch, type FakeFetch, type FakeHandler } from '../core/fake-fetch.test-support.js';
import type { Logger } from '../core/logger.js';

export const ASSISTANT_UUID = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
export const CONVERSATION_UUID = '0b7e4c8a-1f2d-4e3c-9a5b-6c7d8e9f0a1b';

const now = '2026-01-01T00:00:00Z';

export const bodies = {
  apiKeyCreate: { message: 'API key created', api_key: { name: 'ci', token: 'vs_tok_123', created_at: now }, extra: 1 },
  apiKeyList: { api_keys: [{ id: 1, name: 'ci', last_used_at: null, created_at: now }], extra: 1 },
  document: {
    message: 'Document created',
    data: { id: 9, name: 'Guide', type: 'pdf', type_label: 'PDF', status: 'processing', status_label: 'Processing', created_at: now },
  },
  tool: {
    message: 'Tool created',
    data: {
      id: 4, name: 'lookup_order', description: 'Find an order', type: 'http', endpoint: 'https://shop.example/orders/{id}',
      method: 'GET', body_format: 'json', timeout: 10, headers: [], static_fields: [], schema: [], created_at: now, updated_at: now,
    },
  },
  realtime: { id: ASSISTANT_UUID, url: 'wss://media.example', token: 'rt_token_abc', expires_in: 900 },
  plans: {
    currency: 'USD',
    data: [{
      id: 1, name: 'Starter', description: 'Entry plan', active: true, included_minutes: 100, included_credits: 900,
      extra_minutes_cost: 0.1, prices: [{ billing: 'monthly', amount: 29 }], cost_in_minutes: 200,
    }],
  },
  userPlan: {
    data: {
      plan_id: 1, name: 'Starter', source: 'manual', billing: 'monthly', included_minutes: 100, included_credits: 900,
      minutes_renew_at: null, ends_at: null, minutes: 'monthly', when_short: 'wait',
      renewal: { status: 'ok', next_at: now, missing_minutes: 0, last_renewed_at: null, prepaid_minutes: null, prepaid_until: null },
    },
  },
  sipTrunk: {
    message: 'SIP trunk created',
    data: {
      id: 2, phone_number: '+14155550123', nickname: null, sip_username: 'user', sip_address: 'sip.example.com',
      sip_calling_format: '+e164', inbound_authorization_type: 'auth', allowed_inbound_ips: null, outbound_proxy: false,
      country_code: 'US', inbound_trunk_id: 'in_1', outbound_trunk_id: 'out_1', created_at: now, updated_at: now,
    },
  },
  phoneSearch: {
    data: [{
      phone_number: '+14155550123', phone_number_formatted: '(415) 555-0123', country_code: 'US', price: 1.15,
      payment_price_id: 'price_1', address_requirements: 'none', sms_capable: true,
    }],
  },
  envelope: {
    automation_id: 'flow_1', webhook_url: null, status: 'active', test: { run_status: 'SUCCEEDED', steps: [] },
    response: null, binding: { type: 'post_call', assistant_id: 7, bound: true },
  },
  automation: {
    data: {
      id: 'flow_1', name: 'Summary', status: 'enabled', updated_at: now, binding: null,
      definition: {
        name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Trigger', settings: { pieceName: 'p', triggerName: 't' },
        nextAction: { name: 'step_1', type: 'PIECE', displayName: 'Send', settings: { pieceName: 'p', actionName: 'a', input: {} } },
      },
    },
  },
  runs: { runs: [{ id: 'run_1', status: 'FAILED', start_time: now, duration_ms: 120 }] },
  run: {
    run: {
      id: 'run_1', status: 'FAILED', start_time: now, duration_ms: 120,
      steps: [{ name: 'step_1', status: 'FAILED', classification: 'wiring_error', error: 'boom' }],
    },
  },
  retry: { run_id: 'run_1', status: 'RUNNING', note: 'resumed' },
  senders: {
    data: [{
      id: 3, phone_number: '+14155550100', display_name: 'Shop', status: 'online', quality_rating: 'GREEN',
      messaging_limit: null, messaging_limit_formatted: 'Unlimited', voice_calling_enabled: false,
    }],
  },
  templates: {
    data: [{
      id: 5, name: 'order_update', language: 'en', category: 'utility', status: 'approved', body_text: 'Hi {{1}}',
      variables: ['name'], has_variables: true,
    }],
  },
  freeform: {
    success: true, conversation_id: 1, message_id: 2, chatapp_message_id: 3, message_sid: 'SM1',
    session_status: { is_open: true, can_send_freeform: true, requires_template: false, message: 'open', minutes_remaining: 60, expires_at: now },
  },
  enableAi: { status: true, ai_enabled: true },
  webhook: { message: 'Done', data: [] },
  voices: [{
    id: 11, name: 'Ava', language_id: 1, gender: 'female', preview_url: 'https://cdn.example/ava.mp3', accent: null, age: 'Young',
    synthesizer_provider_id: 2,
  }],
} as const;

/** A conversation of the cursor list, numbered `n`. */
export function conversation(n: number): Record<string, unknown> {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, assistant_id: ASSISTANT_UUID, assistant_name: 'Ava',
    type: 'api', variables: null, message_count: n, total_cost: 0, ai_enabled: true,
    created_at: '2026-01-01 00:00:00', updated_at: '2026-01-01 00:00:00',
  };
}

/** A folder numbered `n`. */
export function folder(n: number): Record<string, unknown> {
  return { id: n, name: `Folder ${n}`, color: '#336699', assistants_count: 0 };
}

/** A logger that records every line. */
export function recordingLogger(): Logger & { lines: Array<{ level: string; details: unknown; message: string }> } {
  const lines: Array<{ level: string; details: unknown; message: string }> = [];
  const at = (level: string) => (details: Record<string, unknown>, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A client over a fake fetch, with retries off unless asked for. */
export function testClient(
  handler: FakeHandler | Array<Response | (() => Response) | Error>,
  options: { maxRetries?: number; logger?: Logger } = {},
): { client: PlatformClient; fetch: FakeFetch } {
  const fetch = fakeFetch(handler);
  const client = new PlatformClient({
    apiKey: 'sk_test_key_1234',
    baseUrl: 'https://platform.test/api',
    fetch,
    maxRetries: options.maxRetries ?? 0,
    logger: options.logger,
  });
  return { client, fetch };
}
