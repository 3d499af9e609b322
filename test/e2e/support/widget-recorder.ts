/**
 * Records, inside the page, what `<voice-session-widget>` tells the page: its DOM events (`transcript`,
 * `agent-state`, `connection-state`) and every text its bubble showed, so the test can assert on what a
 * visitor saw even after later lines replaced it.
 */
import type { Page } from 'playwright-core';

/** One transcript entry as the `transcript` event's `detail` carries it. */
export interface RecordedTranscript {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
}

/** What the page recorded, read back with {@link readWidgetRecord}. */
export interface WidgetRecord {
  transcript: RecordedTranscript[];
  'agent-state': string[];
  'connection-state': string[];
  /** Every distinct text of the bubble's lines, in the order they appeared. */
  bubbleLines: string[];
}

/** The global the recorder fills (also named in failure diagnostics). */
export const WIDGET_RECORD_GLOBAL = 'widgetRecord';

/** Starts recording on the page's first `<voice-session-widget>`; call before pressing its talk button. */
export async function recordWidget(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const widget = document.querySelector('voice-session-widget');
    const bubble = widget?.shadowRoot?.querySelector('.bubble');
    if (!widget || !bubble) throw new Error('no <voice-session-widget> with a shadow bubble on the page');
    const record = { transcript: [] as unknown[], 'agent-state': [] as unknown[], 'connection-state': [] as unknown[], bubbleLines: [] as string[] };
    (window as unknown as Record<string, unknown>)[name] = record;
    for (const type of ['transcript', 'agent-state', 'connection-state'] as const) {
      widget.addEventListener(type, (event) => record[type].push((event as CustomEvent).detail));
    }
    new MutationObserver(() => {
      for (const line of bubble.querySelectorAll('p')) {
        const text = `${line.className}: ${line.textContent ?? ''}`;
        if (!record.bubbleLines.includes(text)) record.bubbleLines.push(text);
      }
    }).observe(bubble, { childList: true, subtree: true, characterData: true });
  }, WIDGET_RECORD_GLOBAL);
}

/** Reads back what {@link recordWidget} recorded. */
export async function readWidgetRecord(page: Page): Promise<WidgetRecord> {
  return page.evaluate((name) => (window as unknown as Record<string, WidgetRecord>)[name]!, WIDGET_RECORD_GLOBAL);
}
