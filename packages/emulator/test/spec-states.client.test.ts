/**
 * The spec's States and transitions table, row by row, through `PlatformClient` against a started emulator,
 * including the clock-driven rows (document processing, token expiry, the 24-hour chat window, renewals),
 * plus the Events table's deliveries that the emulator makes for real (conversation-ended webhook,
 * webhook-triggered automation).
 */
import { APIError, type PlatformClient } from '@voice-session/api';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness.js';
import { startTarget, type Target } from './http-target.js';

const h = useHarness({ now: '2030-03-01T12:00:00Z' });
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

const advance = async (seconds: number): Promise<void> => {
  expect((await h.control('POST', '/clock/advance', { seconds })).status).toBe(200);
};
const sessions = async (): Promise<{ data: Array<{ id: string; status: string; holds_slot: boolean }>; calls: Array<{ session_id: string }> }> =>
  (await h.control('GET', '/realtime/sessions')).body;
const errorOf = async (call: Promise<unknown>): Promise<APIError> => {
  const e = await call.then(() => undefined, (error: unknown) => error);
  if (!(e instanceof APIError)) throw new Error(`expected an APIError, got ${String(e)}`);
  return e;
};

describe('Document', () => {
  it('(new) → processing on a valid create, and processing continues in the background to completed', async () => {
    const created = await primary.documents.create(11, { name: 'Site', type: 'website', links: [{ link: 'https://a.example/1' }] });
    expect(created.data).toMatchObject({ status: 'processing', type: 'website' });
    const read = () => primary.request<{ data: { status: string; status_label: string } }>({
      method: 'GET', path: '/user/knowledgebases/{kb}/documents/{id}', pathParams: { kb: 11, id: created.data.id },
    });
    expect((await read()).data.status).toBe('processing');
    await advance(5);
    expect((await read()).data).toMatchObject({ status: 'completed', status_label: 'Completed' });
  });
});

describe('Realtime token', () => {
  const uuid = (): string => seed.primary.assistants[0].uuid;

  it('(new) → unused token valid 900 s that counts toward the cap, with no call-history row', async () => {
    // The emulator clock also moves with real time, so exp lies between the clock before and after the call.
    const before = Math.floor(h.emu.clock.now() / 1000);
    const session = await primary.realtime.createSession({ assistant_id: uuid() });
    const after = Math.floor(h.emu.clock.now() / 1000);
    const { payload } = await jwtVerify(session.token, new TextEncoder().encode(h.emu.emulator.secret), { currentDate: new Date(h.emu.clock.now()) });
    expect(payload.exp).toBeGreaterThanOrEqual(before + 900);
    expect(payload.exp).toBeLessThanOrEqual(after + 900);
    expect(session.expires_in).toBe(900);
    const state = await sessions();
    expect(state.data).toEqual([expect.objectContaining({ id: session.id, status: 'unused', holds_slot: true })]);
    expect(state.calls).toEqual([]);
  });

  it('unused → live session when the browser connects before expiry, and a call-history row appears', async () => {
    const session = await primary.realtime.createSession({ assistant_id: uuid() });
    await advance(899);
    const joined = await h.control('POST', `/realtime/${session.id}/connect`);
    expect(joined.status).toBe(200);
    const state = await sessions();
    expect(state.data[0]).toMatchObject({ status: 'live', holds_slot: true });
    expect(state.calls.map((c) => c.session_id)).toEqual([session.id]);
  });

  it('unused → expired after 900 s, which stops counting toward the cap (a slot frees up)', async () => {
    const member = h.client('member');
    const first = await primary.realtime.createSession({ assistant_id: uuid() });
    await advance(100);
    for (let i = 0; i < 9; i++) await (i % 2 ? primary : member).realtime.createSession({ assistant_id: uuid() });
    expect((await errorOf(member.realtime.createSession({ assistant_id: uuid() }))).code).toBe('CONCURRENT_LIMIT');
    await advance(800);
    expect((await sessions()).data.find((s) => s.id === first.id)).toMatchObject({ status: 'expired', holds_slot: false });
    await expect(member.realtime.createSession({ assistant_id: uuid() })).resolves.toMatchObject({ expires_in: 900 });
    // Only one slot freed: the next is refused again.
    expect((await errorOf(member.realtime.createSession({ assistant_id: uuid() }))).code).toBe('CONCURRENT_LIMIT');
    expect((await h.control('POST', `/realtime/${first.id}/connect`)).status).toBe(409);
  });
});

