/**
 * Memory over many sessions: Chromium joins and leaves the emulator's media endpoint `count`
 * times (real WebRTC, the demo agent greeting each time) and the emulator process's heap and
 * RSS after a forced GC are compared between the warmed-up start and the end.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunningEmulator } from '@voice-session/emulator';
import type { LaunchedChromium } from '../../test/e2e/support/chromium.js';
import { LIVEKIT_PAGE_HTML, LIVEKIT_PAGE_SCRIPT } from '../../test/e2e/support/livekit-page.js';
import { startPageServer } from '../../test/e2e/support/page-server.js';
import { until } from '../../test/e2e/support/wait.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface MemoryFigures {
  sessions: number;
  warm: { heapMb: number; rssMb: number };
  end: { heapMb: number; rssMb: number };
}

function sample(): { heapMb: number; rssMb: number } {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
}

/** Run `count` join/leave cycles; the first `warmup` ones are not part of the comparison. */
export async function measureMemory(
  emulator: RunningEmulator,
  browser: LaunchedChromium,
  livekitBundle: string,
  assistantId: string,
  count = 200,
  warmup = 20,
): Promise<MemoryFigures> {
  const pages = await startPageServer({
    '/': ['text/html', LIVEKIT_PAGE_HTML],
    '/livekit-client.js': ['text/javascript', livekitBundle],
    '/harness.js': ['text/javascript', LIVEKIT_PAGE_SCRIPT],
  });
  const page = await browser.context.newPage();
  let warm = sample();
  try {
    for (let i = 0; i < count; i++) {
      // Ten creations a minute per user: step the emulator's clock past the window.
      if (i % 10 === 0) emulator.clock.advance(61);
      const response = await fetch(`${emulator.baseUrl}/user/realtime/session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emulator.apiKeys.primary}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assistant_id: assistantId }),
      });
      if (!response.ok) throw new Error(`session creation answered ${response.status}`);
      const { url, token } = (await response.json()) as { url: string; token: string };
      await page.goto(`${pages.url}/`);
      const joined = await page.evaluate(([u, t]) => (window as any).lk.connect(u, t), [url, token] as const);
      if (joined.error) throw new Error(`join ${i} failed: ${joined.error.message}`);
      // Half leave with disconnect(), half by navigating away (livekit-client's pagehide leave).
      if (i % 2 === 0) await page.evaluate(() => (window as any).lk.disconnect());
      else await page.goto('about:blank');
      await until(() => emulator.media?.roomCount() === 0, `room ${i} to close`, 20_000);
      if (i + 1 === warmup) warm = sample();
    }
  } finally {
    await page.close();
    await pages.close();
  }
  return { sessions: count, warm, end: sample() };
}
