import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../src/index.js';
import type { AutomationsState } from '../src/state/automations/automations-state.js';
import { startTarget, type Target } from './http-target.js';

let emu: RunningEmulator;
let target: Target;

async function call(method: string, path: string, opts: { key?: string | null; body?: unknown; base?: 'api' | 'control' | 'abs' } = {}) {
  const base = opts.base === 'control' ? emu.controlUrl : opts.base === 'abs' ? '' : emu.baseUrl;
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = opts.key === undefined ? emu.apiKeys.primary : opts.key;
  if (key) headers['authorization'] = `Bearer ${key}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return { status: res.status, body: (await res.json()) as any };
}

const apply = (key: string, body: unknown, apiKey?: string) => call('POST', `/user/automate/templates/${key}`, { body, key: apiKey });
const automations = (): AutomationsState => emu.emulator.state.area<AutomationsState>('automations');

/** Re-read a run until `done` holds; runs settle asynchronously after a clock-driven resume. */
async function runUntil(automationId: string, runId: string, done: (run: any) => boolean): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/user/automate/flows/${automationId}/runs?run_id=${runId}`);
    if (done(res.body.run)) return res.body.run;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('run never settled');
}

const recordParams = () => ({ record_url: `${target.url}/record`, notify_url: `${target.url}/notify`, api_token: 'tok_live_secret' });

beforeAll(async () => {
  emu = await startEmulator({ port: 0, media: false, log: (line) => console.error(line) });
  target = await startTarget();
});
afterAll(async () => {
  await emu.close();
  await target.close();
});
beforeEach(async () => {
  expect((await call('POST', '/reset', { base: 'control' })).status).toBe(200);
  target.reset();
});

const advance = async (seconds: number) => expect((await call('POST', '/clock/advance', { base: 'control', body: { seconds } })).status).toBe(200);

