import { describe, expect, it } from 'vitest';
import { toConnectError, toDisconnectOutcome, toMicrophoneError } from '../src/error-mapper.js';
import { VoiceSessionError } from '../src/errors.js';
import { LevelMeter, type AudioGraphFactory } from '../src/level-meter.js';
import { readTokenExpiry } from '../src/token-expiry.js';
import { TranscriptStore } from '../src/transcript-store.js';
import { makeToken } from './fake-livekit.js';

describe('readTokenExpiry', () => {
  it('reads exp from a base64url JWT payload', () => {
    expect(readTokenExpiry(makeToken(1_900_000_000))).toBe(1_900_000_000);
  });
  it('returns undefined for a JWT without exp and null for a string that is no JWT', () => {
    const noExp = `e30.${Buffer.from('{"sub":"x"}').toString('base64url')}.sig`;
    expect(readTokenExpiry(noExp)).toBeUndefined();
    expect(readTokenExpiry('garbage')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
  });
});

describe('TranscriptStore', () => {
  it('drops updates that repeat the text and never un-finalises an unchanged segment', () => {
    const store = new TranscriptStore();
    expect(store.set('s', 'user', 'hi', false)).toEqual({ id: 's', role: 'user', text: 'hi', final: false });
    expect(store.set('s', 'user', 'hi', false)).toBeUndefined();
    expect(store.set('s', 'user', 'hi', true)?.final).toBe(true);
    expect(store.set('s', 'user', 'hi', false)).toBeUndefined();
    expect(store.snapshot()).toEqual([{ id: 's', role: 'user', text: 'hi', final: true }]);
  });
  it('returns snapshots that later updates do not change', () => {
    const store = new TranscriptStore();
    store.set('s', 'assistant', 'a', false);
    const snapshot = store.snapshot();
    store.set('s', 'assistant', 'ab', false);
    expect(snapshot[0]!.text).toBe('a');
  });
});

describe('error mapping', () => {
  it('maps unknown getUserMedia failures to a recoverable MIC_NOT_FOUND', () => {
    const error = toMicrophoneError(new TypeError('weird'));
    expect(error.code).toBe('MIC_NOT_FOUND');
    expect(error.recoverable).toBe(true);
    expect(toMicrophoneError(new DOMException('x', 'NotAllowedError')).recoverable).toBe(false);
  });
  it('maps 403 from the validate endpoint to TOKEN_INVALID', () => {
    expect(toConnectError({ status: 403, message: 'permission denied' }, true).code).toBe('TOKEN_INVALID');
  });
  it('maps livekit disconnect reasons', () => {
    expect(toDisconnectOutcome(4)).toEqual({ reason: 'server' });
    expect(toDisconnectOutcome(16).error?.code).toBe('AGENT_ERROR');
  });
  it('keeps the cause and is an Error with a stable name', () => {
    const cause = new Error('root');
    const error = new VoiceSessionError('NETWORK', 'lost', { cause, status: 502 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('VoiceSessionError');
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(502);
    expect(error.recoverable).toBe(true);
  });
});

describe('LevelMeter', () => {
  /** An analyser whose samples the test sets; stands in for Web Audio, which jsdom lacks. */
  function graph(samples: { value: number }) {
    let disconnected = false;
    const factory: AudioGraphFactory = {
      createAnalyser: () =>
        ({
          fftSize: 0,
          getFloatTimeDomainData(out: Float32Array) {
            out.fill(samples.value);
          },
        }) as unknown as AnalyserNode,
      createMediaStreamSource: () => ({ connect: () => undefined, disconnect: () => (disconnected = true) }),
    };
    return { factory, isDisconnected: () => disconnected };
  }

  it('reports levels between 0 and 1, only when they change, and stops cleanly', async () => {
    const samples = { value: 0 };
    const { factory, isDisconnected } = graph(samples);
    const levels: number[] = [];
    let wake: (() => void) | undefined;
    const meter = new LevelMeter(factory, {} as MediaStream, 5, (level) => {
      levels.push(level);
      wake?.();
    });
    const nextLevel = () => new Promise<void>((resolve) => (wake = resolve));
    await nextLevel();
    samples.value = 0.05;
    await nextLevel();
    samples.value = 2; // clipping input still reports at most 1
    await nextLevel();
    meter.stop();
    expect(levels).toEqual([0, levels[1], 1]);
    expect(levels[1]).toBeGreaterThan(0);
    expect(levels[1]).toBeLessThan(1);
    expect(isDisconnected()).toBe(true);
  });
});
