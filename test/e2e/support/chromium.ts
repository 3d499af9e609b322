/**
 * Headless Debian Chromium for the end-to-end tests: the flags DEVELOPERS.md lists, a fresh
 * profile per launch, and a fake microphone (Chromium's beep, or a WAV file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
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
  // Remote audio must play without a user gesture so the page can measure it.
  '--autoplay-policy=no-user-gesture-required',
];

export interface LaunchedChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Options of {@link launchChromium}. */
export interface LaunchOptions {
  /** A WAV file played as the microphone instead of Chromium's fake beep. */
  microphoneWav?: string;
  /** Play the WAV once, then silence (default: it loops). */
  playOnce?: boolean;
  viewport?: { width: number; height: number };
}

/** Launch Chromium with a throwaway profile; `microphoneWav` replaces the fake beep. */
export async function launchChromium(options: LaunchOptions = {}): Promise<LaunchedChromium> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'vs-chromium-'));
  const args = [...FLAGS];
  if (options.microphoneWav) {
    // `%noloop`: the file is said once, then the fake microphone stays silent.
    args.push(`--use-file-for-fake-audio-capture=${options.microphoneWav}${options.playOnce ? '%noloop' : ''}`);
  }
  const context = await chromium
    .launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args,
      // Playwright mutes audio by default; pages must play the assistant to measure it.
      ignoreDefaultArgs: ['--mute-audio'],
      ...(options.viewport ? { viewport: options.viewport, deviceScaleFactor: 1 } : {}),
    })
    .catch(async (error: unknown) => {
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
