/**
 * Every row of the spec's Errors table, answered by a fake platform and read back through the client. Rows the spec
 * gives without a status use the status the endpoint registry chose for them.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../client.js';
import {
  APIError,
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../core/errors.js';
import { jsonResponse } from '../core/fake-fetch.test-support.js';
import { ASSISTANT_UUID, CONVERSATION_UUID, testClient } from './fixtures.test-support.js';

type Call = (client: PlatformClient) => PromiseLike<unknown>;

const createKey: Call = (c) => c.apiKeys.create({ name: 'ci' });
const createDoc: Call = (c) => c.documents.create(12, { name: 'Guide', type: 'pdf', file: new Uint8Array([1]) });
const createTool: Call = (c) => c.tools.create({ name: 't', description: 'd', endpoint: 'https://a.example', method: 'GET' });
const session: Call = (c) => c.realtime.createSession({ assistant_id: ASSISTANT_UUID });
const plans: Call = (c) => c.whiteLabel.listPlans();
const userPlan: Call = (c) => c.whiteLabel.getUserPlan(5);
const trunk: Call = (c) =>
  c.sipTrunks.create({
    sip_trunk_type: 'extension', phone_number: '101', sip_username: 'user', sip_password: 'pw1', sip_address: 'sip.example.com',
    sip_calling_format: 'e164', inbound_authorization_type: 'auth', country_code: 'US',
  });
const apply: Call = (c) => c.automations.applyTemplate('summary', { assistant_id: 7 });
const getFlow: Call = (c) => c.automations.get('flow_1');
const listRuns: Call = (c) => c.automations.listRuns('flow_1');
const getRun: Call = (c) => c.automations.getRun('flow_1', 'run_9');
const retry: Call = (c) => c.automations.retryRun('flow_1', 'run_1');
const disable: Call = (c) => c.assistants.disableInboundWebhook(7);
const enable: Call = (c) => c.assistants.enableConversationEndedWebhook(7, 'https://crm.example/hook');
const send: Call = (c) => c.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+14155550123', message: 'hi' });
const templates: Call = (c) => c.chatApp.listTemplates(3);
const enableAi: Call = (c) => c.conversations.enableAi(CONVERSATION_UUID);

const invalid = (field: string) => ({ message: 'The given data was invalid.', errors: { [field]: [`The ${field} field is invalid.`] } });
const sessionStatus = { is_open: false, can_send_freeform: false, requires_template: true, message: 'closed', expired_at: '2026-01-01T00:00:00Z' };

interface Row {
  row: string;
  call: Call;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  Class: typeof APIError;
  code: string | undefined;
  check?: (error: APIError) => void;
}

const rows: Row[] = [
  { row: 'create API key: name missing', call: createKey, status: 422, body: invalid('name'), Class: UnprocessableEntityError, code: undefined,
    check: (e) => expect(e.errors?.name).toHaveLength(1) },
  { row: 'create document: unknown knowledgebase', call: createDoc, status: 404, body: { error: 'Knowledgebase not found.' }, Class: NotFoundError, code: undefined,
    check: (e) => expect(e.message).toContain('Knowledgebase not found.') },
  { row: 'create document: file missing', call: createDoc, status: 422, body: invalid('file'), Class: UnprocessableEntityError, code: undefined,
    check: (e) => expect(Object.keys(e.errors ?? {})).toEqual(['file']) },
  { row: 'create document: creation failed', call: createDoc, status: 500, body: { error: 'Failed to create document. Please try again.' }, Class: InternalServerError, code: undefined },
  { row: 'create tool: name rule', call: createTool, status: 422, body: invalid('name'), Class: UnprocessableEntityError, code: undefined },
  { row: 'create tool: plan maximum reached', call: createTool, status: 403, body: { message: 'Upgrade your plan to add more tools.' }, Class: PermissionDeniedError, code: undefined },
  { row: 'realtime 401', call: session, status: 401, body: { success: false, error: 'Unauthenticated' }, Class: AuthenticationError, code: undefined },
  { row: 'realtime 402 INSUFFICIENT_BALANCE', call: session, status: 402, body: { success: false, error: 'Insufficient balance', error_code: 'INSUFFICIENT_BALANCE' }, Class: PaymentRequiredError, code: 'INSUFFICIENT_BALANCE' },
  { row: 'realtime 403 ASSISTANT_BLOCKED', call: session, status: 403, body: { success: false, error: 'Blocked', error_code: 'ASSISTANT_BLOCKED' }, Class: PermissionDeniedError, code: 'ASSISTANT_BLOCKED' },
  { row: 'realtime 404 ASSISTANT_NOT_FOUND', call: session, status: 404, body: { success: false, error: 'Not found', error_code: 'ASSISTANT_NOT_FOUND' }, Class: NotFoundError, code: 'ASSISTANT_NOT_FOUND' },
  { row: 'realtime 422 validation', call: session, status: 422, body: { success: false, error: 'The assistant id must be a valid UUID.' }, Class: UnprocessableEntityError, code: undefined },
  { row: 'realtime 429 CONCURRENT_LIMIT', call: session, status: 429, body: { success: false, error: 'Too many sessions', error_code: 'CONCURRENT_LIMIT' }, Class: RateLimitError, code: 'CONCURRENT_LIMIT' },
  { row: 'realtime 429 creation rate', call: session, status: 429, body: { success: false, error: 'Too many requests' }, headers: { 'retry-after': '60' }, Class: RateLimitError, code: undefined,
    check: (e) => expect(e.retryAfterMs).toBe(60_000) },
  { row: 'realtime 503 CONNECTION_FAILED', call: session, status: 503, body: { success: false, error: 'Try again', error_code: 'CONNECTION_FAILED' }, Class: InternalServerError, code: 'CONNECTION_FAILED' },
  { row: 'white label 401', call: plans, status: 401, body: { message: 'Unauthenticated.' }, Class: AuthenticationError, code: undefined,
    check: (e) => expect(e.message).toBe('401 Unauthenticated.') },
  { row: 'white label 403 not administrator', call: plans, status: 403, body: { message: 'You are not an administrator.' }, Class: PermissionDeniedError, code: undefined },
  { row: 'white label 403 no Billing Access', call: userPlan, status: 403, body: { message: 'You do not have access to these settings.' }, Class: PermissionDeniedError, code: undefined },
  { row: 'get user plan 404', call: userPlan, status: 404, body: { message: 'User not found.' }, Class: NotFoundError, code: undefined },
  { row: 'white label 429 with Retry-After', call: plans, status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '30' }, Class: RateLimitError, code: undefined,
    check: (e) => expect(e.retryAfterMs).toBe(30_000) },
  { row: 'create SIP trunk: duplicate', call: trunk, status: 409, body: { error: 'A SIP trunk with this phone number, username and address already exists.' }, Class: APIError, code: undefined,
    check: (e) => expect(e.status).toBe(409) },
  { row: 'create SIP trunk: validation', call: trunk, status: 422, body: invalid('sip_address'), Class: UnprocessableEntityError, code: undefined },
  { row: 'create SIP trunk: creation failed', call: trunk, status: 500, body: { error: 'Failed to create SIP trunk.' }, Class: InternalServerError, code: undefined },
  { row: 'create SIP trunk: provisioning failed', call: trunk, status: 500, body: '', Class: InternalServerError, code: undefined },
  { row: 'apply template: missing_params', call: apply, status: 422,
    body: { message: 'Missing parameters', error: 'missing_params', params: [{ key: 'email', label: 'Email', description: 'Where to send', required: true, example: 'ops@example.com' }] },
    Class: UnprocessableEntityError, code: 'missing_params', check: (e) => expect(e.params?.[0]?.key).toBe('email') },
  { row: 'apply template: invalid_param_choice', call: apply, status: 422, body: { message: 'Choose one of: a, b', error: 'invalid_param_choice' }, Class: UnprocessableEntityError, code: 'invalid_param_choice' },
  { row: 'apply template: needs_connection', call: apply, status: 422, body: { message: 'Connect first', error: 'needs_connection' }, Class: UnprocessableEntityError, code: 'needs_connection' },
  { row: 'apply template: needs_reconnection', call: apply, status: 422, body: { message: 'Reconnect', error: 'needs_reconnection' }, Class: UnprocessableEntityError, code: 'needs_reconnection' },
  { row: 'apply template: side_effects_require_confirmation', call: apply, status: 422, body: { message: 'Confirm', error: 'side_effects_require_confirmation' }, Class: UnprocessableEntityError, code: 'side_effects_require_confirmation' },
  { row: 'apply template: assistant_required', call: apply, status: 422, body: { message: 'Assistant needed', error: 'assistant_required' }, Class: UnprocessableEntityError, code: 'assistant_required' },
  { row: 'apply template: assistant_not_found', call: apply, status: 422, body: { message: 'No assistant', error: 'assistant_not_found' }, Class: UnprocessableEntityError, code: 'assistant_not_found' },
  { row: 'apply template: binding_conflict', call: apply, status: 422, body: { message: 'Already bound', error: 'binding_conflict' }, Class: UnprocessableEntityError, code: 'binding_conflict' },
  { row: 'apply template: template_not_found', call: apply, status: 404, body: { message: 'Unknown template', error: 'template_not_found', params: null }, Class: NotFoundError, code: 'template_not_found',
    check: (e) => expect(e.params).toBeNull() },
  { row: 'get automation 404', call: getFlow, status: 404, body: { message: 'Automation not found' }, Class: NotFoundError, code: undefined },
  { row: 'list runs 404 automation', call: listRuns, status: 404, body: { message: 'Automation not found' }, Class: NotFoundError, code: undefined },
  { row: 'list runs 404 run', call: getRun, status: 404, body: { message: 'Run not found for this automation' }, Class: NotFoundError, code: undefined },
  { row: 'retry run 404 not_found', call: retry, status: 404, body: { message: 'Not found', error: 'not_found' }, Class: NotFoundError, code: 'not_found' },
  { row: 'retry run 422 retry_no_op', call: retry, status: 422, body: { message: 'Run not resumed', error: 'retry_no_op' }, Class: UnprocessableEntityError, code: 'retry_no_op' },
  { row: 'retry run 422 retry_failed', call: retry, status: 422, body: { message: 'Try again shortly', error: 'retry_failed' }, Class: UnprocessableEntityError, code: 'retry_failed' },
  { row: 'disable inbound webhook: assistant not found', call: disable, status: 404, body: { message: 'Assistant not found' }, Class: NotFoundError, code: undefined },
  { row: 'enable conversation-ended webhook: assistant not found', call: enable, status: 404, body: { message: 'Assistant not found' }, Class: NotFoundError, code: undefined },
  { row: 'disable inbound webhook: validation', call: disable, status: 422, body: invalid('assistant_id'), Class: UnprocessableEntityError, code: undefined },
  { row: 'enable conversation-ended webhook: validation', call: enable, status: 422, body: invalid('webhook_url'), Class: UnprocessableEntityError, code: undefined },
  { row: 'send-freeform 402 INSUFFICIENT_BALANCE', call: send, status: 402, body: { success: false, error: 'Balance too low', error_code: 'INSUFFICIENT_BALANCE' }, Class: PaymentRequiredError, code: 'INSUFFICIENT_BALANCE' },
  { row: 'send-freeform 403 SESSION_EXPIRED', call: send, status: 403, body: { success: false, error: 'Window closed', error_code: 'SESSION_EXPIRED', session_status: sessionStatus }, Class: PermissionDeniedError, code: 'SESSION_EXPIRED',
    check: (e) => expect((e.body as { session_status: unknown }).session_status).toEqual(sessionStatus) },
  { row: 'send-freeform 404 SENDER_NOT_FOUND', call: send, status: 404, body: { success: false, error: 'No sender', error_code: 'SENDER_NOT_FOUND' }, Class: NotFoundError, code: 'SENDER_NOT_FOUND' },
  { row: 'send-freeform 422 INVALID_PHONE', call: send, status: 422, body: { success: false, error: 'Bad phone', error_code: 'INVALID_PHONE' }, Class: UnprocessableEntityError, code: 'INVALID_PHONE' },
  { row: 'send-freeform 503 SENDER_OFFLINE', call: send, status: 503, body: { success: false, error: 'Offline', error_code: 'SENDER_OFFLINE' }, Class: InternalServerError, code: 'SENDER_OFFLINE' },
  { row: 'chat-app templates: SENDER_NOT_FOUND', call: templates, status: 404, body: { success: false, error: 'No sender', error_code: 'SENDER_NOT_FOUND' }, Class: NotFoundError, code: 'SENDER_NOT_FOUND' },
  { row: 'enable AI: conversation not found', call: enableAi, status: 404, body: { status: false, error: 'Conversation not found' }, Class: NotFoundError, code: undefined },
  { row: 'enable AI: unauthorised', call: enableAi, status: 401, body: { error: 'Unauthorized' }, Class: AuthenticationError, code: undefined },
];

describe("the spec's Errors table", () => {
  it.each(rows)('$row → $Class.name with code $code', async ({ call, status, body, headers, Class, code, check }) => {
    const response = typeof body === 'string' ? new Response(body, { status }) : jsonResponse(body, status, headers);
    // Retries off here: this test is about the mapping; the next one checks which rows are retried.
    const { client, fetch } = testClient([response], { maxRetries: 0 });
    const error = (await Promise.resolve(call(client)).catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(Class);
    expect(error.constructor).toBe(Class);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.headers?.get('content-type') ?? null).toBe(typeof body === 'string' ? 'text/plain;charset=UTF-8' : 'application/json');
    if (typeof body !== 'string') expect(error.body).toEqual(body);
    expect(error.message).not.toBe('');
    check?.(error);
    expect(fetch.calls).toHaveLength(1);
  });

  it('does not retry any POST row of the table even with retries enabled, except the plain 429', async () => {
    for (const row of rows.filter((r) => r.call !== plans && r.call !== userPlan && r.call !== getFlow && r.call !== listRuns && r.call !== getRun && r.call !== templates)) {
      const plain429 = row.status === 429 && row.code === undefined;
      if (plain429) continue;
      const response = typeof row.body === 'string' ? new Response(row.body, { status: row.status }) : jsonResponse(row.body, row.status);
      const { client, fetch } = testClient([response], { maxRetries: 2 });
      await Promise.resolve(row.call(client)).catch(() => undefined);
      expect(fetch.calls, row.row).toHaveLength(1);
    }
  });
});
