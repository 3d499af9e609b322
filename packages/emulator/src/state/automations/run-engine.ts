/**
 * The step interpreter: walks a definition from its trigger along `nextAction`, substituting run
 * data into each step's input, running the step's action and recording an outcome per step. A run
 * can park at a Delay (PAUSED, resumed by the emulator clock) and be resumed after a failure from
 * the failed step, keeping the outputs of the steps that already succeeded.
 */
import type { AUTOMATION_RUN_STATUSES } from '@voice-session/api/schemas';
import type { Clock } from '../model.js';
import { stepsOf, substitute, UnresolvedReferenceError, type TriggerNode } from './definition.js';
import { runAction, type ActionContext, type ConnectionRecord, type SideEffect, type StepClassification } from './step-actions.js';

/** Run status values (the contract's). */
export type RunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** One step's recorded outcome (wire fields). */
export interface StepOutcome {
  name: string;
  status: Exclude<RunStatus, 'RUNNING'>;
  classification: StepClassification;
  error: string | null;
}

/** A run with the state needed to resume it. */
export interface RunRecord {
  id: string;
  seq: number;
  automationId: string;
  accountId: number;
  status: RunStatus;
  /** Epoch ms. */
  startTime: number;
  endTime: number | null;
  steps: StepOutcome[];
  /** `trigger` and `steps.<name>` outputs: what later steps' placeholders read. */
  data: { trigger: unknown; steps: Record<string, unknown> };
  /** Name of the step execution continues from (the failed step, or the one after a Delay). */
  resumeFrom: string | null;
  /** The run parked at a Delay at some point: its saved state is stale for a retry. */
  passedDelay: boolean;
  /** Number of times each step's action actually ran (proves retries skip succeeded steps). */
  executions: Record<string, number>;
  /** Set while the engine works on the run, so a second retry is refused. */
  busy: boolean;
}

/** What the engine needs around a run. */
export interface RunEngineDeps {
  clock: Clock;
  connection(accountId: number, key: string): ConnectionRecord | undefined;
  record(accountId: number, effect: SideEffect): void;
}

/** Executes definitions; owns the delay timers of parked runs. */
export class RunEngine {
  private readonly timers = new Set<{ cancel(): void }>();

  constructor(private readonly deps: RunEngineDeps) {}

  /**
   * Run `definition` for `run` from `run.resumeFrom` (or the first step) until it finishes, fails or
   * parks at a Delay. Resolves when the run settles in one of those states.
   */
  async execute(run: RunRecord, definition: TriggerNode): Promise<void> {
    run.busy = true;
    run.status = 'RUNNING';
    run.endTime = null;
    try {
      const steps = stepsOf(definition);
      let index = run.resumeFrom === null ? 0 : steps.findIndex((s) => s.name === run.resumeFrom);
      if (index < 0) index = steps.length;
      for (; index < steps.length; index++) {
        const step = steps[index];
        if (!step) break;
        let input: Record<string, unknown>;
        try {
          input = substitute(step.settings.input, run.data as unknown as Record<string, unknown>, ['trigger', 'steps']) as Record<string, unknown>;
        } catch (error) {
          if (!(error instanceof UnresolvedReferenceError)) throw error;
          this.fail(run, step.name, 'wiring_error', `Step "${step.displayName}" reads ${error.message}`);
          return;
        }
        run.executions[step.name] = (run.executions[step.name] ?? 0) + 1;
        const outcome = await runAction(step.settings.pieceName, step.settings.actionName, input, this.actionContext(run, step.name));
        if (outcome.kind === 'fail') {
          this.fail(run, step.name, outcome.classification, outcome.error);
          return;
        }
        if (outcome.kind === 'delay') {
          this.park(run, step.name, steps[index + 1]?.name ?? null, outcome.until, definition);
          return;
        }
        run.data.steps[step.name] = outcome.output;
        this.setOutcome(run, { name: step.name, status: 'SUCCEEDED', classification: 'ok', error: null });
      }
      run.status = 'SUCCEEDED';
      run.resumeFrom = null;
      run.endTime = this.deps.clock.now();
    } finally {
      run.busy = false;
    }
  }

  /** Cancel every parked run's timer (reset). */
  clear(): void {
    for (const t of this.timers) t.cancel();
    this.timers.clear();
  }

  private park(run: RunRecord, stepName: string, next: string | null, until: number, definition: TriggerNode): void {
    run.status = 'PAUSED';
    run.passedDelay = true;
    run.resumeFrom = next;
    this.setOutcome(run, { name: stepName, status: 'PAUSED', classification: 'paused_at_delay', error: null });
    const timer = this.deps.clock.at(until, () => {
      this.timers.delete(timer);
      // The Delay is over: it succeeded, and the run continues with the next step.
      this.setOutcome(run, { name: stepName, status: 'SUCCEEDED', classification: 'ok', error: null });
      run.data.steps[stepName] = { resumed_at: new Date(this.deps.clock.now()).toISOString() };
      void this.execute(run, definition);
    });
    this.timers.add(timer);
  }

  private fail(run: RunRecord, stepName: string, classification: Exclude<StepClassification, 'ok' | 'paused_at_delay'>, error: string): void {
    this.setOutcome(run, { name: stepName, status: 'FAILED', classification, error });
    run.status = 'FAILED';
    run.resumeFrom = stepName;
    run.endTime = this.deps.clock.now();
  }

  // A resumed step replaces its earlier outcome instead of adding a second one.
  private setOutcome(run: RunRecord, outcome: StepOutcome): void {
    const at = run.steps.findIndex((s) => s.name === outcome.name);
    if (at >= 0) run.steps[at] = outcome;
    else run.steps.push(outcome);
  }

  private actionContext(run: RunRecord, step: string): ActionContext {
    return {
      runId: run.id,
      step,
      now: () => this.deps.clock.now(),
      connection: (key) => this.deps.connection(run.accountId, key),
      record: (effect) => this.deps.record(run.accountId, { ...effect, runId: run.id, step, at: this.deps.clock.now() }),
    };
  }
}
