/**
 * The spec's Errors table, row by row, through `PlatformClient` against a started emulator (automations,
 * assistant webhooks, chat app, enable AI; the other rows are in spec-errors-core). Each row's condition is
 * produced for real and the failure must arrive as the client's error class with the row's status, code and body.
 */
import {
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PlatformClient,
  UnprocessableEntityError,
} from '@voice-session/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness.js';
import { startTarget, type Target } from './http-target.js';
import { expectRow, failure } from './spec-errors-support.js';

const h = useHarness();
let target: Target;
let seed: Awaited<ReturnType<Harness['seed']>>;
let primary: PlatformClient;

beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  target.reset();
  seed = await h.seed();
  primary = h.client('primary');
});

const anonymous = (): PlatformClient => new PlatformClient({ apiKey: 'not-a-key', baseUrl: h.emu.baseUrl, maxRetries: 0 });

describe('Errors: automations', () => {
  const recordParams = () => ({ record_url: `${target.url}/record`, notify_url: `${target.url}/notify` });

  it('apply template: 422 missing_params with the param specs; nothing created', async () => {
    const e = await failure(primary.automations.applyTemplate('webhook-record-and-notify', { params: { record_url: `${target.url}/record` } }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: 'missing_params', endpoint: 'automations.applyTemplate' });
    expect(e.params).toEqual([{ key: 'notify_url', label: expect.any(String), description: expect.any(String), required: true, example: expect.anything() }]);
    expect(target.hits.size).toBe(0);
  });

  it('apply template: 422 invalid_param_choice listing the real choices', async () => {
    const e = await failure(primary.automations.applyTemplate('webhook-append-sheet-row', { params: { spreadsheet_id: 'sheet-missing' } }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: 'invalid_param_choice', endpoint: 'automations.applyTemplate' });
    expect(e.message).toContain('sheet-sales');
  });

  it('apply template: 422 needs_connection and needs_reconnection', async () => {
    const missing = await failure(primary.automations.applyTemplate('webhook-crm-create-lead', {}));
    expectRow(missing, { Class: UnprocessableEntityError, status: 422, code: 'needs_connection', endpoint: 'automations.applyTemplate' });
    const broken = await failure(primary.automations.applyTemplate('post-call-calendar-booking', { assistant_id: 101 }));
    expectRow(broken, { Class: UnprocessableEntityError, status: 422, code: 'needs_reconnection', endpoint: 'automations.applyTemplate' });
  });

  it('apply template: 422 side_effects_require_confirmation', async () => {
    const e = await failure(primary.automations.applyTemplate('post-call-chatapp-followup', { assistant_id: 102 }));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: 'side_effects_require_confirmation', endpoint: 'automations.applyTemplate' });
  });

  it('apply template: 422 assistant_required, assistant_not_found and binding_conflict', async () => {
    const params = { recipient_email: 'team@example.com' };
    const required = await failure(primary.automations.applyTemplate('post-call-summary-email', { params }));
    expectRow(required, { Class: UnprocessableEntityError, status: 422, code: 'assistant_required', endpoint: 'automations.applyTemplate' });
    for (const assistant_id of [999, 201]) {
      const unknown = await failure(primary.automations.applyTemplate('post-call-summary-email', { params, assistant_id }));
      expectRow(unknown, { Class: UnprocessableEntityError, status: 422, code: 'assistant_not_found', endpoint: 'automations.applyTemplate' });
    }
    await primary.automations.applyTemplate('post-call-summary-email', { params, assistant_id: 101 });
    const conflict = await failure(primary.automations.applyTemplate('post-call-chatapp-followup', { assistant_id: 101, confirm_side_effects: true }));
    expectRow(conflict, { Class: UnprocessableEntityError, status: 422, code: 'binding_conflict', endpoint: 'automations.applyTemplate' });
  });

  it('apply template: 404 template_not_found with params null', async () => {
    const e = await failure(primary.automations.applyTemplate('no-such-template', {}));
    expectRow(e, { Class: NotFoundError, status: 404, code: 'template_not_found', endpoint: 'automations.applyTemplate' });
    expect(e.body).toEqual({ message: expect.any(String), error: 'template_not_found', params: null });
  });

  it('get automation and list runs: 404 {message: "Automation not found"} when missing or not owned', async () => {
    const { automation_id: id } = await primary.automations.applyTemplate('webhook-record-and-notify', { params: recordParams() });
    const secondary = h.client('secondary');
    for (const call of [primary.automations.get('missing'), secondary.automations.get(id)]) {
      expectRow(await failure(call), { Class: NotFoundError, status: 404, endpoint: 'automations.get', body: { message: 'Automation not found' } });
    }
    for (const call of [primary.automations.listRuns('missing'), secondary.automations.listRuns(id)]) {
      expectRow(await failure(call), { Class: NotFoundError, status: 404, endpoint: 'automations.listRuns', body: { message: 'Automation not found' } });
    }
  });

  it('list runs: 404 {message: "Run not found for this automation"} for another automation’s run_id', async () => {
    const a = await primary.automations.applyTemplate('webhook-record-and-notify', { params: recordParams() });
    const b = await primary.automations.applyTemplate('webhook-broken-mapping', {});
    const runOfB = (await primary.automations.listRuns(b.automation_id)).runs[0]?.id ?? '';
    const e = await failure(primary.automations.getRun(a.automation_id, runOfB));
    expectRow(e, { Class: NotFoundError, status: 404, endpoint: 'automations.getRun', body: { message: 'Run not found for this automation' } });
  });

  it('retry run: 404 not_found when the automation or run is missing or not owned', async () => {
    const { automation_id: id } = await primary.automations.applyTemplate('webhook-broken-mapping', {});
    const runId = (await primary.automations.listRuns(id)).runs[0]?.id ?? '';
    for (const call of [primary.automations.retryRun(id, 'missing'), primary.automations.retryRun('missing', runId), h.client('secondary').automations.retryRun(id, runId)]) {
      const e = await failure(call);
      expectRow(e, { Class: NotFoundError, status: 404, code: 'not_found', endpoint: 'automations.retryRun' });
    }
  });

  it('retry run: 422 retry_no_op for a run that passed a Delay; it stays FAILED', async () => {
    const applied = await primary.automations.applyTemplate('webhook-delayed-notify', { params: { notify_url: `${target.url}/notify`, delay_minutes: 30 } });
    expect(applied.test.run_status).toBe('PAUSED');
    const runId = (await primary.automations.listRuns(applied.automation_id)).runs[0]?.id ?? '';
    target.fail('/notify', 500);
    await h.control('POST', '/clock/advance', { seconds: 30 * 60 });
    await target.waitFor('/notify', 1);
    await runSettles(applied.automation_id, runId, 'FAILED');
    const e = await failure(primary.automations.retryRun(applied.automation_id, runId));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: 'retry_no_op', endpoint: 'automations.retryRun' });
    expect((await primary.automations.getRun(applied.automation_id, runId)).run.status).toBe('FAILED');
    expect(target.hits.get('/notify')).toHaveLength(1);
  });

  it('retry run: 422 retry_failed when the retry cannot be started (the run is not failed)', async () => {
    const { automation_id: id } = await primary.automations.applyTemplate('webhook-record-and-notify', { params: recordParams() });
    const runId = (await primary.automations.listRuns(id)).runs[0]?.id ?? '';
    const e = await failure(primary.automations.retryRun(id, runId));
    expectRow(e, { Class: UnprocessableEntityError, status: 422, code: 'retry_failed', endpoint: 'automations.retryRun' });
  });
});

