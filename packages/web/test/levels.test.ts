// jsdom has no Web Audio, so this file stubs AudioContext and MediaStream for its own tests only
// (restored after each); the room is still the injected fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoiceSession } from '../src/index.js';
import { createFakeRuntime, makeToken, type FakeRuntime } from './fake-livekit.js';

const contexts: FakeAudioContext[] = [];
let level = 0.1;

class FakeAudioContext {
  closed = false;
  resumed = 0;
  sources = 0;
  constructor() {
    contexts.push(this);
  }
  createAnalyser() {
    return {
      fftSize: 0,
      getFloatTimeDomainData: (out: Float32Array) => out.fill(level),
    };
  }
  createMediaStreamSource(stream: { tracks: unknown[] }) {
    expect(stream.tracks).toHaveLength(1);
    this.sources += 1;
    return { connect: () => undefined, disconnect: () => (this.sources -= 1) };
  }
  async resume() {
    this.resumed += 1;
  }
  async close() {
    this.closed = true;
  }
}

let fake: FakeRuntime;
beforeEach(() => {
  contexts.length = 0;
  level = 0.1;
  fake = createFakeRuntime();
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(readonly tracks: unknown[]) {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('input_level and output_level', () => {
  it('meters the microphone and the agent voice at the configured interval and releases Web Audio on stop', async () => {
    const session = new VoiceSession({ url: 'wss://m', token: makeToken(), loadRuntime: fake.load, levelIntervalMs: 5 });
    const inputs: number[] = [];
    const outputs: number[] = [];
    session.on('input_level', (value) => inputs.push(value));
    session.on('output_level', (value) => outputs.push(value));
    await session.start();
    await expect.poll(() => inputs.length).toBeGreaterThan(0);
    fake.rooms[0]!.addAgent('speaking');
    await expect.poll(() => outputs.length).toBeGreaterThan(0);
    // Equal readings are not repeated: a change is needed for the next event.
    level = 0.3;
    await expect.poll(() => inputs.length).toBeGreaterThan(1);
    for (const value of [...inputs, ...outputs]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(inputs[1]).toBeGreaterThan(inputs[0]!);
    await session.startAudio();
    expect(contexts).toHaveLength(1);
    expect(contexts[0]!.resumed).toBe(1);
    await session.stop();
    expect(contexts[0]!.sources).toBe(0);
    expect(contexts[0]!.closed).toBe(true);
    const count = inputs.length + outputs.length;
    level = 0.9;
    // A fresh session's meter ticking proves time passed; the stopped one must have stayed quiet.
    const probe = new VoiceSession({ url: 'wss://m', token: makeToken(), loadRuntime: fake.load, levelIntervalMs: 5 });
    const probed: number[] = [];
    probe.on('input_level', (value) => probed.push(value));
    await probe.start();
    await expect.poll(() => probed.length).toBeGreaterThan(0);
    await probe.stop();
    expect(inputs.length + outputs.length).toBe(count);
  });
});
