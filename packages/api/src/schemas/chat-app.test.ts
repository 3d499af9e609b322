import { describe, expect, it } from 'vitest';
import {
  ChatAppSendFreeformParams, ChatAppSendFreeformResponse, ChatAppSenderListParams, ChatAppSenderListResponse,
  ChatAppTemplateListParams, ChatAppTemplateListPathParams, ChatAppTemplateListResponse,
} from './chat-app.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

const send = { sender_id: 3, recipient_phone: '+447911123456', message: 'Hello' };

describe('chat-app request schemas', () => {
  it('accepts a text message, a media message and a captioned media message with a filename', () => {
    expectValid(ChatAppSendFreeformParams, send);
    expectValid(ChatAppSendFreeformParams, { sender_id: 3, recipient_phone: '+447911123456', media_url: 'https://cdn.example/a.pdf', filename: 'a.pdf' });
    expectValid(ChatAppSendFreeformParams, { ...send, media_url: 'https://cdn.example/a.png' });
  });

  it('requires one of message and media_url, naming both', () => {
    expectInvalidAt(ChatAppSendFreeformParams, { sender_id: 3, recipient_phone: '+447911123456' }, 'message', /One of message or media_url/);
    expectInvalidAt(ChatAppSendFreeformParams, { sender_id: 3, recipient_phone: '+447911123456' }, 'media_url', /One of message or media_url/);
  });

  it('limits the message to 4096 characters', () => {
    expectValid(ChatAppSendFreeformParams, { ...send, message: 'm'.repeat(4096) });
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, message: 'm'.repeat(4097) }, 'message', /4096/);
  });

  it('requires an E.164 recipient, an integer sender and a valid media URL', () => {
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, recipient_phone: '07911 123456' }, 'recipient_phone', /E\.164/);
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, sender_id: '3' }, 'sender_id');
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, sender_id: undefined }, 'sender_id');
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, media_url: 'file:///etc/passwd' }, 'media_url', /URL/);
    expectInvalidAt(ChatAppSendFreeformParams, { ...send, template_id: 1 }, '');
  });

  it('defaults sender status to online and template status to approved, allowing all', () => {
    expect(expectValid(ChatAppSenderListParams, {}).status).toBe('online');
    expect(expectValid(ChatAppSenderListParams, { status: 'all' }).status).toBe('all');
    expectInvalidAt(ChatAppSenderListParams, { status: 'busy' }, 'status', /online, offline, all/);
    expect(expectValid(ChatAppTemplateListParams, {}).status).toBe('approved');
    expect(expectValid(ChatAppTemplateListParams, { status: 'all' }).status).toBe('all');
    expectInvalidAt(ChatAppTemplateListParams, { status: 'draft' }, 'status', /approved, pending, rejected, all/);
    expect(ChatAppTemplateListPathParams.parse({ senderId: '4' }).senderId).toBe(4);
    expectInvalidAt(ChatAppTemplateListPathParams, { senderId: 'x' }, 'senderId');
  });
});

describe('chat-app response schemas', () => {
  it('reads senders with nullable limits and unknown ratings', () => {
    const sender = {
      id: 3, phone_number: '+447911123456', display_name: 'Acme', status: 'online', quality_rating: 'GREEN', messaging_limit: null,
      messaging_limit_formatted: 'Unlimited', voice_calling_enabled: false,
    };
    const parsed = ChatAppSenderListResponse.parse({ data: [sender, { ...sender, status: 'flagged', quality_rating: 'UNKNOWN', messaging_limit: 1000, tier: 2 }] });
    expect(parsed.data[1]?.quality_rating).toBe('UNKNOWN');
    expect(parsed.data[1]?.tier).toBe(2);
    expectInvalidAt(ChatAppSenderListResponse, { data: [{ ...sender, messaging_limit: undefined }] }, 'data.0.messaging_limit');
  });

  it('reads templates and accepts new categories', () => {
    const template = {
      id: 1, name: 'order_update', language: 'en', category: 'service', status: 'approved', body_text: 'Hi {{1}}',
      variables: ['name'], has_variables: true,
    };
    expect(ChatAppTemplateListResponse.parse({ data: [template] }).data[0]?.category).toBe('service');
  });

  it('reads a send result with an open session status', () => {
    const parsed = ChatAppSendFreeformResponse.parse({
      success: true, conversation_id: 1, message_id: 2, chatapp_message_id: 3, message_sid: 'SM1',
      session_status: { is_open: true, can_send_freeform: true, requires_template: false, message: 'open', minutes_remaining: 600, expires_at: 'x' },
    });
    expect(parsed.session_status.minutes_remaining).toBe(600);
    expectInvalidAt(ChatAppSendFreeformResponse, { success: true, conversation_id: 1, message_id: 2, chatapp_message_id: 3, message_sid: 'SM1' }, 'session_status');
  });
});
