import { z } from 'zod';
import { IntegerId, openEnum, WireBoolean, wireInteger } from './common.js';

/** Largest template `params` object, measured as UTF-8 bytes of its JSON serialisation: 64 KB. */
export const TEMPLATE_PARAMS_MAX_BYTES = 64 * 1024;

/** UTF-8 byte length of a value's JSON serialisation (what the platform measures). */
export function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').byteLength;
}

/** Path parameters of `POST /user/automate/templates/{key}`. */
export const AutomationApplyTemplatePathParams = z.strictObject({
  key: z.string().min(1, { message: 'The template key must not be empty.' }),
});
export type AutomationApplyTemplatePathParams = z.input<typeof AutomationApplyTemplatePathParams>;

/** Template parameters: any JSON object of at most 64 KB serialised. */
export const TemplateParams = z.record(z.string(), z.unknown()).check((ctx) => {
  const size = jsonByteLength(ctx.value);
  if (size > TEMPLATE_PARAMS_MAX_BYTES) {
    ctx.issues.push({
      code: 'too_big', origin: 'object', maximum: TEMPLATE_PARAMS_MAX_BYTES, inclusive: true, input: ctx.value,
      message: `params must not be greater than 64 KB as JSON (got ${size} bytes).`,
    });
  }
});
export type TemplateParams = z.infer<typeof TemplateParams>;

/** Body of `POST /user/automate/templates/{key}`. */
export const AutomationApplyTemplateParams = z.strictObject({
  params: TemplateParams.optional(),
  assistant_id: IntegerId.optional(),
  name: z.string().min(1, { message: 'The name must not be empty.' })
    .max(255, { message: 'The name must not be greater than 255 characters.' }).optional(),
  confirm_side_effects: z.boolean().optional(),
});
export type AutomationApplyTemplateParams = z.input<typeof AutomationApplyTemplateParams>;

/** Path parameters of `GET /user/automate/flows/{id}` and its runs list. */
export const AutomationPathParams = z.strictObject({
  id: z.string().min(1, { message: 'The automation id must not be empty.' }),
});
export type AutomationPathParams = z.input<typeof AutomationPathParams>;

/** Query of `GET /user/automate/flows/{id}`; `unmask` is this package's name for the hidden parameter. */
export const AutomationGetParams = z.strictObject({
  unmask: WireBoolean.optional(),
});
export type AutomationGetParams = z.input<typeof AutomationGetParams>;

const runCount = wireInteger().int({ message: 'limit must be an integer.' })
  .min(1, { message: 'limit must be at least 1.' })
  .max(20, { message: 'limit must not be greater than 20.' });

/** Query of `GET /user/automate/flows/{id}/runs` without `run_id`; `limit` is this package's name for the count. */
export const AutomationRunListParams = z.strictObject({
  limit: runCount.default(10),
});
export type AutomationRunListParams = z.input<typeof AutomationRunListParams>;

/** Query of `GET /user/automate/flows/{id}/runs` that reads one run with its steps. */
export const AutomationRunGetParams = z.strictObject({
  run_id: z.string().min(1, { message: 'The run_id must not be empty.' }),
});
export type AutomationRunGetParams = z.input<typeof AutomationRunGetParams>;

/**
 * Everything `GET /user/automate/flows/{id}/runs` accepts, for a server that serves both forms on one route:
 * with `run_id` it answers one run, without it the list.
 */
export const AutomationRunsQueryParams = z.strictObject({
  run_id: z.string().min(1, { message: 'The run_id must not be empty.' }).optional(),
  limit: runCount.default(10),
});
export type AutomationRunsQueryParams = z.input<typeof AutomationRunsQueryParams>;

/** Path parameters of `POST /user/automate/flows/{id}/runs/{run_id}/retry`. */
export const AutomationRetryRunPathParams = z.strictObject({
  id: z.string().min(1, { message: 'The automation id must not be empty.' }),
  run_id: z.string().min(1, { message: 'The run_id must not be empty.' }),
});
export type AutomationRetryRunPathParams = z.input<typeof AutomationRetryRunPathParams>;

