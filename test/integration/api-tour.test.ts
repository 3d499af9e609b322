/**
 * CI runs the API tour (examples/api-tour) through this test: against an emulator on a free port, every
 * stop must succeed, every endpoint of the registry must have been called with a success status, and
 * what the tour created must really be in the emulator's state afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIST, successStatuses, type EndpointDefinition } from '@voice-session/api/schemas';
import type { SeedFixtures } from '../../examples/api-tour/src/emulator-control.js';
import { runTour, startEmulatorTarget, TOUR_STEPS, type StepResult, type TourTarget } from '../../examples/api-tour/src/tour.js';

interface Exchange {
  method: string;
  pathname: string;
  search: URLSearchParams;
  status: number;
}

// `{id}` placeholders become one encoded path segment; the base URL's `/api` prefix comes first.
function pathPattern(definition: EndpointDefinition): RegExp {
  const body = definition.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^/api${body}$`);
}

function matches(definition: EndpointDefinition, exchange: Exchange): boolean {
  if (exchange.method !== definition.method || !pathPattern(definition).test(exchange.pathname)) return false;
  // listRuns and getRun share a path; getRun is the one with `run_id`.
  if (definition.id === 'automations.getRun') return exchange.search.has('run_id');
  if (definition.id === 'automations.listRuns') return !exchange.search.has('run_id');
  return true;
}

describe('the API tour example', () => {
  const exchanges: Exchange[] = [];
  const printed: string[] = [];
  let target: TourTarget;
  let results: StepResult[];
  let before: SeedFixtures;

  beforeAll(async () => {
    const recordingFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const request = new Request(url, init);
      const response = await fetch(request);
      const { pathname, searchParams } = new URL(request.url);
      exchanges.push({ method: request.method, pathname, search: searchParams, status: response.status });
      return response;
    };
    target = await startEmulatorTarget({ client: { fetch: recordingFetch, maxRetries: 0 } });
    before = await target.ctx.control!.seed();
    results = await runTour(target.ctx, { print: (line) => printed.push(line) });
  });

  afterAll(async () => {
    await target?.close();
  });

  it('completes every stop without skipping any when run against the emulator', () => {
    const notOk = results.filter((r) => r.status !== 'ok').map((r) => `${r.title}: ${r.status}: ${r.lines.join(' ')}`);
    expect(notOk).toEqual([]);
    expect(results.map((r) => r.title)).toEqual(TOUR_STEPS.map((s) => s.title));
  });

  it('calls every endpoint of the API with a success status', () => {
    const missing = ENDPOINT_LIST.filter(
      (definition) => !exchanges.some((x) => matches(definition, x) && successStatuses(definition).includes(x.status)),
    ).map((d) => `${d.id} (${d.method} ${d.path})`);
    expect(missing).toEqual([]);
  });

  it('prints what each endpoint answered, without secrets', async () => {
    const output = printed.join('\n');
    for (const step of TOUR_STEPS) expect(output).toContain(step.title);
    expect(output).toMatch(/created "api-tour-\d+", token \S+…\(\d+ chars\)/);
    const seed = await target.ctx.control!.seed();
    expect(output).not.toContain(seed.api_key);
    expect(output).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/); // no realtime token (JWT) in full
    expect(output).not.toContain('tok_tour_secret');
  });

  it('leaves what it created in the emulator', async () => {
    const control = target.ctx.control!;
    const after = await control.seed();
    expect(after.tools.count).toBe(before.tools.count + 1);
    expect(after.sip_trunk_count).toBe(before.sip_trunk_count + 1);
    // The customer who wrote in opened a new chat-app conversation.
    expect(after.conversations.total).toBe(before.conversations.total + 1);
    const keys = await target.ctx.client.apiKeys.list();
    expect(keys.api_keys.some((k) => k.name.startsWith('api-tour-'))).toBe(true);
  });

  it('fails the automation test run once and succeeds on retry, as the receiver saw it', () => {
    const received = target.ctx.receiver!.received.map((r) => `${r.path} ${r.status}`);
    expect(received).toEqual(['/records 503', '/records 200', '/notify 200']);
    const automations = results.find((r) => r.title === 'Automations')!;
    expect(automations.lines.join('\n')).toMatch(/test run FAILED at step_1/);
    expect(automations.lines.join('\n')).toMatch(/retried run \w+: SUCCEEDED/);
  });

  it('refuses a chat-app message before the customer writes and sends it after', () => {
    const freeform = exchanges.filter((x) => x.method === 'POST' && x.pathname === '/api/user/chatapp/send-freeform').map((x) => x.status);
    expect(freeform).toEqual([403, 200]);
  });
});
