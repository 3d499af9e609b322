/**
 * Headless Chromium for the example pages' tests: the shared launcher with a WAV microphone said once and
 * a fixed viewport for the screenshots.
 */
import { launchChromium, type LaunchedChromium } from './chromium.js';

/** A running browser and how to dispose of it. */
export type QuickstartBrowser = LaunchedChromium;

/** Launches Chromium whose microphone plays `microphoneWav` once (then silence). */
export function launchQuickstartBrowser(microphoneWav: string): Promise<QuickstartBrowser> {
  return launchChromium({ microphoneWav, playOnce: true, viewport: { width: 900, height: 760 } });
}
