import { describe, expect, it } from 'vitest';
import {
  ApplyTemplateEnvelope, AutomationApplyTemplateParams, AutomationApplyTemplatePathParams, AutomationGetParams,
  AutomationGetResponse, AutomationRetryRunResponse, AutomationRunGetParams, AutomationRunGetResponse,
  AutomationRunListParams, AutomationRunListResponse, AutomationRunsQueryParams, TEMPLATE_PARAMS_MAX_BYTES,
} from './automations.js';
import { expectInvalidAt, expectValid } from './schema-assertions.test-support.js';

/** A params object whose JSON serialisation is exactly `bytes` long. */
function paramsOfSize(bytes: number): Record<string, string> {
  const overhead = JSON.stringify({ blob: '' }).length;
  return { blob: 'x'.repeat(bytes - overhead) };
}

const step = {
  name: 'step_1', type: 'PIECE', displayName: 'Send message',
  settings: { pieceName: '@pieces/chat', actionName: 'send', input: { to: '{{trigger.phone}}', api_key: '********' } },
};

describe('automation request schemas', () => {
  it('accepts an apply-template body and rejects unknown fields', () => {
    expectValid(AutomationApplyTemplateParams, { params: { sheet_id: 'abc' }, assistant_id: 12, name: 'Follow-up', confirm_side_effects: true });
    expectValid(AutomationApplyTemplateParams, {});
    expectInvalidAt(AutomationApplyTemplateParams, { parameters: {} }, '');
  });

  it('allows params up to 64 KB of JSON and rejects larger ones', () => {
    expectValid(AutomationApplyTemplateParams, { params: paramsOfSize(TEMPLATE_PARAMS_MAX_BYTES) });
    expectInvalidAt(AutomationApplyTemplateParams, { params: paramsOfSize(TEMPLATE_PARAMS_MAX_BYTES + 1) }, 'params', /64 KB/);
  });

  it('measures params in UTF-8 bytes, not characters', () => {
    // Each "é" is two bytes in UTF-8: 40,000 characters are 80,000 bytes.
    expectInvalidAt(AutomationApplyTemplateParams, { params: { note: 'é'.repeat(40_000) } }, 'params', /64 KB/);
  });

  it('enforces name length, assistant_id type, confirm flag type and params shape', () => {
    expectValid(AutomationApplyTemplateParams, { name: 'n'.repeat(255) });
    expectInvalidAt(AutomationApplyTemplateParams, { name: 'n'.repeat(256) }, 'name', /255/);
    expectInvalidAt(AutomationApplyTemplateParams, { assistant_id: 'abc' }, 'assistant_id');
    expectInvalidAt(AutomationApplyTemplateParams, { confirm_side_effects: 'true' }, 'confirm_side_effects');
    expectInvalidAt(AutomationApplyTemplateParams, { params: ['a'] }, 'params');
    expectInvalidAt(AutomationApplyTemplatePathParams, { key: '' }, 'key', /empty/);
  });

  it('reads unmask from booleans and query strings', () => {
    expect(expectValid(AutomationGetParams, { unmask: true }).unmask).toBe(true);
    expect(expectValid(AutomationGetParams, { unmask: '1' }).unmask).toBe(true);
    expect(expectValid(AutomationGetParams, { unmask: 'false' }).unmask).toBe(false);
    expectInvalidAt(AutomationGetParams, { unmask: 'please' }, 'unmask');
  });

  it('defaults the run count to 10 and enforces 1-20', () => {
    expect(expectValid(AutomationRunListParams, {}).limit).toBe(10);
    expect(expectValid(AutomationRunListParams, { limit: '20' }).limit).toBe(20);
    expectInvalidAt(AutomationRunListParams, { limit: 0 }, 'limit', /at least 1/);
    expectInvalidAt(AutomationRunListParams, { limit: 21 }, 'limit', /20/);
    expectInvalidAt(AutomationRunListParams, { limit: 1.5 }, 'limit', /integer/);
  });

  it('requires a run_id to read one run and accepts both forms on the shared runs route', () => {
    expectValid(AutomationRunGetParams, { run_id: 'run_1' });
    expectInvalidAt(AutomationRunGetParams, {}, 'run_id');
    expectValid(AutomationRunsQueryParams, { run_id: 'run_1' });
    expect(expectValid(AutomationRunsQueryParams, {}).limit).toBe(10);
  });
});

describe('automation response schemas', () => {
  it('reads an automation whose steps chain under nextAction, keeping unknown fields', () => {
    const automation = {
      id: 'flow_1', name: 'Follow-up', status: 'enabled', updated_at: '2026-01-01T00:00:00Z',
      definition: {
        name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Call ended', settings: { pieceName: '@pieces/voice', triggerName: 'call_ended' },
        nextAction: { ...step, nextAction: { ...step, name: 'step_2', settings: { ...step.settings, retry: 2 } } },
      },
      binding: { type: 'post_call', assistant_id: 12, assistant_name: 'Ada' }, folder: 'x',
    };
    const parsed = AutomationGetResponse.parse({ data: automation });
    expect(parsed.data.definition.nextAction?.nextAction?.name).toBe('step_2');
    expect(parsed.data.definition.nextAction?.nextAction?.settings.retry).toBe(2);
    expect(parsed.data.folder).toBe('x');
    expect(AutomationGetResponse.parse({ data: { ...automation, binding: null, status: 'archived' } }).data.status).toBe('archived');
    expectInvalidAt(AutomationGetResponse, { data: { ...automation, definition: { ...automation.definition, nextAction: { name: 's' } } } }, 'data.definition.nextAction.type');
  });

  it('reads runs, a run with steps and a retry answer, accepting unknown statuses', () => {
    const run = { id: 'run_1', status: 'PAUSED', start_time: '2026-01-01T00:00:00Z', duration_ms: 120 };
    expect(AutomationRunListResponse.parse({ runs: [run, { ...run, status: 'QUEUED' }] }).runs[1]?.status).toBe('QUEUED');
    const detail = AutomationRunGetResponse.parse({
      run: { ...run, status: 'FAILED', steps: [{ name: 'step_1', status: 'FAILED', classification: 'rate_limited', error: 'x' }] },
    });
    expect(detail.run.steps[0]?.classification).toBe('rate_limited');
    expectInvalidAt(AutomationRunGetResponse, { run: { ...run, steps: [{ name: 's', status: 'ok', classification: 'ok' }] } }, 'run.steps.0.error');
    expect(AutomationRetryRunResponse.parse({ run_id: 'run_1', status: 'RUNNING', note: 'resumed' }).status).toBe('RUNNING');
  });

  it('reads the apply-template envelope for webhook and assistant-event templates', () => {
    const envelope = {
      automation_id: 'flow_2', webhook_url: 'https://hooks.example/flow_2', status: 'active',
      test: { run_status: 'SUCCEEDED', steps: [{ name: 'step_1', status: 'SUCCEEDED', classification: 'ok', error: null }] },
      response: { ok: true }, binding: { type: null, assistant_id: null, bound: false },
    };
    expect(ApplyTemplateEnvelope.parse(envelope).webhook_url).toBe('https://hooks.example/flow_2');
    const bound = ApplyTemplateEnvelope.parse({ ...envelope, webhook_url: null, status: 'active_untested', response: null, binding: { type: 'post_call', assistant_id: 12, bound: true } });
    expect(bound.binding.bound).toBe(true);
    expectInvalidAt(ApplyTemplateEnvelope, { ...envelope, binding: { type: null, assistant_id: null } }, 'binding.bound');
  });
});
