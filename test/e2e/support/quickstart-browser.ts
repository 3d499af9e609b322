/**
 * Headless Debian Chromium for the quickstart test: the flags the quickstart proof names (fake
 * media devices, loopback WebRTC, a WAV file as the microphone) and a throwaway profile.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** A running browser and how to dispose of it. */
export interface QuickstartBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium whose microphone plays `microphoneWav` once (then silence). */
export async function launchQuickstartBrowser(microphoneWav: string): Promise<QuickstartBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'vs-quickstart-chromium-'));
  // The fresh profile goes in as `userDataDir` (Playwright passes it as --user-data-dir itself).
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 900, height: 760 },
    deviceScaleFactor: 1,
    // Playwright mutes audio by default; the page must play the assistant for its level meter.
    ignoreDefaultArgs: ['--mute-audio'],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      // `%noloop`: the sentence is said once, then the fake microphone stays silent.
      `--use-file-for-fake-audio-capture=${microphoneWav}%noloop`,
    ],
  }).catch(async (error: unknown) => {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
