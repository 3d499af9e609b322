import { describe, expect, it } from 'vitest';
import { splitWords, timeWords } from './word-timing.js';

describe('timeWords', () => {
  it('spreads the words over the audible part, in order, longer words taking longer', () => {
    // 200 ms of silence, 1 s of "speech", 300 ms of silence at 16 kHz.
    const samples = new Int16Array(16_000 * 1.5);
    samples.fill(5_000, 3_200, 3_200 + 16_000);
    const words = timeWords('Hi, extraordinarily long words.', samples, 16_000);
    expect(words.map((w) => w.text)).toEqual(['Hi,', 'extraordinarily', 'long', 'words.']);
    expect(words[0]!.startMs).toBeCloseTo(200, 0);
    const starts = words.map((w) => w.startMs);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts[3]!).toBeLessThan(1_200);
    const gap = (i: number): number => starts[i + 1]! - starts[i]!;
    expect(gap(1)).toBeGreaterThan(gap(2));
  });

  it('returns no words for empty text', () => {
    expect(timeWords('  ', new Int16Array(100), 16_000)).toEqual([]);
    expect(splitWords(' a  b ')).toEqual(['a', 'b']);
  });
});
