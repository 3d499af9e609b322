/**
 * The API tour: every endpoint of the platform API called once through `@voice-session/api`, with a
 * compact line for what each answered. Run it (`npm start -w examples/api-tour`, or
 * `node --conditions=source --import tsx examples/api-tour/src/tour.ts`) against an emulator it starts
 * itself, or against the hosted platform when `VOICE_SESSION_BASE_URL` and `VOICE_SESSION_API_KEY`
 * are set. `runTour` is exported so CI runs the same walk as a test.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { APIError, PlatformError } from '@voice-session/api';
import { ENDPOINTS } from '@voice-session/api/schemas';
import { apiKeysStep, documentsStep, foldersStep, phoneNumbersStep, realtimeStep, sipTrunksStep, toolsStep, voicesStep, whiteLabelStep } from './steps-account.js';
import { assistantWebhooksStep, automationsStep, chatAppStep, conversationsStep } from './steps-flows.js';
import { hostedTarget, startEmulatorTarget } from './tour-target.js';
import type { TourContext, TourStep } from './tour-step.js';

export type { TourContext, TourFixtures, TourStep } from './tour-step.js';
export { startEmulatorTarget, hostedTarget } from './tour-target.js';
export type { TourTarget, TargetOptions } from './tour-target.js';

/** Every stop, in the order a new integrator would meet them. */
export const TOUR_STEPS: readonly TourStep[] = [
  apiKeysStep,
  documentsStep,
  toolsStep,
  phoneNumbersStep,
  sipTrunksStep,
  realtimeStep,
  automationsStep,
  chatAppStep,
  conversationsStep,
  assistantWebhooksStep,
  voicesStep,
  foldersStep,
  whiteLabelStep,
];

/** How one stop went. */
export interface StepResult {
  title: string;
  endpoints: readonly string[];
  status: 'ok' | 'failed' | 'skipped';
  /** What the endpoints answered (ok), why it was skipped, or the error (failed). */
  lines: string[];
}

/** Options of {@link runTour}. */
export interface RunTourOptions {
  /** Receives each printed line; default: nothing is printed. */
  print?: (line: string) => void;
  /** The stops to walk; default {@link TOUR_STEPS}. */
  steps?: readonly TourStep[];
}

function describeError(error: unknown): string {
  if (error instanceof PlatformError) {
    const status = error instanceof APIError ? error.status : undefined;
    return `${[error.name, status, error.code].filter((part) => part !== undefined && part !== '').join(' ')}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Walks the tour; a failing stop is reported and the walk goes on, so one broken endpoint does not
 * hide the state of the others.
 *
 * @example
 * const target = await startEmulatorTarget();
 * const results = await runTour(target.ctx, { print: console.log });
 * await target.close();
 */
export async function runTour(ctx: TourContext, options: RunTourOptions = {}): Promise<StepResult[]> {
  const print = options.print ?? (() => undefined);
  const results: StepResult[] = [];
  for (const step of options.steps ?? TOUR_STEPS) {
    const endpoints = [...new Set(step.endpoints.map((id) => `${ENDPOINTS[id].method} ${ENDPOINTS[id].path}`))];
    const skip = step.unavailable?.(ctx);
    let result: StepResult;
    if (skip) {
      result = { title: step.title, endpoints, status: 'skipped', lines: [skip] };
    } else {
      try {
        result = { title: step.title, endpoints, status: 'ok', lines: await step.run(ctx) };
      } catch (error) {
        result = { title: step.title, endpoints, status: 'failed', lines: [describeError(error)] };
      }
    }
    results.push(result);
    const mark = { ok: '✓', failed: '✗', skipped: '–' }[result.status];
    print(`${mark} ${step.title}${result.status === 'ok' ? '' : ` (${result.status})`}  ${endpoints.join(' · ')}`);
    for (const line of result.lines) print(`    ${line}`);
  }
  return results;
}

const HELP = `Usage: npm start -w examples/api-tour -- [--yes]

Calls every endpoint of the platform API once and prints what each answered.

By default it starts the offline emulator on a free port and tours that. To tour the hosted
platform instead, set VOICE_SESSION_BASE_URL (the API root including /api) and VOICE_SESSION_API_KEY,
and pass --yes: the tour then creates real resources on your account (an API key, a document, a tool,
a SIP trunk, a realtime session) and changes an assistant's webhooks. Stops needing ids only you know
are skipped unless you set them:
  VOICE_SESSION_TOUR_KNOWLEDGEBASE_ID      knowledgebase for the document upload
  VOICE_SESSION_ASSISTANT_ID               assistant uuid (realtime session)
  VOICE_SESSION_TOUR_ASSISTANT_NUMBER      the same assistant's numeric id (webhooks)
  VOICE_SESSION_TOUR_WHITE_LABEL_USER_ID   a platform user whose plan to read
  VOICE_SESSION_TOUR_CUSTOMER_PHONE        a chat-app customer who wrote in the last 24 hours
  VOICE_SESSION_TOUR_WEBHOOK_URL           where the conversation-ended webhook should point
`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { yes: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const env = process.env;
  const hosted = Boolean(env.VOICE_SESSION_BASE_URL && env.VOICE_SESSION_API_KEY);
  if (hosted && !values.yes) {
    console.error(`api-tour: this would create real resources on ${env.VOICE_SESSION_BASE_URL}; pass --yes to go ahead (see --help).`);
    return 2;
  }
  const target = hosted ? hostedTarget(env) : await startEmulatorTarget();
  console.log(`API tour against ${target.label}\n`);
  try {
    const results = await runTour(target.ctx, { print: (line) => console.log(line) });
    const count = (status: StepResult['status']) => results.filter((r) => r.status === status).length;
    console.log(`\n${count('ok')} stops ok, ${count('failed')} failed, ${count('skipped')} skipped.`);
    return count('failed') === 0 ? 0 : 1;
  } finally {
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`api-tour: ${describeError(error)}`);
      process.exit(1);
    },
  );
}
