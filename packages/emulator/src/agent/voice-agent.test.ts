import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAgent,
  POCKETSPHINX_MISSING_MESSAGE,
  RecogniserPool,
  sharedRecognisers,
  SynthesizerWorker,
  UNTRANSCRIBED_TEXT,
  type AgentOptions,
  type TurnMetrics,
} from './index.js';
import { greeting } from './reply-policy.js';
import { FakeAgentIO } from './testing/fake-agent-io.js';
import { feedAll, feedRealTime, framesOf, rms, silence, userSpeech } from './testing/user-speech.js';
import type { VoiceAgent } from './voice-agent.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  io: FakeAgentIO;
  agent: VoiceAgent;
  logs: string[];
  turns: TurnMetrics[];
}

function setup(
  options: AgentOptions & { speed?: number; rpc?: (method: string, payload: string) => Promise<string>; pool?: RecogniserPool } = {},
): Setup {
  const pool = options.pool ?? new RecogniserPool();
  const io = new FakeAgentIO({ variables: { name: 'Ada' } }, { speed: options.speed ?? 4, rpc: options.rpc });
  const logs: string[] = [];
  const turns: TurnMetrics[] = [];
  const agent = createAgent(io, {
    recognisers: pool,
    log: (line) => logs.push(line),
    onTurn: (metrics) => turns.push(metrics),
    timeZone: 'UTC',
    now: () => Date.UTC(2026, 10, 22, 15, 45),
    ...options,
  }) as VoiceAgent;
  cleanups.push(async () => {
    agent.close();
    await agent.whenClosed();
    if (!options.pool) await pool.shutdown();
  });
  return { io, agent, logs, turns };
}

/** Waits until the agent has finished speaking `count` segments and is listening again. */
function segmentsDone(io: FakeAgentIO, count: number): Promise<void> {
  return io.waitFor(() => io.closedSegments().length >= count && io.states.at(-1) === 'listening', `${count} finished agent segment(s)`);
}

function lastSegmentText(io: FakeAgentIO): string {
  const segment = io.closedSegments().at(-1);
  return segment ? io.textOf(segment) : '';
}