describe('Conversation', () => {
  it('ai_enabled false → true on enable AI, and the assistant resumes replying to new messages', async () => {
    const page = await primary.conversations.list({ type: 'chatapp', per_page: 100 });
    const off = page.data.find((c) => !c.ai_enabled && c.customer?.phone);
    if (!off?.customer?.phone || !off.chatapp_sender?.phone) throw new Error('no seeded chat-app conversation with AI off');
    const sender = (await primary.chatApp.listSenders({ status: 'all' })).data.find((s) => s.phone_number === off.chatapp_sender?.phone);
    const inbound = (text: string) => h.control('POST', '/chatapp/inbound', { sender_id: sender?.id, from: off.customer?.phone, text });
    expect((await inbound('Hello?')).body.ai_replied).toBe(false);
    await expect(primary.conversations.enableAi(off.id)).resolves.toEqual({ status: true, ai_enabled: true });
    expect((await inbound('Anyone there?')).body.ai_replied).toBe(true);
    const after = await primary.conversations.list({ type: 'chatapp', customer_phone: off.customer.phone, chatapp_sender_phone: off.chatapp_sender.phone });
    expect(after.data[0]).toMatchObject({ id: off.id, ai_enabled: true, message_count: off.message_count + 3 });
  });
});

describe('Automation (apply template)', () => {
  it('(new) → active with HTTP 201 when the test passes; an assistant-event template is attached (bound)', async () => {
    const { client, responses } = h.recordingClient('primary');
    const envelope = await client.automations.applyTemplate('post-call-summary-email', { assistant_id: 103, params: { recipient_email: 'team@example.com' } });
    expect(responses.at(-1)?.status).toBe(201);
    expect(envelope).toMatchObject({ status: 'active', webhook_url: null, test: { run_status: 'SUCCEEDED' }, binding: { type: 'post_call', assistant_id: 103, bound: true } });
    const read = await client.automations.get(envelope.automation_id);
    expect(read.data).toMatchObject({ status: 'enabled', binding: { type: 'post_call', assistant_id: 103, assistant_name: 'Support Bot' } });
  });

  it('(new) → failure status with HTTP 200 when the test fails', async () => {
    const { client, responses } = h.recordingClient('primary');
    const envelope = await client.automations.applyTemplate('webhook-broken-mapping', {});
    expect(responses.at(-1)?.status).toBe(200);
    expect(envelope).toMatchObject({ status: 'test_failed', test: { run_status: 'FAILED' }, response: null });
    expect((await client.automations.get(envelope.automation_id)).data.status).toBe('disabled');
  });
});

