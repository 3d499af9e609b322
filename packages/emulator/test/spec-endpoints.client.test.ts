/**
 * Every endpoint of the api package's registry, called through `PlatformClient` against a started emulator:
 * the call map is typed by `EndpointId`, so an endpoint added to the registry fails to compile here until it
 * is exercised. Each answer parses through the client's response schema and carries the registry's status.
 */
import { ENDPOINTS, successStatuses, type EndpointDefinition, type EndpointId } from '@voice-session/api/schemas';
import type { PlatformClient } from '@voice-session/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { startTarget, type Target } from './http-target.js';

const h = useHarness({ now: '2030-01-01T00:00:00Z' });
let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  target.reset();
});

/** What a call needs from earlier calls (an automation and its run). */
interface Flow {
  automationId: string;
  runId: string;
}

type Call = (client: PlatformClient, flow: Flow) => PromiseLike<unknown>;

const PRIMARY_ASSISTANT_UUID = async (): Promise<string> => (await h.seed()).primary.assistants[0].uuid;

// Ordered so that apply-template runs before the calls that read its automation and run.
const CALLS: Record<EndpointId, Call> = {
  'apiKeys.create': (c) => c.apiKeys.create({ name: 'ci' }),
  'apiKeys.list': (c) => c.apiKeys.list(),
  'documents.create': (c) => c.documents.create(11, { name: 'Site', type: 'website', url: 'https://docs.example.com' }),
  'tools.create': (c) =>
    c.tools.create({ name: 'lookup_order', description: 'Find an order', endpoint: 'https://shop.example/orders/{id}', method: 'GET' }),
  'realtime.createSession': async (c) => c.realtime.createSession({ assistant_id: await PRIMARY_ASSISTANT_UUID() }),
  'whiteLabel.listPlans': (c) => c.whiteLabel.listPlans(),
  'whiteLabel.getUserPlan': (c) => c.whiteLabel.getUserPlan(1002),
  'sipTrunks.create': (c) =>
    c.sipTrunks.create({
      sip_trunk_type: 'number', phone_number: '+48512345678', sip_username: 'office', sip_password: 'pw-123',
      sip_address: 'sip.provider.example', sip_calling_format: '+e164', inbound_authorization_type: 'auth', country_code: 'PL',
    }),
  'phoneNumbers.search': (c) => c.phoneNumbers.search({ country: 'GB' }),
  'automations.applyTemplate': (c) =>
    c.automations.applyTemplate('webhook-record-and-notify', { params: { record_url: `${target.url}/record`, notify_url: `${target.url}/notify` } }),
  'automations.get': (c, f) => c.automations.get(f.automationId, { unmask: true }),
  'automations.listRuns': (c, f) => c.automations.listRuns(f.automationId, { limit: 5 }),
  'automations.getRun': (c, f) => c.automations.getRun(f.automationId, f.runId),
  // The apply-template test run succeeded, so it cannot be retried; this row's success is in spec-states.
  'automations.retryRun': (c, f) => c.automations.retryRun(f.automationId, f.runId).catch((e: unknown) => e),
  'chatApp.listSenders': (c) => c.chatApp.listSenders({ status: 'all' }),
  'chatApp.listTemplates': (c) => c.chatApp.listTemplates(1, { status: 'all' }),
  'chatApp.sendFreeform': (c) => c.chatApp.sendFreeform({ sender_id: 1, recipient_phone: '+14155552671', message: 'Hello' }),
  'conversations.list': (c) => c.conversations.list({ type: 'chatapp', per_page: 5 }),
  'conversations.enableAi': async (c) => c.conversations.enableAi((await h.seed()).primary.conversations.ai_disabled_uuids[0]),
  'assistants.disableInboundWebhook': (c) => c.assistants.disableInboundWebhook(101),
  'assistants.enableConversationEndedWebhook': (c) => c.assistants.enableConversationEndedWebhook(101, `${target.url}/ended`),
  'voices.list': (c) => c.voices.list({ gender: 'female' }),
  'folders.list': (c) => c.folders.list({ per_page: 5, page: 2 }),
};

describe('every registry endpoint through PlatformClient', () => {
  it('answers each endpoint with its registry status and a body the client parses', async () => {
    const { client, responses } = h.recordingClient('primary');
    const flow: Flow = { automationId: '', runId: '' };
    for (const id of Object.keys(CALLS) as EndpointId[]) {
      const before = responses.length;
      const result = await CALLS[id](client, flow);
      if (id === 'automations.applyTemplate') {
        flow.automationId = (result as { automation_id: string }).automation_id;
        flow.runId = (await client.automations.listRuns(flow.automationId)).runs[0]?.id ?? '';
      }
      const got = responses[before];
      expect(got, id).toBeDefined();
      expect(got?.method, id).toBe(ENDPOINTS[id].method);
      if (id === 'automations.retryRun') {
        // retry_failed: documented by the registry for this endpoint.
        expect((ENDPOINTS[id] as EndpointDefinition).errors?.map((e) => e.status), id).toContain(got?.status);
        continue;
      }
      expect(successStatuses(ENDPOINTS[id]), id).toContain(got?.status);
      // The emulator answers the registry's first (conventional) success status.
      expect(got?.status, id).toBe(successStatuses(ENDPOINTS[id])[0]);
      expect(result, id).toBeTruthy();
    }
  });

  it('returns every visible voice as a bare array through the client, never another account’s', async () => {
    const all = await h.client('primary').voices.list();
    const seed = await h.seed();
    expect(all.length).toBeGreaterThanOrEqual(30);
    const ids = new Set(all.map((v) => v.id));
    for (const own of seed.primary.voices.own_voice_ids) expect(ids.has(own)).toBe(true);
    for (const foreign of seed.secondary.voices.own_voice_ids) expect(ids.has(foreign)).toBe(false);
    const young = await h.client('primary').voices.list({ search: 'young' });
    expect(young.length).toBeGreaterThan(0);
    expect(young.every((v) => `${v.name} ${v.accent} ${v.age} ${v.gender}`.toLowerCase().includes('young'))).toBe(true);
  });
});