/** Wait until a run reaches `status` (runs settle asynchronously after a clock-driven resume). */
async function runSettles(automationId: string, runId: string, status: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await primary.automations.getRun(automationId, runId)).run.status === status) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`run ${runId} never reached ${status}`);
}

describe('Errors: assistant webhooks', () => {
  it('{message: "Assistant not found"} (404) for an unknown assistant or another account’s', async () => {
    for (const id of [999, 201]) {
      expectRow(await failure(primary.assistants.disableInboundWebhook(id)), { Class: NotFoundError, status: 404, endpoint: 'assistants.disableInboundWebhook', body: { message: 'Assistant not found' } });
      expectRow(await failure(primary.assistants.enableConversationEndedWebhook(id, 'https://crm.example/hook')), { Class: NotFoundError, status: 404, endpoint: 'assistants.enableConversationEndedWebhook', body: { message: 'Assistant not found' } });
    }
  });

  it('{message: "The given data was invalid.", errors} (422) for a missing assistant_id or webhook_url', async () => {
    const disable = await failure(primary.request({ method: 'POST', path: '/user/assistants/disable-inbound-webhook', body: {} }));
    expectRow(disable, { Class: UnprocessableEntityError, status: 422, endpoint: 'assistants.disableInboundWebhook' });
    expect(disable.body).toEqual({ message: 'The given data was invalid.', errors: { assistant_id: ['The assistant id field is required.'] } });
    const enable = await failure(primary.request({ method: 'POST', path: '/user/assistants/enable-conversation-ended-webhook', body: { assistant_id: 101 } }));
    expectRow(enable, { Class: UnprocessableEntityError, status: 422, endpoint: 'assistants.enableConversationEndedWebhook' });
    expect(enable.body).toEqual({ message: 'The given data was invalid.', errors: { webhook_url: ['The webhook url field is required.'] } });
  });
});