describe('Automation run', () => {
  it('FAILED → SUCCEEDED on retry under the same run id, without re-running succeeded steps', async () => {
    const applied = await primary.automations.applyTemplate('webhook-record-and-notify', {
      params: { record_url: `${target.url}/record`, notify_url: `${target.url}/notify` },
    });
    target.fail('/notify', 500);
    const hook = (await (await fetch(applied.webhook_url ?? '', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Retry"}' })).json()) as { run_id: string; status: string };
    expect(hook.status).toBe('FAILED');
    expect(target.hits.get('/record')).toHaveLength(2);
    const retried = await primary.automations.retryRun(applied.automation_id, hook.run_id);
    expect(retried).toMatchObject({ run_id: hook.run_id, status: 'SUCCEEDED' });
    expect(target.hits.get('/record')).toHaveLength(2);
    expect((await primary.automations.getRun(applied.automation_id, hook.run_id)).run).toMatchObject({
      id: hook.run_id, status: 'SUCCEEDED', steps: [{ status: 'SUCCEEDED' }, { status: 'SUCCEEDED' }],
    });
    const runs = (await primary.automations.listRuns(applied.automation_id)).runs;
    expect(runs.filter((r) => r.id === hook.run_id)).toHaveLength(1);
  });
  // FAILED → stays FAILED with retry_no_op: spec-errors-domain.client.test.ts, "retry run: 422 retry_no_op".
});

describe('Plan renewal', () => {
  it('ok → pending when the renewal day arrives and the owner cannot cover it; missing_minutes reports the shortfall', async () => {
    // Ben (1002): manual monthly minutes, `wait` when short; his Pro plan costs 600 minutes a month.
    const before = (await primary.whiteLabel.getUserPlan(1002)).data;
    expect(before?.renewal?.status).toBe('ok');
    await advance(7200); // the seeded pending renewal of another user runs within the hour first
    await h.control('POST', '/accounts/primary/balance', { minutes: 150 });
    const dueIn = (Date.parse(before?.renewal?.next_at ?? '') - h.emu.clock.now()) / 1000;
    await advance(Math.max(0, dueIn - 60));
    expect((await primary.whiteLabel.getUserPlan(1002)).data?.renewal?.status).toBe('ok');
    await advance(60);
    expect((await primary.whiteLabel.getUserPlan(1002)).data?.renewal).toMatchObject({ status: 'pending', missing_minutes: 450 });
  });
});

describe('Chat-app session window', () => {
  const customer = '+14155557001';
  const send = (message: string) => primary.chatApp.sendFreeform({ sender_id: 2, recipient_phone: customer, message });
  const inbound = (text: string) => h.control('POST', '/chatapp/inbound', { sender_id: 2, from: customer, text });

  it('closed → open for 24 hours when the customer sends a message', async () => {
    const closed = await errorOf(send('Hello?'));
    expect(closed.code).toBe('SESSION_EXPIRED');
    const before = h.emu.clock.now();
    expect((await inbound('Hi')).status).toBe(200);
    const after = h.emu.clock.now();
    const sent = await send('Hello!');
    expect(sent.session_status).toMatchObject({ is_open: true, can_send_freeform: true, requires_template: false, minutes_remaining: 24 * 60 });
    const opensFor = Date.parse(sent.session_status.expires_at ?? '') - 24 * 3600 * 1000;
    expect(opensFor).toBeGreaterThanOrEqual(before - 1);
    expect(opensFor).toBeLessThanOrEqual(after);
  });

  it('open → open with the timer reset to 24 hours on another customer message', async () => {
    await inbound('one');
    await advance(20 * 3600);
    expect((await send('still open')).session_status.minutes_remaining).toBe(4 * 60);
    await inbound('two');
    expect((await send('reset')).session_status.minutes_remaining).toBe(24 * 60);
    await advance(23 * 3600);
    await expect(send('past the first 24 h')).resolves.toMatchObject({ success: true });
  });

  it('open → closed after 24 hours without a customer message: SESSION_EXPIRED, a template is required', async () => {
    await inbound('Hi');
    await advance(24 * 3600 - 30);
    await expect(send('with 30 s left')).resolves.toMatchObject({ success: true });
    await advance(30);
    const e = await errorOf(send('too late'));
    expect(e.status).toBe(403);
    expect(e.code).toBe('SESSION_EXPIRED');
    expect((e.body as { session_status: unknown }).session_status).toMatchObject({ is_open: false, can_send_freeform: false, requires_template: true, expired_at: expect.any(String) });
  });
});

describe('Assistant inbound webhook', () => {
  it('enabled → disabled on disable inbound webhook for a found assistant', async () => {
    const uuid = seed.primary.assistants[1].uuid as string;
    expect((await h.control('GET', `/assistants/${uuid}`)).body.inbound_webhook_enabled).toBe(true);
    await expect(primary.assistants.disableInboundWebhook(102)).resolves.toEqual({ message: expect.any(String), data: [] });
    expect((await h.control('GET', `/assistants/${uuid}`)).body.inbound_webhook_enabled).toBe(false);
  });
});

describe('Events delivered for real', () => {
  it('conversation ended: an HTTP POST to the registered URL with the transcript, variables and customer', async () => {
    const customer = '+14155557002';
    const sender = seed.primary.chatapp_senders[0];
    await primary.assistants.enableConversationEndedWebhook(sender.assistant_id, `${target.url}/ended`);
    const opened = (await h.control('POST', '/chatapp/inbound', { sender_id: sender.id, from: customer, text: 'I need a table for two' })).body;
    await primary.chatApp.sendFreeform({ sender_id: sender.id, recipient_phone: customer, message: 'Booked for 8 pm.' });
    const ended = await h.control('POST', `/conversations/${opened.conversation_uuid}/end`);
    expect(ended.body.webhook).toEqual({ url: `${target.url}/ended`, delivered: true });
    const [delivery] = target.hits.get('/ended') ?? [];
    expect(delivery?.headers['content-type']).toBe('application/json');
    const payload = delivery?.body as { transcript: Array<{ role: string; text: string }>; variables: unknown; customer: { phone: string } };
    expect(payload.transcript.map((m) => m.text)).toEqual(expect.arrayContaining(['I need a table for two', 'Booked for 8 pm.']));
    expect(payload.variables).toEqual(expect.any(Object));
    expect(payload.customer.phone).toBe(customer);
    expect((await h.control('GET', '/webhooks')).body.data).toEqual([expect.objectContaining({ url: `${target.url}/ended`, status: 200 })]);
  });

  it('webhook-triggered automation: calling its webhook_url runs it', async () => {
    const applied = await primary.automations.applyTemplate('webhook-record-and-notify', {
      params: { record_url: `${target.url}/record`, notify_url: `${target.url}/notify` },
    });
    const res = await fetch(applied.webhook_url ?? '', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Zed"}' });
    const run = (await res.json()) as { run_id: string; status: string };
    expect(run.status).toBe('SUCCEEDED');
    expect(target.hits.get('/record')?.at(-1)?.body).toEqual({ name: 'Zed' });
    expect((await primary.automations.listRuns(applied.automation_id)).runs[0]?.id).toBe(run.run_id);
  });
});
