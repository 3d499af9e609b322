/**
 * Automations: applying a template (checks, creation, a real test run, binding to an assistant),
 * reading automations with masked credentials, runs newest first, retrying failed runs, and the two
 * ways automations start (their webhook URL, and the end of a bound assistant's conversation).
 */
import type { AccountsState } from '../accounts.js';
import type { AreaState, AreaStateEntry } from '../area.js';
import type { AccountRole, Assistant, Clock, Random } from '../model.js';
import { AUTOMATION_TEMPLATES, seedConnections } from '../seed/automations.js';
import { substitute, type AutomationTemplate, type TemplateParam, type TriggerNode } from './definition.js';
import { RunEngine, type RunRecord, type RunStatus, type StepOutcome } from './run-engine.js';
import type { ConnectionRecord, SideEffect } from './step-actions.js';

/** Assistant-event binding of an automation. */
export interface BindingRecord {
  type: 'post_call';
  assistantId: number;
  assistantName: string;
}

/** A stored automation. */
export interface AutomationRecord {
  id: string;
  accountId: number;
  templateKey: string;
  name: string;
  /** Result of the apply-template test: `active` runs, `test_failed` is kept disabled. */
  applyStatus: 'active' | 'active_untested' | 'test_failed';
  enabled: boolean;
  updatedAt: number;
  /** Parameters already substituted: may hold credentials, masked when read. */
  definition: TriggerNode;
  binding: BindingRecord | null;
  webhookUrl: string | null;
}

/** Validated apply-template body. */
export interface ApplyTemplateInput {
  params?: Record<string, unknown> | undefined;
  assistant_id?: number | undefined;
  name?: string | undefined;
  confirm_side_effects?: boolean | undefined;
}

/** The wire envelope of a successful (or test-failed) apply. */
export interface ApplyEnvelope {
  automation_id: string;
  webhook_url: string | null;
  status: AutomationRecord['applyStatus'];
  test: { run_status: RunStatus; steps: StepOutcome[] };
  response: unknown;
  binding: { type: 'post_call' | 'webhook'; assistant_id: number | null; bound: boolean };
}

/** Wire param spec (in `missing_params`). */
export type ParamSpec = Pick<TemplateParam, 'key' | 'label' | 'description' | 'required' | 'example'>;

/** Outcome of apply-template: the HTTP status and body the router answers. */
export type ApplyResult =
  | { ok: true; httpStatus: 201 | 200; envelope: ApplyEnvelope; automation: AutomationRecord }
  | { ok: false; httpStatus: 404 | 422; body: { message: string; error: string; params?: ParamSpec[] | null } };

/** Outcome of a retry. */
export type RetryResult =
  | { ok: true; body: { run_id: string; status: RunStatus; note: string } }
  | { ok: false; httpStatus: 404 | 422; body: { message: string; error: string } };

/** What automations are built from. */
export interface AutomationsDeps {
  clock: Clock;
  random: Random;
  /** Owners of the assistants that assistant-event templates bind to. */
  accounts: AccountsState;
}

/** How long a retry waits for the resumed run before answering RUNNING. */
const RETRY_ANSWER_WAIT_MS = 2000;

/** The automations area's state. */
export class AutomationsState implements AreaState {
  private readonly templates = new Map<string, AutomationTemplate>();
  private readonly connections = new Map<number, Map<string, ConnectionRecord>>();
  private readonly automations = new Map<string, AutomationRecord>();
  private readonly runs = new Map<string, RunRecord>();
  private readonly effects = new Map<number, SideEffect[]>();
  private readonly engine: RunEngine;
  private runSeq = 0;

  constructor(private readonly deps: AutomationsDeps) {
    this.engine = new RunEngine({
      clock: deps.clock,
      connection: (accountId, key) => this.connections.get(accountId)?.get(key),
      record: (accountId, effect) => {
        const list = this.effects.get(accountId) ?? [];
        list.push(effect);
        this.effects.set(accountId, list);
      },
    });
    this.reset();
  }

  /** Restore the template catalogue and connections; drop automations, runs and parked timers. */
  reset(): void {
    this.engine.clear();
    this.templates.clear();
    this.connections.clear();
    this.automations.clear();
    this.runs.clear();
    this.effects.clear();
    this.runSeq = 0;
    for (const t of AUTOMATION_TEMPLATES) this.templates.set(t.key, t);
    for (const [accountId, list] of seedConnections()) this.connections.set(accountId, new Map(list.map((c) => [c.key, c])));
  }

