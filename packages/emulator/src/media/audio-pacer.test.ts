import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPacer } from './audio-pacer.js';

describe('AudioPacer', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) {
      clock += 1;
      vi.advanceTimersByTime(1);
    }
  };

  it('plays one queued frame per 10 ms of clock and fills gaps with silence', () => {
    const played: Int16Array[] = [];
    const pacer = new AudioPacer((f) => played.push(f), () => clock);
    pacer.push(new Int16Array(480).fill(7));
    pacer.push(new Int16Array(480).fill(8));
    pacer.start();
    expect(pacer.queuedMs()).toBe(20);
    advance(30);
    expect(played.map((f) => f[0])).toEqual([7, 8, 0]);
    expect(pacer.queuedMs()).toBe(0);
    pacer.stop();
  });

  it('splits a long frame into 10 ms frames padded with silence', () => {
    const pacer = new AudioPacer(() => undefined, () => clock);
    pacer.push(new Int16Array(1000));
    expect(pacer.queuedMs()).toBe(30);
  });

  it('drops everything queued on clear and leaves no timer after stop', () => {
    const played: Int16Array[] = [];
    const pacer = new AudioPacer((f) => played.push(f), () => clock);
    pacer.start();
    for (let i = 0; i < 10; i++) pacer.push(new Int16Array(480).fill(1));
    advance(20);
    pacer.clear();
    advance(20);
    expect(played.map((f) => f[0])).toEqual([1, 1, 0, 0]);
    pacer.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
