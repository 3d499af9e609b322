/**
 * The typed client against the emulator for the automations, chat-app and conversations areas:
 * every endpoint parses through the client's schemas, and errors arrive as the client's classes
 * with their codes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIError, NotFoundError, PlatformClient, UnprocessableEntityError } from '@voice-session/api';
import { startEmulator, type RunningEmulator } from '../src/index.js';

let emu: RunningEmulator;
let client: PlatformClient;

async function caught(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, media: false, log: (line) => console.error(line) });
  client = new PlatformClient({ apiKey: emu.apiKeys.primary, baseUrl: emu.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  expect((await fetch(`${emu.controlUrl}/reset`, { method: 'POST' })).status).toBe(200);
});

describe('PlatformClient against the emulator', () => {
  it('walks every conversation with auto-pagination', async () => {
    const ids: string[] = [];
    for await (const conversation of client.conversations.list({ per_page: 9 })) ids.push(conversation.id);
    expect(ids.length).toBeGreaterThan(40);
    expect(new Set(ids).size).toBe(ids.length);
    const page = await client.conversations.list({ type: 'chatapp', per_page: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.hasNextPage()).toBe(true);
    const second = await page.getNextPage();
    expect(second.data[0]?.id).not.toBe(page.data[0]?.id);
    expect(second.prev_cursor).not.toBeNull();
  });

  it('enables AI and maps a missing conversation to NotFoundError', async () => {
    const off = (await client.conversations.list({ per_page: 100 })).data.find((c) => !c.ai_enabled);
    if (!off) throw new Error('no seeded conversation with AI off');
    expect(await client.conversations.enableAi(off.id)).toEqual({ status: true, ai_enabled: true });
    const error = await caught(client.conversations.enableAi('2f1e8a52-0000-4000-8000-000000000000'));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('lists senders and templates and sends a freeform message', async () => {
    expect((await client.chatApp.listSenders()).data.map((s) => s.id)).toEqual([1, 2, 4]);
    expect((await client.chatApp.listTemplates(1, { status: 'all' })).data.length).toBe(7);
    const sent = await client.chatApp.sendFreeform({ sender_id: 1, recipient_phone: '+14155552671', message: 'Hello from the client' });
    expect(sent.success).toBe(true);
    expect(sent.session_status.is_open).toBe(true);
    const expired = await caught(client.chatApp.sendFreeform({ sender_id: 1, recipient_phone: '+14155552672', message: 'Hi' }));
    expect(expired.status).toBe(403);
    expect(expired.code).toBe('SESSION_EXPIRED');
    const offline = await caught(client.chatApp.sendFreeform({ sender_id: 3, recipient_phone: '+447911123456', message: 'Hi' }));
    expect([offline.status, offline.code]).toEqual([503, 'SENDER_OFFLINE']);
  });

  it('applies a template, reads the automation and its runs, and reports missing params', async () => {
    const envelope = await client.automations.applyTemplate('post-call-summary-email', { assistant_id: 101, params: { recipient_email: 'team@example.com' } });
    expect(envelope).toMatchObject({ status: 'active', binding: { bound: true } });
    const automation = await client.automations.get(envelope.automation_id, { unmask: true });
    expect(automation.data.binding?.assistant_id).toBe(101);
    const runs = await client.automations.listRuns(envelope.automation_id, { limit: 5 });
    expect(runs.runs).toHaveLength(1);
    const run = await client.automations.getRun(envelope.automation_id, runs.runs[0]?.id ?? '');
    expect(run.run.steps.map((s) => s.classification)).toEqual(['ok', 'ok']);
    const missing = await caught(client.automations.applyTemplate('webhook-record-and-notify', { params: {} }));
    expect(missing).toBeInstanceOf(UnprocessableEntityError);
    expect(missing.code).toBe('missing_params');
    expect(missing.params?.map((p) => p.key)).toEqual(['record_url', 'notify_url']);
    const retry = await caught(client.automations.retryRun(envelope.automation_id, 'nope'));
    expect([retry.status, retry.code]).toEqual([404, 'not_found']);
  });
});
