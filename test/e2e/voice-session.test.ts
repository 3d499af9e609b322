/**
 * End to end in Chromium: a page using the SDK's built bundle gets a token from
 * `@voice-session/server` backed by the emulator, talks to the demo agent with a synthesised
 * microphone, and every outcome a site relies on is checked on real WebRTC.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '@voice-session/emulator';
import type { RunningEmulator } from '@voice-session/emulator';
import { AUDIO_PROBE_INIT } from './support/audio-probe.js';
import { recordTraffic } from './support/browser-traffic.js';
import type { BrowserTraffic } from './support/browser-traffic.js';
import { launchChromium } from './support/chromium.js';
import type { LaunchedChromium } from './support/chromium.js';
import { SDK_PAGE_HTML, SDK_PAGE_SCRIPT, TRACK_RECORDER_INIT } from './support/sdk-page.js';
import { startSite } from './support/site-server.js';
import type { SiteServer } from './support/site-server.js';
import { synthesiseMicrophoneWav } from './support/speech-wav.js';
import { until } from './support/wait.js';

const SDK_BUNDLE = resolve(import.meta.dirname, '../../packages/web/dist/voice-session.iife.js');
/** Enough silence for the greeting to finish before the user speaks. */
const LEAD_SILENCE_S = 10;
const SENTENCE = 'hello what is the weather like today';

interface Entry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
}

describe('voice session end to end in Chromium', { timeout: 120_000 }, () => {
  let workDir: string;
  let emulator: RunningEmulator;
  let site: SiteServer;
  let browser: LaunchedChromium;
  let apiKey: string;
  const traffic: BrowserTraffic[] = [];
  const openPages: Page[] = [];

  const openPage = async (): Promise<Page> => {
    const page = await browser.context.newPage();
    openPages.push(page);
    traffic.push(recordTraffic(page));
    await page.addInitScript(TRACK_RECORDER_INIT);
    await page.addInitScript(AUDIO_PROBE_INIT);
    await page.goto(`${site.url}/`);
    await page.waitForFunction(() => 'startVoice' in window);
    return page;
  };
  const transcripts = (page: Page): Promise<Entry[]> => page.evaluate(() => (window as any).transcripts());
  const voiceLog = (page: Page) => page.evaluate(() => (window as any).voiceLog);

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vs-e2e-'));
    const microphoneWav = await synthesiseMicrophoneWav(workDir, { sentence: SENTENCE, leadSeconds: LEAD_SILENCE_S });
    emulator = await startEmulator({ port: 0, log: () => undefined });
    apiKey = emulator.apiKeys.primary;
    const fixtures = emulator.emulator.state.fixtures('primary') as { assistants: Array<{ uuid: string }> };
    const assistantId = fixtures.assistants[0]?.uuid;
    if (!assistantId) throw new Error('the emulator seeded no assistant');
    site = await startSite({
      apiKey,
      baseUrl: emulator.baseUrl,
      assistantId,
      sdkBundlePath: SDK_BUNDLE,
      html: SDK_PAGE_HTML,
      pageScript: SDK_PAGE_SCRIPT,
    });
    // The WAV loops (silence, sentence, silence), so if recognition mishears one repetition (it can on a
    // loaded machine) the next one, about 15 s later, still gets the weather tool called.
    browser = await launchChromium({ microphoneWav });
  }, 120_000);

  afterEach(async () => {
    // A failed test must not leave its session live for the next one.
    for (const page of openPages.splice(0)) await page.close().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await emulator?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('holds a whole conversation: greeting, speech, a tool, typed text, then a server-side end', async () => {
    const page = await openPage();
    let sessionId = '';
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/voice/session') && response.ok()) sessionId = ((await response.json()) as { id: string }).id;
    });
    const started = await page.evaluate(() => (window as any).startVoice({ microphone: true }));
    expect(started).toEqual({ ok: true });
    expect((await voiceLog(page)).connection).toContain('connected');

    const greeting = await until(async () => (await transcripts(page)).find((e) => e.role === 'assistant' && e.final), 'a final greeting');
    expect(greeting.text).toMatch(/hello|hi/i);

    const user = await until(
      async () => (await transcripts(page)).find((e) => e.role === 'user' && e.final && /weather/i.test(e.text)),
      'the user transcript of the spoken sentence',
      60_000,
    );
    expect(user.text.toLowerCase()).toContain('today');

    const toolAnswer = await until(
      async () => (await transcripts(page)).find((e) => e.role === 'assistant' && e.final && /sunny/i.test(e.text)),
      'the tool answer spoken by the agent',
      30_000,
    );
    expect(toolAnswer.text).toMatch(/21/);
    expect((await voiceLog(page)).toolCalls).toHaveLength(1);

    const states: string[] = (await voiceLog(page)).agent;
    for (const state of ['listening', 'thinking', 'speaking']) expect(states).toContain(state);
    // Both the SDK's own output meter and the raw WebRTC stats of the received audio saw sound.
    expect((await voiceLog(page)).audibleOutput).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as any).probe.inboundEnergy())).toBeGreaterThan(0);

    const before = (await transcripts(page)).length;
    await page.evaluate(() => (window as any).session.sendText('what time is it'));
    const reply = await until(
      async () => (await transcripts(page)).slice(before).find((e) => e.role === 'assistant' && e.final && /\bit is\b/i.test(e.text)),
      'a reply to the typed text',
      30_000,
    );
    expect(reply.text).toMatch(/\d/);

    expect(sessionId).not.toBe('');
    const end = await fetch(`${emulator.controlUrl}/realtime/${encodeURIComponent(sessionId)}/end`, { method: 'POST' });
    expect(end.ok).toBe(true);
    await until(async () => (await voiceLog(page)).ended.includes('server'), 'ended(server)');
    expect((await voiceLog(page)).errors).toEqual([]);
  });

  it('ends every local track on stop()', async () => {
    const page = await openPage();
    expect(await page.evaluate(() => (window as any).startVoice({ microphone: true }))).toEqual({ ok: true });
    await page.evaluate(() => (window as any).session.stop());
    expect(await page.evaluate(() => (window as any).localTracksEnded())).toBe(true);
    expect((await voiceLog(page)).ended).toEqual(['user']);
    await until(() => emulator.media?.roomCount() === 0, 'the room to be released');
  });

  it('reports TOKEN_EXPIRED when the media server finds the token expired', async () => {
    const page = await openPage();
    // A token minted now, presented after the emulator's clock passed its 900 s lifetime: the
    // browser's own clock still finds it valid, so only the media server can refuse it.
    const minted = await page.evaluate(async () => {
      const response = await fetch('/api/voice/session', { method: 'POST' });
      return (await response.json()) as { url: string; token: string };
    });
    emulator.clock.advance(901);
    const validations: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/rtc/v1/validate')) validations.push(response.status());
    });
    const result = await page.evaluate((credentials) => (window as any).startVoice({ credentials, microphone: false }), {
      url: minted.url,
      token: minted.token,
    });
    expect(result).toMatchObject({ ok: false, code: 'TOKEN_EXPIRED' });
    expect(validations).toEqual([401]);
  });

  it('never shows the API key to the browser', async () => {
    await Promise.all(traffic.map((t) => t.settle()));
    const seen = traffic.flatMap((t) => t.items);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((item) => item.includes(apiKey))).toEqual([]);
  });
});
