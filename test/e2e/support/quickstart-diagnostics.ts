/**
 * Waiting on what a page shows, and when it does not show up, failing with what it showed instead
 * (its chat bubbles, the events the test recorded) plus a screenshot, so a red run explains itself.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Where and how to describe a page on failure. */
export interface PageDiagnostics {
  page: Page;
  /** CSS selector of the transcript bubbles. */
  bubbles: string;
  /** Where the failure screenshot goes. */
  screenshot: string;
  /** A global the test filled with recorded events, if any. */
  eventsGlobal?: string;
}

/** Resolves once `locator` matches a visible element; otherwise throws a self-explaining error. */
export async function waitOrExplain(diagnostics: PageDiagnostics, locator: Locator, what: string, timeout: number): Promise<void> {
  try {
    await locator.first().waitFor({ timeout });
  } catch {
    const { page } = diagnostics;
    const bubbles = await page.locator(diagnostics.bubbles).evaluateAll((items) => items.map((i) => `${i.className}: ${i.textContent ?? ''}`));
    const events = diagnostics.eventsGlobal
      ? await page.evaluate((name) => JSON.stringify((window as unknown as Record<string, unknown>)[name] ?? null), diagnostics.eventsGlobal)
      : 'null';
    await mkdir(dirname(diagnostics.screenshot), { recursive: true });
    await page.screenshot({ path: diagnostics.screenshot, fullPage: true }).catch(() => undefined);
    throw new Error(`no ${what} within ${timeout} ms; bubbles: ${JSON.stringify(bubbles)}; events: ${events.slice(0, 1500)}; screenshot: ${diagnostics.screenshot}`);
  }
}
