/**
 * Memory of the demo voice agent alone, without WebRTC or a browser: `count` agents are created
 * one after another on the fake media side, each greets, hears one short synthesised sentence,
 * answers it and is closed, as a room's agent is. Every `every` agents the process's memory is
 * printed after a forced GC, so a leak (steady growth) can be told from allocator behaviour
 * (growth that levels off).
 *
 *   node --expose-gc --conditions=source --import tsx bench/voice/agent-memory.ts [mode = full] [count = 200] [every = 20]
 *
 * Modes bisect the speech stack:
 * - `full`: the agent as media builds it (shared recogniser and Flite worker, fvad, resamplers);
 * - `full-held`: the same with the Flite worker and recogniser held for the whole run (never restarted);
 * - `no-asr`: pocketsphinx reported missing (no recogniser process);
 * - `no-tts`: Flite replaced by a pure-JS tone of the same length (no worker, no WebAssembly);
 * - `vad`, `tts`, `asr`: only that engine, leased and released once per "session" as an agent does;
 * - `tts-instance`: Flite run in-process (new WebAssembly instance per sentence), no worker.
 *
 * `AGENT_MEMORY_PAUSE=1` keeps the process a minute at the end so its /proc/<pid>/smaps can be read
 * (or glibc trimmed with `gdb -p <pid> -batch -ex 'call (int)malloc_trim(0)'` to tell freed-but-kept
 * allocator memory from live memory). Recorded figures: packages/emulator/src/agent/README.md.
 *
 * The agent's sources are imported by path: they are internal to `@voice-session/emulator`.
 */
import { cpus } from 'node:os';
import { createAgent, RecogniserPool, sharedRecognisers, sharedSynthesizer, shutdownSpeechEngines } from '../../packages/emulator/src/agent/index.js';
import type { SynthesizerWorker } from '../../packages/emulator/src/agent/index.js';
import { FakeAgentIO } from '../../packages/emulator/src/agent/testing/fake-agent-io.js';
import { feedAll, userSpeech } from '../../packages/emulator/src/agent/testing/user-speech.js';
import { synthesize } from '../../packages/emulator/src/agent/tts.js';
import { Vad } from '../../packages/emulator/src/agent/vad.js';
import type { VoiceAgent } from '../../packages/emulator/src/agent/voice-agent.js';

const MODES = ['full', 'full-held', 'no-asr', 'no-tts', 'vad', 'tts', 'asr', 'tts-instance'] as const;
type Mode = (typeof MODES)[number];

const mode = (process.argv[2] ?? 'full') as Mode;
const count = Number(process.argv[3] ?? 200);
const every = Number(process.argv[4] ?? 20);
if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(', ')}`);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run node with --expose-gc');

const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

interface MemorySample {
  agents: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

async function sample(agents: number): Promise<MemorySample> {
  // Two collections with a turn in between: finalisers (worker teardown, WeakRefs) run between them.
  gc!();
  await new Promise((resolve) => setImmediate(resolve));
  gc!();
  const usage = process.memoryUsage();
  const row = { agents, rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers) };
  console.log(JSON.stringify(row));
  return row;
}

/** A Flite stand-in: one second of a 16 kHz tone per sentence, computed in JavaScript. */
function toneSynthesizer(): SynthesizerWorker {
  const lease = {
    synthesize: async () => {
      const samples = new Int16Array(16_000);
      for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000));
      return { samples, sampleRate: 16_000 };
    },
    release: async () => {},
  };
  return { acquire: () => lease } as unknown as SynthesizerWorker;
}

const sentence = await userSpeech('what is the time', { leadMs: 200, tailMs: 800 });
const missingAsr = new RecogniserPool();

/** One room's agent: greet, hear the sentence, answer it, close. */
async function agentSession(): Promise<void> {
  const io = new FakeAgentIO({ variables: { name: 'Ada' } }, { speed: 50 });
  const agent = createAgent(io, {
    log: () => {},
    ...(mode === 'no-asr' ? { recognisers: missingAsr, pocketsphinx: { binary: '/nonexistent/pocketsphinx_batch' } } : {}),
    ...(mode === 'no-tts' ? { synthesizer: toneSynthesizer() } : {}),
  }) as VoiceAgent;
  agent.start();
  await io.waitFor(() => io.closedSegments().length >= 1 && io.states.at(-1) === 'listening', 'the greeting');
  feedAll(agent, sentence);
  await io.waitFor(() => io.closedSegments().length >= 2 && io.states.at(-1) === 'listening', 'the answer');
  agent.close();
  await agent.whenClosed();
}

async function vadSession(): Promise<void> {
  const vad = await Vad.create({ sampleRate: 16_000, mode: 3 });
  for (let i = 0; i + 160 <= sentence.length / 3; i += 160) vad.isSpeech(sentence.subarray(i * 3, i * 3 + 160));
  vad.close();
}

async function ttsSession(): Promise<void> {
  const lease = sharedSynthesizer.acquire();
  await lease.synthesize('Hello Ada! How can I help you today?', 'kal16');
  await lease.synthesize('It is a quarter to four.', 'kal16');
  await lease.release();
}

async function asrSession(): Promise<void> {
  const lease = sharedRecognisers.acquire({ log: () => {} });
  const speech = new Int16Array(sentence.length / 3);
  for (let i = 0; i < speech.length; i++) speech[i] = sentence[i * 3]!;
  await lease.recogniser.recognise(speech);
  await lease.release();
}

async function ttsInstanceSession(): Promise<void> {
  await synthesize('Hello Ada! How can I help you today?', 'kal16');
  await synthesize('It is a quarter to four.', 'kal16');
}

const session = { full: agentSession, 'full-held': agentSession, 'no-asr': agentSession, 'no-tts': agentSession, vad: vadSession, tts: ttsSession, asr: asrSession, 'tts-instance': ttsInstanceSession }[mode];

console.log(
  JSON.stringify({ mode, count, every, node: process.version, cpus: cpus().length, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? null }),
);
// `full-held`: a lease taken before the first agent keeps both engines running between agents.
const held = mode === 'full-held' ? [sharedSynthesizer.acquire(), sharedRecognisers.acquire({ log: () => {} })] : [];
const started = performance.now();
const samples = [await sample(0)];
for (let i = 1; i <= count; i++) {
  await session();
  if (i % every === 0) samples.push(await sample(i));
}
await Promise.all(held.map((lease) => lease.release()));
await shutdownSpeechEngines();
await missingAsr.shutdown();
const end = await sample(count);
const first = samples[1] ?? samples[0]!;
const perHundred = ((end.rss - first.rss) / (count - first.agents)) * 100;
console.log(
  JSON.stringify({
    mode,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssGrowthPer100AgentsAfterWarmup: Math.round(perHundred * 10) / 10,
    rssFirstSample: first.rss,
    rssEnd: end.rss,
  }),
);
// AGENT_MEMORY_PAUSE=1 keeps the process for a minute so /proc/<pid>/smaps can be read from outside.
if (process.env.AGENT_MEMORY_PAUSE) {
  console.log(JSON.stringify({ pid: process.pid }));
  await new Promise((resolve) => setTimeout(resolve, 60_000));
}