/** One action step of an automation definition; the next step hangs under `nextAction`. */
export const AutomationStep = z.looseObject({
  name: z.string(),
  type: openEnum(['PIECE']),
  displayName: z.string(),
  settings: z.looseObject({
    pieceName: z.string(),
    actionName: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
  get nextAction() {
    return AutomationStep.optional().nullable();
  },
});
export type AutomationStep = z.infer<typeof AutomationStep>;

/** An automation definition: the trigger, with its steps chained under `nextAction`. */
export const AutomationDefinition = z.looseObject({
  name: z.string(),
  type: openEnum(['PIECE_TRIGGER']),
  displayName: z.string(),
  settings: z.looseObject({ pieceName: z.string(), triggerName: z.string() }),
  nextAction: AutomationStep.optional().nullable(),
});
export type AutomationDefinition = z.infer<typeof AutomationDefinition>;

/** Where an automation is attached to an assistant event. */
export const AutomationBinding = z.looseObject({
  type: openEnum(['post_call']),
  assistant_id: z.union([z.int(), z.string()]),
  assistant_name: z.string(),
});
export type AutomationBinding = z.infer<typeof AutomationBinding>;

/** Automation statuses on get (`enabled`/`disabled`) and in the apply-template envelope. */
export const AUTOMATION_STATUSES = ['enabled', 'disabled', 'active', 'active_untested', 'test_failed'] as const;

/** An automation as returned by get automation. */
export const Automation = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: openEnum(AUTOMATION_STATUSES),
  updated_at: z.string(),
  definition: AutomationDefinition,
  binding: AutomationBinding.nullable(),
});
export type Automation = z.infer<typeof Automation>;

/** Response of `GET /user/automate/flows/{id}`. */
export const AutomationGetResponse = z.looseObject({ data: Automation });
export type AutomationGetResponse = z.infer<typeof AutomationGetResponse>;

/** Run statuses; `PAUSED` is parked at a Delay step and is not a failure. */
export const AUTOMATION_RUN_STATUSES = ['SUCCEEDED', 'FAILED', 'PAUSED', 'RUNNING'] as const;

/** Classifications of a run step's outcome. */
export const AUTOMATION_STEP_CLASSIFICATIONS = [
  'ok', 'paused_at_delay', 'wiring_error', 'missing_connection', 'missing_record',
] as const;

/** One run of an automation. */
export const AutomationRun = z.looseObject({
  id: z.string(),
  status: openEnum(AUTOMATION_RUN_STATUSES),
  start_time: z.string(),
  duration_ms: z.int(),
});
export type AutomationRun = z.infer<typeof AutomationRun>;

/** The outcome of one step of a run (also used in the apply-template test report). */
export const AutomationStepOutcome = z.looseObject({
  name: z.string(),
  status: z.string(),
  classification: openEnum(AUTOMATION_STEP_CLASSIFICATIONS),
  error: z.string().nullable(),
});
export type AutomationStepOutcome = z.infer<typeof AutomationStepOutcome>;

/** One run with the outcome of each step. */
export const AutomationRunDetail = AutomationRun.extend({ steps: z.array(AutomationStepOutcome) });
export type AutomationRunDetail = z.infer<typeof AutomationRunDetail>;

/** Response of `GET /user/automate/flows/{id}/runs` without `run_id`: newest first. */
export const AutomationRunListResponse = z.looseObject({ runs: z.array(AutomationRun) });
export type AutomationRunListResponse = z.infer<typeof AutomationRunListResponse>;

/** Response of `GET /user/automate/flows/{id}/runs?run_id=…`. */
export const AutomationRunGetResponse = z.looseObject({ run: AutomationRunDetail });
export type AutomationRunGetResponse = z.infer<typeof AutomationRunGetResponse>;

/** Response of `POST /user/automate/flows/{id}/runs/{run_id}/retry`. */
export const AutomationRetryRunResponse = z.looseObject({
  run_id: z.string(),
  status: openEnum(AUTOMATION_RUN_STATUSES),
  note: z.string(),
});
export type AutomationRetryRunResponse = z.infer<typeof AutomationRetryRunResponse>;

/** A template parameter as described in `missing_params` errors. */
export const TemplateParamSpec = z.looseObject({
  key: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  example: z.unknown(),
});
export type TemplateParamSpec = z.infer<typeof TemplateParamSpec>;

/** The result of applying a template: the automation, its test run and its binding. */
export const ApplyTemplateEnvelope = z.looseObject({
  automation_id: z.string(),
  webhook_url: z.string().nullable(),
  status: openEnum(AUTOMATION_STATUSES),
  test: z.looseObject({
    run_status: openEnum(AUTOMATION_RUN_STATUSES),
    steps: z.array(AutomationStepOutcome),
  }),
  response: z.unknown().nullable(),
  binding: z.looseObject({
    type: z.string().nullable(),
    assistant_id: z.union([z.int(), z.string()]).nullable(),
    bound: z.boolean(),
  }),
});
export type ApplyTemplateEnvelope = z.infer<typeof ApplyTemplateEnvelope>;

/** Response of `POST /user/automate/templates/{key}` (201 when active, 200 when the test failed). */
export const AutomationApplyTemplateResponse = ApplyTemplateEnvelope;
export type AutomationApplyTemplateResponse = z.infer<typeof AutomationApplyTemplateResponse>;
