import { describe, expect, it } from 'vitest';
import {
  AssistantDisableInboundWebhookParams, AssistantEnableConversationEndedWebhookParams, AssistantWebhookResponse,
} from './assistant-webhooks.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

describe('assistant webhook schemas', () => {
  it('requires an integer assistant_id to disable the inbound webhook', () => {
    expectValid(AssistantDisableInboundWebhookParams, { assistant_id: 12 });
    expectInvalidAt(AssistantDisableInboundWebhookParams, {}, 'assistant_id');
    expectInvalidAt(AssistantDisableInboundWebhookParams, { assistant_id: '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e' }, 'assistant_id');
  });

  it('requires an assistant_id and an http(s) webhook_url to enable the conversation-ended webhook', () => {
    expectValid(AssistantEnableConversationEndedWebhookParams, { assistant_id: 12, webhook_url: 'https://crm.example/hook' });
    expectInvalidAt(AssistantEnableConversationEndedWebhookParams, { assistant_id: 12 }, 'webhook_url');
    expectInvalidAt(AssistantEnableConversationEndedWebhookParams, { webhook_url: 'https://crm.example/hook' }, 'assistant_id');
    expectInvalidAt(AssistantEnableConversationEndedWebhookParams, { assistant_id: 12, webhook_url: 'crm.example' }, 'webhook_url', /URL/);
  });

  it('reads the acknowledgement with its reserved data array', () => {
    expect(AssistantWebhookResponse.parse({ message: 'Webhook enabled', data: [] }).data).toEqual([]);
    expectInvalidAt(AssistantWebhookResponse, { message: 'x', data: {} }, 'data');
  });
});
