import { describe, expect, it } from 'vitest';
import {
  ConversationEnableAiPathParams, ConversationEnableAiResponse, ConversationListParams, ConversationListResponse,
} from './conversations.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const conversation = {
  id: '0d6f1c1e-1a2b-4c3d-8e9f-000000000001', assistant_id: '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e', assistant_name: 'Ada',
  type: 'chatapp', variables: { name: 'Bo' }, message_count: 4, total_cost: 0.12, ai_enabled: false,
  created_at: '2026-01-01 10:00:00', updated_at: '2026-01-01 10:05:00',
  chatapp_sender: { name: 'Acme', phone: '+447911123456' }, customer: { name: 'Bo', phone: '+447911000000' },
};

describe('conversation schemas', () => {
  it('defaults per_page to 15 and accepts every filter', () => {
    expect(expectValid(ConversationListParams, {}).per_page).toBe(15);
    expectValid(ConversationListParams, {
      type: 'api', assistant_id: 4, customer_phone: '+1415', chatapp_sender_phone: '+44', external_identifier: 'crm-1', per_page: 100, cursor: 'abc',
    });
  });

  it('enforces the type enum, per_page 1-100 and integer assistant ids', () => {
    expectInvalidAt(ConversationListParams, { type: 'sms' }, 'type', /test, widget, chatapp, api/);
    expectInvalidAt(ConversationListParams, { per_page: 0 }, 'per_page', /at least 1/);
    expectInvalidAt(ConversationListParams, { per_page: 101 }, 'per_page', /100/);
    expectInvalidAt(ConversationListParams, { per_page: 'many' }, 'per_page');
    expectInvalidAt(ConversationListParams, { assistant_id: 'abc' }, 'assistant_id');
    expectInvalidAt(ConversationListParams, { cursor: '' }, 'cursor');
    expectInvalidAt(ConversationListParams, { page: 2 }, '');
  });

  it('reads query-string numbers as integers', () => {
    const parsed = expectValid(ConversationListParams, { per_page: '50', assistant_id: '4' });
    expect(parsed).toMatchObject({ per_page: 50, assistant_id: 4 });
  });

  it('requires a UUID to enable AI', () => {
    expectValid(ConversationEnableAiPathParams, { uuid: conversation.id });
    expectInvalidAt(ConversationEnableAiPathParams, { uuid: '17' }, 'uuid', /UUID/);
  });

  it('reads a cursor page with chat-app parties, unknown types and unknown fields', () => {
    const page = ConversationListResponse.parse({
      data: [conversation, { ...conversation, type: 'voice', variables: null, chatapp_sender: undefined, customer: undefined, tags: ['x'] }],
      path: 'https://x/api/user/conversations', per_page: 15, next_cursor: 'n', prev_cursor: null,
    });
    expect(page.data[0]?.customer?.phone).toBe('+447911000000');
    expect(page.data[1]?.type).toBe('voice');
    expect(page.data[1]?.tags).toEqual(['x']);
    expectInvalidAt(ConversationListResponse, { data: [], path: 'p', per_page: 15, prev_cursor: null }, 'next_cursor');
  });

  it('reads the enable-AI answer', () => {
    expect(ConversationEnableAiResponse.parse({ status: true, ai_enabled: true })).toEqual({ status: true, ai_enabled: true });
  });
});
