/**
 * The widget's proof: the plain HTML page of examples/widget (one `<script>` tag, one
 * `<voice-session-widget endpoint="/session">`) with its token server and the emulator on free ports, in
 * headless Chromium with a synthesised sentence as the microphone. Pressing the floating talk button must
 * bring the greeting and the user's words into the widget's bubble and fire its DOM events; the screenshot
 * goes to test-results/widget.png.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWidgetSite, type RunningWidgetSite } from '../../examples/widget/server/widget-site.js';
import { launchQuickstartBrowser, type QuickstartBrowser } from './support/quickstart-browser.js';
import { waitOrExplain } from './support/quickstart-diagnostics.js';
import { writeQuickstartMicrophone } from './support/quickstart-microphone.js';
import { WIDGET_RECORD_GLOBAL, readWidgetRecord, recordWidget } from './support/widget-recorder.js';

// The time question: the widget registers no tools, so the demo agent answers it from its clock.
const SENTENCE = 'hello what time is it';
// The greeting takes about 6 s to say; the sentence must come after it or it barges in and is clipped.
const LEAD_SILENCE_S = 9;
const SCREENSHOT = resolve(import.meta.dirname, '../../test-results/widget.png');

describe('<voice-session-widget> on a plain HTML page in Chromium', { timeout: 120_000 }, () => {
  let workDir: string;
  let site: RunningWidgetSite;
  let browser: QuickstartBrowser;
  let page: Page;
  const pageErrors: string[] = [];
  const pageBytes: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vs-widget-e2e-'));
    const microphone = await writeQuickstartMicrophone(workDir, { sentence: SENTENCE, leadSeconds: LEAD_SILENCE_S, tailSeconds: 4 });
    // Builds the web package's single <script> file first if dist/ has none yet.
    site = await startWidgetSite({ port: 0, emulatorPort: 0, logLevel: 'silent' });
    browser = await launchQuickstartBrowser(microphone);
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    page.on('response', (response) => {
      // Keep every text body the page received, to prove the API key never reached it.
      const type = response.headers()['content-type'] ?? '';
      if (/json|javascript|html|css|text/.test(type)) void response.text().then((body) => pageBytes.push(body), () => undefined);
    });
    await page.goto(site.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const widget = () => page.locator('voice-session-widget');
  const waitFor = (locator: Locator, what: string, timeout: number) =>
    waitOrExplain(
      { page, bubbles: 'voice-session-widget .bubble p', screenshot: SCREENSHOT.replace(/\.png$/, '-failure.png'), eventsGlobal: WIDGET_RECORD_GLOBAL },
      locator,
      what,
      timeout,
    );

  it('greets, shows both sides in its bubble, fires its DOM events and ends after a click on its talk button', async () => {
    // Loading the page mints nothing: the token is requested only by the click.
    const talk = widget().getByRole('button', { name: 'Talk to the assistant' });
    await talk.waitFor();
    expect(await talk.textContent()).toBe('Talk');
    expect(requested).not.toContain('/session');
    await recordWidget(page);
    await talk.click();

    // The greeting: a final assistant line in the bubble (Playwright's CSS locators pierce the open shadow root).
    const greeting = widget().locator('.bubble p.assistant[data-final="true"]').first();
    await waitFor(greeting, 'greeting in the bubble', 40_000);
    const greetingText = (await greeting.textContent()) ?? '';
    expect(greetingText).toMatch(/\w+/);

    // The user's sentence, transcribed by the demo agent and shown as the user's line.
    const user = widget().locator('.bubble p.user', { hasText: /time/i });
    await waitFor(user, 'user line with the sentence', 60_000);
    const userText = ((await user.first().textContent()) ?? '').toLowerCase();
    expect(userText).toContain('time');
    expect(userText).toMatch(/hello|what/);

    // The reply to it (the time, from the emulator's clock) after the user's line. The screenshot shows the exchange.
    const reply = widget().locator('.bubble p.user ~ p.assistant[data-final="true"]', { hasText: /\d:\d\d/ });
    await waitFor(reply, 'the time told after the user line', 40_000);
    await expect.poll(() => widget().locator('button.talk').getAttribute('data-agent')).toMatch(/listening|speaking|thinking/);
    await mkdir(resolve(SCREENSHOT, '..'), { recursive: true });
    // Finite animations (a line fading in) are finished, endless ones (the state bars) rest, so the picture is steady.
    await page.screenshot({ path: SCREENSHOT, animations: 'disabled' });

    // The DOM events a page can listen to without scripting the session.
    const record = await readWidgetRecord(page);
    expect(record['connection-state']).toEqual(expect.arrayContaining(['connecting', 'connected']));
    expect(record['agent-state']).toEqual(expect.arrayContaining(['listening', 'speaking']));
    const finals = record.transcript.filter((entry) => entry.final);
    expect(finals.find((entry) => entry.role === 'assistant')?.text).toBe(greetingText);
    expect(finals.some((entry) => entry.role === 'user' && /time/i.test(entry.text))).toBe(true);
    // Every line the bubble showed came from a transcript event (the bubble is the events, rendered).
    expect(record.bubbleLines).toContain(`assistant: ${greetingText}`);
    expect(requested.filter((path) => path === '/session')).toHaveLength(1);

    // Mute works on the real microphone track during the call.
    const mute = widget().getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect.poll(() => widget().locator('button.mute').getAttribute('aria-pressed')).toBe('true');
    expect(await widget().locator('button.mute').textContent()).toBe('Unmute');

    // Ending the call: the same button, now labelled for it, returns to Talk; the conversation stays readable.
    await widget().getByRole('button', { name: 'End the conversation' }).click();
    await widget().getByRole('button', { name: 'Talk to the assistant' }).waitFor({ timeout: 10_000 });
    expect(await widget().locator('button.talk').getAttribute('data-state')).toBe('disconnected');
    expect(await widget().locator('button.mute').isHidden()).toBe(true);
    expect((await readWidgetRecord(page))['connection-state'].at(-1)).toBe('disconnected');
    expect(pageErrors).toEqual([]);
    const apiKey = site.emulator!.apiKeys.primary;
    expect(pageBytes.length).toBeGreaterThan(0);
    expect(pageBytes.some((body) => body.includes(apiKey))).toBe(false);
  });
});
