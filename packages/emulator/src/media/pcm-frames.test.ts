import { describe, expect, it } from 'vitest';
import { PcmReframer, downmix, resampleLinear } from './pcm-frames.js';

describe('PcmReframer', () => {
  it('emits exact 480-sample frames from arbitrary input lengths', () => {
    const frames: Int16Array[] = [];
    const reframer = new PcmReframer((f) => frames.push(f));
    reframer.push(new Int16Array(300).fill(1), 48_000, 1);
    expect(frames).toHaveLength(0);
    reframer.push(new Int16Array(700).fill(2), 48_000, 1);
    expect(frames.map((f) => f.length)).toEqual([480, 480]);
    expect(frames[0]?.[299]).toBe(1);
    expect(frames[0]?.[300]).toBe(2);
  });

  it('downmixes stereo and resamples 16 kHz input to 48 kHz', () => {
    const frames: Int16Array[] = [];
    const reframer = new PcmReframer((f) => frames.push(f));
    const stereo16k = new Int16Array(320); // 10 ms of 16 kHz stereo
    for (let i = 0; i < 160; i++) {
      stereo16k[2 * i] = 100;
      stereo16k[2 * i + 1] = 300;
    }
    reframer.push(stereo16k, 16_000, 2);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.every((s) => s === 200)).toBe(true);
  });
});

describe('resampleLinear and downmix', () => {
  it('keeps the duration when resampling', () => {
    expect(resampleLinear(new Int16Array(441), 44_100, 48_000)).toHaveLength(480);
  });

  it('averages interleaved channels', () => {
    expect(Array.from(downmix(Int16Array.from([10, 20, -10, -30]), 2))).toEqual([15, -20]);
  });
});