describe('apply template: refusals', () => {
  it('answers template_not_found for an unknown key', async () => {
    const res = await apply('no-such-template', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String), error: 'template_not_found', params: null });
  });

  it('answers missing_params with the param specs and creates nothing', async () => {
    const res = await apply('webhook-record-and-notify', { params: { record_url: `${target.url}/record` } });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('missing_params');
    expect(res.body.params).toEqual([{ key: 'notify_url', label: 'Notify URL', description: expect.any(String), required: true, example: 'https://example.com/notify' }]);
    expect(automations().automationsOf(1)).toEqual([]);
    expect(target.hits.size).toBe(0);
  });

  it('answers invalid_param_choice listing the real choices of the connected account', async () => {
    const res = await apply('webhook-append-sheet-row', { params: { spreadsheet_id: 'sheet-missing' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_param_choice');
    expect(res.body.message).toContain('sheet-sales');
    const foreign = await apply('webhook-append-sheet-row', { params: { spreadsheet_id: 'sheet-sales' } }, emu.apiKeys.secondary);
    expect(foreign.body.error).toBe('invalid_param_choice');
    expect(foreign.body.message).toContain('sheet-clinic');
  });

  it('answers needs_connection and needs_reconnection', async () => {
    expect((await apply('webhook-crm-create-lead', {})).body).toMatchObject({ error: 'needs_connection' });
    const broken = await apply('post-call-calendar-booking', { assistant_id: 101 });
    expect(broken.status).toBe(422);
    expect(broken.body.error).toBe('needs_reconnection');
    expect((await apply('post-call-calendar-booking', { assistant_id: 201 }, emu.apiKeys.secondary)).body.error).toBe('needs_connection');
  });

  it('answers assistant_required and assistant_not_found for assistant-event templates', async () => {
    const params = { recipient_email: 'team@example.com' };
    expect((await apply('post-call-summary-email', { params })).body).toMatchObject({ error: 'assistant_required' });
    for (const assistant_id of [201, 999]) {
      const res = await apply('post-call-summary-email', { params, assistant_id });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('assistant_not_found');
    }
  });

  it('answers side_effects_require_confirmation until confirm_side_effects is true', async () => {
    const res = await apply('post-call-chatapp-followup', { assistant_id: 102 });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('side_effects_require_confirmation');
    expect(automations().sideEffects(1)).toEqual([]);
    const confirmed = await apply('post-call-chatapp-followup', { assistant_id: 102, confirm_side_effects: true });
    expect(confirmed.status).toBe(201);
    expect(automations().sideEffects(1).map((e) => e.kind)).toEqual(['chatapp_message']);
  });

  it('validates the body: params at most 64 KB, name at most 255 characters', async () => {
    const big = await apply('webhook-record-and-notify', { params: { ...recordParams(), padding: 'x'.repeat(64 * 1024) } });
    expect(big.status).toBe(422);
    expect(big.body.errors.params).toBeDefined();
    const longName = await apply('webhook-record-and-notify', { params: recordParams(), name: 'n'.repeat(256) });
    expect(longName.status).toBe(422);
    expect(longName.body.errors.name).toBeDefined();
    const longest = await apply('webhook-record-and-notify', { params: recordParams(), name: 'n'.repeat(255) });
    expect(longest.status).toBe(201);
    expect((await call('GET', `/user/automate/flows/${longest.body.automation_id}`)).body.data.name).toBe('n'.repeat(255));
  });

  it('answers 401 without credentials', async () => {
    expect((await call('POST', '/user/automate/templates/webhook-record-and-notify', { key: null, body: {} })).status).toBe(401);
    expect((await call('GET', '/user/automate/flows/abc', { key: null })).status).toBe(401);
  });
});

describe('apply template: test runs', () => {
  it('creates an active webhook automation after a real passing test (201)', async () => {
    const res = await apply('webhook-record-and-notify', { params: recordParams(), name: 'My recorder' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'active',
      test: { run_status: 'SUCCEEDED', steps: [{ name: 'step_1', status: 'SUCCEEDED', classification: 'ok', error: null }, { name: 'step_2', status: 'SUCCEEDED', classification: 'ok', error: null }] },
      binding: { type: 'webhook', assistant_id: null, bound: false },
    });
    expect(res.body.webhook_url).toBe(`${emu.controlUrl}/hooks/automations/${res.body.automation_id}`);
    expect(res.body.response).toMatchObject({ status: 200, body: { ok: true, path: '/notify' } });
    expect(target.hits.get('/record')?.[0]).toMatchObject({ body: { name: 'Test Contact' }, headers: { 'x-api-token': 'tok_live_secret' } });
    expect(target.hits.get('/notify')).toHaveLength(1);
  });

  it('answers 200 test_failed when the test run fails, and keeps the automation disabled', async () => {
    const res = await apply('webhook-broken-mapping', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'test_failed', test: { run_status: 'FAILED' }, response: null });
    expect(res.body.test.steps[0]).toMatchObject({ name: 'step_1', status: 'FAILED', classification: 'wiring_error' });
    expect(res.body.test.steps[0].error).toContain('trigger.body.customer.email');
    const got = await call('GET', `/user/automate/flows/${res.body.automation_id}`);
    expect(got.body.data.status).toBe('disabled');
    expect((await call('POST', res.body.webhook_url, { base: 'abs', key: null, body: {} })).status).toBe(409);
  });

  it('fails the test when a target answers an error status', async () => {
    target.fail('/notify', 503);
    const res = await apply('webhook-record-and-notify', { params: recordParams() });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('test_failed');
    expect(res.body.test.steps[1]).toMatchObject({ name: 'step_2', status: 'FAILED', classification: 'wiring_error' });
    expect(res.body.test.steps[1].error).toContain('503');
  });

  it('counts a test parked at a Delay as success (201, PAUSED)', async () => {
    const res = await apply('webhook-delayed-notify', { params: { notify_url: `${target.url}/notify` } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', test: { run_status: 'PAUSED', steps: [{ name: 'step_1', status: 'PAUSED', classification: 'paused_at_delay', error: null }] } });
    expect(target.hits.size).toBe(0);
  });

  it('binds an assistant-event automation to its assistant and refuses a second binding', async () => {
    const res = await apply('post-call-summary-email', { assistant_id: 101, params: { recipient_email: 'team@example.com' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ webhook_url: null, binding: { type: 'post_call', assistant_id: 101, bound: true } });
    const got = await call('GET', `/user/automate/flows/${res.body.automation_id}`);
    expect(got.body.data.binding).toEqual({ type: 'post_call', assistant_id: 101, assistant_name: 'Front Desk' });
    const conflict = await apply('post-call-chatapp-followup', { assistant_id: 101, confirm_side_effects: true });
    expect(conflict.status).toBe(422);
    expect(conflict.body.error).toBe('binding_conflict');
  });
});

describe('get automation', () => {
  it('masks credential values unless unmask is asked for', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    const masked = await call('GET', `/user/automate/flows/${body.automation_id}`);
    expect(masked.status).toBe(200);
    expect(masked.body.data).toMatchObject({ id: body.automation_id, name: 'Record a webhook and notify', status: 'enabled', binding: null });
    const step1 = masked.body.data.definition.nextAction;
    expect(masked.body.data.definition).toMatchObject({ type: 'PIECE_TRIGGER', settings: { pieceName: expect.any(String), triggerName: 'catch_webhook' } });
    expect(step1.settings.input.headers['X-Api-Token']).toBe('********');
    expect(step1.nextAction.settings.input.headers['X-Api-Token']).toBe('********');
    expect(step1.settings.input.url).toBe(`${target.url}/record`);
    expect(JSON.stringify(masked.body)).not.toContain('tok_live_secret');
    const unmasked = await call('GET', `/user/automate/flows/${body.automation_id}?unmask=true`);
    expect(unmasked.body.data.definition.nextAction.settings.input.headers['X-Api-Token']).toBe('tok_live_secret');
    const explicit = await call('GET', `/user/automate/flows/${body.automation_id}?unmask=0`);
    expect(explicit.body.data.definition.nextAction.settings.input.headers['X-Api-Token']).toBe('********');
  });

  it('answers Automation not found for unknown and foreign automations', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    for (const [id, key] of [['nope', emu.apiKeys.primary], [body.automation_id, emu.apiKeys.secondary]] as const) {
      expect(await call('GET', `/user/automate/flows/${id}`, { key })).toEqual({ status: 404, body: { message: 'Automation not found' } });
      expect(await call('GET', `/user/automate/flows/${id}/runs`, { key })).toEqual({ status: 404, body: { message: 'Automation not found' } });
    }
  });
});

describe('runs', () => {
  it('runs a webhook automation when its webhook_url is called and lists runs newest first', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    const hook = await call('POST', body.webhook_url, { base: 'abs', key: null, body: { name: 'Zed', email: 'zed@example.com' } });
    expect(hook).toMatchObject({ status: 200, body: { status: 'SUCCEEDED' } });
    expect(target.hits.get('/record')?.[1]?.body).toEqual({ name: 'Zed', email: 'zed@example.com' });
    const runs = await call('GET', `/user/automate/flows/${body.automation_id}/runs`);
    expect(runs.status).toBe(200);
    expect(runs.body.runs).toHaveLength(2);
    expect(runs.body.runs[0]).toEqual({ id: hook.body.run_id, status: 'SUCCEEDED', start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), duration_ms: expect.any(Number) });
    expect((await call('POST', `${emu.controlUrl}/hooks/automations/unknown`, { base: 'abs', key: null, body: {} })).status).toBe(404);
  });

  it('limits the list to the count parameter (1-20, default 10)', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    for (let i = 0; i < 11; i++) await call('POST', body.webhook_url, { base: 'abs', key: null, body: { name: `n${i}` } });
    await advance(1);
    const last = await call('POST', body.webhook_url, { base: 'abs', key: null, body: { name: 'last' } });
    const runs = await call('GET', `/user/automate/flows/${body.automation_id}/runs`);
    expect(runs.body.runs).toHaveLength(10);
    expect(runs.body.runs[0].id).toBe(last.body.run_id);
    expect((await call('GET', `/user/automate/flows/${body.automation_id}/runs?limit=1`)).body.runs).toHaveLength(1);
    expect((await call('GET', `/user/automate/flows/${body.automation_id}/runs?limit=20`)).body.runs).toHaveLength(13);
    for (const limit of ['0', '21', 'x']) expect((await call('GET', `/user/automate/flows/${body.automation_id}/runs?limit=${limit}`)).status).toBe(422);
  });

  it('reads one run with its steps, and answers Run not found for another automation\'s run', async () => {
    const a = (await apply('webhook-record-and-notify', { params: recordParams() })).body;
    const b = (await apply('webhook-append-sheet-row', { params: { spreadsheet_id: 'sheet-sales' } })).body;
    const runA = (await call('GET', `/user/automate/flows/${a.automation_id}/runs`)).body.runs[0];
    const detail = await call('GET', `/user/automate/flows/${a.automation_id}/runs?run_id=${runA.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.run).toMatchObject({ id: runA.id, status: 'SUCCEEDED', steps: [{ name: 'step_1', classification: 'ok' }, { name: 'step_2', classification: 'ok' }] });
    expect(await call('GET', `/user/automate/flows/${b.automation_id}/runs?run_id=${runA.id}`)).toEqual({ status: 404, body: { message: 'Run not found for this automation' } });
  });

  it('runs post-call automations when a conversation of the bound assistant ends', async () => {
    const { body } = await apply('post-call-summary-email', { assistant_id: 101, params: { recipient_email: 'team@example.com' } });
    const conversation = (await call('GET', '/user/conversations?assistant_id=101')).body.data[0];
    const ended = await call('POST', `/conversations/${conversation.id}/end`, { base: 'control' });
    expect(ended.body.automation_runs).toEqual([{ automation_id: body.automation_id, run_id: expect.any(String), status: 'SUCCEEDED' }]);
    const runs = (await call('GET', `/user/automate/flows/${body.automation_id}/runs`)).body.runs;
    expect(runs[0].id).toBe(ended.body.automation_runs[0].run_id);
    const emails = automations().sideEffects(1).filter((e) => e.kind === 'email');
    expect(emails).toHaveLength(2);
    expect(emails[1]?.detail).toMatchObject({ to: 'team@example.com', subject: 'Conversation summary' });
  });
});

describe('retry', () => {
  it('resumes a failed run under the same id without re-running succeeded steps', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    target.fail('/notify', 500);
    const hook = await call('POST', body.webhook_url, { base: 'abs', key: null, body: { name: 'Retry Me' } });
    expect(hook.body.status).toBe('FAILED');
    const failed = (await call('GET', `/user/automate/flows/${body.automation_id}/runs?run_id=${hook.body.run_id}`)).body.run;
    expect(failed.steps).toEqual([
      { name: 'step_1', status: 'SUCCEEDED', classification: 'ok', error: null },
      { name: 'step_2', status: 'FAILED', classification: 'wiring_error', error: expect.stringContaining('500') },
    ]);
    expect(target.hits.get('/record')).toHaveLength(2);

    const retry = await call('POST', `/user/automate/flows/${body.automation_id}/runs/${hook.body.run_id}/retry`);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ run_id: hook.body.run_id, status: 'SUCCEEDED', note: expect.any(String) });
    // The record step ran once for the test and once for the webhook run: not again on retry.
    expect(target.hits.get('/record')).toHaveLength(2);
    expect(target.hits.get('/notify')).toHaveLength(3);
    const after = (await call('GET', `/user/automate/flows/${body.automation_id}/runs?run_id=${hook.body.run_id}`)).body.run;
    expect(after.status).toBe('SUCCEEDED');
    expect(after.steps.map((s: any) => s.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);

    const again = await call('POST', `/user/automate/flows/${body.automation_id}/runs/${hook.body.run_id}/retry`);
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('retry_failed');
  });

  it('answers RUNNING when the resumed steps take a while, and refuses a second retry meanwhile', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    target.fail('/notify', 500);
    const hook = await call('POST', body.webhook_url, { base: 'abs', key: null, body: { name: 'Slow' } });
    expect(hook.body.status).toBe('FAILED');
    const release = target.hold('/notify');
    try {
      const retry = await call('POST', `/user/automate/flows/${body.automation_id}/runs/${hook.body.run_id}/retry`);
      expect(retry.body).toMatchObject({ run_id: hook.body.run_id, status: 'RUNNING' });
      const listed = (await call('GET', `/user/automate/flows/${body.automation_id}/runs`)).body.runs[0];
      expect(listed).toMatchObject({ id: hook.body.run_id, status: 'RUNNING' });
      const second = await call('POST', `/user/automate/flows/${body.automation_id}/runs/${hook.body.run_id}/retry`);
      expect(second.status).toBe(422);
      expect(second.body.error).toBe('retry_failed');
    } finally {
      release();
    }
    const done = await runUntil(body.automation_id, hook.body.run_id, (run) => run.status === 'SUCCEEDED');
    expect(done.steps.map((s: any) => s.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });

  it('answers retry_no_op for a failed run that passed a Delay, and the run stays FAILED', async () => {
    const { body } = await apply('webhook-delayed-notify', { params: { notify_url: `${target.url}/notify`, delay_minutes: 30 } });
    const runId = (await call('GET', `/user/automate/flows/${body.automation_id}/runs`)).body.runs[0].id;
    expect((await call('GET', `/user/automate/flows/${body.automation_id}/runs?run_id=${runId}`)).body.run.status).toBe('PAUSED');
    target.fail('/notify', 500);
    await advance(30 * 60);
    await target.waitFor('/notify', 1);
    const failed = await runUntil(body.automation_id, runId, (run) => run.status === 'FAILED');
    expect(failed.steps).toEqual([
      { name: 'step_1', status: 'SUCCEEDED', classification: 'ok', error: null },
      { name: 'step_2', status: 'FAILED', classification: 'wiring_error', error: expect.stringContaining('500') },
    ]);
    const retry = await call('POST', `/user/automate/flows/${body.automation_id}/runs/${runId}/retry`);
    expect(retry.status).toBe(422);
    expect(retry.body).toEqual({ message: expect.any(String), error: 'retry_no_op' });
    expect((await call('GET', `/user/automate/flows/${body.automation_id}/runs?run_id=${runId}`)).body.run.status).toBe('FAILED');
    expect(target.hits.get('/notify')).toHaveLength(1);
  });

  it('resumes a parked run when the clock passes the Delay and succeeds', async () => {
    const { body } = await apply('webhook-delayed-notify', { params: { notify_url: `${target.url}/notify` } });
    const runId = (await call('GET', `/user/automate/flows/${body.automation_id}/runs`)).body.runs[0].id;
    await advance(59 * 60);
    expect(target.hits.size).toBe(0);
    await advance(60);
    await target.waitFor('/notify', 1);
    const run = await runUntil(body.automation_id, runId, (r) => r.status === 'SUCCEEDED');
    expect(run.duration_ms).toBeGreaterThanOrEqual(3600 * 1000);
  });

  it('answers not_found for an unknown run or another account\'s automation', async () => {
    const { body } = await apply('webhook-record-and-notify', { params: recordParams() });
    const runId = (await call('GET', `/user/automate/flows/${body.automation_id}/runs`)).body.runs[0].id;
    for (const [path, key] of [
      [`/user/automate/flows/${body.automation_id}/runs/nope/retry`, emu.apiKeys.primary],
      [`/user/automate/flows/nope/runs/${runId}/retry`, emu.apiKeys.primary],
      [`/user/automate/flows/${body.automation_id}/runs/${runId}/retry`, emu.apiKeys.secondary],
    ] as const) {
      const res = await call('POST', path, { key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String), error: 'not_found' });
    }
  });
});

describe('seed fixtures', () => {
  it('lists the template keys with their traits and the connections', async () => {
    const fixtures = (await call('GET', '/seed', { base: 'control' })).body.primary;
    const keys = fixtures.automation_templates.map((t: any) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['webhook-record-and-notify', 'webhook-delayed-notify', 'webhook-broken-mapping', 'post-call-summary-email', 'post-call-chatapp-followup', 'webhook-crm-create-lead', 'post-call-calendar-booking', 'webhook-append-sheet-row']));
    expect(fixtures.automation_templates.find((t: any) => t.key === 'post-call-chatapp-followup')).toMatchObject({ requires_assistant: true, side_effects: true, trigger: 'post_call' });
    expect(fixtures.automation_connections).toContainEqual(expect.objectContaining({ key: 'calendar', status: 'broken' }));
  });
});