  /** Template keys with their traits, and the role's app connections, for `GET /_emulator/seed`. */
  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    return {
      automation_templates: this.catalogue().map((t) => ({
        key: t.key,
        trigger: t.trigger,
        requires_assistant: t.requiresAssistant,
        side_effects: t.sideEffects,
        connections: t.connections,
        required_params: t.params.filter((p) => p.required).map((p) => p.key),
      })),
      automation_connections: [...(this.connections.get(accountId)?.values() ?? [])].map((c) => ({
        key: c.key,
        status: c.status,
        resources: c.resources,
      })),
    };
  }

  /** The template catalogue (seed summary). */
  catalogue(): AutomationTemplate[] {
    return [...this.templates.values()];
  }

  /** Side effects automations of an account performed (emails, messages, sheet rows, HTTP calls). */
  sideEffects(accountId: number): SideEffect[] {
    return [...(this.effects.get(accountId) ?? [])];
  }

  /**
   * Apply a template for an account. Checks in order: template exists, assistant given/known (for
   * assistant-event templates), required params, connections, param choices, side-effect
   * confirmation, binding conflict; then creates the automation and runs its test.
   */
  async applyTemplate(accountId: number, key: string, input: ApplyTemplateInput, webhookUrlFor: (id: string) => string): Promise<ApplyResult> {
    const template = this.templates.get(key);
    if (!template) return { ok: false, httpStatus: 404, body: { message: `Template "${key}" was not found.`, error: 'template_not_found', params: null } };

    let assistant: Assistant | undefined;
    if (template.requiresAssistant) {
      if (input.assistant_id === undefined) return refuse('assistant_required', 'This template runs on an assistant event: assistant_id is required.');
      assistant = this.deps.accounts.assistantById(accountId, input.assistant_id);
      if (!assistant) return refuse('assistant_not_found', `Assistant ${input.assistant_id} was not found.`);
    }

    const given = input.params ?? {};
    const missing = template.params.filter((p) => p.required && isBlank(given[p.key]));
    if (missing.length > 0) {
      return {
        ok: false,
        httpStatus: 422,
        body: {
          message: `Missing required template parameters: ${missing.map((p) => p.key).join(', ')}.`,
          error: 'missing_params',
          params: missing.map(({ key: k, label, description, required, example }) => ({ key: k, label, description, required, example })),
        },
      };
    }

    const accountConnections = this.connections.get(accountId);
    for (const needed of template.connections) {
      const connection = accountConnections?.get(needed);
      if (!connection) return refuse('needs_connection', `This template needs a ${needed} connection. Connect ${needed} and try again.`);
      if (connection.status !== 'connected') return refuse('needs_reconnection', `The ${needed} connection is broken. Reconnect ${needed} and try again.`);
    }

    for (const param of template.params) {
      if (!param.choicesFrom || isBlank(given[param.key])) continue;
      const choices = accountConnections?.get(param.choicesFrom.connection)?.resources[param.choicesFrom.resource] ?? [];
      if (!choices.some((c) => c.id === String(given[param.key]))) {
        const listed = choices.map((c) => `${c.id} (${c.name})`).join(', ') || 'none';
        return refuse('invalid_param_choice', `The ${param.key} "${String(given[param.key])}" does not exist in the connected ${param.choicesFrom.connection} account. Available: ${listed}.`);
      }
    }

    if (template.sideEffects && input.confirm_side_effects !== true) {
      return refuse('side_effects_require_confirmation', 'This template sends real messages or starts calls during its test. Retry with confirm_side_effects: true.');
    }

    if (assistant) {
      const holder = [...this.automations.values()].find((a) => a.enabled && a.binding?.assistantId === assistant.id);
      if (holder) return refuse('binding_conflict', `Assistant ${assistant.id} is already bound to automation ${holder.id}.`);
    }

    const values = Object.fromEntries(template.params.map((p) => [p.key, isBlank(given[p.key]) ? (p.default ?? '') : given[p.key]]));
    const id = this.deps.random.hex(10);
    const automation: AutomationRecord = {
      id,
      accountId,
      templateKey: template.key,
      name: input.name ?? template.name,
      applyStatus: 'active',
      enabled: true,
      updatedAt: this.deps.clock.now(),
      definition: substitute(template.definition, { params: values }, ['params']) as TriggerNode,
      binding: null,
      webhookUrl: template.trigger === 'webhook' ? webhookUrlFor(id) : null,
    };
    this.automations.set(id, automation);

    const run = this.newRun(automation, template.sample);
    await this.engine.execute(run, automation.definition);
    const passed = run.status === 'SUCCEEDED' || run.status === 'PAUSED';
    if (!passed) {
      automation.applyStatus = 'test_failed';
      automation.enabled = false;
    } else if (assistant) {
      automation.binding = { type: 'post_call', assistantId: assistant.id, assistantName: assistant.name };
    }
    const lastStep = run.steps[run.steps.length - 1];
    const envelope: ApplyEnvelope = {
      automation_id: id,
      webhook_url: automation.webhookUrl,
      status: automation.applyStatus,
      test: { run_status: run.status, steps: run.steps.map((s) => ({ ...s })) },
      response: run.status === 'SUCCEEDED' && lastStep ? (run.data.steps[lastStep.name] ?? null) : null,
      binding: template.trigger === 'post_call'
        ? { type: 'post_call', assistant_id: assistant?.id ?? null, bound: automation.binding !== null }
        : { type: 'webhook', assistant_id: null, bound: false },
    };
    return { ok: true, httpStatus: passed ? 201 : 200, envelope, automation };
  }

  /** Every automation of an account, oldest first. */
  automationsOf(accountId: number): AutomationRecord[] {
    return [...this.automations.values()].filter((a) => a.accountId === accountId);
  }

  /** The account's automation; another account's behaves as missing. */
  get(accountId: number, id: string): AutomationRecord | undefined {
    const a = this.automations.get(id);
    return a && a.accountId === accountId ? a : undefined;
  }

  /** The automation's runs, newest first, at most `limit`. */
  listRuns(automation: AutomationRecord, limit: number): RunRecord[] {
    return [...this.runs.values()]
      .filter((r) => r.automationId === automation.id)
      .sort((a, b) => b.startTime - a.startTime || b.seq - a.seq)
      .slice(0, limit);
  }

  /** One run of the automation. */
  getRun(automation: AutomationRecord, runId: string): RunRecord | undefined {
    const run = this.runs.get(runId);
    return run && run.automationId === automation.id ? run : undefined;
  }

  /**
   * Resume a FAILED run from its failed step under the same id. A run that passed a Delay has stale
   * saved state (`retry_no_op`); a run that is not FAILED, or is being worked on, cannot be retried
   * now (`retry_failed`).
   */
  async retry(accountId: number, automationId: string, runId: string): Promise<RetryResult> {
    const automation = this.get(accountId, automationId);
    const run = automation && this.getRun(automation, runId);
    if (!automation || !run) return { ok: false, httpStatus: 404, body: { message: 'Automation or run not found.', error: 'not_found' } };
    if (run.busy || run.status !== 'FAILED') {
      return { ok: false, httpStatus: 422, body: { message: `The run is ${run.status}; only a FAILED run can be retried. Try again shortly.`, error: 'retry_failed' } };
    }
    if (run.passedDelay) {
      return { ok: false, httpStatus: 422, body: { message: 'The run passed a Delay step; its saved state is stale and it cannot be resumed. It stays FAILED.', error: 'retry_no_op' } };
    }
    const resumedFrom = run.resumeFrom;
    const finished = this.engine.execute(run, automation.definition);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RETRY_ANSWER_WAIT_MS);
    });
    await Promise.race([finished, waited]);
    clearTimeout(timer);
    // Re-read: the engine changed the status while we awaited.
    const status: RunStatus = (run as RunRecord).status;
    const note = status === 'RUNNING'
      ? `Run resumed from step ${resumedFrom ?? '(start)'} and is still running.`
      : `Run resumed from step ${resumedFrom ?? '(start)'}; already-succeeded steps were not re-executed. It is now ${status}.`;
    return { ok: true, body: { run_id: run.id, status, note } };
  }

  /** An enabled webhook automation by id (any account: its URL is the credential). */
  webhookTarget(id: string): AutomationRecord | undefined {
    const a = this.automations.get(id);
    return a && a.webhookUrl !== null ? a : undefined;
  }

  /** Run an automation on trigger data and resolve when the run settles. */
  async trigger(automation: AutomationRecord, data: unknown): Promise<RunRecord> {
    const run = this.newRun(automation, data);
    await this.engine.execute(run, automation.definition);
    return run;
  }

  /** Run every enabled automation bound to the assistant's `post_call` event. */
  async runPostCall(accountId: number, assistantId: number, data: unknown): Promise<RunRecord[]> {
    const bound = [...this.automations.values()].filter((a) => a.accountId === accountId && a.enabled && a.binding?.assistantId === assistantId);
    return Promise.all(bound.map((a) => this.trigger(a, data)));
  }

  /** Stop delay timers of parked runs (reset, shutdown). */
  dispose(): void {
    this.engine.clear();
  }

  private newRun(automation: AutomationRecord, trigger: unknown): RunRecord {
    this.runSeq += 1;
    const run: RunRecord = {
      id: this.deps.random.hex(10),
      seq: this.runSeq,
      automationId: automation.id,
      accountId: automation.accountId,
      status: 'RUNNING',
      startTime: this.deps.clock.now(),
      endTime: null,
      steps: [],
      data: { trigger: structuredClone(trigger), steps: {} },
      resumeFrom: null,
      passedDelay: false,
      executions: {},
      busy: false,
    };
    this.runs.set(run.id, run);
    return run;
  }
}

function refuse(error: string, message: string): ApplyResult {
  return { ok: false, httpStatus: 422, body: { message, error } };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Registration entry of the automations area state (`state.area('automations')`). */
export const automationsStateEntry: AreaStateEntry = { name: 'automations', create: (deps) => new AutomationsState(deps) };
