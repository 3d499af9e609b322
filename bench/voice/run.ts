/**
 * Voice benchmark: time from start to the agent `listening` and to its first audio, the web SDK
 * against raw livekit-client on the same emulator, and turn latency from the end of the user's
 * spoken sentence to the agent's first reply audio. Prints the figures; README.md records them.
 *
 * Then the memory of the emulator process over many sessions (see memory.ts).
 *
 *   node --conditions=source --import tsx bench/voice/run.ts [runs per client, default 5] [memory sessions, default 200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '@voice-session/emulator';
import { launchChromium } from '../../test/e2e/support/chromium.js';
import { livekitClientBundle } from '../../test/e2e/support/livekit-bundle.js';
import { startSite } from '../../test/e2e/support/site-server.js';
import { synthesiseMicrophoneWav } from '../../test/e2e/support/speech-wav.js';
import { until } from '../../test/e2e/support/wait.js';
import { analyseRun, median } from './analyse.js';
import type { RunFigures, Sample } from './analyse.js';
import { measureMemory } from './memory.js';
import type { MemoryFigures } from './memory.js';
import { AUDIO_PROBE_INIT } from '../../test/e2e/support/audio-probe.js';
import { RAW_BENCH_HTML, RAW_BENCH_SCRIPT, SDK_BENCH_HTML, SDK_BENCH_SCRIPT } from './pages.js';

const RUNS = Number(process.argv[2] ?? 5);
const MEMORY_SESSIONS = Number(process.argv[3] ?? 200);
const SENTENCE = 'hello what is the time';
/** The greeting (about 6 s) must end before the sentence starts, or the agent is interrupted. */
const LEAD_SILENCE_S = 11;

const workDir = await mkdtemp(join(tmpdir(), 'vs-bench-voice-'));
const wav = await synthesiseMicrophoneWav(workDir, { sentence: SENTENCE, leadSeconds: LEAD_SILENCE_S, tailSeconds: 6 });
const emulator = await startEmulator({ port: 0, log: () => undefined });
const fixtures = emulator.emulator.state.fixtures('primary') as { assistants: Array<{ uuid: string }> };
const site = await startSite({
  apiKey: emulator.apiKeys.primary,
  baseUrl: emulator.baseUrl,
  assistantId: fixtures.assistants[0]?.uuid ?? '',
  sdkBundlePath: resolve(import.meta.dirname, '../../packages/web/dist/voice-session.iife.js'),
  html: SDK_BENCH_HTML,
  pageScript: SDK_BENCH_SCRIPT,
  extraRoutes: {
    '/raw': ['text/html', RAW_BENCH_HTML],
    '/raw.js': ['text/javascript', RAW_BENCH_SCRIPT],
    '/livekit-client.js': ['text/javascript', await livekitClientBundle()],
  },
  now: () => emulator.clock.now(),
});
const livekitBundle = await livekitClientBundle();
const browser = await launchChromium({ microphoneWav: `${wav}%noloop` });

async function measure(client: 'sdk' | 'raw'): Promise<RunFigures> {
  // Session creation is limited to 10 a minute and the token server holds at most 10 unexpired
  // tokens (900 s each): move the emulator's clock, which the token server also reads, 3 minutes on
  // between runs, so neither limit is what the benchmark measures.
  emulator.clock.advance(181);
  const page = await browser.context.newPage();
  await page.addInitScript(AUDIO_PROBE_INIT);
  await page.goto(`${site.url}${client === 'sdk' ? '/' : '/raw'}`);
  await page.waitForFunction(() => 'runVoice' in window);
  await page.evaluate(() => (window as any).runVoice());
  // Greeting, the sentence after the lead silence, and the reply: wait for reply audio to be sampled.
  const deadline = LEAD_SILENCE_S * 1000 + 20_000;
  const figures = await until(
    async () => {
      const { samples, marks } = await page.evaluate(() => ({ samples: (window as any).probe.samples, marks: (window as any).probe.marks }));
      const result = analyseRun(samples as Sample[], marks as Record<string, number>);
      return result.turnLatencyMs !== undefined ? result : undefined;
    },
    `${client} run to hear a reply`,
    deadline,
  ).catch(async () => {
    const { samples, marks } = await page.evaluate(() => ({ samples: (window as any).probe.samples, marks: (window as any).probe.marks }));
    return analyseRun(samples as Sample[], marks as Record<string, number>);
  });
  await page.evaluate(() => (window as any).stopVoice());
  await page.close();
  await until(() => emulator.media?.roomCount() === 0, 'the room to close', 10_000).catch(() => undefined);
  return figures;
}

const results: Record<'sdk' | 'raw', RunFigures[]> = { sdk: [], raw: [] };
let memory: MemoryFigures | undefined;
try {
  // One unrecorded run per client: the first pocketsphinx call, JIT and page caches warm up here.
  for (const client of ['sdk', 'raw'] as const) await measure(client);
  // Alternate the clients so machine load drifts affect both alike.
  for (let i = 0; i < RUNS; i++) {
    for (const client of ['sdk', 'raw'] as const) {
      const figures = await measure(client);
      results[client].push(figures);
      const show = (v: number | undefined) => (v === undefined ? '—' : `${Math.round(v)} ms`);
      console.log(
        `run ${i + 1} ${client}: listening ${show(figures.toListeningMs)}, first audio ${show(figures.toFirstAudioMs)}, turn ${show(figures.turnLatencyMs)}`,
      );
    }
  }
  if (MEMORY_SESSIONS > 0) {
    memory = await measureMemory(emulator, browser, livekitBundle, fixtures.assistants[0]?.uuid ?? '', MEMORY_SESSIONS);
  }
} finally {
  await browser.close();
  await site.close();
  await emulator.close();
  await rm(workDir, { recursive: true, force: true });
}

const row = (label: string, pick: (f: RunFigures) => number | undefined) => {
  const sdk = median(results.sdk.map(pick));
  const raw = median(results.raw.map(pick));
  const ratio = sdk !== undefined && raw !== undefined && raw > 0 ? (sdk / raw).toFixed(3) : '—';
  console.log(`${label.padEnd(30)} sdk ${fmt(sdk)}  raw livekit-client ${fmt(raw)}  ratio ${ratio}`);
};
const fmt = (v: number | undefined) => (v === undefined ? '—'.padStart(8) : `${Math.round(v)} ms`.padStart(8));

console.log(`\nmedians over ${RUNS} runs per client`);
row('start → agent listening', (f) => f.toListeningMs);
row('start → first agent audio', (f) => f.toFirstAudioMs);
row('end of speech → reply audio', (f) => f.turnLatencyMs);
const allTurns = [...results.sdk, ...results.raw].map((f) => f.turnLatencyMs);
console.log(`turn latency median (all runs): ${fmt(median(allTurns))} (target ≤ 800 ms)`);
if (memory) {
  const { warm, end, sessions } = memory;
  console.log(
    `memory after ${sessions} sessions (GC'd): heap ${warm.heapMb.toFixed(1)} → ${end.heapMb.toFixed(1)} MB (ratio ${(end.heapMb / warm.heapMb).toFixed(3)}), ` +
      `rss ${warm.rssMb.toFixed(0)} → ${end.rssMb.toFixed(0)} MB (ratio ${(end.rssMb / warm.rssMb).toFixed(3)})`,
  );
}
