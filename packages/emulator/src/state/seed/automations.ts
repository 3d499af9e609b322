/**
 * The automation template catalogue and each account's app connections. Between them the templates
 * cover every apply-template branch: webhook and assistant-event triggers, side effects, required
 * params, a param that must name a real resource, a test that fails, a test that parks at a Delay,
 * and missing or broken connections.
 */
import { SEED_IDS } from '../accounts.js';
import type { AutomationTemplate, StepNode, TriggerNode } from '../automations/definition.js';
import type { ConnectionRecord } from '../automations/step-actions.js';

function step(name: string, displayName: string, pieceName: string, actionName: string, input: Record<string, unknown>, nextAction?: StepNode): StepNode {
  return { name, type: 'PIECE', displayName, settings: { pieceName, actionName, input }, ...(nextAction ? { nextAction } : {}) };
}

function webhookTrigger(nextAction: StepNode): TriggerNode {
  return { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Catch webhook', settings: { pieceName: 'piece-webhook', triggerName: 'catch_webhook' }, nextAction };
}

function postCallTrigger(nextAction: StepNode): TriggerNode {
  return { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Conversation ended', settings: { pieceName: 'piece-assistant', triggerName: 'post_call' }, nextAction };
}

const WEBHOOK_SAMPLE = { body: { name: 'Test Contact', email: 'test.contact@example.com', phone: '+14155552671' }, headers: {}, query: {} };

const POST_CALL_SAMPLE = {
  conversation_id: '00000000-0000-4000-8000-000000000000',
  type: 'chatapp',
  transcript: [
    { role: 'customer', text: 'Hi, can I book a table for two tomorrow?' },
    { role: 'assistant', text: 'Certainly, 7 pm works. Anything else?' },
  ],
  variables: { customer_name: 'Test Contact' },
  customer: { name: 'Test Contact', phone: '+14155552671' },
};

/** The template catalogue (keys are what apply-template takes). */
export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    key: 'webhook-record-and-notify',
    name: 'Record a webhook and notify',
    description: 'Posts each webhook payload to a record URL, then posts a notification to a second URL.',
    trigger: 'webhook',
    requiresAssistant: false,
    sideEffects: false,
    connections: [],
    params: [
      { key: 'record_url', label: 'Record URL', description: 'Where each payload is stored (HTTP POST).', required: true, example: 'https://example.com/records' },
      { key: 'notify_url', label: 'Notify URL', description: 'Where a notification is posted after recording.', required: true, example: 'https://example.com/notify' },
      { key: 'api_token', label: 'API token', description: 'Sent as X-Api-Token to both URLs.', required: false, example: 'tok_live_123', default: '' },
    ],
    sample: WEBHOOK_SAMPLE,
    definition: webhookTrigger(
      step('step_1', 'Store record', 'piece-http', 'send_request', { method: 'POST', url: '{{params.record_url}}', headers: { 'X-Api-Token': '{{params.api_token}}' }, body: '{{trigger.body}}' },
        step('step_2', 'Send notification', 'piece-http', 'send_request', { method: 'POST', url: '{{params.notify_url}}', headers: { 'X-Api-Token': '{{params.api_token}}' }, body: { text: 'New record from {{trigger.body.name}}', record: '{{steps.step_1.body}}' } })),
    ),
  },
  {
    key: 'webhook-delayed-notify',
    name: 'Notify after a delay',
    description: 'Waits, then posts the webhook payload to a URL.',
    trigger: 'webhook',
    requiresAssistant: false,
    sideEffects: false,
    connections: [],
    params: [
      { key: 'notify_url', label: 'Notify URL', description: 'Where the payload is posted after the delay.', required: true, example: 'https://example.com/notify' },
      { key: 'delay_minutes', label: 'Delay (minutes)', description: 'How long to wait before notifying.', required: false, example: 60, default: 60 },
    ],
    sample: WEBHOOK_SAMPLE,
    definition: webhookTrigger(
      step('step_1', 'Delay', 'piece-delay', 'delay_for', { minutes: '{{params.delay_minutes}}' },
        step('step_2', 'Send notification', 'piece-http', 'send_request', { method: 'POST', url: '{{params.notify_url}}', body: '{{trigger.body}}' })),
    ),
  },
  {
    key: 'webhook-append-sheet-row',
    name: 'Append webhook data to a spreadsheet',
    description: 'Maps the webhook payload to a row and appends it to a spreadsheet of the connected account.',
    trigger: 'webhook',
    requiresAssistant: false,
    sideEffects: false,
    connections: ['sheets'],
    params: [
      { key: 'spreadsheet_id', label: 'Spreadsheet', description: 'A spreadsheet of the connected spreadsheet account.', required: true, example: 'sheet-sales', choicesFrom: { connection: 'sheets', resource: 'spreadsheets' } },
      { key: 'worksheet', label: 'Worksheet', description: 'Worksheet name.', required: false, example: 'Sheet1', default: 'Sheet1' },
    ],
    sample: WEBHOOK_SAMPLE,
    definition: webhookTrigger(
      step('step_1', 'Map row', 'piece-data-mapper', 'map', { values: { name: '{{trigger.body.name}}', email: '{{trigger.body.email}}' } },
        step('step_2', 'Append row', 'piece-sheets', 'append_row', { spreadsheet_id: '{{params.spreadsheet_id}}', worksheet: '{{params.worksheet}}', values: '{{steps.step_1}}' })),
    ),
  },
  {
    key: 'webhook-broken-mapping',
    name: 'Forward customer email (broken mapping)',
    description: 'Reads a field the webhook payload does not carry: its test run fails with a wiring error.',
    trigger: 'webhook',
    requiresAssistant: false,
    sideEffects: false,
    connections: [],
    params: [],
    sample: WEBHOOK_SAMPLE,
    definition: webhookTrigger(
      step('step_1', 'Map customer', 'piece-data-mapper', 'map', { values: { email: '{{trigger.body.customer.email}}' } },
        step('step_2', 'Send email', 'piece-email', 'send_email', { to: '{{steps.step_1.email}}', subject: 'Hello', body: 'Hello' })),
    ),
  },
  {
    key: 'webhook-crm-create-lead',
    name: 'Create a CRM lead from a webhook',
    description: 'Creates a lead in the connected CRM.',
    trigger: 'webhook',
    requiresAssistant: false,
    sideEffects: false,
    connections: ['crm'],
    params: [],
    sample: WEBHOOK_SAMPLE,
    definition: webhookTrigger(step('step_1', 'Create lead', 'piece-crm', 'create_lead', { name: '{{trigger.body.name}}', email: '{{trigger.body.email}}' })),
  },
  {
    key: 'post-call-summary-email',
    name: 'Email a summary after each conversation',
    description: 'Summarises the transcript of each ended conversation of the assistant and emails it.',
    trigger: 'post_call',
    requiresAssistant: true,
    sideEffects: false,
    connections: [],
    params: [{ key: 'recipient_email', label: 'Recipient email', description: 'Who receives the summaries.', required: true, example: 'team@example.com' }],
    sample: POST_CALL_SAMPLE,
    definition: postCallTrigger(
      step('step_1', 'Summarise transcript', 'piece-ai', 'summarize', { transcript: '{{trigger.transcript}}' },
        step('step_2', 'Send summary', 'piece-email', 'send_email', { to: '{{params.recipient_email}}', subject: 'Conversation summary', body: '{{steps.step_1.summary}}' })),
    ),
  },
  {
    key: 'post-call-chatapp-followup',
    name: 'Chat-app follow-up after each conversation',
    description: 'Sends the customer a chat-app message after each ended conversation of the assistant. Really sends during the test.',
    trigger: 'post_call',
    requiresAssistant: true,
    sideEffects: true,
    connections: [],
    params: [{ key: 'message', label: 'Message', description: 'Text sent to the customer.', required: false, example: 'Thanks for talking to us!', default: 'Thanks for talking to us!' }],
    sample: POST_CALL_SAMPLE,
    definition: postCallTrigger(step('step_1', 'Send follow-up', 'piece-chatapp', 'send_message', { to: '{{trigger.customer.phone}}', text: '{{params.message}}' })),
  },
  {
    key: 'post-call-calendar-booking',
    name: 'Book a calendar event after each conversation',
    description: 'Creates a calendar event from the conversation variables.',
    trigger: 'post_call',
    requiresAssistant: true,
    sideEffects: false,
    connections: ['calendar'],
    params: [],
    sample: POST_CALL_SAMPLE,
    definition: postCallTrigger(step('step_1', 'Create event', 'piece-calendar', 'create_event', { title: 'Call with {{trigger.variables.customer_name}}' })),
  },
];

/** Each account's app connections: primary has spreadsheets and a broken calendar, neither has a CRM. */
export function seedConnections(): Map<number, ConnectionRecord[]> {
  return new Map<number, ConnectionRecord[]>([
    [SEED_IDS.accounts.primary, [
      { key: 'sheets', status: 'connected', resources: { spreadsheets: [{ id: 'sheet-sales', name: 'Sales leads' }, { id: 'sheet-support', name: 'Support log' }] } },
      { key: 'calendar', status: 'broken', resources: {} },
    ]],
    [SEED_IDS.accounts.secondary, [
      { key: 'sheets', status: 'connected', resources: { spreadsheets: [{ id: 'sheet-clinic', name: 'Clinic intake' }] } },
    ]],
  ]);
}
