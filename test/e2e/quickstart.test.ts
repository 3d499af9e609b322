/**
 * The quickstart's proof: `npm start`'s stack (emulator with media and demo agent, token server, page)
 * on free ports, opened in headless Chromium with a synthesised sentence as the microphone. Pressing
 * Talk must bring the greeting and the user's words on screen as chat bubbles; the screenshot goes to
 * test-results/quickstart.png.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuickstart, type RunningQuickstart } from '../../examples/quickstart/server/quickstart.js';
import { launchQuickstartBrowser, type QuickstartBrowser } from './support/quickstart-browser.js';
import { waitOrExplain } from './support/quickstart-diagnostics.js';
import { writeQuickstartMicrophone } from './support/quickstart-microphone.js';

const SENTENCE = 'hello what is the weather like today';
// Long enough for the greeting (about 6 s of speech) to finish first. With 4 s the sentence barges in on
// the greeting and pocketsphinx, hearing its start clipped, returned "the world what is it like today".
const LEAD_SILENCE_S = 9;
const SCREENSHOT = resolve(import.meta.dirname, '../../test-results/quickstart.png');

describe('the quickstart page in Chromium', { timeout: 120_000 }, () => {
  let workDir: string;
  let stack: RunningQuickstart;
  let browser: QuickstartBrowser;
  let page: Page;
  const pageErrors: string[] = [];
  const pageBytes: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vs-quickstart-e2e-'));
    const microphone = await writeQuickstartMicrophone(workDir, { sentence: SENTENCE, leadSeconds: LEAD_SILENCE_S, tailSeconds: 4 });
    stack = await startQuickstart({ backend: { kind: 'emulator', port: 0 }, port: 0, logLevel: 'silent' });
    browser = await launchQuickstartBrowser(microphone);
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      // Keep every text body the page received, to prove the API key never reached it.
      const type = response.headers()['content-type'] ?? '';
      if (/json|javascript|html|css|text/.test(type)) void response.text().then((body) => pageBytes.push(body), () => undefined);
    });
    await page.goto(stack.url);
  }, 120_000);

  const waitFor = (locator: Locator, what: string, timeout: number) =>
    waitOrExplain({ page, bubbles: '.bubble', screenshot: SCREENSHOT.replace(/\.png$/, '-failure.png'), eventsGlobal: 'seen' }, locator, what, timeout);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('greets, shows the user transcript live, and ends cleanly after pressing Talk', async () => {
    const talk = page.getByRole('button', { name: 'Start talking to the assistant' });
    await expect.poll(() => talk.isEnabled()).toBe(true);
    // Record what the page's session reports, through the handle the page exposes for this purpose.
    await page.evaluate(() => {
      type Session = { on(event: string, fn: (value: unknown) => void): void };
      const w = window as unknown as { voiceSession: Session; seen: Record<string, unknown[]>; loudestInput: number };
      w.seen = { agent_state: [], connection_state: [], error: [], transcript: [] };
      w.loudestInput = 0;
      for (const event of Object.keys(w.seen)) {
        w.voiceSession.on(event, (value) => w.seen[event]!.push(value instanceof Error ? (value as { code?: string }).code : value));
      }
      w.voiceSession.on('input_level', (level) => (w.loudestInput = Math.max(w.loudestInput, level as number)));
    });
    await talk.click();

    // The greeting: a final assistant bubble.
    const greeting = page.locator('.bubble.assistant[data-final="true"]').first();
    await waitFor(greeting, 'greeting', 40_000);
    expect(await greeting.locator('.text').textContent()).toMatch(/\w+/);
    await expect.poll(() => page.locator('#agent-state').getAttribute('data-state')).toMatch(/listening|speaking|thinking/);

    // The user's sentence, transcribed by the demo agent and shown as the user's bubble.
    const user = page.locator('.bubble.user', { hasText: /weather/i });
    await waitFor(user, 'user bubble with the sentence', 60_000);
    const userText = (await user.first().locator('.text').textContent()) ?? '';
    expect(userText.toLowerCase()).toContain('weather');
    expect(userText.toLowerCase()).toMatch(/hello|today/);

    // The answer after the user's turn (the weather intent calls the page's get_weather tool).
    const replies = page.locator('.bubble.user ~ .bubble.assistant[data-final="true"]');
    await waitFor(replies, 'assistant reply after the user', 40_000);

    const { seen, loudestInput } = await page.evaluate(() => {
      const w = window as unknown as { seen: Record<string, unknown[]>; loudestInput: number };
      return { seen: w.seen, loudestInput: w.loudestInput };
    });
    expect(seen.connection_state).toContain('connected');
    expect(seen.agent_state).toEqual(expect.arrayContaining(['listening', 'speaking']));
    expect(seen.error).toEqual([]);
    expect(loudestInput).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'End the conversation' }).isVisible()).toBe(true);

    await mkdir(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByRole('button', { name: 'End the conversation' }).click();
    await page.getByRole('button', { name: 'Start talking to the assistant' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#agent-state .state-text').textContent()).toBe('Ready');
    expect(pageErrors).toEqual([]);
    const apiKey = stack.emulator!.apiKeys.primary;
    expect(pageBytes.length).toBeGreaterThan(0);
    expect(pageBytes.some((body) => body.includes(apiKey))).toBe(false);
  });
});