describe('VoiceAgent', () => {
  it('greets on start with audible audio and a word-by-word transcript', async () => {
    const { io, agent } = setup();
    agent.start();
    await segmentsDone(io, 1);

    expect(io.states).toEqual(['initializing', 'listening', 'speaking', 'listening']);
    const [segment] = io.segments;
    expect(segment!.segmentId).toMatch(/^SG_/);
    expect(segment!.closed).toBe(true);
    // One delta per word, which together spell the greeting.
    expect(segment!.deltas.length).toBe(greeting({ variables: { name: 'Ada' } }).split(' ').length);
    expect(io.textOf(segment!)).toBe(greeting({ variables: { name: 'Ada' } }));
    expect(io.textOf(segment!)).toContain('Hello Ada!');
    // In step with the audio: each word is written when playback reaches it, the first near the
    // start, the last near the end, none before the one it follows. (Playback runs at 4× here, so
    // a 20 ms tick is 80 ms of audio: the bounds are loose.)
    const played = segment!.playedAtDelta;
    const totalMs = io.frames.length * 10;
    expect(played[0]!).toBeLessThan(1_000);
    expect(played.at(-1)!).toBeGreaterThan(totalMs - 1_500);
    expect(played.at(-1)! - played[0]!).toBeGreaterThan(totalMs / 2);
    for (let i = 1; i < played.length; i++) expect(played[i]!).toBeGreaterThanOrEqual(played[i - 1]!);
    expect(io.frames.length).toBeGreaterThan(100);
    expect(io.frames.every((f) => f.frame.length === 480)).toBe(true);
    const all = new Int16Array(io.frames.length * 480);
    io.frames.forEach((f, i) => all.set(f.frame, i * 480));
    expect(rms(all)).toBeGreaterThan(500);
  }, 30_000);

  it('answers a spoken question: listening → thinking → speaking → listening, with the user transcript', async () => {
    const { io, agent, turns } = setup();
    agent.start();
    await segmentsDone(io, 1);
    const statesBefore = io.states.length;

    const audio = await userSpeech('what time is it', { leadMs: 300, tailMs: 1200 });
    const frames = framesOf(audio);
    const lastVoiced = frames.findLastIndex((frame) => rms(frame) > 300);
    let lastVoicedAt = 0;
    await feedRealTime(agent, audio, (index, at) => {
      if (index === lastVoiced) lastVoicedAt = at;
    });
    await segmentsDone(io, 2);

    expect(io.states.slice(statesBefore)).toEqual(['thinking', 'speaking', 'listening']);
    const [interim] = io.userTranscripts;
    expect(interim).toMatchObject({ text: '…', final: false });
    const [final] = io.finalUserTranscripts();
    expect(final!.segmentId).toBe(interim!.segmentId);
    expect(final!.text).toContain('time');
    expect(lastSegmentText(io)).toBe('It is 3:45 PM.');

    const firstReplyFrame = io.frames.find((f) => f.at > lastVoicedAt);
    const latency = firstReplyFrame!.at - lastVoicedAt;
    expect(latency).toBeGreaterThan(0);
    expect(turns).toHaveLength(1);
    console.info(
      `turn latency (end of user speech → first agent frame): ${latency.toFixed(0)} ms measured, ` +
        `${turns[0]!.endOfSpeechToFirstAudioMs!.toFixed(0)} ms reported; recognition ${turns[0]!.recognitionMs!.toFixed(0)} ms`,
    );
  }, 30_000);

  it('calls the browser weather tool over RPC and speaks its answer', async () => {
    const rpc = async (method: string, payload: string): Promise<string> => {
      expect(method).toBe('get_weather');
      expect(JSON.parse(payload)).toMatchObject({ when: 'today' });
      return JSON.stringify({ summary: 'It is sunny and twenty one degrees.' });
    };
    const { io, agent } = setup({ rpc });
    agent.start();
    await segmentsDone(io, 1);

    feedAll(agent, await userSpeech('hello what is the weather like today'));
    await segmentsDone(io, 2);

    expect(io.finalUserTranscripts()[0]!.text).toContain('weather');
    expect(io.rpcCalls).toEqual([{ method: 'get_weather', payload: JSON.stringify({ when: 'today' }), timeoutMs: 5000 }]);
    expect(lastSegmentText(io)).toBe('It is sunny and twenty one degrees.');
  }, 30_000);

  it('says so when the page registered no weather tool', async () => {
    const { io, agent } = setup();
    agent.start();
    await segmentsDone(io, 1);

    agent.onUserText("What's the weather in Paris?");
    await segmentsDone(io, 2);

    expect(io.rpcCalls).toEqual([{ method: 'get_weather', payload: JSON.stringify({ location: 'paris', when: 'today' }), timeoutMs: 5000 }]);
    expect(lastSegmentText(io)).toBe('I would check the weather, but this page has not registered a weather tool.');
  }, 30_000);

  it('falls back when the weather tool fails', async () => {
    const { io, agent } = setup({ rpc: () => Promise.reject(new Error('boom')) });
    agent.start();
    await segmentsDone(io, 1);

    agent.onUserText('weather forecast please');
    await segmentsDone(io, 2);
    expect(lastSegmentText(io)).toContain('the weather tool did not answer');
  }, 30_000);

  it('answers typed text like speech', async () => {
    const { io, agent } = setup();
    agent.start();
    await segmentsDone(io, 1);
    const statesBefore = io.states.length;

    agent.onUserText('I like green apples');
    await segmentsDone(io, 2);

    expect(io.states.slice(statesBefore)).toEqual(['thinking', 'speaking', 'listening']);
    expect(lastSegmentText(io)).toBe('You said: I like green apples.');
    // Typed text is already shown by the page: no user transcript is published for it.
    expect(io.userTranscripts).toEqual([]);
  }, 30_000);

  it('stops talking when the user barges in, finalising the words heard so far', async () => {
    const { io, agent } = setup({ speed: 1 });
    agent.start();
    await io.waitFor(() => (io.segments[0]?.deltas.length ?? 0) >= 2, 'two greeting words heard');

    // Speech without its trailing silence: the user is still talking when the assertions run.
    const speech = await userSpeech('wait a moment please', { leadMs: 0, tailMs: 0 });
    feedAll(agent, speech);

    const [segment] = io.segments;
    expect(io.clears).toBe(1);
    expect(segment!.closed).toBe(true);
    const full = greeting({ variables: { name: 'Ada' } });
    const spoken = io.textOf(segment!);
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.length).toBeLessThan(full.length);
    expect(full.startsWith(spoken)).toBe(true);
    expect(io.states.slice(-2)).toEqual(['speaking', 'listening']);
    expect(io.queuedAudioMs()).toBe(0);

    // The interrupted turn is then answered as usual.
    feedAll(agent, silence(1000));
    await segmentsDone(io, 2);
    expect(io.finalUserTranscripts()).toHaveLength(1);
  }, 30_000);

  it('ignores a sound too short to be a barge-in while it speaks', async () => {
    const { io, agent } = setup({ speed: 1 });
    agent.start();
    await io.waitFor(() => (io.segments[0]?.deltas.length ?? 0) >= 2, 'two greeting words heard');

    // About 120 ms of voice, then silence: a cough, or a word of echo.
    const speech = await userSpeech('hello', { leadMs: 0, tailMs: 0 });
    const firstLoud = framesOf(speech).findIndex((frame) => rms(frame) > 300);
    const burst = speech.slice(firstLoud * 480, (firstLoud + 12) * 480);
    feedAll(agent, burst);
    feedAll(agent, silence(800));
    await segmentsDone(io, 1);

    expect(io.clears).toBe(0);
    expect(io.userTranscripts).toEqual([]);
    expect(io.textOf(io.segments[0]!)).toBe(greeting({ variables: { name: 'Ada' } }));
    expect(io.states).toEqual(['initializing', 'listening', 'speaking', 'listening']);
  }, 30_000);

  it('still detects and answers turns when pocketsphinx is missing, and says once how to install it', async () => {
    const pool = new RecogniserPool();
    cleanups.push(() => pool.shutdown());
    const missing = { binary: '/nonexistent/pocketsphinx_batch' };
    const first = setup({ pool, pocketsphinx: missing });
    const second = setup({ pool, pocketsphinx: missing, log: (line) => first.logs.push(line) });
    first.agent.start();
    second.agent.start();
    await segmentsDone(first.io, 1);

    feedAll(first.agent, await userSpeech('what time is it'));
    await segmentsDone(first.io, 2);
    feedAll(first.agent, await userSpeech('hello there'));
    await segmentsDone(first.io, 3);

    expect(first.io.finalUserTranscripts().map((u) => u.text)).toEqual([UNTRANSCRIBED_TEXT, UNTRANSCRIBED_TEXT]);
    expect(lastSegmentText(first.io)).toContain('could not make out the words');
    expect(first.io.states.slice(-3)).toEqual(['thinking', 'speaking', 'listening']);
    // Two agents, two turns: one line, naming the packages to install.
    expect(first.logs).toEqual([POCKETSPHINX_MISSING_MESSAGE]);
    expect(POCKETSPHINX_MISSING_MESSAGE).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
  }, 30_000);

  it('releases everything on close: the last agent to close ends the shared recogniser, no timer or pipe is left', async () => {
    // ProcessWrap is not counted: vite's esbuild service may start mid-test. The pid check covers ours.
    const watched = ['Timeout', 'PipeWrap'];
    const count = (): Record<string, number> => {
      const info = process.getActiveResourcesInfo();
      return Object.fromEntries(watched.map((kind) => [kind, info.filter((name) => name === kind).length]));
    };
    const before = count();
    const first = new FakeAgentIO({}, { speed: 4 });
    const second = new FakeAgentIO({}, { speed: 1 });
    // The default pool: the one process every room shares. The Flite worker is this test's own,
    // ending with its last lease, so that its end can be observed too.
    const synthesizer = new SynthesizerWorker({ idleMs: 0 });
    cleanups.push(() => synthesizer.stop());
    const a = createAgent(first, { log: () => {}, synthesizer }) as VoiceAgent;
    const b = createAgent(second, { log: () => {}, synthesizer }) as VoiceAgent;
    a.start();
    b.start();
    await segmentsDone(first, 1);
    await second.waitFor(() => (second.segments[0]?.deltas.length ?? 0) >= 1, 'the second agent speaking');
    const pids = sharedRecognisers.runningPids();
    expect(pids).toHaveLength(1);

    a.close();
    await a.whenClosed();
    expect(sharedRecognisers.runningPids()).toEqual(pids);
    expect(synthesizer.running).toBe(true);

    // Closed mid-sentence: its playback ticker and the recogniser process must both go.
    b.close();
    await b.whenClosed();
    expect(sharedRecognisers.runningPids()).toEqual([]);
    expect(synthesizer.running).toBe(false);
    expect(() => process.kill(pids[0]!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    // libuv closes handles on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    const after = count();
    for (const kind of watched) expect(after[kind], kind).toBeLessThanOrEqual(before[kind]!);
    expect(second.segments[0]!.closed).toBe(true);
  }, 30_000);

  it('reuses one Flite worker for agents that come one after another, and ends it after its idle time', async () => {
    const synthesizer = new SynthesizerWorker({ idleMs: 300 });
    cleanups.push(() => synthesizer.stop());
    const threads: (number | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const { io, agent } = setup({ synthesizer, pocketsphinx: { binary: '/nonexistent/pocketsphinx_batch' } });
      agent.start();
      await segmentsDone(io, 1);
      threads.push(synthesizer.threadId);
      agent.close();
      await agent.whenClosed();
      // Between rooms the worker idles, and the next room gets it.
      expect(synthesizer.running).toBe(true);
    }
    expect(threads[0]).toBeGreaterThan(0);
    expect(threads[1]).toBe(threads[0]);

    // The idle time runs out with no agent: the thread goes (the test times out if it never does).
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (synthesizer.running) return;
        clearInterval(poll);
        resolve();
      }, 20);
    });
    expect(synthesizer.threadId).toBeUndefined();
  }, 30_000);

  it('lets the process exit while the Flite worker idles between rooms', async () => {
    // A child process synthesises a sentence and releases a worker that would idle for ten minutes:
    // it must still exit on its own (this test times out if the idling worker holds it open).
    const script = [
      `import { SynthesizerWorker } from ${JSON.stringify(new URL('./tts-worker.ts', import.meta.url).href)};`,
      `const lease = new SynthesizerWorker({ idleMs: 600_000 }).acquire();`,
      `const speech = await lease.synthesize('Hello there.', 'kal16');`,
      `await lease.release();`,
      `console.log(speech.samples.length);`,
    ].join('\n');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // A child still held open when the test times out must not outlive it.
      cleanups.push(async () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve({ code: exitCode, stdout: out }));
    });
    expect(code).toBe(0);
    expect(Number(stdout.trim())).toBeGreaterThan(1_000);
  }, 30_000);
});