describe('Errors: chat app', () => {
  const OPEN = '+14155552671';
  const EXPIRED = '+14155552672';

  it('send-freeform: 402 INSUFFICIENT_BALANCE when the balance is too low', async () => {
    await h.control('POST', '/accounts/primary/balance', { usd: 0 });
    const e = await failure(primary.chatApp.sendFreeform({ sender_id: 1, recipient_phone: OPEN, message: 'Hi' }));
    expectRow(e, { Class: PaymentRequiredError, status: 402, code: 'INSUFFICIENT_BALANCE', endpoint: 'chatApp.sendFreeform' });
    expect(e.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('send-freeform: 403 SESSION_EXPIRED with session_status when the 24-hour window closed', async () => {
    const e = await failure(primary.chatApp.sendFreeform({ sender_id: 1, recipient_phone: EXPIRED, message: 'Hi' }));
    expectRow(e, { Class: PermissionDeniedError, status: 403, code: 'SESSION_EXPIRED', endpoint: 'chatApp.sendFreeform' });
    expect(e.body).toMatchObject({ success: false, session_status: { is_open: false, can_send_freeform: false, requires_template: true, expired_at: expect.any(String) } });
  });

  it('send-freeform: 404 SENDER_NOT_FOUND for an unknown sender or another account’s', async () => {
    for (const sender_id of [999, seed.secondary.chatapp_senders[0].id as number]) {
      const e = await failure(primary.chatApp.sendFreeform({ sender_id, recipient_phone: OPEN, message: 'Hi' }));
      expectRow(e, { Class: NotFoundError, status: 404, code: 'SENDER_NOT_FOUND', endpoint: 'chatApp.sendFreeform' });
    }
  });

  it('send-freeform: 422 INVALID_PHONE for a recipient not in E.164 format, or not a real number', async () => {
    const malformed = await failure(primary.request({ method: 'POST', path: '/user/chatapp/send-freeform', body: { sender_id: 1, recipient_phone: '4155552671', message: 'Hi' } }));
    expectRow(malformed, { Class: UnprocessableEntityError, status: 422, code: 'INVALID_PHONE', endpoint: 'chatApp.sendFreeform' });
    // E.164-shaped, so the client sends it; libphonenumber-js knows no such number.
    const unreal = await failure(primary.chatApp.sendFreeform({ sender_id: 1, recipient_phone: '+10000000000', message: 'Hi' }));
    expectRow(unreal, { Class: UnprocessableEntityError, status: 422, code: 'INVALID_PHONE', endpoint: 'chatApp.sendFreeform' });
  });

  it('send-freeform: 503 SENDER_OFFLINE when the sender is not online', async () => {
    await h.control('POST', '/chatapp/senders/1/status', { status: 'offline' });
    const e = await failure(primary.chatApp.sendFreeform({ sender_id: 1, recipient_phone: OPEN, message: 'Hi' }));
    expectRow(e, { Class: InternalServerError, status: 503, code: 'SENDER_OFFLINE', endpoint: 'chatApp.sendFreeform' });
  });

  it('templates: {success: false, error, error_code: "SENDER_NOT_FOUND"} for an unknown sender', async () => {
    for (const senderId of [999, seed.secondary.chatapp_senders[0].id as number]) {
      const e = await failure(primary.chatApp.listTemplates(senderId));
      expectRow(e, { Class: NotFoundError, status: 404, code: 'SENDER_NOT_FOUND', endpoint: 'chatApp.listTemplates' });
      expect(e.body).toEqual({ success: false, error: expect.any(String), error_code: 'SENDER_NOT_FOUND' });
    }
  });
});

describe('Errors: enable AI', () => {
  it('{status: false, error: "Conversation not found"} for an unknown UUID or another account’s', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', seed.secondary.conversations.uuids[0] as string]) {
      const e = await failure(primary.conversations.enableAi(id));
      expectRow(e, { Class: NotFoundError, status: 404, endpoint: 'conversations.enableAi', body: { status: false, error: 'Conversation not found' } });
    }
  });

  it('{error: "Unauthorized"} for an unauthorised caller', async () => {
    const e = await failure(anonymous().conversations.enableAi(seed.primary.conversations.uuids[0]));
    expectRow(e, { Class: AuthenticationError, status: 401, endpoint: 'conversations.enableAi', body: { error: 'Unauthorized' } });
  });
});
