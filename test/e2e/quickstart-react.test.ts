/**
 * The React example (examples/react) in Chromium: its `<VoiceAssistant>` served with the token server
 * and the emulator, pressed with a synthesised sentence as the microphone. The greeting, the user's
 * words and the answer of the page's `get_weather` tool must appear as bubbles; the screenshot goes to
 * test-results/quickstart-react.png.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReactExample, type RunningReactExample } from '../../examples/react/server/react-example.js';
import { launchQuickstartBrowser, type QuickstartBrowser } from './support/quickstart-browser.js';
import { waitOrExplain } from './support/quickstart-diagnostics.js';
import { writeQuickstartMicrophone } from './support/quickstart-microphone.js';

const SCREENSHOT = resolve(import.meta.dirname, '../../test-results/quickstart-react.png');

describe('the React example in Chromium', { timeout: 120_000 }, () => {
  let workDir: string;
  let app: RunningReactExample;
  let browser: QuickstartBrowser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vs-react-e2e-'));
    // 9 s of silence first, so the greeting finishes before the user speaks (see quickstart.test.ts).
    const microphone = await writeQuickstartMicrophone(workDir, { sentence: 'hello what is the weather like today', leadSeconds: 9, tailSeconds: 4 });
    app = await startReactExample({ port: 0 });
    browser = await launchQuickstartBrowser(microphone);
    page = await browser.context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    // React reports misuse (keys, act, hooks) as console errors.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(app.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const waitFor = (locator: Locator, what: string, timeout: number) =>
    waitOrExplain({ page, bubbles: '.va-bubble', screenshot: SCREENSHOT.replace(/\.png$/, '-failure.png') }, locator, what, timeout);

  it('greets, transcribes the user and answers through the page tool', async () => {
    await page.getByRole('button', { name: 'Start talking to the assistant' }).click();
    await waitFor(page.locator('.va-bubble.assistant[data-final="true"]'), 'greeting', 40_000);
    await waitFor(page.locator('.va-bubble.user', { hasText: /weather/i }), 'user bubble with the sentence', 60_000);
    // The demo agent calls the page's get_weather tool and speaks its summary.
    await waitFor(page.locator('.va-bubble.assistant', { hasText: /sunny and 22 degrees/ }), 'answer from the get_weather tool', 40_000);
    expect(await page.getByRole('status').textContent()).toMatch(/Listening|Speaking|Thinking/);

    await mkdir(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByRole('button', { name: 'End the conversation' }).click();
    await page.getByRole('button', { name: 'Start talking to the assistant' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('status').textContent()).toBe('Ready');
    expect(problems).toEqual([]);
  });
});
